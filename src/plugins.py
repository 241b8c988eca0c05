"""The plugin manager factory and the registries that plugins add variants and players to.

One factory (tox's ``tox/plugin/manager.py``): add the hook specs, load the ``capicua``
entry-point group, register the built-in plugins through the same hooks, ``check_pending()``,
then ask every plugin to register its variants and players. A plugin that fails to import,
raises in a hook or registers a duplicate name is reported with its name and the reason and
skipped; capicua itself keeps working.

Third-party plugins can be switched off with ``CAPICUA_DISABLE_PLUGINS=name,...`` (entry
point or distribution names) or all at once with ``load_plugins(third_party=False)``.
"""

from __future__ import annotations

import importlib
import os
import random
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Mapping

import pluggy

from . import hookspecs
from .core.errors import PluginError
from .core.variant import Variant
from .players.base import Player

GROUP = "capicua"
BUILTINS = (
    "capicua.variants.chiva",
    "capicua.variants.double_nine",
    "capicua.players.random_player",
)
OPTIONAL_BUILTINS = (
    # Built-in players that later modules add; listed here so that each registers through
    # the same hook as any third-party player.
    "capicua.players.heuristic",
    "capicua.players.expert",
    "capicua.players.human",
)
DISABLE_ENV = "CAPICUA_DISABLE_PLUGINS"


@dataclass
class Entry:
    """A registered class and where it came from."""

    cls: type
    plugin: str
    distribution: str


class _Registry:
    kind = "thing"
    base: type = object

    def __init__(self) -> None:
        self.entries: dict[str, Entry] = {}
        self._plugin = "capicua"
        self._dist = "capicua"

    def add(self, cls: type) -> None:
        """Register ``cls`` under ``cls.name``; a name already taken is a PluginError."""
        if not (isinstance(cls, type) and issubclass(cls, self.base)):
            raise PluginError(f"{self.kind} {cls!r} is not a subclass of {self.base.__name__}")
        name = getattr(cls, "name", "")
        if not name or not isinstance(name, str):
            raise PluginError(f"{self.kind} class {cls.__name__} has no name")
        if name in self.entries:
            first = self.entries[name]
            raise PluginError(
                f"{self.kind} name {name!r} from plugin {self._plugin!r} is already taken by "
                f"plugin {first.plugin!r} ({first.distribution})"
            )
        self.entries[name] = Entry(cls, self._plugin, self._dist)

    def names(self) -> list[str]:
        return sorted(self.entries)

    def __contains__(self, name: object) -> bool:
        return name in self.entries

    def __iter__(self):
        return iter(sorted(self.entries))

    def get(self, name: str) -> type:
        try:
            return self.entries[name].cls
        except KeyError:
            raise PluginError(
                f"unknown {self.kind} {name!r}; available: {', '.join(self.names()) or 'none'}"
            ) from None


class VariantRegistry(_Registry):
    """Variants by name. ``registry.add(MyVariant)`` from ``capicua_register_variants``."""

    kind = "variant"
    base = Variant

    def create(self, name: str) -> Variant:
        """A fresh instance of the variant called ``name``."""
        return self.get(name)()


class PlayerRegistry(_Registry):
    """Players by name. ``registry.add(MyPlayer)`` from ``capicua_register_players``."""

    kind = "player"
    base = Player

    def parse_spec(self, spec: Any) -> tuple[str, dict[str, Any]]:
        """Split a config's seat entry (``"expert"`` or ``{player = "expert", ...}``) into
        the player's name and its validated options; ValueError/PluginError say what is
        wrong."""
        if isinstance(spec, str):
            name, options = spec, {}
        elif isinstance(spec, Mapping):
            if "player" not in spec:
                raise PluginError("a seat table needs a 'player' key naming the player")
            name = spec["player"]
            options = {k: v for k, v in spec.items() if k != "player"}
        else:
            raise PluginError(f"a seat is a player name or a table, not {spec!r}")
        cls = self.get(name)
        checked = {}
        for key, value in options.items():
            if key not in cls.options:
                known = ", ".join(sorted(cls.options)) or "none"
                raise PluginError(f"player {name!r} has no option {key!r} (its options: {known})")
            try:
                checked[key] = cls.options[key].check(key, value)
            except ValueError as exc:
                raise PluginError(f"player {name!r}: {exc}") from None
        return name, checked

    def create(self, spec: Any, rng: random.Random) -> Player:
        """A player for one seat from its config entry and the seat's random stream."""
        name, options = self.parse_spec(spec)
        return self.get(name)(rng, **options)


@dataclass
class Plugins:
    """What was loaded: the plugin manager, the registries, and what failed to load."""

    pm: pluggy.PluginManager
    variants: VariantRegistry
    players: PlayerRegistry
    failures: list[str] = field(default_factory=list)
    distributions: dict[str, str] = field(default_factory=dict)  # plugin name -> distribution

    @property
    def hook(self):
        return self.pm.hook


def disabled_names() -> set[str]:
    """Plugin or distribution names switched off through ``CAPICUA_DISABLE_PLUGINS``."""
    raw = os.environ.get(DISABLE_ENV, "")
    return {part.strip() for part in raw.split(",") if part.strip()}


def get_plugin_manager(third_party: bool = True) -> tuple[pluggy.PluginManager, list[str], dict[str, str]]:
    """Build the plugin manager: specs, entry points, built-ins, ``check_pending``.

    Returns the manager, the failure messages of plugins that were skipped, and each
    plugin's distribution name.
    """
    pm = pluggy.PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    failures: list[str] = []
    dists: dict[str, str] = {}
    if third_party:
        off = disabled_names()
        for ep in metadata.entry_points(group=GROUP):
            dist = ep.dist.name if ep.dist is not None else "?"
            if ep.name in off or dist in off:
                continue
            if pm.get_plugin(ep.name) is not None or pm.is_blocked(ep.name):
                continue
            try:
                plugin = ep.load()
                pm.register(plugin, name=ep.name)
            except Exception as exc:  # a broken plugin must not take capicua down
                failures.append(f"plugin {ep.name!r} ({dist}) was skipped: {_reason(exc)}")
                continue
            dists[ep.name] = dist
    for modname in BUILTINS + OPTIONAL_BUILTINS:
        try:
            module = importlib.import_module(modname)
        except ModuleNotFoundError as exc:
            if modname in OPTIONAL_BUILTINS and exc.name == modname:
                continue  # that built-in is not part of this build
            raise
        pm.register(module, name=modname)
        dists[modname] = "capicua"
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        name = getattr(exc, "plugin", None)
        failures.append(f"plugin {pm.get_name(name) if name else '?'} was skipped: {exc}")
        if name is not None:
            pm.unregister(name)
    return pm, failures, dists


def load_plugins(third_party: bool = True) -> Plugins:
    """Load every plugin and collect their variants and players."""
    pm, failures, dists = get_plugin_manager(third_party)
    variants, players = VariantRegistry(), PlayerRegistry()
    for hookname, registry in (
        ("capicua_register_variants", variants),
        ("capicua_register_players", players),
    ):
        # Each plugin is called on its own so that the registry knows who adds what and a
        # plugin that raises is skipped alone.
        for impl in reversed(getattr(pm.hook, hookname).get_hookimpls()):
            registry._plugin = impl.plugin_name
            registry._dist = dists.get(impl.plugin_name, "?")
            try:
                impl.function(registry=registry)
            except Exception as exc:
                failures.append(f"plugin {impl.plugin_name!r} was skipped: {_reason(exc)}")
    return Plugins(pm, variants, players, failures, dists)


_DEFAULT: Plugins | None = None


def default_plugins() -> Plugins:
    """The plugins of this process, loaded once (honours ``CAPICUA_DISABLE_PLUGINS``)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_plugins(third_party=os.environ.get("CAPICUA_NO_PLUGINS", "") == "")
    return _DEFAULT


def _reason(exc: BaseException) -> str:
    text = str(exc) or exc.__class__.__name__
    return f"{exc.__class__.__name__}: {text}" if not isinstance(exc, PluginError) else text
