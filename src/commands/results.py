"""``capicua results export DB --csv FILE``: a database's games as CSV, for rating tools.

The rows and columns are :mod:`capicua.tournament.export`'s; ``--csv`` on ``tournament``,
``match`` and ``league`` writes the same file when the run ends.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import N_, _, ngettext
from ..tournament.export import stored_variant, write
from ..tournament.store import Store
from .common import Command, Group, err, fail, plugins
from .running import bad_input_fails

app = typer.Typer(
    cls=Group,
    no_args_is_help=True,
    help=N_("The games a tournament, match or league kept: export them for rating tools."),
    rich_markup_mode="markdown",
)


@app.command(
    "export",
    cls=Command,
    help=N_("Write every game a database holds as a row of CSV, for rating tools."),
)
def export(
    db: Annotated[
        Path, typer.Argument(help=N_("The database of a tournament, a match or a league."))
    ],
    csv_file: Annotated[
        Path, typer.Option("--csv", help=N_("Write one row per game to this CSV file."))
    ],
) -> None:
    """Write every game DB holds as a row of CSV: the date, the game, each seat's and
    team's players, the result and the scores (docs/tournament.md, "Results as CSV")."""
    if not db.is_file():
        fail(_("{db}: no such database").format(db=db))
    with bad_input_fails():
        store = Store.open(db)
        try:
            store.check()
            count = write(csv_file, store, stored_variant(store, plugins()))
        finally:
            store.close()
    err.print(
        # Translators: English says "games" for 1 too.
        ngettext(
            "{count:,} games written to {path}", "{count:,} games written to {path}", count
        ).format(count=count, path=csv_file),
        markup=False,
    )


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="results")
