"""Tournament throughput: matches per second with 1 and 2 worker processes, and the scaling.

    python benchmarks/tournament.py                                  # random vs random, Chiva
    python benchmarks/tournament.py --variant double-nine-100 --matches 2000
    python benchmarks/tournament.py --player expert --player heuristic --matches 16
    python benchmarks/tournament.py --player '{player = "expert", level = "fast"}' --player random

Each ``--player`` is a seat entry as a config writes it (a name, or an inline TOML table),
one per team in team order; the players of a team are the same entry. The tournament runs
through the real runner (spawned workers, SQLite store, records file in order), so the
figures include everything a user waits for, worker start-up included. The records of the
runs are compared, as a check that the worker count changes nothing. The machine's load
average is printed before and after, and the CPU time each run used: when the CPU per match
is the same with 2 workers as with 1 but the run is not faster, the machine had no second
core to give (other work was running), and the scaling figure says nothing about the runner.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from capicua.plugins import default_plugins
from capicua.tournament.backends import LocalPool
from capicua.tournament.config import Overrides, available_cores, entry_label, resolve
from capicua.tournament.runner import open_tournament, run


def entry(text: str) -> object:
    """A seat entry from the command line: ``expert`` or ``{player = "expert", ...}``."""
    return tomllib.loads(f"v = {text}")["v"] if text.lstrip().startswith("{") else text


def toml_value(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the workers, once joined)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="chiva")
    parser.add_argument(
        "--player", action="append", help="one per team, in team order (default: random)"
    )
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--workers", default="1,2", help="worker counts to measure, comma-separated"
    )
    args = parser.parse_args()

    plugins = default_plugins()
    variant = plugins.variants.create(args.variant)
    players = [entry(p) for p in (args.player or ["random"] * len(variant.teams))]
    if len(players) == 1:
        players *= len(variant.teams)
    if len(players) != len(variant.teams):
        sys.exit(f"give one --player per team ({len(variant.teams)} for {variant.name})")
    seats = {s: players[t] for t, team in enumerate(variant.teams) for s in team}
    counts = [int(w) for w in args.workers.split(",")]

    print(
        f"{variant.title}, {args.matches} matches, seed {args.seed}: "
        + " vs ".join(entry_label(p) for p in players)
    )
    print(
        f"machine: {os.cpu_count()} CPUs, {available_cores()} usable; "
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    rates: dict[int, float] = {}
    records: dict[int, bytes] = {}
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "bench.toml"
        config.write_text(
            f'variant = "{variant.name}"\n[seats]\n'
            + "".join(f"{s} = {toml_value(p)}\n" for s, p in sorted(seats.items()))
        )
        for w in counts:
            given = Overrides(
                matches=args.matches,
                seed=args.seed,
                workers=w,
                db=Path(tmp) / f"w{w}.sqlite",
                records=Path(tmp) / f"w{w}.jsonl",
            )
            settings, store = open_tournament(resolve(config, given, plugins), resume=False)
            cpu0 = cpu_seconds()
            start = time.perf_counter()
            run(settings, store, LocalPool(w, plugins), plugins)
            took = time.perf_counter() - start
            cpu = cpu_seconds() - cpu0
            store.close()
            rates[w] = args.matches / took
            records[w] = settings.records.read_bytes()
            print(
                f"  {w} worker{'s' if w != 1 else ' '}: {took:8.2f} s  {rates[w]:9.2f} matches/s"
                f"  (CPU {cpu:.2f} s, {1000 * cpu / args.matches:.2f} ms a match, "
                f"{cpu / took:.2f} cores busy)"
            )
    base = counts[0]
    for w in counts[1:]:
        print(f"  scaling {base} -> {w} workers: {rates[w] / rates[base]:.2f}x")
    same = len(set(records.values())) == 1
    print(f"records identical across worker counts: {'yes' if same else 'NO'}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
