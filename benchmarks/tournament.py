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
average is printed before and after, and the CPU time each run used, the parent's part
(storing each game, writing the records file) said apart: when the CPU per match
is the same with 2 workers as with 1 but the run is not faster, the machine had no second
core to give (other work was running), and the scaling figure says nothing about the runner.

Memory: after each run the parent's resident set is printed as it stood after the first
tenth, half and all of the matches, and the peak of the parent and of its largest worker
so far; a runner that holds no finished match stays level however many are played
(``--matches 100000``). ``--no-records`` leaves the records file out (the database keeps
every record all the same), for runs so long that the file would fill the disk.
"""

from __future__ import annotations

import argparse
import hashlib
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


def cpu_seconds() -> tuple[float, float]:
    """CPU time of this process, and of its finished children (the workers, once joined)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def resident_mb() -> float:
    """This process's resident set now, in MB (Linux; elsewhere its peak so far)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return peak_mb(resource.RUSAGE_SELF)


def peak_mb(who: int) -> float:
    """The peak resident set of this process, or of its largest finished child, in MB."""
    kb = resource.getrusage(who).ru_maxrss
    return kb / 1024 if sys.platform != "darwin" else kb / 2**20  # macOS counts bytes


def digest(path: Path | None, store) -> str:
    """The sha256 of the records file, or (without one) of the records in the database,
    read a piece at a time."""
    h = hashlib.sha256()
    if path is not None:
        with path.open("rb") as file:
            while piece := file.read(1 << 20):
                h.update(piece)
    else:
        for _, line in store.records():
            h.update(line.encode() + b"\n")
    return h.hexdigest()


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
    parser.add_argument(
        "--no-records", action="store_true", help="write no records file (the database has them)"
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
    records: dict[int, str] = {}
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
                records=None if args.no_records else Path(tmp) / f"w{w}.jsonl",
            )
            settings, store = open_tournament(resolve(config, given, plugins), resume=False)
            marks = {max(1, args.matches // 10): 0.0, max(1, args.matches // 2): 0.0}
            played = 0

            def progress(_result: dict, marks: dict[int, float] = marks) -> None:
                nonlocal played
                played += 1
                if played in marks:
                    marks[played] = resident_mb()

            cpu0 = cpu_seconds()
            start = time.perf_counter()
            run(settings, store, LocalPool(w, plugins), plugins, progress)
            took = time.perf_counter() - start
            parent, workers = (b - a for a, b in zip(cpu0, cpu_seconds(), strict=True))
            cpu = parent + workers
            marks[played] = resident_mb()
            rates[w] = args.matches / took
            records[w] = digest(settings.records, store)
            store.close()
            print(
                f"  {w} worker{'s' if w != 1 else ' '}: {took:8.2f} s  {rates[w]:9.2f} matches/s"
                f"  (CPU {cpu:.2f} s, the parent's {parent:.2f} s; "
                f"{1000 * cpu / args.matches:.2f} ms a match, "
                f"{cpu / took:.2f} cores busy)"
            )
            print(
                "    parent's resident set after "
                + ", ".join(f"{n:,}: {mb:.0f} MB" for n, mb in sorted(marks.items()))
                + f" matches; peak: parent {peak_mb(resource.RUSAGE_SELF):.0f} MB, "
                f"largest worker {peak_mb(resource.RUSAGE_CHILDREN):.0f} MB"
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
