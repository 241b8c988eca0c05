"""Where the table keeps the match between sessions: one ``capicua-match/1`` record on disk.

The table writes the record after every action (finished or not), so closing the window,
a crash or a power cut loses at most the move being made. The file lives in the user data
directory: ``$CAPICUA_DATA_DIR`` if set (tests point it at a temporary folder), otherwise
``$XDG_DATA_HOME/capicua`` (default ``~/.local/share/capicua``).

Reading never crashes the table: a save that is not JSON, not a record, or breaks a rule is
renamed aside (``match.json`` -> ``match.damaged-<time>.json``) and reported in one line.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import CapicuaError
from ..core.match import Match
from ..core.records import FORMAT, replay, to_record

DATA_ENV = "CAPICUA_DATA_DIR"
SAVE_NAME = "match.json"


def data_dir() -> Path:
    """The folder for capicua's user data (not created here)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "capicua"


def save_path() -> Path:
    return data_dir() / SAVE_NAME


@dataclass(frozen=True)
class Loaded:
    """What :func:`load` found: a match to resume, or a report of a damaged save."""

    match: Match | None = None
    seats: dict[int, Any] | None = None
    damaged: str | None = None  # one line: what was wrong and where the file went


def write(match: Match, seats: dict[int, Any], path: Path | None = None) -> Path:
    """Write the record of ``match`` atomically (a reader never sees half a file)."""
    path = path or save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(to_record(match, seats), ensure_ascii=False, indent=1)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return path


def load(variants: Any, path: Path | None = None) -> Loaded:
    """The saved match if there is an unfinished one; nothing if there is none or it is over.

    ``variants`` is the variant registry ``replay`` needs. A damaged save is set aside.
    """
    path = path or save_path()
    if not path.exists():
        return Loaded()
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} record")
        match = replay(record, variants)
        seats = _seats(record.get("seats"), match.variant.seats)
    except (OSError, ValueError, CapicuaError) as exc:
        return Loaded(damaged=_set_aside(path, exc))
    except Exception as exc:  # noqa: BLE001 - a hand-edited file can trip anything; no crash
        return Loaded(damaged=_set_aside(path, exc))
    if match.over:
        return Loaded()
    return Loaded(match, seats)


def _seats(raw: Any, n: int) -> dict[int, Any]:
    if not isinstance(raw, dict):
        raise TypeError("the record's seats are not a table")
    seats = {}
    for s in range(1, n + 1):
        entry = raw.get(str(s))
        if not isinstance(entry, (str, dict)):
            raise TypeError(f"the record names no player for seat {s}")
        seats[s] = entry
    return seats


def _set_aside(path: Path, exc: BaseException) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():  # two damaged saves in one second must not overwrite each other
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    reason = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
    try:
        os.replace(path, target)
    except OSError as move:
        return f"the saved match could not be read ({reason}) nor set aside ({move.strerror})"
    return f"the saved match could not be read ({reason}); it was set aside as {target.name}"
