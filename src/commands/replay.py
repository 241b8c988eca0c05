"""``capicua replay``: check match records against the rules and tell their hands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import RecordError, RuleViolation
from ..core.jsonin import MAX_FILE_MIB
from ..core.records import read_records, replay
from ..core.text import describe_hands
from ..i18n import N_, _, ngettext
from .common import Command, err, fail, out, plugins
from .record_file import MaxSize, match_end, where_in


def replay_command(
    file: Annotated[Path, typer.Argument(help=N_("A record (.json) or records (.jsonl) file."))],
    match: Annotated[
        int | None,
        typer.Option("--match", "-m", help=N_("Only the N-th match of the file (1-based).")),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help=N_("Only check; print a summary."))
    ] = False,
    max_size: MaxSize = MAX_FILE_MIB,
) -> None:
    """``capicua replay``: the help is given in :func:`register`."""
    registry = plugins().variants
    broken = 0
    checked = 0
    try:
        for index, (line, record) in enumerate(read_records(file, max_size), 1):
            if match is not None and index != match:
                continue
            checked += 1
            where = where_in(file, index, line)
            try:
                m = replay(record, registry)
            except RuleViolation as exc:
                err.print(
                    _("{where} breaks a rule: {problem}").format(where=where, problem=exc),
                    markup=False,
                )
                broken += 1
                continue
            if quiet:
                continue
            out.print(match_end(where, m), markup=False)
            for rnd in m.draw_rounds:
                draws = ", ".join(
                    _("seat {seat} {tile}").format(seat=s, tile=t) for s, t in sorted(rnd.items())
                )
                out.print(_("  draw for first lead: {draws}").format(draws=draws), markup=False)
            for text in describe_hands(m.hands_log, m.variant):
                out.print("  " + text, markup=False)
    except RecordError as exc:
        fail(str(exc))
    if match is not None and checked == 0:
        fail(_("{file} has no match number {number}").format(file=file, number=match))
    if quiet or broken:
        out.print(
            # Translators: English says "records" for one as well.
            ngettext(
                "{checked} records checked, {broken} break a rule",
                "{checked} records checked, {broken} break a rule",
                checked,
            ).format(checked=checked, broken=broken),
            markup=False,
        )
    if broken:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command(
        "replay",
        cls=Command,
        help=N_(
            "Replay records through the engine and print each hand.\n\n"
            "Exit status 1 if a record breaks a rule (the hand and action are named), 2 for "
            "input that is not a record at all."
        ),
    )(replay_command)
