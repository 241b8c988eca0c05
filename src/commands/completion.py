"""Shell completion of the names capicua knows: variants, players and example configs.

``capicua --install-completion`` installs typer's completion for the shell; these functions
are the ``autocompletion`` of the arguments and options that take such a name. A config is
a file or the name of an example that ships with capicua, so both are offered. Nothing here
prints: a completion's output is read by the shell.
"""

from __future__ import annotations

from pathlib import Path

from ..plugins import default_plugins
from ..tournament.config import computer_players, shipped_configs


def variants(incomplete: str) -> list[str]:
    """The installed variants whose names start with ``incomplete``."""
    return [n for n in default_plugins().variants.names() if n.startswith(incomplete)]


def players(incomplete: str) -> list[str]:
    """The computer players whose names start with ``incomplete`` (a player's options,
    after its ``name:``, are left to the person)."""
    if ":" in incomplete:
        return []
    names = computer_players(default_plugins().players)
    return [n for n in names if n.startswith(incomplete)]


def shipped(incomplete: str) -> list[str]:
    """The examples that ship with capicua whose names start with ``incomplete``."""
    return [n for n in shipped_configs() if n.startswith(incomplete)]


def configs(incomplete: str) -> list[str]:
    """The examples that ship with capicua, then the TOML files and folders here, whose
    names start with ``incomplete``."""
    found = shipped(incomplete)
    folder, sep, start = incomplete.rpartition("/")
    base = Path(folder or ("/" if sep else "."))
    try:
        entries = sorted(base.iterdir())
    except OSError:
        return found
    for entry in entries:
        if not entry.name.startswith(start) or entry.name.startswith("."):
            continue
        shown = f"{folder}/{entry.name}" if sep else entry.name
        if entry.is_dir():
            found.append(shown + "/")
        elif entry.suffix == ".toml":
            found.append(shown)
    return found
