"""What a bot's confinement costs when it starts: the Python reference bot started, its
hello read and the bot ended, as capicua starts it (limits, and bubblewrap's PID namespace
where it works), in the sandbox (``untrusted = true``), and as a bare ``subprocess.Popen``
of the same program answering the same hello (the baseline, measured alongside).

    python benchmarks/confine.py [--repeat 30]

A bot that can be reset starts once per worker and seat, so this cost is paid once per
process, not per match; a decision's cost is the protocol's (benchmarks/protocol.py). The
median of ``--repeat`` starts is printed for each, with its ratio to the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from capicua.protocol import messages as M
from capicua.protocol.limits import Confinement
from capicua.protocol.process import BotProcess
from capicua.protocol.sandbox import bwrap, sandbox_problem

BOT = [
    sys.executable,
    str(Path(__file__).resolve().parents[1] / "examples/bots/python/capicua_bot.py"),
]


def bare() -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(BOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(M.encode(M.hello()))
    proc.stdin.flush()
    json.loads(proc.stdout.readline())
    proc.stdin.write(M.encode(M.QUIT))
    proc.stdin.close()
    proc.wait()
    return time.perf_counter() - start


def confined(untrusted: bool) -> float:
    start = time.perf_counter()
    bot = BotProcess(BOT, confinement=Confinement(untrusted=untrusted))
    bot.handshake()
    bot.close()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    kinds = {"bare Popen (baseline)": bare, "default": lambda: confined(False)}
    if sandbox_problem() is None:
        kinds["sandbox"] = lambda: confined(True)
    times: dict[str, list[float]] = {k: [] for k in kinds}
    for _ in range(args.repeat):  # the kinds take turns, so a busy moment hits them alike
        for name, run in kinds.items():
            times[name].append(run())
    print(f"load average {os.getloadavg()[0]:.1f}; bubblewrap: {bwrap() or 'none'}")
    base = statistics.median(times["bare Popen (baseline)"])
    for name, seen in times.items():
        median = statistics.median(seen)
        print(f"{name:24} {median * 1000:7.1f} ms  x{median / base:.2f}")


if __name__ == "__main__":
    main()
