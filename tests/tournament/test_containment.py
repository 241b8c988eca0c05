"""Whatever ends a run, nothing a bot started outlives it: a finished run, Ctrl-C, SIGTERM,
``kill -9`` of a worker or of capicua itself, in the default mode and in the sandbox. The
bot (``tests/hostile/bots/hostile.py children``) leaves ``sleep`` processes behind every
way it can, one of them in a session of its own with an empty environment; the test counts
them after each ending. And the seed is on no process's command line meanwhile."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from capicua.protocol.sandbox import bwrap, sandbox_problem
from hostile.test_hostile import HOSTILE, sleeping
from protocol.helpers import command_seat

SEED = 8804137291
ENDINGS = ["finished", "ctrl-c", "sigterm", "kill-worker", "kill-capicua"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc"),
]


def start(tmp_path: Path, untrusted: bool, matches: int) -> tuple[subprocess.Popen, str]:
    bots = tmp_path / "bots"
    bots.mkdir()
    shutil.copy(HOSTILE, bots / "hostile.py")
    sleep = f"{2000 + uuid.uuid4().int % 10**6}.5"
    (bots / "targets.json").write_text(json.dumps({"files": [], "seed": "", "sleep": sleep}))
    seat = command_seat([sys.executable, str(bots / "hostile.py"), "children"], untrusted=untrusted)
    config = tmp_path / "t.toml"
    config.write_text(
        f'variant = "chiva"\n[seats]\n1 = {seat}\n2 = "random"\n3 = "random"\n4 = "random"\n'
        f"[tournament]\nmatches = {matches}\nseed = {SEED}\nworkers = 2\n"
    )
    argv = [sys.executable, "-m", "capicua.cli", "tournament", str(config)]
    argv += ["--db", str(tmp_path / "t.sqlite")]
    # A session of its own: Ctrl-C reaches its whole process group, as a terminal's does.
    proc = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    return proc, sleep


def workers(pid: int) -> list[int]:
    found = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(int(child))
        except OSError:
            continue
    return found


def seed_on_a_command_line() -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if str(SEED).encode() in Path(f"/proc/{name}/cmdline").read_bytes():
                    found.append(int(name))
            except OSError:
                continue
    return found


def left_after(sleep: str, wait: float = 5.0) -> list[int]:
    stop = time.monotonic() + wait
    while sleeping(sleep) and time.monotonic() < stop:
        time.sleep(0.05)
    return sleeping(sleep)


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("mode", ["default", "sandbox"])
def test_nothing_a_bot_started_outlives_the_run(tmp_path, mode, ending):
    if mode == "sandbox" and sandbox_problem():
        pytest.skip(sandbox_problem())
    if bwrap() is None and ending == "kill-capicua":
        pytest.skip("without bubblewrap a bot's children outlive capicua killed with SIGKILL")
    proc, sleep = start(tmp_path, mode == "sandbox", 4 if ending == "finished" else 400)
    try:
        deadline = time.monotonic() + 60
        while not sleeping(sleep):
            assert proc.poll() is None or ending == "finished", proc.communicate()
            assert time.monotonic() < deadline, "the bot never started its children"
            time.sleep(0.02)
        assert seed_on_a_command_line() == []
        if ending == "ctrl-c":
            os.killpg(proc.pid, signal.SIGINT)
        elif ending == "sigterm":
            proc.send_signal(signal.SIGTERM)
        elif ending == "kill-worker":
            # What the bots of the killed workers started ends at once; the run goes on.
            before = sleeping(sleep)
            for worker in workers(proc.pid):
                os.kill(worker, signal.SIGKILL)
            stop = time.monotonic() + 5
            while set(before) & set(sleeping(sleep)) and time.monotonic() < stop:
                time.sleep(0.05)
            assert set(before) & set(sleeping(sleep)) == set()
            assert proc.poll() is None
            proc.send_signal(signal.SIGTERM)
        elif ending == "kill-capicua":
            proc.kill()
        proc.communicate(timeout=60)
        assert left_after(sleep) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pid in sleeping(sleep):  # left by a failure above: never by a passing test
            os.kill(pid, signal.SIGKILL)
