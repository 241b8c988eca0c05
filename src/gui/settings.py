"""What the table's Settings edit, and which changes end the match in progress. No Tk.

:class:`Settings` holds the next match's game, seats and seed and the table's own pace and
language. :func:`changes_match` says whether new settings would start a new match: only
another game (or its options), seed, or a seat with another player (or another option of
it) does; a seat entry written out with its player's default level is the same player as
the bare name (the Settings window fills in a level for every seat that has one). The
game's options are chosen with controls made from their declarations (:func:`control_kind`,
:func:`read_option`), and the seats listed are as many as the options make
(:func:`seat_count`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.options import Option


@dataclass
class Settings:
    """What the settings window edits: the next match's variant, seats, seed; the speed."""

    variant: str
    seats: dict[int, Any]
    seed: int | None = None  # None: a fresh seed for every new match
    delay: float = 0.6  # seconds between computer moves
    extra: dict[str, Any] = field(default_factory=dict)
    step: bool = False  # a computer moves only when the person taps Next
    animate: bool = True  # a computer's tile slides from its seat to the line
    language: str | None = None  # chosen in Settings (a code of LANGUAGES); None: as started
    #: Seat entries of a saved match whose programs the person agreed to run (besides the
    #: config's own seats): files are data, see capicua.trust.
    agreed: tuple[Any, ...] = ()
    #: The game's options (a config's [variant_options]: Mexican Train's seats, rounds).
    options: dict[str, Any] = field(default_factory=dict)


def seat_player(players: Any, entry: Any) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """A seat entry as the player it makes: its name and the options that differ from the
    player's defaults (an unknown player keeps every option it names)."""
    if isinstance(entry, Mapping):
        name = str(entry.get("player", "?"))
        given = {k: v for k, v in entry.items() if k != "player"}
    else:
        name, given = str(entry), {}
    options: Mapping[str, Any] = {}
    if name in players:
        options = getattr(players.get(name), "options", {}) or {}
    kept = {k: v for k, v in given.items() if k not in options or options[k].default != v}
    return name, tuple(sorted(kept.items(), key=lambda kv: kv[0]))


def same_seats(players: Any, old: Mapping[int, Any], new: Mapping[int, Any]) -> bool:
    """True when ``old`` and ``new`` seat the same players with the same options."""
    if set(old) != set(new):
        return False
    return all(seat_player(players, old[s]) == seat_player(players, new[s]) for s in old)


def changes_match(players: Any, old: Settings, new: Settings) -> bool:
    """True when ``new`` needs a new match: another game, seed or players. The pace, step
    mode, the sliding tile and the language change the table, never the match."""
    return (
        new.variant != old.variant
        or new.options != old.options
        or new.seed != old.seed
        or not same_seats(players, old.seats, new.seats)
    )


def control_kind(opt: Option) -> str:
    """The control Settings shows for a game's option: ``"menu"`` for a choice, ``"check"``
    for a flag, ``"spin"`` for a whole number between bounds, ``"entry"`` for the rest."""
    if opt.choices is not None:
        return "menu"
    if opt.type is bool:
        return "check"
    if opt.type is int and opt.min is not None and opt.max is not None:
        return "spin"
    return "entry"


def read_option(key: str, opt: Option, value: Any) -> Any:
    """The value of option ``key`` from its control (a spinbox or an entry gives text; a
    menu gives the choice's text), checked; ValueError saying what it takes."""
    if isinstance(value, str) and opt.type is not str:
        text = value.strip()
        if opt.choices is not None:
            value = next((c for c in opt.choices if str(c) == text), text)
        elif opt.type is bool:
            value = {"true": True, "false": False}.get(text.lower(), text)
        else:
            try:
                value = opt.type(text)
            except ValueError:
                value = text
    return opt.check(key, value)


def kept_options(
    declared: Mapping[str, Option], before: Mapping[str, Any], chosen: Mapping[str, Any]
) -> dict[str, Any]:
    """The options to keep in the settings: those written before (a config's) and those
    changed from their defaults, so that options left as they were are the same settings."""
    return {
        key: value
        for key, value in sorted(chosen.items())
        if key in before or value != declared[key].default
    }


def seat_count(variants: Any, name: str, options: Mapping[str, Any]) -> int | None:
    """How many seats game ``name`` has with ``options``; ``None`` for options it refuses
    together (or a game that is not installed)."""
    if name not in variants:
        return None
    try:
        return int(variants.create(name, options).seats)
    except ValueError:
        return None
