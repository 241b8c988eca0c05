"""What a host relays: many tables of remote bots at once, on loopback.

    nice -n 10 python benchmarks/host.py                     # 100 Chiva tables, 4 bots each
    nice -n 10 python benchmarks/host.py --tables 20 --variant double-nine-100

The host is ``capicua host`` in a process of its own, on 127.0.0.1, with a config of
``--tables`` tables of four ``bot`` seats each; this process is every bot: one WebSocket
client per seat (:class:`capicua.net.client.Client`, as ``capicua connect`` uses), each
answering its decisions with the Python reference bot's ``choose`` (examples/bots/python),
called here rather than in 400 processes so that the figures are the host's and the
network's, not the machine's process count. Printed:

* moves relayed per second: every action the host took (stored, then sent on), over the
  time from the first join to the last match's end;
* the latency from a bot's answer to the next seat's request (the answer's send to the
  next ``decide`` of that table, any seat): median, p99 and worst;
* the host's memory: its peak resident size (VmHWM), and its size before the bots joined;
* lost actions: answers sent that are not in the host's store at their number, plus
  stored actions no match's record holds: 0 is the only right figure.

The load average is printed before and after (the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from capicua.core.records import replay
from capicua.net.client import Client
from capicua.net.invitation import Invitation
from capicua.plugins import default_plugins

ROOT = Path(__file__).resolve().parents[1]


def reference_bot() -> Any:
    path = ROOT / "examples" / "bots" / "python" / "capicua_bot.py"
    spec = importlib.util.spec_from_file_location("capicua_bot", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def memory(pid: int, field: str) -> int:
    """A field of /proc/PID/status in kB (VmRSS now, VmHWM the peak)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


async def sample(pid: int, peak: list[int]) -> None:
    """Keep the host's peak resident size (read while it runs: its /proc goes with it)."""
    while True:
        with contextlib.suppress(OSError):
            peak[0] = max(peak[0], memory(pid, "VmHWM"))
        await asyncio.sleep(0.2)


def start_host(folder: Path, tables: int, variant: str) -> tuple[Any, dict]:
    lines = ["[host]", "pace = 0", "hold = 600", "max_per_address = 0", ""]
    for t in range(tables):
        lines += [
            "[[tables]]",
            f'name = "t{t}"',
            f'variant = "{variant}"',
            f"seed = {t + 1}",
            'seats = { 1 = "bot", 2 = "bot", 3 = "bot", 4 = "bot" }',
            "",
        ]
    (folder / "bench.toml").write_text("\n".join(lines))
    proc = subprocess.Popen(
        [sys.executable, "-m", "capicua", "host", "bench.toml", "--port", "0"],
        cwd=folder,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    invitations: dict[tuple[str, int], Invitation] = {}
    assert proc.stdout is not None
    label = ""
    while len(invitations) < tables * 4:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"the host ended (status {proc.wait()})")
        if "(bot):" in label and "capicua://" in line:
            name, seat = label.split()[0], int(label.split("seat ")[1].split()[0])
            invitations[name, seat] = Invitation.parse(line.strip())
        label = line
    return proc, invitations


class Bots:
    """Every seat's client, and what they measured."""

    def __init__(self, invitations: dict[tuple[str, int], Invitation]) -> None:
        self.bot = reference_bot()
        self.invitations = invitations
        self.answered: dict[str, float] = {}  # table: when its last answer was sent
        self.latencies: list[float] = []
        self.sent: dict[str, dict[int, str]] = {}  # table: decision id: action sent

    def client(self, table: str, invitation: Invitation) -> Client:
        rng = random.Random(hash((table, invitation.code)))
        client: Client

        async def on(message: dict[str, Any]) -> None:
            if message["type"] != "decide":
                return
            now = time.perf_counter()
            last = self.answered.pop(table, None)
            if last is not None:
                self.latencies.append(now - last)
            action, _why = self.bot.choose(message, {"style": "follow"}, rng)
            self.sent.setdefault(table, {})[message["id"]] = action
            self.answered[table] = time.perf_counter()
            await client.send_action(message["id"], action)

        client = Client(invitation, "pybot", role="bot", on_message=on, retry=30)
        return client

    async def run(self) -> None:
        await asyncio.gather(
            *(self.client(t, inv).run() for (t, _s), inv in self.invitations.items())
        )


def lost(store: Path, sent: dict[str, dict[int, str]]) -> tuple[int, int, int]:
    """Answers not in the store at their number; stored actions that the replayed record of
    their match does not hold (each record replayed, every rule checked); actions stored."""
    plugins = default_plugins()
    with sqlite3.connect(store) as con:
        stored = {(t, n): a for t, n, a in con.execute("SELECT tbl, n, action FROM actions")}
        records = dict(con.execute("SELECT tbl, record FROM records"))
    missing = sum(
        1 for t, answers in sent.items() for n, a in answers.items() if stored.get((t, n)) != a
    )
    counts: dict[str, int] = {}
    for t, _n in stored:
        counts[t] = counts.get(t, 0) + 1
    unrecorded = 0
    for t, count in counts.items():
        text = records.get(t)
        held = len(replay(json.loads(text), plugins.variants).actions) if text else 0
        unrecorded += abs(count - held)
    return missing, unrecorded, len(stored)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--variant", default="chiva")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        proc, invitations = start_host(folder, args.tables, args.variant)
        idle = memory(proc.pid, "VmRSS")
        bots = Bots(invitations)
        peak = [idle]

        async def measure() -> float:
            sampler = asyncio.create_task(sample(proc.pid, peak))
            start = time.perf_counter()
            await bots.run()
            took = time.perf_counter() - start
            sampler.cancel()
            return took

        took = asyncio.run(measure())
        status = proc.wait(timeout=60)
        missing, unrecorded, stored = lost(folder / "host.sqlite", bots.sent)
    lat = sorted(bots.latencies)
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
    print(f"{args.tables} tables of {args.variant}, 4 remote bots each, one match a table")
    print(f"  actions stored {stored:,} in {took:.2f} s: {stored / took:,.0f} moves relayed/s")
    print(
        f"  answer to next request: median {statistics.median(lat) * 1e3:.2f} ms, "
        f"p99 {p99 * 1e3:.2f} ms, worst {lat[-1] * 1e3:.2f} ms ({len(lat):,} measured)"
    )
    print(
        f"  host memory: {idle / 1024:.0f} MB before the bots joined, peak {peak[0] / 1024:.0f} MB"
    )
    print(f"  lost actions: {missing + unrecorded} (host exit status {status})")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
