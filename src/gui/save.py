"""Where the table keeps the match between sessions: one ``capicua-save/1`` file on disk.

A save holds the match's ``capicua-match/1`` record (``match``, docs/records.md) and where
each seat's random stream stands (``streams``: seat to
:func:`~capicua.core.rng.stream_state` text). The record alone rebuilds the match; the
streams let the computer players go on drawing where they were, so the resumed match is the
one the seed would have played without the interruption. The record stays as it is, valid
against its schema: the streams belong to the table, not to the match.

The table writes the save after every action (finished or not), so closing the window,
a crash or a power cut loses at most the move being made. The file lives in the user data
directory: ``$CAPICUA_DATA_DIR`` if set (tests point it at a temporary folder), otherwise
``$XDG_DATA_HOME/capicua`` (default ``~/.local/share/capicua``). The table keeps one save a
game (``match-chiva.json``), so a match of one game is still there to resume after playing
the other; a single ``match.json`` is also read, when it holds the game asked for.

Reading never crashes the table: a save that is not JSON, not a save, holds a record that
breaks a rule or a stream state that is damaged or missing, or names a player that is not
installed here (a plugin removed since, or switched off), is renamed aside
(``match-chiva.json`` -> ``match-chiva.damaged-<time>.json``) and reported in one line, so
the next match cannot overwrite it; installing the player and renaming the file back
resumes it. A bare ``capicua-match/1`` record, without the streams, is still resumed; its
players' streams start afresh.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import trust
from ..core import jsonin
from ..core.errors import CapicuaError
from ..core.match import Match
from ..core.records import FORMAT, SAVE_FORMAT, replay, to_record
from ..core.rng import parse_stream_state
from ..i18n import _

DATA_ENV = "CAPICUA_DATA_DIR"
SAVE_NAME = "match.json"
PREFERENCES_NAME = "settings.json"


def data_dir() -> Path:
    """The folder for capicua's user data (not created here)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "capicua"


def save_path(variant: str | None = None) -> Path:
    """The save of ``variant``'s match; without one, the single file of older tables."""
    if variant is None:
        return data_dir() / SAVE_NAME
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", variant)  # a plugin's name may hold anything
    return data_dir() / f"match-{safe}.json"


def preferences_path() -> Path:
    """The table's own settings kept between sessions (the language chosen in Settings)."""
    return data_dir() / PREFERENCES_NAME


def read_preferences() -> dict[str, Any]:
    """The kept settings; empty when there are none or the file cannot be read (a table
    never fails for them)."""
    try:
        kept = jsonin.loads(preferences_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def write_preferences(values: Mapping[str, Any]) -> None:
    """Keep ``values`` (OSError if the folder cannot be written)."""
    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(dict(values), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


@dataclass(frozen=True)
class Loaded:
    """What :func:`load` found: a match to resume, or a report of a damaged save."""

    match: Match | None = None
    seats: dict[int, Any] | None = None
    # Seat to stream state; None for a save that is a bare record, without streams.
    streams: dict[int, str] | None = None
    damaged: str | None = None  # one line: what was wrong and where the file went
    seen: bool = False  # its hidden hands were shown (capicua view --reveal)


def write(
    match: Match,
    seats: dict[int, Any],
    streams: Mapping[int, str],
    path: Path | None = None,
    seen: bool = False,
) -> Path:
    """Write the save of ``match`` and the seats' ``streams`` atomically (a reader never
    sees half a file); ``seen``: its hidden hands were shown (kept until a new match)."""
    path = path or save_path()
    saved: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "match": to_record(match, seats),
        "streams": {str(s): streams[s] for s in sorted(streams)},
    }
    if seen:
        saved["seen"] = True
    _write_json(path, saved)
    return path


def _write_json(path: Path, saved: Mapping[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(saved, ensure_ascii=False, indent=1)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def is_save(path: Path) -> bool:
    """Whether ``path`` is a table's save (not a bare record or a records file)."""
    try:
        saved = jsonin.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(saved, dict) and saved.get("format") == SAVE_FORMAT


def mark_seen(path: Path) -> None:
    """Mark the save at ``path`` as seen: its hidden hands were shown (capicua view
    --reveal); the table says so when it offers to resume it. OSError if it cannot be
    written; a file that is not a save is left alone."""
    if not is_save(path):
        return
    saved = jsonin.loads(path.read_text(encoding="utf-8"))
    saved["seen"] = True
    _write_json(path, saved)


def load(variants: Any, path: Path | None = None, players: Any = None) -> Loaded:
    """The saved match if there is an unfinished one; nothing if there is none or it is over.

    ``variants`` is the variant registry ``replay`` needs; ``players`` the player registry
    the seats are checked against (default: the players loaded in this process). A damaged
    save, or one naming a player that cannot be made here, is set aside.
    """
    path = path or save_path()
    if players is None:
        from ..plugins import default_plugins

        players = default_plugins().players
    if not path.exists():
        return Loaded()
    try:
        saved = jsonin.loads(path.read_text(encoding="utf-8"))
        kind = saved.get("format") if isinstance(saved, dict) else None
        if kind == SAVE_FORMAT:
            record = saved.get("match")
        elif kind == FORMAT:
            record = saved  # a bare record: no streams to set back
        else:
            raise ValueError(f"not a {SAVE_FORMAT} save")
        match = replay(record, variants)
        seats = _seats(record.get("seats"), match.variant.seats)
        _installed(seats, players)
        streams = _streams(saved.get("streams"), seats) if kind == SAVE_FORMAT else None
    except _MissingPlayer as exc:
        return Loaded(damaged=_set_aside(path, exc, missing=True))
    except (OSError, ValueError, CapicuaError) as exc:
        return Loaded(damaged=_set_aside(path, exc))
    except Exception as exc:  # noqa: BLE001 - a hand-edited file can trip anything; no crash
        return Loaded(damaged=_set_aside(path, exc))
    if match.over:
        return Loaded()
    seen = kind == SAVE_FORMAT and saved.get("seen") is True
    return Loaded(match, seats, streams, seen=seen)


def peek_seats(path: Path) -> dict[int, Any] | None:
    """The seat entries of the save at ``path``, read as they are (nothing replayed, nothing
    checked, nothing set aside); ``None`` when there is no save there or it is not one."""
    try:
        saved = jsonin.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    record = saved.get("match") if isinstance(saved, dict) else None
    if isinstance(saved, dict) and saved.get("format") == FORMAT:
        record = saved
    seats = record.get("seats") if isinstance(record, dict) else None
    if not isinstance(seats, dict):
        return None
    return {int(s): e for s, e in seats.items() if isinstance(s, str) and s.isdigit()}


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


class _MissingPlayer(ValueError):
    """The save is sound but names a player that cannot be made here."""


def _installed(seats: dict[int, Any], players: Any) -> None:
    """_MissingPlayer naming the first seat whose player cannot be made here. Entries that
    would start a program are not checked: checking them may run them, and they are not
    run unless the person agrees (capicua.trust); the table plays them otherwise."""
    for s, entry in seats.items():
        if trust.what_runs(players, entry) is not None:
            continue
        try:
            players.parse_spec(entry)
        except (CapicuaError, ValueError, TypeError) as exc:
            raise _MissingPlayer(f"seat {s}: {exc}") from None


def _streams(raw: Any, seats: dict[int, Any]) -> dict[int, str]:
    if not isinstance(raw, dict):
        raise TypeError("the save's random streams are not a table")
    extra = set(raw) - {str(s) for s in seats}
    if extra:
        raise ValueError(
            f"the save has random streams for seats the match has not: {', '.join(sorted(extra))}"
        )
    streams = {}
    for s in seats:
        if str(s) not in raw:
            raise ValueError(f"the save has no random stream for seat {s}")
        try:
            parse_stream_state(raw[str(s)])
        except (TypeError, ValueError) as exc:
            raise ValueError(f"seat {s}'s random stream: {exc}") from None
        streams[s] = raw[str(s)]
    return streams


def _set_aside(path: Path, exc: BaseException, missing: bool = False) -> str:
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
        if missing:
            text = _(
                "the saved match names a player that is not installed ({reason}) and could "
                "not be set aside ({error})"
            )
        else:
            text = _(
                "the saved match could not be read ({reason}) and could not be set aside ({error})"
            )
        return text.format(reason=reason, error=move.strerror)
    if missing:
        return _(
            "the saved match names a player that is not installed ({reason}); it was set "
            "aside as {file}: install the player and rename it back to {name} to resume it"
        ).format(reason=reason, file=target.name, name=path.name)
    return _("the saved match could not be read ({reason}); it was set aside as {file}").format(
        reason=reason, file=target.name
    )
