"""``capicua simulate``: random-vs-random matches of a variant, with a summary and records."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from ..core.driver import play_match
from ..core.records import dumps, to_record
from ..core.rng import derive_seed, fresh_seed, seat_stream
from .common import Command, fail, out, plugins, variant_or_fail


def simulate(
    variant: Annotated[str, typer.Argument(help="Variant name (capicua rules lists them).")],
    matches: Annotated[int, typer.Option("--matches", "-n", min=1, help="Matches to play.")] = 10,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Tournament seed (default: fresh).")
    ] = None,
    records: Annotated[
        Path | None, typer.Option("--records", "-o", help="Write the records here (JSON Lines).")
    ] = None,
) -> None:
    """Play random-vs-random matches and print a short summary."""
    v = variant_or_fail(variant)
    registry = plugins().players
    seed = fresh_seed() if seed is None else seed
    seats = {s: "random" for s in range(1, v.seats + 1)}
    try:
        sink = records.open("w", encoding="utf-8") if records else None
    except OSError as exc:
        fail(f"cannot write {records}: {exc.strerror}")
    outcomes: Counter[str] = Counter()
    wins: Counter[int] = Counter()
    labels: Counter[str] = Counter()
    hands = actions = 0
    start = time.perf_counter()
    with sink if sink else _Null():
        for i in range(matches):
            mseed = derive_seed(seed, i)
            players = {s: registry.create("random", seat_stream(mseed, s)) for s in seats}
            m = play_match(v, players, mseed)
            hands += len(m.hands_log)
            actions += len(m.actions)
            for log in m.hands_log:
                outcomes[log.result.outcome if log.result else "unfinished"] += 1
            assert m.winner is not None  # play_match plays the match to its end
            wins[m.winner] += 1
            if m.label:
                labels[m.label] += 1
            if sink:
                sink.write(dumps(to_record(m, seats)) + "\n")
    took = time.perf_counter() - start
    out.print(f"{v.title}: {matches} matches, seed {seed}", markup=False)
    out.print(f"  hands {hands} ({hands / matches:.1f} per match), actions {actions}", markup=False)
    out.print(
        "  outcomes " + ", ".join(f"{k} {n}" for k, n in sorted(outcomes.items())), markup=False
    )
    out.print(
        "  matches won " + ", ".join(f"team {t} {n}" for t, n in sorted(wins.items())), markup=False
    )
    if labels:
        out.print(
            "  names " + ", ".join(f"{k} {n}" for k, n in sorted(labels.items())), markup=False
        )
    out.print(f"  time {took:.2f} s ({hands / took:,.0f} hands/s)", markup=False)
    if records:
        out.print(f"  records written to {records}", markup=False)


class _Null:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def register(app: typer.Typer) -> None:
    app.command("simulate", cls=Command)(simulate)
