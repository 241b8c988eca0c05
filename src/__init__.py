"""capicua: a plugin-based domino platform.

Chiva and double-nine 100 played exactly by docs/rules.md, computer players that see only
what their seat may see, a Tk table and a seeded tournament runner, all on one core
(:mod:`capicua.core`) that loads variants and players through pluggy hooks
(:mod:`capicua.hookspecs`).
"""

from ._version import __version__

__all__ = ["__version__"]
