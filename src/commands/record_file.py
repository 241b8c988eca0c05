"""One match out of a records file, replayed, for the commands that open one match.

``capicua view`` and ``capicua review`` take a ``.json``/``.jsonl`` file (a tournament's
records, one record, or the table's save) and ``--match N``. :func:`one_match` reads the
file with :func:`~capicua.core.records.read_records`, rebuilds the N-th match through the
engine with :func:`~capicua.core.records.replay` (every rule checked) and, for anything
that is not a usable record, prints the one line ``capicua replay`` prints and exits with
status 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import RecordError, RuleViolation
from ..core.match import Match
from ..core.records import read_records, replay
from .common import fail, plugins


@dataclass(frozen=True)
class Picked:
    """The match chosen from a file: where it is, its record, and the replayed match."""

    where: str  # "FILE: match 2 (line 7)", as capicua replay names it
    number: int
    of: int  # matches in the file
    record: dict[str, Any]
    match: Match

    @property
    def seats(self) -> dict[int, Any]:
        """The record's seat entries by seat number (``?`` where the record names none)."""
        raw = self.record.get("seats")
        raw = raw if isinstance(raw, dict) else {}
        return {s: raw.get(str(s), "?") for s in range(1, self.match.variant.seats + 1)}


def one_match(file: Path, number: int | None) -> Picked:
    """Match ``number`` (1-based; default the first) of ``file``, replayed through the rules.
    Exits with one line for a missing or damaged file, a record that is not one or breaks a
    rule, or a number the file has no match for."""
    want = 1 if number is None else number
    if want < 1:
        fail(f"--match counts from 1, not {want}")
    chosen: tuple[int, int, Any] | None = None
    count = 0
    try:
        for index, (line, record) in enumerate(read_records(file), 1):
            count = index
            if index == want:
                chosen = (index, line, record)
    except RecordError as exc:
        fail(str(exc))
    if chosen is None:
        fail(
            f"{file} has {count} match{'' if count == 1 else 'es'}; there is no match {want}"
            if count
            else f"{file} holds no match"
        )
    index, line, record = chosen
    where = f"{file}: match {index}" + (f" (line {line})" if line != index else "")
    try:
        match = replay(record, plugins().variants)
    except RecordError as exc:
        fail(f"{where}: {exc}")
    except RuleViolation as exc:
        fail(f"{where} breaks a rule: {exc} (capicua replay {file} tells every hand)")
    return Picked(where, index, count, record, match)


def entry_name(entry: Any) -> str:
    """The player name of a seat entry (a name, or a table with a ``player`` key)."""
    if isinstance(entry, dict):
        return str(entry.get("player", "?"))
    return str(entry)
