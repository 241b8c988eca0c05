"""A host killed mid-hand (SIGKILL) and started again: every action kept, every client back
on its own, the match finished as if nothing happened, its record whole."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from capicua.core.records import replay
from capicua.net.client import Seat
from capicua.net.invitation import Invitation
from capicua.protocol.messages import action_of

from .helpers import PLUGINS, bot, free_port, run

CONFIG = """
[host]
pace = 0
hold = 120

[[tables]]
name = "t"
variant = "{variant}"
seed = 5
seats = {{ 1 = "person", 2 = "bot", 3 = "random", 4 = "bot" }}
"""


def start_host(tmp_path, port):
    env = {**os.environ, "COLUMNS": "200"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "capicua", "host", "host.toml", "--port", str(port)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    invitations = {}
    assert proc.stdout is not None
    label = ""
    while len(invitations) < 5:
        line = proc.stdout.readline()
        assert line, f"the host ended before printing its invitations (status {proc.wait()})"
        if "capicua://" in line:
            key = "watch" if "spectators" in label else int(label.split("seat ")[1].split()[0])
            invitations[key] = Invitation.parse(line.strip())
        label = line
    return proc, invitations


def stored_actions(tmp_path) -> int:
    with sqlite3.connect(tmp_path / "host.sqlite") as con:
        return con.execute("SELECT count(*) FROM actions").fetchone()[0]


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["chiva", "double-nine-100"])
def test_a_host_killed_mid_hand_resumes_and_its_clients_come_back(tmp_path, variant):
    (tmp_path / "host.toml").write_text(CONFIG.format(variant=variant))
    port = free_port()
    proc, inv = start_host(tmp_path, port)
    chooser = PLUGINS.players.create("heuristic", __import__("random").Random(1))

    async def person() -> Seat:
        async with Seat(inv[1], "Ana", variants=PLUGINS.variants) as seat:
            while (asked := await seat.decision()) is not None:
                number, view = asked
                await asyncio.sleep(0.02)  # a person takes a moment
                await seat.play(number, chooser.act(view))
            return seat

    async def main():
        nonlocal proc
        clients = asyncio.gather(person(), bot(inv[2]), bot(inv[4]))
        while stored_actions(tmp_path) < 12:  # well into the first hand
            await asyncio.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        killed_at = stored_actions(tmp_path)
        await asyncio.sleep(0.3)
        proc, again = start_host(tmp_path, port)
        assert again == inv  # the same invitations: the codes were kept
        seat, *relays = await clients
        return killed_at, seat, relays

    try:
        killed_at, seat, relays = run(main(), timeout=180)
        status = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert status == 0
    assert seat.client.joins >= 2 and all(r.client.joins >= 2 for r in relays)
    with sqlite3.connect(tmp_path / "host.sqlite") as con:
        (text,) = con.execute("SELECT record FROM records WHERE tbl = 't'").fetchone()
        stored = [a for (a,) in con.execute("SELECT action FROM actions ORDER BY n")]
    import json

    record = json.loads(text)
    match = replay(record, PLUGINS.variants)
    assert match.over and len(stored) == len(match.actions) > killed_at
    # It was killed in the middle of a hand: some of its tiles played, not all.
    at_kill = PLUGINS.variants.create(variant).new_match(record["seed"])
    for text in stored[:killed_at]:
        at_kill.apply(action_of(text))
    assert at_kill.hand.result is None and at_kill.hand.actions
    assert seat.client.ended["scores"] == list(match.scores)


@pytest.mark.slow  # a host in a process
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_a_host_stopped_by_a_signal_says_so_and_closes_its_store(tmp_path, stop):
    (tmp_path / "host.toml").write_text(CONFIG.format(variant="chiva"))
    proc, _ = start_host(tmp_path, free_port())
    proc.send_signal(stop)
    rest, _ = proc.communicate(timeout=60)
    assert "stopped; the same command resumes every table" in rest, rest
    assert proc.returncode == 130, rest
    assert "Traceback" not in rest
    left = sorted(path.name for path in tmp_path.iterdir())
    assert "host.sqlite" in left and not [n for n in left if n.endswith(("-wal", "-shm"))], left
