"""A game's options on the command line: ``--option seats=3`` (``-o``, repeatable).

Every command that makes a game takes them the same way (:data:`GameOptions`), checks them
against the game's declared :class:`~capicua.core.options.Option` s (:func:`parse_options`,
:func:`checked`) and completes their keys in the shell (:func:`complete`). A malformed
pair, a key the game does not declare or a value its option refuses is one line and exit
status 2, naming the option and what it takes.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import click
import typer

from ..core.errors import PluginError
from ..core.options import read_options
from ..core.variant import Variant
from ..i18n import N_, _, did_you_mean
from .common import fail


def complete(ctx: click.Context, incomplete: str) -> list[str]:
    """The keys of the chosen game's options as ``key=`` (every installed game's when none
    is chosen yet) that start with ``incomplete``. The game is ``--variant``'s, or the
    config's of a command that reads one."""
    from ..plugins import default_plugins

    registry = default_plugins().variants
    chosen = ctx.params.get("variant")
    if isinstance(chosen, (list, tuple)):
        chosen = chosen[0] if len(chosen) == 1 else None
    if chosen is None and ctx.params.get("config") is not None:
        chosen = _config_variant(ctx.params["config"])
    names = [chosen] if isinstance(chosen, str) and chosen in registry else registry.names()
    keys = sorted({key for name in names for key in registry.get(name).options})
    return [f"{key}=" for key in keys if f"{key}=".startswith(incomplete)]


def _config_variant(config: Any) -> Any:
    """The game a config names (``None`` for a config that cannot be read): a completion
    says nothing, whatever the file holds."""
    from ..tournament.config import locate

    try:
        with locate(config).open("rb") as file:
            return tomllib.load(file).get("variant")
    except (OSError, ValueError):
        return None


GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        autocompletion=complete,
        help=N_(
            "A game option, KEY=VALUE, such as seats=3 (may be given again; capicua plugins "
            "lists each game's)."
        ),
    ),
]


def parse_options(
    cls: type[Variant], given: Sequence[str] | None, flag: str = "--option"
) -> dict[str, Any]:
    """The options ``KEY=VALUE`` of game ``cls``, checked (:func:`~capicua.core.options.
    read_options`); bad input is one line and exit status 2."""
    try:
        return read_options(cls.name, cls.options, given or (), flag)
    except ValueError as exc:
        fail(str(exc))


def checked(
    registry: Any, name: str, options: Mapping[str, Any], where: str = "--option"
) -> Variant:
    """Game ``name`` with ``options`` (as :func:`parse_options` gives them): options each
    valid alone that the game refuses together are one line and exit status 2."""
    try:
        return registry.create(name, options)
    except (ValueError, PluginError) as exc:
        fail(f"{where}: {exc}")


def game_or_fail(registry: Any, name: str, given: Sequence[str] | None) -> Variant:
    """The game called ``name`` with the options ``--option`` gave; an unknown name or a
    bad option is one line and exit status 2."""
    if name not in registry:
        fail(
            _("unknown variant {name!r}; available: {names}").format(
                name=name, names=", ".join(registry.names())
            )
            + did_you_mean(name, registry.names())
        )
    return checked(registry, name, parse_options(registry.get(name), given))


def described(game: Variant) -> str:
    """The game's title with the options that differ from their defaults, as typed
    (``Mexican Train, seats=6``); the title alone at the defaults."""
    title = _(game.title)
    changed = [
        f"{key}={_typed(value)}" for key, value in game.chosen if value != game.options[key].default
    ]
    return ", ".join([title, *changed])


def _typed(value: Any) -> str:
    """A value as ``--option`` takes it: ``true``, ``3``, ``fast``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
