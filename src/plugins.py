"""The plugin manager factory and the registries that plugins add variants and players to.

One factory (tox's ``tox/plugin/manager.py``): add the hook specs, register the built-in
plugins, load the ``capicua`` entry-point group, ``check_pending()``, then ask every plugin
to register its variants and players through the very same hooks. Built-ins go first, so a
third-party plugin can never take a built-in name, and they get no back door.

A third-party plugin that fails is reported with its name, its distribution and the reason,
and skipped; capicua itself keeps working. Failing means any of:

* its entry point cannot be loaded (an import error, a missing attribute);
* its name is taken by a plugin loaded earlier, or it is an object already registered;
* it implements a hook capicua does not have (a typo), with arguments the spec does not
  have, or no hook at all;
* a registration hook raises, or adds a class whose name is taken or whose metadata is
  wrong (see :func:`variant_problems` and :func:`player_problems`): everything the plugin
  registered is taken back, so it is skipped as a whole, not half-loaded;
* an observer hook (``capicua_match_started`` and the like) raises during a match: the
  exception is reported once, the plugin's hooks are unregistered and the match goes on.

Third-party plugins can be switched off with ``CAPICUA_DISABLE_PLUGINS=name,...`` (entry
point or distribution names) or all at once with ``CAPICUA_NO_PLUGINS=1`` (what
``capicua --no-plugins`` sets) or ``load_plugins(third_party=False)``.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import logging
import os
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Generic, TypeGuard, TypeVar

import pluggy

from . import __version__, hookspecs
from .core.errors import PluginError
from .core.tiles import _TOP, tile_set
from .core.variant import Tuning, Variant
from .i18n import N_, _, pgettext
from .players.base import Option, Player

GROUP = "capicua"
BUILTINS = (
    "capicua.variants.chiva",
    "capicua.variants.double_nine",
    "capicua.players.random_player",
    "capicua.players.command",
    # The trained-policy player: its module needs no library of the [rl] extra to load;
    # making one without numpy is an error that says what to install.
    "capicua.env.player",
)
OPTIONAL_BUILTINS = (
    # Built-in players that later modules add; listed here so that each registers through
    # the same hook as any third-party player.
    "capicua.players.heuristic",
    "capicua.players.expert",
    "capicua.players.human",
)
DISABLE_ENV = "CAPICUA_DISABLE_PLUGINS"
NO_PLUGINS_ENV = "CAPICUA_NO_PLUGINS"
REGISTRATION_HOOKS = ("capicua_register_variants", "capicua_register_players")
#: Keys of a seat table that are the seat's, not the player's options: ``isolation`` is
#: "process" (the player runs in a process of its own, the default for players that are
#: not capicua's own) or "none" (in the match's process: for trusted plugins).
SEAT_KEYS = ("player", "isolation")
ISOLATIONS = ("process", "none")
#: Variant and player names are typed in configs and on the command line.
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.-]*$")

log = logging.getLogger("capicua.plugins")

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
    if not _is_int(max_pip) or not 0 <= max_pip <= _TOP:
        problems.append(f"max_pip must be a number from 0 to {_TOP}, not {max_pip!r}")
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
    options: object = cls.options
    if not isinstance(options, Mapping) or not all(
        isinstance(k, str) and isinstance(v, Option) for k, v in options.items()
    ):
        problems.append("options must map option names to capicua.core.options.Option")
    else:
        for key, opt in options.items():
            try:
                opt.check(key, opt.default)
            except ValueError as exc:
                problems.append(f"the default of option {key!r} fails its own check ({exc})")
    if inspect.isabstract(cls):
        missing = ", ".join(sorted(getattr(cls, "__abstractmethods__", ())))
        problems.append(f"it does not implement {missing}")
    if not problems:
        try:
            cls()
        except Exception as exc:  # noqa: BLE001 - the constructor is the plugin's code
            problems.append(f"it cannot be instantiated: {_reason(exc)}")
    return problems


def player_problems(cls: type[Player]) -> list[str]:
    """What is wrong with the metadata of player class ``cls`` (empty: nothing)."""
    problems: list[str] = []
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        problems.append(f"name must be lowercase letters, digits, '-', '_' or '.', not {name!r}")
    if not isinstance(getattr(cls, "description", None), str):
        problems.append(f"description must be a string, not {getattr(cls, 'description', None)!r}")
    options = getattr(cls, "options", None)
    if not isinstance(options, Mapping) or not all(
        isinstance(k, str) and isinstance(v, Option) for k, v in options.items()
    ):
        problems.append("options must map option names to capicua.players.base.Option")
    else:
        for key, opt in options.items():
            try:
                opt.check(key, opt.default)
            except ValueError as exc:
                problems.append(f"the default of option {key!r} fails its own check ({exc})")
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


class _Registry(Generic[T]):
    """Classes by name, each a subclass of ``base`` (typed: ``get`` returns ``type[T]``)."""

    kind = "thing"
    base: type[T]  # set by each subclass, the runtime twin of T
    check: Callable[[type[T]], list[str]] = staticmethod(lambda cls: [])

    def __init__(self) -> None:
        self.entries: dict[str, Entry[T]] = {}
        self._source = Source("capicua", "capicua", __version__, True)

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
        src = self._source
        if name in self.entries:
            first = self.entries[name]
            raise PluginError(
                f"{self.kind} name {name!r} from plugin {src.name!r} is already taken by "
                f"plugin {first.plugin!r} ({first.distribution})"
            )
        self.entries[name] = Entry(cls, src.name, src.distribution, src.version)

    def _withdraw(self, plugin: str) -> None:
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
            names = ", ".join(self.names()) or pgettext("no names", "none")
            raise PluginError(_(_UNKNOWN[self.kind]).format(name=name, names=names)) from None


#: "unknown variant 'x'; available: ..." by the registry's kind, each a whole sentence.
_UNKNOWN = {
    "variant": N_("unknown variant {name!r}; available: {names}"),
    "player": N_("unknown player {name!r}; available: {names}"),
}


class VariantRegistry(_Registry[Variant]):
    """Variants by name. ``registry.add(MyVariant)`` from ``capicua_register_variants``."""

    kind = "variant"
    base = Variant
    check = staticmethod(variant_problems)

    def create(self, name: str, options: Mapping[str, Any] | None = None) -> Variant:
        """A fresh instance of the variant called ``name``, with its game ``options`` (a
        seat count, a goal; ValueError naming a bad one)."""
        return self.get(name)(**(options or {}))


class PlayerRegistry(_Registry[Player]):
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
                known = ", ".join(sorted(cls.options)) or pgettext("no names", "none")
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


# -- loading -------------------------------------------------------------------------------


@dataclass
class Plugins:
    """What was loaded: the plugin manager, the registries, and what was skipped."""

    pm: pluggy.PluginManager
    variants: VariantRegistry
    players: PlayerRegistry
    #: One message per skipped plugin: its name, distribution and the reason.
    failures: list[str] = field(default_factory=list)
    #: Plugin name -> distribution name, for every plugin loaded.
    distributions: dict[str, str] = field(default_factory=dict)
    #: Plugin name -> where it came from, for every plugin loaded.
    sources: dict[str, Source] = field(default_factory=dict)
    #: ``"name (distribution)"`` of each plugin switched off by ``CAPICUA_DISABLE_PLUGINS``.
    disabled: list[str] = field(default_factory=list)

    @property
    def hook(self):
        return self.pm.hook

    def _skip(self, plugin: str, dist: str, reason: str) -> None:
        self.failures.append(f"plugin {plugin!r} ({dist}) was skipped: {reason}")


def disabled_names() -> set[str]:
    """Plugin or distribution names switched off through ``CAPICUA_DISABLE_PLUGINS``."""
    raw = os.environ.get(DISABLE_ENV, "")
    return {part.strip() for part in raw.split(",") if part.strip()}


def load_plugins(third_party: bool = True, disabled: Iterable[str] | None = None) -> Plugins:
    """Load every plugin and collect their variants and players.

    :param third_party: load the ``capicua`` entry-point group (False: built-ins only).
    :param disabled: entry-point or distribution names to leave out (default: those in
        ``CAPICUA_DISABLE_PLUGINS``).
    """
    pm = pluggy.PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    loaded = Plugins(pm, VariantRegistry(), PlayerRegistry())
    for modname in BUILTINS + OPTIONAL_BUILTINS:
        try:
            module = importlib.import_module(modname)
        except ModuleNotFoundError as exc:
            if modname in OPTIONAL_BUILTINS and exc.name == modname:
                continue  # that built-in is not part of this build
            raise
        pm.register(module, name=modname)
        loaded.sources[modname] = Source(modname, "capicua", __version__, True)
    if third_party:
        _load_entry_points(loaded, disabled_names() if disabled is None else set(disabled))
    # Every third-party hook was checked against the specs as it was registered, so what
    # fails here is a built-in: a bug in capicua itself, which must not pass silently.
    pm.check_pending()
    for source in list(loaded.sources.values()):
        _register_classes(loaded, source)
    loaded.distributions = {n: s.distribution for n, s in loaded.sources.items()}
    return loaded


def _entry_points() -> Iterable[metadata.EntryPoint]:
    return metadata.entry_points(group=GROUP)


def _load_entry_points(loaded: Plugins, off: set[str]) -> None:
    pm = loaded.pm
    for ep in _entry_points():
        dist = ep.dist.name if ep.dist is not None else "?"
        version = ep.dist.version if ep.dist is not None else ""
        if ep.name in off or dist in off:
            loaded.disabled.append(f"{ep.name} ({dist})")
            continue
        if ep.name in loaded.sources:
            other = loaded.sources[ep.name]
            loaded._skip(
                ep.name,
                dist,
                f"the plugin name {ep.name!r} is already taken by {other.distribution}",
            )
            continue
        try:
            plugin = ep.load()
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not take capicua down
            loaded._skip(ep.name, dist, f"{ep.value!r} could not be loaded: {_reason(exc)}")
            continue
        if any(
            p is plugin or getattr(p, "__capicua_plugin__", None) is plugin
            for p in pm.get_plugins()
        ):
            loaded._skip(
                ep.name,
                dist,
                f"{ep.value!r} is already registered as plugin {_name_of(pm, plugin)!r}",
            )
            continue
        source = Source(ep.name, dist, version, False)
        try:
            guarded = _guard(pm, plugin, source, loaded)
            pm.register(guarded, name=ep.name)
        except Exception as exc:  # noqa: BLE001 - pluggy's validation errors, and any other
            loaded._skip(ep.name, dist, _reason(exc))
            continue
        problem = _hook_problem(pm, guarded)
        if problem:
            pm.unregister(guarded)
            loaded._skip(ep.name, dist, problem)
            continue
        loaded.sources[ep.name] = source


def _hook_problem(pm: pluggy.PluginManager, plugin: object) -> str | None:
    """Why a registered third-party plugin cannot stay: no hooks, or a hook with no spec."""
    callers = pm.get_hookcallers(plugin) or []
    if not callers:
        return "it implements no capicua hook (no function marked capicua.hookspecs.hookimpl)"
    known = sorted(n for n in dir(hookspecs) if n.startswith("capicua_"))
    for caller in callers:
        if caller.has_spec():
            continue
        optional = all(i.optionalhook for i in caller.get_hookimpls() if i.plugin is plugin)
        if not optional:
            return f"unknown hook {caller.name!r} (capicua's hooks: {', '.join(known)})"
    return None


def _register_classes(loaded: Plugins, source: Source) -> None:
    """Call ``source``'s registration hooks; on any failure take all of it back."""
    pm = loaded.pm
    plugin = pm.get_plugin(source.name)
    for hookname, registry in (
        ("capicua_register_variants", loaded.variants),
        ("capicua_register_players", loaded.players),
    ):
        for impl in getattr(pm.hook, hookname).get_hookimpls():
            if impl.plugin is not plugin:
                continue
            registry._source = source
            # Called on its own, not through the hook relay, so that the registry knows who
            # adds what and a plugin that raises is skipped alone.
            kwargs = {"registry": registry}
            try:
                impl.function(*[kwargs[a] for a in impl.argnames])
            except Exception as exc:
                if source.builtin:
                    raise
                loaded.variants._withdraw(source.name)
                loaded.players._withdraw(source.name)
                pm.unregister(plugin)
                del loaded.sources[source.name]
                loaded._skip(
                    source.name,
                    source.distribution,
                    f"{hookname} raised {_reason(exc)}"
                    if not isinstance(exc, PluginError)
                    else str(exc),
                )
                return


def _guard(pm: pluggy.PluginManager, plugin: object, source: Source, loaded: Plugins) -> object:
    """A stand-in for a third-party ``plugin`` whose observer hooks cannot take capicua down.

    Each hook function is wrapped: if an observer hook raises, the failure is reported (in
    ``loaded.failures`` and as a warning on the ``capicua.plugins`` logger), the plugin is
    unregistered, and the caller (a match in the GUI or a tournament) carries on. The
    registration hooks and hook wrappers pass through unchanged: the loader handles the
    former, and the latter are generators that only pluggy can drive.
    """

    def failed(hookname: str, exc: Exception) -> None:
        message = f"{hookname} raised {_reason(exc)}"
        log.warning("plugin %r (%s) was skipped: %s", source.name, source.distribution, message)
        loaded._skip(source.name, source.distribution, message)
        if pm.is_registered(guarded):
            pm.unregister(guarded)
        loaded.sources.pop(source.name, None)

    guarded = _GuardedPlugin(plugin)
    for attr in dir(plugin):
        opts = pm.parse_hookimpl_opts(plugin, attr)
        if opts is None:
            continue
        func = getattr(plugin, attr)
        hookname = opts.get("specname") or attr
        passthrough = (
            hookname in REGISTRATION_HOOKS or opts.get("wrapper") or opts.get("hookwrapper")
        )
        setattr(guarded, attr, _wrap(func, hookname, dict(opts), None if passthrough else failed))
    return guarded


class _GuardedPlugin:
    """Holds the wrapped hook functions of one third-party plugin (see :func:`_guard`)."""

    def __init__(self, plugin: object) -> None:
        self.__capicua_plugin__ = plugin

    def __repr__(self) -> str:
        return f"<guarded {self.__capicua_plugin__!r}>"


def _wrap(func: Callable, hookname: str, opts: dict, failed: Callable | None) -> Callable:
    if failed is None:

        def call(*args: Any, **kwargs: Any) -> Any:
            return func(*args, **kwargs)
    else:

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return func(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - an observer is someone else's code
                failed(hookname, exc)
                return None

    functools.update_wrapper(call, func)  # pluggy reads the argument names through it
    setattr(call, f"{GROUP}_impl", opts)
    return call


def _name_of(pm: pluggy.PluginManager, plugin: object) -> str:
    for name, p in pm.list_name_plugin():
        if p is plugin or getattr(p, "__capicua_plugin__", None) is plugin:
            return name
    return "?"


_DEFAULT: Plugins | None = None


def default_plugins() -> Plugins:
    """The plugins of this process, loaded once (honours ``CAPICUA_DISABLE_PLUGINS`` and
    ``CAPICUA_NO_PLUGINS``)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_plugins(third_party=os.environ.get(NO_PLUGINS_ENV, "") == "")
    return _DEFAULT


def _reason(exc: BaseException) -> str:
    if isinstance(exc, PluginError):
        return str(exc)
    # One line: pluggy's validation errors spread the reason over several.
    text = " ".join(line.strip() for line in str(exc).splitlines() if line.strip())
    return f"{exc.__class__.__name__}: {text or 'no message'}"
