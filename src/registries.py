"""The registries plugins add variants and players to, and the checks of what they add.

A :class:`VariantRegistry` and a :class:`PlayerRegistry` hold classes by name, each with
the plugin it came from (its :class:`Source`). ``add`` checks a class's metadata
(:func:`variant_problems`, :func:`player_problems`) and rejects a name already taken, so a
bad class is reported with its plugin's name when plugins load, not in the middle of a
deal. The loader (:mod:`capicua.plugins`) hands each plugin the registry as that plugin
(:meth:`Registry.added_by`), so that what it adds is recorded as its own.

This module imports neither the hook specs nor the loader: both import it.
"""

from __future__ import annotations

import inspect
import math
import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeGuard, TypeVar

from ._version import __version__
from .core.errors import PluginError
from .core.options import Option
from .core.tiles import TOP_PIP, tile_set
from .core.variant import Tuning, Variant
from .i18n import N_, _, did_you_mean, name_list
from .players.base import Player

#: Keys of a seat table that are the seat's, not the player's options: ``isolation`` is
#: "process" (the player runs in a process of its own, the default for players that are
#: not capicua's own) or "none" (in the match's process: for trusted plugins); ``limits``
#: and ``untrusted`` say how such a process is confined (protocol/confine.py).
SEAT_KEYS = ("player", "isolation", "limits", "untrusted", "name")
ISOLATIONS = ("process", "none")
#: The longest name a seat's table may give its player (``name = "..."``).
MAX_NAME = 64
#: Variant and player names are typed in configs and on the command line.
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")

#: What a registry holds subclasses of: Variant or Player (both name themselves).
T = TypeVar("T", bound=Variant | Player)


@dataclass
class Entry(Generic[T]):
    """A registered class and where it came from."""

    cls: type[T]
    plugin: str
    distribution: str
    version: str = ""


@dataclass(frozen=True)
class Source:
    """A loaded plugin: its name (entry point or built-in module) and distribution."""

    name: str
    distribution: str
    version: str
    builtin: bool


#: Where capicua's own classes come from.
CAPICUA = Source("capicua", "capicua", __version__, True)


# -- metadata checks ---------------------------------------------------------------------


def variant_problems(cls: type[Variant]) -> list[str]:
    """What is wrong with the metadata of variant class ``cls`` (empty: nothing).

    Checked when a plugin registers the class, so that a bad variant is reported with its
    plugin's name at start-up instead of failing in the middle of a deal.
    """
    problems: list[str] = []
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        problems.append(f"name must be lowercase letters, digits, '-', '_' or '.', not {name!r}")
    title = getattr(cls, "title", None)
    if not isinstance(title, str) or not title.strip():
        problems.append(f"title must be a non-empty string, not {title!r}")
    max_pip, hand_size, seats = cls.max_pip, cls.hand_size, cls.seats
    if not _is_int(max_pip) or not 0 <= max_pip <= TOP_PIP:
        problems.append(f"max_pip must be a number from 0 to {TOP_PIP}, not {max_pip!r}")
    if not _is_int(seats) or seats < 2:
        problems.append(f"seats must be a number of at least 2, not {seats!r}")
    if not _is_int(hand_size) or hand_size < 1:
        problems.append(f"hand_size must be a positive number, not {hand_size!r}")
    if not problems:
        size = len(tile_set(max_pip))
        if seats * hand_size > size:
            problems.append(
                f"{seats} seats of {hand_size} tiles need {seats * hand_size} "
                f"tiles; the double-{max_pip} set has {size}"
            )
    teams = getattr(cls, "teams", None)
    if not _is_teams(teams) or len(teams) < 2 or any(not team for team in teams):
        problems.append(
            f"teams must be a tuple of at least two non-empty tuples of seats, not {teams!r}"
        )
    elif _is_int(seats) and sorted(s for team in teams for s in team) != list(range(1, seats + 1)):
        problems.append(f"teams {teams!r} must hold every seat 1 to {seats} exactly once")
    for flag in ("draw_for_lead", "choose_leader"):
        if not isinstance(getattr(cls, flag), bool):
            problems.append(f"{flag} must be True or False, not {getattr(cls, flag)!r}")
    redeal = cls.redeal_doubles
    if redeal is not None and (not _is_int(redeal) or redeal < 1):
        problems.append(f"redeal_doubles must be None or a positive number, not {redeal!r}")
    labels: object = cls.labels  # typed tuple[str, ...] in Variant, but a plugin set it
    if not isinstance(labels, tuple) or not all(isinstance(x, str) for x in labels):
        problems.append(f"labels must be a tuple of strings, not {labels!r}")
    if cls.scoring not in ("points", "series"):
        problems.append(f"scoring must be 'points' or 'series', not {cls.scoring!r}")
    goal: object = cls.goal
    if goal is not None and (not _is_int(goal) or goal < 1):
        problems.append(f"goal must be None or a positive number, not {goal!r}")
    if not isinstance(cls.tuning, Tuning):
        problems.append("tuning must be a capicua.core.variant.Tuning")
    problems += option_problems(cls.options, "capicua.core.options.Option")
    if inspect.isabstract(cls):
        missing = ", ".join(sorted(getattr(cls, "__abstractmethods__", ())))
        problems.append(f"it does not implement {missing}")
    if not problems:
        try:
            cls()
        except Exception as exc:  # noqa: BLE001 - the constructor is the plugin's code
            problems.append(f"it cannot be instantiated: {reason(exc)}")
    if not problems:
        problems += deal_problems(cls)
    return problems


def deal_problems(cls: type[Variant]) -> list[str]:
    """What is wrong with the deals of ``cls``'s options (empty: nothing): each value an
    option allows, the others at their defaults, must make a game whose every seat is dealt
    a hand from the set. A seat count of 8 with hands of 10 from the double-six set would
    otherwise deal empty hands, unnoticed until someone chose it."""
    problems = []
    for key, opt in sorted(cls.options.items()):
        for value in _allowed(opt):
            try:
                game = cls(**{key: value})
            except Exception as exc:  # noqa: BLE001 - the constructor is the plugin's code
                problems.append(f"option {key!r}={value!r} cannot be played: {reason(exc)}")
                continue
            seats, hand_size, max_pip = game.seats, game.hand_size, game.max_pip
            if not _is_int(seats) or not _is_int(hand_size) or hand_size < 1:
                problems.append(
                    f"option {key!r}={value!r} deals {seats!r} seats hands of {hand_size!r} "
                    "tiles; a hand is a positive number of tiles"
                )
                continue
            size = len(tile_set(max_pip))
            if seats * hand_size > size:
                problems.append(
                    f"option {key!r}={value!r} makes {seats} seats of {hand_size} tiles, "
                    f"{seats * hand_size} tiles; the double-{max_pip} set has {size}"
                )
    return problems


def _allowed(opt: Option) -> list[Any]:
    """The values of ``opt`` :func:`deal_problems` tries: every choice, both flags, every
    whole number of a short range, else the bounds (where a seat count fails first)."""
    if opt.choices is not None:
        return list(opt.choices)
    if opt.type is bool:
        return [False, True]
    if opt.type is not int:
        return []
    low, high = opt.min, opt.max
    if low is not None and high is not None and high - low <= 64:
        return list(range(math.ceil(low), math.floor(high) + 1))
    return [math.ceil(b) if b == low else math.floor(b) for b in (low, high) if b is not None]


def option_problems(options: object, named: str) -> list[str]:
    """What is wrong with a plugin class's ``options`` (empty: nothing); ``named`` is where
    its author imports ``Option`` from."""
    if not isinstance(options, Mapping) or not all(
        isinstance(k, str) and isinstance(v, Option) for k, v in options.items()
    ):
        return [f"options must map option names to {named}"]
    problems = []
    for key, opt in options.items():
        try:
            opt.check(key, opt.default)
        except ValueError as exc:
            problems.append(f"the default of option {key!r} fails its own check ({exc})")
    return problems


def player_problems(cls: type[Player]) -> list[str]:
    """What is wrong with the metadata of player class ``cls`` (empty: nothing)."""
    problems: list[str] = []
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        problems.append(f"name must be lowercase letters, digits, '-', '_' or '.', not {name!r}")
    if not isinstance(getattr(cls, "description", None), str):
        problems.append(f"description must be a string, not {getattr(cls, 'description', None)!r}")
    problems += option_problems(getattr(cls, "options", None), "capicua.players.base.Option")
    if getattr(cls, "act", None) is Player.act:
        problems.append("it does not implement act(view)")
    if not isinstance(getattr(cls, "interactive", None), bool):
        problems.append("interactive must be True or False")
    return problems


def _is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_teams(teams: object) -> TypeGuard[tuple[tuple[int, ...], ...]]:
    return isinstance(teams, tuple) and all(
        isinstance(team, tuple) and all(_is_int(s) for s in team) for team in teams
    )


# -- registries ----------------------------------------------------------------------------


class Registry(Generic[T]):
    """Classes by name, each a subclass of ``base`` (typed: ``get`` returns ``type[T]``).

    ``source`` is the plugin that :meth:`add` records as the adder: capicua itself unless
    the registry is the view :meth:`added_by` gives a plugin.
    """

    kind = "thing"
    base: type[T]  # set by each subclass, the runtime twin of T
    check: Callable[[type[T]], list[str]] = staticmethod(lambda cls: [])

    def __init__(self, source: Source = CAPICUA, entries: dict[str, Entry[T]] | None = None):
        self.entries: dict[str, Entry[T]] = {} if entries is None else entries
        self.source = source

    def added_by(self, source: Source) -> Self:
        """This registry as plugin ``source`` is given it: the same classes, and what it
        adds is recorded as ``source``'s (so that a plugin that fails can be taken back)."""
        return type(self)(source, self.entries)

    def add(self, cls: object) -> None:
        """Register ``cls`` under ``cls.name``; a taken name or bad metadata is a PluginError.

        ``cls`` is typed ``object``, not ``type[T]``: plugins are untyped code, and what
        they pass is exactly what is checked here, at run time.
        """
        if not (isinstance(cls, type) and issubclass(cls, self.base)):
            raise PluginError(f"{self.kind} {cls!r} is not a subclass of {self.base.__name__}")
        problems = self.check(cls)
        if problems:
            raise PluginError(
                f"{self.kind} class {cls.__qualname__} has bad metadata: " + "; ".join(problems)
            )
        name = cls.name
        src = self.source
        if name in self.entries:
            first = self.entries[name]
            raise PluginError(
                f"{self.kind} name {name!r} from plugin {src.name!r} is already taken by "
                f"plugin {first.plugin!r} ({first.distribution})"
            )
        self.entries[name] = Entry(cls, src.name, src.distribution, src.version)

    def withdraw(self, plugin: str) -> None:
        """Take back everything ``plugin`` registered (it is being skipped)."""
        for name in [n for n, e in self.entries.items() if e.plugin == plugin]:
            del self.entries[name]

    def names(self) -> list[str]:
        return sorted(self.entries)

    def __contains__(self, name: object) -> bool:
        return name in self.entries

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.entries))

    def builtin(self, name: str) -> bool:
        """Whether ``name`` is one of capicua's own (its players may play in process)."""
        return self.entries[name].distribution == "capicua"

    def get(self, name: str) -> type[T]:
        try:
            return self.entries[name].cls
        except KeyError:
            names = name_list(self.names())
            message = _(_UNKNOWN[self.kind]).format(name=name, names=names)
            raise PluginError(message + did_you_mean(name, self.names())) from None


#: "unknown variant 'x'; available: ..." by the registry's kind, each a whole sentence.
_UNKNOWN = {
    "variant": N_("unknown variant {name!r}; available: {names}"),
    "player": N_("unknown player {name!r}; available: {names}"),
}


class VariantRegistry(Registry[Variant]):
    """Variants by name. ``registry.add(MyVariant)`` from ``capicua_register_variants``."""

    kind = "variant"
    base = Variant
    check = staticmethod(variant_problems)

    def create(self, name: str, options: Mapping[str, Any] | None = None) -> Variant:
        """A fresh instance of the variant called ``name``, with its game ``options`` (a
        seat count, a goal; ValueError naming a bad one)."""
        return self.get(name)(**(options or {}))


class PlayerRegistry(Registry[Player]):
    """Players by name. ``registry.add(MyPlayer)`` from ``capicua_register_players``."""

    kind = "player"
    base = Player
    check = staticmethod(player_problems)

    def parse_spec(self, spec: Any) -> tuple[str, dict[str, Any]]:
        """Split a config's seat entry (``"expert"`` or ``{player = "expert", ...}``) into
        the player's name and its validated options; ValueError/PluginError say what is
        wrong."""
        if isinstance(spec, str):
            name, options = spec, {}
        elif isinstance(spec, Mapping):
            if "player" not in spec:
                raise PluginError(_("a seat table needs a 'player' key naming the player"))
            name = spec["player"]
            options = {k: v for k, v in spec.items() if k not in SEAT_KEYS}
            shown = spec.get("name", "x")
            if (
                not isinstance(shown, str)
                or not 0 < len(shown) <= MAX_NAME
                or not shown.isprintable()
            ):
                raise PluginError(
                    _(
                        "a seat's name is text of 1 to {most} printable characters, not {name!r}"
                    ).format(most=MAX_NAME, name=shown)
                )
            isolation = spec.get("isolation", "process")
            if isolation not in ISOLATIONS:
                raise PluginError(
                    # Translators: 'process' and 'none' are config values, as they are.
                    _("isolation is 'process' or 'none', not {isolation!r}").format(
                        isolation=isolation
                    )
                )
        else:
            raise PluginError(
                _("a seat is a player name or a table, not {spec!r}").format(spec=spec)
            )
        cls = self.get(name)
        checked = {}
        for key, value in options.items():
            if key not in cls.options:
                known = name_list(sorted(cls.options))
                raise PluginError(
                    _("player {name!r} has no option {key!r} (its options: {known})").format(
                        name=name, key=key, known=known
                    )
                )
            try:
                checked[key] = cls.options[key].check(key, value)
            except ValueError as exc:
                raise PluginError(
                    _("player {name!r}: {problem}").format(name=name, problem=exc)
                ) from None
        problem = cls.config_problem(checked)
        if problem:
            raise PluginError(_("player {name!r}: {problem}").format(name=name, problem=problem))
        return name, checked

    def create(self, spec: Any, rng: random.Random) -> Player:
        """A player for one seat from its config entry and the seat's random stream."""
        name, options = self.parse_spec(spec)
        return self.get(name)(rng, **options)


def reason(exc: BaseException) -> str:
    """What ``exc``, raised by a plugin's code, says, in one line: its class and message (a
    PluginError's message alone: capicua wrote it for people)."""
    if isinstance(exc, PluginError):
        return str(exc)
    # One line: pluggy's validation errors spread the reason over several.
    text = " ".join(line.strip() for line in str(exc).splitlines() if line.strip())
    return f"{exc.__class__.__name__}: {text or 'no message'}"
