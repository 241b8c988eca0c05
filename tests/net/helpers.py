"""What the network tests share: a host on 127.0.0.1 with an ephemeral port, people driven
through the client's controller, the reference bot relayed, records checked by replay."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from capicua.core.records import replay
from capicua.net.client import Seat
from capicua.net.config import HostConfig, TableSpec
from capicua.net.host import Host
from capicua.net.invitation import Invitation
from capicua.net.relay import Relay
from capicua.plugins import default_plugins

ROOT = Path(__file__).resolve().parents[2]
PYBOT = [sys.executable, str(ROOT / "examples" / "bots" / "python" / "capicua_bot.py")]
PLUGINS = default_plugins()


def config(tmp_path: Path, *tables: TableSpec, **settings: Any) -> HostConfig:
    settings.setdefault("port", 0)
    settings.setdefault("pace", 0.0)
    settings.setdefault("store", tmp_path / "host.sqlite")
    return HostConfig(tuple(tables), **settings)


def table(name: str, variant: str, seats: dict[int, Any], **kw: Any) -> TableSpec:
    kw.setdefault("seed", 11)
    return TableSpec(name, variant, seats, **kw)


@contextlib.asynccontextmanager
async def hosting(cfg: HostConfig, **kw: Any) -> AsyncIterator[Host]:
    log: list[str] = kw.pop("lines", [])
    host = Host(cfg, PLUGINS, log=log.append, **kw)
    await host.start()
    try:
        yield host
    finally:
        await host.stop()
        host.close()


def invitations(host: Host) -> dict[tuple[str, int | None], Invitation]:
    return {(t.name, seat): inv for t, seat, _kind, inv in host.invitations()}


async def person(
    invitation: Invitation, seed: int, *, stop_after: int | None = None, player: str = "heuristic"
) -> Seat:
    """A person played by a computer player's choices through the client's controller:
    each decision's view, rebuilt from the messages, is all it decides from. With
    ``stop_after``, the seat leaves (its connection cut) after that many decisions."""
    chooser = PLUGINS.players.create(player, random.Random(seed))
    async with Seat(invitation, f"person{seed}", variants=PLUGINS.variants) as seat:
        made = 0
        while (asked := await seat.decision()) is not None:
            number, view = asked
            await seat.play(number, chooser.act(view))
            made += 1
            if stop_after is not None and made >= stop_after:
                break
        return seat


async def bot(invitation: Invitation) -> Relay:
    relay = Relay(invitation, PYBOT)
    await relay.run()
    return relay


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def replayed(host: Host, name: str, number: int = 1) -> Any:
    """The table's stored record of match ``number``, replayed: no rule broken."""
    tbl = next(t for t in host.tables if t.name == name)
    record = tbl.record(number)
    assert record is not None, f"table {name} has no record of match {number}"
    return replay(record, PLUGINS.variants), record


def run(coro: Any, timeout: float = 120.0) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))
