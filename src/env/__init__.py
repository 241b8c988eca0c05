"""Learning agents: capicua's matches as a PettingZoo environment, and a player that plays a
trained policy (the optional extra: ``pip install 'capicua[rl]'``).

``capicua.env.make("chiva")`` gives a PettingZoo AEC environment
(:class:`~capicua.env.aec.CapicuaEnv`) of any installed variant; the ``policy`` player
(:mod:`capicua.env.player`) seats a trained agent in a tournament or at the table. Importing
this package needs nothing beyond capicua itself (the player plugin is registered from it);
the environment needs pettingzoo, gymnasium and numpy, and says so when they are missing.
See docs/learning.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.variant import Variant
    from .aec import CapicuaEnv
    from .encoding import Encoding

__all__ = ["EXTRA", "CapicuaEnv", "Encoding", "make", "missing_extra"]

#: What to install when the environment's libraries are missing.
EXTRA = "pip install 'capicua[rl]'"


def missing_extra(exc: ModuleNotFoundError) -> ModuleNotFoundError:
    """The error to raise when a library of the extra is missing: it names the library
    and the command that installs it."""
    return ModuleNotFoundError(
        f"capicua.env needs {exc.name or 'a library of the rl extra'}: {EXTRA}", name=exc.name
    )


def make(variant: str | Variant | type[Variant] = "chiva", **options: Any) -> CapicuaEnv:
    """A new environment of ``variant`` (a name, a Variant with the game's options chosen, or
    its class): the options are :class:`~capicua.env.aec.CapicuaEnv`'s (rewards, max_hands,
    skip_forced, render_mode)."""
    from .aec import CapicuaEnv

    return CapicuaEnv(variant, **options)


def __getattr__(name: str) -> Any:
    # The classes load on first use, so that importing capicua.env (as the plugin loader
    # does) needs no library of the extra.
    if name == "CapicuaEnv":
        from .aec import CapicuaEnv

        return CapicuaEnv
    if name == "Encoding":
        from .encoding import Encoding

        return Encoding
    raise AttributeError(f"module 'capicua.env' has no attribute {name!r}")
