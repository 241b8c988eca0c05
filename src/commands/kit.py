"""The options of the bot author's kit that ``tournament``, ``match`` and ``league`` share:
a clock per match, logs of every bot's conversation, deal files and a CSV of the games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import N_

ClockOption = Annotated[
    str | None,
    typer.Option(
        "--clock",
        help=N_(
            "Each seat's clock for a whole match: base seconds + increment per decision, "
            "e.g. 60+0.5; running out loses the match."
        ),
    ),
]
LogBots = Annotated[
    Path | None,
    typer.Option(
        "--log-bots",
        help=N_("Write every line each bot sends and receives to a file in this folder."),
    ),
]
DealsOption = Annotated[
    Path | None,
    typer.Option(
        "--deals",
        help=N_("Play the deals of this file (capicua deals make), each in duplicate, in order."),
    ),
]
CsvOption = Annotated[
    Path | None,
    typer.Option("--csv", help=N_("Also write one row per game to this CSV file.")),
]
