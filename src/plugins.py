"""The plugin manager factory: capicua's variants and players, its own and third parties'.

One factory (tox's ``tox/plugin/manager.py``): add the hook specs, register the built-in
plugins, load the ``capicua`` entry-point group, ``check_pending()``, then ask every plugin
to register its variants and players through the very same hooks. Built-ins go first, so a
third-party plugin can never take a built-in name, and they get no back door. The
registries themselves are :mod:`capicua.registries`.

A third-party plugin that fails is reported with its name, its distribution and the reason,
and skipped; capicua itself keeps working. Failing means any of:

* its entry point cannot be loaded (an import error, a missing attribute);
* its name is taken by a plugin loaded earlier, or it is an object already registered;
* it implements a hook capicua does not have (a typo), with arguments the spec does not
  have, or no hook at all;
* a registration hook raises, or adds a class whose name is taken or whose metadata is
  wrong (see :func:`~capicua.registries.variant_problems` and
  :func:`~capicua.registries.player_problems`): everything the plugin registered is taken
  back, so it is skipped as a whole, not half-loaded;
* an observer hook (``capicua_match_started`` and the like) raises during a match: the
  exception is reported once, the plugin's hooks are unregistered and the match goes on.

Third-party plugins can be switched off with ``CAPICUA_DISABLE_PLUGINS=name,...`` (entry
point or distribution names) or all at once with ``CAPICUA_NO_PLUGINS=1`` (what
``capicua --no-plugins`` sets) or ``load_plugins(third_party=False)``.
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import pluggy

from . import hookspecs
from ._version import __version__
from .core.errors import PluginError
from .registries import (
    PlayerRegistry,
    Registry,
    Source,
    VariantRegistry,
    player_problems,
    reason,
    variant_problems,
)

__all__ = [
    "BUILTINS",
    "PlayerRegistry",
    "Plugins",
    "Source",
    "VariantRegistry",
    "default_plugins",
    "disabled_names",
    "load_plugins",
    "player_problems",
    "variant_problems",
]

GROUP = "capicua"
#: capicua's own plugins, registered through the same hooks as any third party's, in this
#: order and before any of theirs.
BUILTINS = (
    "capicua.variants.chiva",
    "capicua.variants.double_nine",
    "capicua.players.random_player",
    "capicua.players.command",
    # The trained-policy player: its module needs no library of the [rl] extra to load;
    # making one without numpy is an error that says what to install.
    "capicua.env.player",
    "capicua.players.heuristic",
    "capicua.players.expert",
    "capicua.players.human",
)
DISABLE_ENV = "CAPICUA_DISABLE_PLUGINS"
NO_PLUGINS_ENV = "CAPICUA_NO_PLUGINS"
#: The hooks a plugin registers its classes through, each with the registry it is given.
REGISTRATION_HOOKS = ("capicua_register_variants", "capicua_register_players")

log = logging.getLogger("capicua.plugins")

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
    def hook(self) -> pluggy.HookRelay:
        """The hook relay: ``plugins.hook.capicua_match_ended(match=..., record=...)`` calls
        every plugin's implementation (what ``play_match(..., hook=)`` takes)."""
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
    for modname in BUILTINS:
        pm.register(importlib.import_module(modname), name=modname)
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
            loaded._skip(ep.name, dist, f"{ep.value!r} could not be loaded: {reason(exc)}")
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
            loaded._skip(ep.name, dist, reason(exc))
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
    others = [p for p in pm.get_plugins() if p is not plugin]
    registries: tuple[Registry[Any], ...] = (loaded.variants, loaded.players)
    for hookname, registry in zip(REGISTRATION_HOOKS, registries, strict=True):
        # Plugin by plugin, not all at once through the hook relay: each is given the
        # registry as itself, so the registry knows who adds what, and a plugin that
        # raises is skipped alone.
        hook = pm.subset_hook_caller(hookname, remove_plugins=others)
        try:
            hook(registry=registry.added_by(source))
        except Exception as exc:
            if source.builtin:
                raise
            loaded.variants.withdraw(source.name)
            loaded.players.withdraw(source.name)
            pm.unregister(plugin)
            del loaded.sources[source.name]
            loaded._skip(
                source.name,
                source.distribution,
                f"{hookname} raised {reason(exc)}"
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
        message = f"{hookname} raised {reason(exc)}"
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
    return hookspecs.hookimpl(**opts)(call)


def _name_of(pm: pluggy.PluginManager, plugin: object) -> str:
    for name, p in pm.list_name_plugin():
        if p is plugin or getattr(p, "__capicua_plugin__", None) is plugin:
            return name
    return "?"


@functools.cache
def default_plugins() -> Plugins:
    """The plugins of this process, loaded once (honours ``CAPICUA_DISABLE_PLUGINS`` and
    ``CAPICUA_NO_PLUGINS``). ``default_plugins.cache_clear()`` forgets them, so that the
    next call loads what is installed then."""
    return load_plugins(third_party=os.environ.get(NO_PLUGINS_ENV, "") == "")
