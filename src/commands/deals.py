"""``capicua deals make VARIANT``: a deal file (``capicua-deals/1``), the bot author's book.

The file holds fixed deals that ``capicua tournament`` (``deals = "FILE"`` or ``--deals``),
``capicua match --deals`` and ``capicua league`` play in duplicate, in order; its format is
in docs/records.md, its reading in :mod:`capicua.core.deals`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from ..core.deals import MAX_DEALS, MAX_HANDS, make
from ..core.records import MAX_SEED
from ..core.rng import fresh_seed
from ..core.variant import Variant
from ..i18n import N_, _
from ..tournament.config import ConfigError, locate, no_variant, read_toml, unknown_variant
from . import completion
from .common import Command, Group, err, fail, plugins
from .game_options import game_or_fail
from .running import bad_input_fails

app = typer.Typer(
    cls=Group,
    no_args_is_help=True,
    help=N_("Deal files: fixed deals that tournaments, matches and leagues play in duplicate."),
    rich_markup_mode="markdown",
)


@app.command(
    "make",
    cls=Command,
    help=N_("Write a deal file: COUNT deals of VARIANT from SEED, to play in duplicate."),
)
def make_deals(
    variant: Annotated[
        str,
        typer.Argument(
            autocompletion=completion.variants,
            help=N_(
                "The game (capicua rules lists them), or a config whose variant and "
                "[variant_options] say it."
            ),
        ),
    ],
    count: Annotated[int, typer.Option("--count", "-n", help=N_("Deals to write."))] = 100,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help=N_("The seed that deals them."))
    ] = None,
    hands: Annotated[
        int, typer.Option("--hands", help=N_("Hands each deal fixes (later hands: its seed)."))
    ] = 1,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help=N_("The file to write (default: standard output).")),
    ] = None,
) -> None:
    """Write COUNT deals of VARIANT from SEED: each deal fixes every seat's hand and the
    rest, in the order the game draws it, for HANDS hands of a match (and the draw for first
    lead where the game has one); the deal's seed deals the hands after those. A file made
    with --seed S plays what a tournament with seed S plays."""
    v = _game(variant)
    if not 1 <= count <= MAX_DEALS:
        fail(
            _("--count must be from 1 to {most:,}, not {count}").format(most=MAX_DEALS, count=count)
        )
    if not 1 <= hands <= MAX_HANDS:
        fail(_("--hands must be from 1 to {most}, not {hands}").format(most=MAX_HANDS, hands=hands))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        fail(_("--seed must be from 0 to 2**63-1, not {seed}").format(seed=seed))
    chosen = fresh_seed() if seed is None else seed
    lines = make(v, count, chosen, hands)
    if output is None:
        for line in lines:
            sys.stdout.write(line + "\n")
        return
    try:
        # 0600, and never over another file: the deals of games not yet played are secret
        # from every bot that may read the machine's files.
        fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        fail(
            _("{path} already exists; choose another file or move that one away").format(
                path=output
            )
        )
    except OSError as exc:
        fail(_("cannot write {path} ({problem})").format(path=output, problem=exc.strerror))
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        for line in lines:
            file.write(line + "\n")
    err.print(
        _("{count:,} deals of {variant}, seed {seed}, written to {path}").format(
            count=count, variant=v.name, seed=chosen, path=output
        ),
        markup=False,
    )


def _game(name: str) -> Variant:
    """The game named, or the one a config's ``variant`` and ``[variant_options]`` say
    (a game with options: Draw for three, Mexican Train for six)."""
    if not name.endswith(".toml"):
        return game_or_fail(plugins().variants, name, None)
    loaded = plugins()
    with bad_input_fails():
        path = locate(name)
        data = read_toml(path)
        chosen = data.get("variant")
        if not isinstance(chosen, str):
            raise ConfigError(no_variant(path))
        if chosen not in loaded.variants:
            raise ConfigError(unknown_variant(path, chosen, loaded))
        options = data.get("variant_options", {})
        try:
            if not isinstance(options, dict):
                raise TypeError(_("it must be a table"))
            return loaded.variants.create(chosen, options)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{path}: [variant_options] {exc}") from None


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="deals")
