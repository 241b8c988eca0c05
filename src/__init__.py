"""capicua: a plugin-based domino platform.

Chiva and double-nine 100 played exactly by docs/rules.md, computer players that see only
what their seat may see, a Tk table and a seeded tournament runner, all on one core
(:mod:`capicua.core`) that loads variants and players through pluggy hooks
(:mod:`capicua.hookspecs`).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    # One source for the version: pyproject.toml, read back from the installed metadata.
    __version__ = version("capicua")
except PackageNotFoundError:  # pragma: no cover - a checkout imported without installing
    __version__ = "0+unknown"
