"""Hostile clients: refused or cut off with a reason, while the other tables play on."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from capicua.net import host as H
from capicua.net import wire as W
from capicua.net.client import Client, NetError, Seat

from .helpers import bot, config, hosting, invitations, person, replayed, run, table


async def closed_with(url: str, *frames: str | bytes, read: bool = True) -> tuple[int, str]:
    """Send ``frames`` and read until the host closes; its close code and reason."""
    async with connect(url, max_size=None) as ws:
        try:
            for frame in frames:
                await ws.send(frame)
            while read:
                await ws.recv()
        except ConnectionClosed:
            pass
        await ws.wait_closed()
        rcvd = ws.protocol.close_rcvd
        assert rcvd is not None
        return rcvd.code, rcvd.reason


def join(code: str) -> str:
    return json.dumps(W.join(code, "mallory"))


async def replies(ws, count: int) -> list[dict]:
    out = []
    while len(out) < count:
        message = json.loads(await ws.recv())
        if message["type"] == "error":
            out.append(message)
    return out


@pytest.mark.slow
def test_a_hostile_client_is_refused_and_cut_off_while_the_others_finish(tmp_path):
    cfg = config(
        tmp_path,
        table("a", "chiva", {1: "bot", 2: "random", 3: "bot", 4: "random"}),
        table("b", "double-nine-100", {1: "bot", 2: "person", 3: "random", 4: "random"}),
    )
    lines: list[str] = []

    async def hostile(host, inv):
        url = inv["a", 1].url
        code_b = inv["b", 2].code
        found = {}
        # A wrong code, a code cut short: refused, logged only by its first characters.
        found["wrong"] = await closed_with(url, join("W" * 22))
        found["short"] = await closed_with(url, join(code_b[:10]))
        # Not a join, not JSON, another protocol, binary, too big, no join at all.
        found["first"] = await closed_with(url, json.dumps({"type": "action", "id": 1}))
        found["garbage"] = await closed_with(url, "\x00\xff not json {")
        found["protocol"] = await closed_with(
            url, json.dumps({**W.join(code_b, "m"), "protocol": "capicua-net/0"})
        )
        found["binary"] = await closed_with(url, b"\x01\x02")
        found["big"] = await closed_with(url, "x" * (W.MAX_CLIENT_MESSAGE + 1))
        # Seated at table b (seat 2): acting out of turn, for another seat, nonsense.
        async with connect(url) as ws:
            await ws.send(join(code_b))
            await ws.send(json.dumps({"type": "action", "id": 10**9, "action": "6-6L"}))
            await ws.send(json.dumps({"type": "action", "id": 1, "action": "lead 4"}))
            await ws.send(json.dumps({"type": "shuffle"}))
            await ws.send(json.dumps({"type": "join", "protocol": W.PROTOCOL, "code": code_b}))
            found["refusals"] = [m["message"] for m in await replies(ws, 4)]
            # Then garbage mid-game: cut off with the reason.
            await ws.send("{not json")
            with pytest.raises(ConnectionClosed) as cut:
                while True:
                    await ws.recv()
            found["midgame"] = (cut.value.rcvd.code, cut.value.rcvd.reason)
        # A flood: messages far beyond the rate.
        flood = [json.dumps({"type": "ping"})] * (W.BURST + 50)
        found["flood"] = await closed_with(url, join(inv["b", 2].code), *flood)
        return found

    async def main():
        async with hosting(cfg, lines=lines) as host:
            inv = invitations(host)
            runner = asyncio.create_task(host.run())
            table_a = asyncio.gather(bot(inv["a", 1]), bot(inv["a", 3]))
            found = await hostile(host, inv)
            await table_a
            # Table b goes on once its person seat is played by someone who behaves.
            await asyncio.gather(bot(inv["b", 1]), person(inv["b", 2], 2), runner)
            return found, replayed(host, "a"), replayed(host, "b")

    found, (a, _ra), (b, _rb) = run(main())
    assert a.over and b.over
    assert found["wrong"][0] == W.CLOSE_CODE and found["short"][0] == W.CLOSE_CODE
    for key in ("first", "garbage", "protocol", "binary"):
        assert found[key][0] == W.CLOSE_PROTOCOL, (key, found[key])
    assert "first is 'join'" in found["first"][1]
    assert "not JSON" in found["garbage"][1]
    assert "capicua-net/0" in found["protocol"][1]
    assert found["big"][0] == 1009  # the WebSocket's "message too big"
    refusals = found["refusals"]
    assert any("not the one asked" in r or "not your turn" in r for r in refusals)
    assert any("not a message a client sends" in r for r in refusals)
    assert any("already joined" in r for r in refusals)
    assert found["midgame"][0] == W.CLOSE_PROTOCOL
    assert found["flood"] == (W.CLOSE_FLOOD, "more than 10 messages a second")
    # Codes are never logged whole.
    assert any("refused code WWWW…" in line for line in lines)
    assert not any("W" * 22 in line for line in lines)


@pytest.mark.slow
def test_a_client_that_stops_reading_is_cut_off_while_the_others_go_on(tmp_path, monkeypatch):
    """A spectator's client joins on a real socket and never reads again: the host's
    buffers fill, its queue reaches the backlog, and it is cut off with the reason; a
    spectator who reads and another table's person see their matches to the end."""
    monkeypatch.setattr(H, "BACKLOG", 40)
    cfg = config(
        tmp_path,
        table("a", "chiva", {s: "random" for s in range(1, 5)}, matches=3),
        table("b", "double-nine-100", {1: "person", 2: "random", 3: "random", 4: "random"}),
    )

    async def main():
        async with hosting(cfg) as host:
            for listening in host.server.sockets:  # small buffers: a few messages fill them
                listening.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            inv = invitations(host)
            tbl = next(t for t in host.tables if t.name == "a")
            raw = socket.socket()
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            raw.connect(("127.0.0.1", host.port))
            slow = await connect(inv["a", None].url, sock=raw, max_queue=1, max_size=None)
            await slow.send(json.dumps(W.join(inv["a", None].code, "slow")))
            watcher = asyncio.create_task(watch(inv["a", None]))
            runner = asyncio.create_task(host.run())
            b = asyncio.create_task(person(inv["b", 1], 5))
            while not any(f.listener.name == "slow" and f.listener.closing for f in tbl.followers):
                assert not runner.done(), "the tables ended before the slow client was cut"
                await asyncio.sleep(0.01)
            with pytest.raises(ConnectionClosed) as cut:  # cut: it reads it all, to the close
                while True:
                    await slow.recv()
            seen = await watcher
            await asyncio.gather(b, runner)
            return cut.value.rcvd, seen, replayed(host, "a", 3), replayed(host, "b")

    rcvd, seen, (a, _ra), (b, _rb) = run(main())
    assert (rcvd.code, rcvd.reason) == (W.CLOSE_SLOW, "does not read what the host sends")
    assert [m["type"] for m in seen].count("match_ended") == 3
    assert a.over and b.over


async def watch(invitation) -> list[dict]:
    """Every message a spectator who reads is told, to the table's end."""
    seen: list[dict] = []
    await Client(invitation, "watcher", role="spectator", on_message=seen.append).run()
    return seen


@pytest.mark.slow
def test_a_client_that_never_answers_has_its_decisions_played_after_the_time_limit(tmp_path):
    cfg = config(
        tmp_path,
        table("t", "chiva", {1: "bot", 2: "random", 3: "random", 4: "random"}),
        time_limit=0.05,
    )

    async def main():
        async with hosting(cfg) as host:
            url = invitations(host)["t", 1].url
            runner = asyncio.create_task(host.run())
            told = []
            async with connect(url) as ws:
                await ws.send(join(invitations(host)["t", 1].code))
                try:
                    async for text in ws:  # reads everything, answers nothing
                        told.append(json.loads(text))
                except ConnectionClosed:
                    pass
            await runner
            return told, replayed(host, "t")

    told, (match, _record) = run(main())
    assert match.over
    late = [m["message"] for m in told if m["type"] == "error"]
    assert late and all("within 0.05 s: the computer played it" in m for m in late)


@pytest.mark.parametrize(
    "limits, says",
    [
        ({"max_per_address": 2}, "too many connections from your address (the host allows 2)"),
        (
            {"max_connections": 2, "max_per_address": 0},
            "the host has all the connections it allows open (2)",
        ),
    ],
)
def test_connections_beyond_the_limits_are_refused_with_a_reason(tmp_path, limits, says):
    cfg = config(tmp_path, table("t", "chiva", {s: "person" for s in range(1, 5)}), **limits)

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            first = await connect(inv["t", 1].url)
            await first.send(join(inv["t", 1].code))
            second = await connect(inv["t", 2].url)  # not joined yet: counted all the same
            third = await closed_with(inv["t", 3].url, join(inv["t", 3].code))
            with pytest.raises(NetError) as refused:  # a client's first join: it stops
                await Client(inv["t", 3], "carol").run()
            await second.close()
            while sum(host.open.values()) > 1:
                await asyncio.sleep(0.01)
            async with Seat(inv["t", 3], "carol") as seat:  # a place again: joined
                while seat.client.welcome is None:
                    await asyncio.sleep(0.01)
            await first.close()
            return third, str(refused.value)

    (code, reason), refused = run(main())
    assert code == W.CLOSE_BUSY and says in reason
    assert says in refused and "\n" not in refused
