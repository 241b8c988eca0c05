"""``capicua replay``: check match records against the rules and tell their hands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import RecordError, RuleViolation
from ..core.records import read_records, replay
from ..core.text import describe_hands
from .common import Command, err, fail, out, plugins


def replay_command(
    file: Annotated[Path, typer.Argument(help="A record (.json) or records (.jsonl) file.")],
    match: Annotated[
        int | None, typer.Option("--match", "-m", help="Only the N-th match of the file (1-based).")
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Only check; print a summary.")
    ] = False,
) -> None:
    """Replay records through the engine and print each hand.

    Exit status 1 if a record breaks a rule (the hand and action are named), 2 for input
    that is not a record at all.
    """
    registry = plugins().variants
    broken = 0
    checked = 0
    try:
        for index, (line, record) in enumerate(read_records(file), 1):
            if match is not None and index != match:
                continue
            checked += 1
            where = f"{file}: match {index}" + (f" (line {line})" if line != index else "")
            try:
                m = replay(record, registry)
            except RuleViolation as exc:
                err.print(f"{where} breaks a rule: {exc}", markup=False)
                broken += 1
                continue
            if quiet:
                continue
            outcome = m.outcome
            end = (
                f"team {outcome.winner} wins" + (f", a {outcome.label}" if outcome.label else "")
                if outcome
                else "unfinished"
            )
            hands = len(m.hands_log)
            out.print(
                f"{where}: {m.variant.title}, seed {m.seed}, {hands} hand"
                f"{'' if hands == 1 else 's'}, {end}",
                markup=False,
            )
            for rnd in m.draw_rounds:
                out.print(
                    "  draw for first lead: "
                    + ", ".join(f"seat {s} {t}" for s, t in sorted(rnd.items())),
                    markup=False,
                )
            for text in describe_hands(m.hands_log, m.variant):
                out.print("  " + text, markup=False)
    except RecordError as exc:
        fail(str(exc))
    if match is not None and checked == 0:
        fail(f"{file} has no match number {match}")
    if quiet or broken:
        out.print(f"{checked} records checked, {broken} break a rule", markup=False)
    if broken:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("replay", cls=Command)(replay_command)
