"""``capicua bot-check ARGV...``: run a bot program through every kind of message and say
what it got wrong (the checks are :mod:`capicua.protocol.check`'s).

Exit status 0 when every check passed, 1 when one failed, 2 when the program cannot be
started or the command is used wrongly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, TextIO

import typer

from ..i18n import N_, _, ngettext
from ..players.command import DEFAULT_TIME_LIMIT
from ..protocol.check import FAIL, Report, check_bot
from . import completion
from .common import BotFolder, BotTimeLimit, Command, fail, out, plugins, print_json
from .game_options import GameOptions, checked, parse_options


def bot_check(
    argv: Annotated[
        list[str],
        typer.Argument(
            metavar="ARGV",
            help=N_(
                "The bot's program and its arguments, e.g. node bot.js (options of "
                "bot-check go before it)."
            ),
        ),
    ],
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            autocompletion=completion.variants,
            help=N_("Play only this game (may be given again; default: every game it plays)."),
        ),
    ] = None,
    option: GameOptions = None,
    cwd: BotFolder = None,
    time_limit: BotTimeLimit = DEFAULT_TIME_LIMIT,
    transcript: Annotated[
        Path | None,
        typer.Option("--transcript", help=N_("Write every line, both ways, to this file.")),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print the findings as JSON."))
    ] = False,
) -> None:
    """``capicua bot-check``: the help is given in :func:`register`."""
    if not 0 < time_limit < float("inf"):
        fail(
            _("--time-limit must be a number of seconds above 0, not {limit}").format(
                limit=time_limit
            )
        )
    loaded = plugins()
    chosen = {}
    if option:
        if not variant or len(variant) != 1:
            fail(_("--option is the options of one game: give one --variant with it"))
        if variant[0] in loaded.variants:
            chosen = parse_options(loaded.variants.get(variant[0]), option)
            checked(loaded.variants, variant[0], chosen)
    if cwd is not None and not cwd.is_dir():
        fail(_("--cwd {folder}: no such folder").format(folder=cwd))
    sink: TextIO | None = None
    if transcript is not None:
        try:
            sink = transcript.open("w", encoding="utf-8")
        except OSError as exc:
            fail(
                _("cannot write the transcript {path}: {problem}").format(
                    path=transcript, problem=exc.strerror
                )
            )

    def write(process: int, direction: str, line: bytes) -> None:
        if sink is not None:
            arrow = "capicua > bot" if direction == ">" else "bot > capicua"
            text = line.decode("utf-8", "replace").rstrip("\n")
            sink.write(f"[{process}] {arrow}: {text}\n")

    try:
        report = check_bot(
            argv,
            loaded,
            cwd=str(cwd) if cwd is not None else None,
            time_limit=time_limit,
            variants=variant or (),
            options=chosen,
            on_line=write if sink is not None else None,
        )
    finally:
        if sink is not None:
            sink.close()
    if as_json:
        print_json(report.to_json())
    else:
        _print(report)
    if report.findings and report.findings[0].check == "start":
        raise typer.Exit(2)
    if report.failed:
        raise typer.Exit(1)


def _print(report: Report) -> None:
    out.print(f"capicua bot-check: {' '.join(report.argv)}", markup=False)
    for f in report.findings:
        mark = {"ok": "ok  ", "warn": "warn", FAIL: FAIL}[f.status]
        out.print(f"  {mark}  {f.check}: {f.detail}", markup=False)
    if report.stderr:
        out.print(_("its last lines on stderr:"), markup=False)
        for line in report.stderr:
            out.print(f"  {line}", markup=False)
    total = len(report.findings)
    if report.failed:
        # Translators: English says "checks" for 1 too.
        line = ngettext(
            "{failed} of {total} checks failed.", "{failed} of {total} checks failed.", total
        )
        out.print(line.format(failed=report.failed, total=total), markup=False)
    else:
        # Translators: English says "checks" for 1 too.
        line = ngettext("All {total} checks passed.", "All {total} checks passed.", total)
        out.print(line.format(total=total), markup=False)


def register(app: typer.Typer) -> None:
    app.command(
        "bot-check",
        cls=Command,
        help=N_(
            "Put a capicua-bot/1 program through every kind of message and say what it got wrong."
        ),
        # Everything from the program on is the program's: `bot-check node bot.js --fast`.
        context_settings={"allow_interspersed_args": False, "ignore_unknown_options": True},
    )(bot_check)
