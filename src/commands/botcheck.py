"""``capicua bot-check ARGV...``: run a bot program through every kind of message and say
what it got wrong (the checks are :mod:`capicua.protocol.check`'s).

Exit status 0 when every check passed, 1 when one failed, 2 when the program cannot be
started or the command is used wrongly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, TextIO

import typer

from ..players.command import DEFAULT_TIME_LIMIT
from ..protocol.check import FAIL, Report, check_bot
from .common import Command, fail, out, plugins


def bot_check(
    argv: Annotated[
        list[str],
        typer.Argument(
            metavar="ARGV...",
            help="The bot's program and its arguments, e.g. node bot.js (options of "
            "bot-check go before it).",
        ),
    ],
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", help="Play only this game (may be given again)."),
    ] = None,
    cwd: Annotated[
        Path | None, typer.Option("--cwd", help="The folder the bot runs in (default: here).")
    ] = None,
    time_limit: Annotated[
        float, typer.Option("--time-limit", help="Seconds the bot has for a decision.")
    ] = DEFAULT_TIME_LIMIT,
    transcript: Annotated[
        Path | None,
        typer.Option("--transcript", help="Write every line, both ways, to this file."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
) -> None:
    """Put a capicua-bot/1 program through every kind of message and say what it got wrong."""
    if not 0 < time_limit < float("inf"):
        fail(f"--time-limit must be a number of seconds above 0, not {time_limit}")
    if cwd is not None and not cwd.is_dir():
        fail(f"--cwd {cwd}: no such folder")
    sink: TextIO | None = None
    if transcript is not None:
        try:
            sink = transcript.open("w", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write the transcript {transcript}: {exc.strerror}")

    def write(process: int, direction: str, line: bytes) -> None:
        if sink is not None:
            arrow = "capicua > bot" if direction == ">" else "bot > capicua"
            text = line.decode("utf-8", "replace").rstrip("\n")
            sink.write(f"[{process}] {arrow}: {text}\n")

    try:
        report = check_bot(
            argv,
            plugins(),
            cwd=str(cwd) if cwd is not None else None,
            time_limit=time_limit,
            variants=variant or (),
            on_line=write if sink is not None else None,
        )
    finally:
        if sink is not None:
            sink.close()
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
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
        out.print("its last lines on stderr:", markup=False)
        for line in report.stderr:
            out.print(f"  {line}", markup=False)
    total = len(report.findings)
    if report.failed:
        out.print(f"{report.failed} of {total} checks failed.", markup=False)
    else:
        out.print(f"All {total} checks passed.", markup=False)


def register(app: typer.Typer) -> None:
    app.command(
        "bot-check",
        cls=Command,
        # Everything from the program on is the program's: `bot-check node bot.js --fast`.
        context_settings={"allow_interspersed_args": False, "ignore_unknown_options": True},
    )(bot_check)
