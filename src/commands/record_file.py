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
from typing import Annotated, Any

import typer

from ..core.errors import RecordError, RuleViolation
from ..core.jsonin import MAX_FILE_MIB
from ..core.match import Match
from ..core.records import read_records, replay
from ..i18n import N_, _, ngettext
from .common import fail, plugins

#: The ``--max-size`` option of the commands that read a record file.
MaxSize = Annotated[
    int,
    typer.Option(
        "--max-size",
        metavar="MIB",
        min=1,
        help=N_("The largest file read, in MiB; a larger one is refused unread."),
    ),
]


@dataclass(frozen=True)
class Picked:
    """The match chosen from a file: where it is, its record, and the replayed match."""

    where: str  # "FILE: match 2 (line 7)", as capicua replay names it
    number: int
    of: int  # matches in the file
    record: dict[str, Any]
    match: Match
    file: Path = Path()  # the file it was read from

    @property
    def seats(self) -> dict[int, Any]:
        """The record's seat entries by seat number (``?`` where the record names none)."""
        raw = self.record.get("seats")
        raw = raw if isinstance(raw, dict) else {}
        return {s: raw.get(str(s), "?") for s in range(1, self.match.variant.seats + 1)}


def one_match(file: Path, number: int | None, max_size: int = MAX_FILE_MIB) -> Picked:
    """Match ``number`` (1-based; default the first) of ``file``, replayed through the rules.
    Exits with one line for a missing or damaged file, a record that is not one or breaks a
    rule, or a number the file has no match for."""
    want = 1 if number is None else number
    if want < 1:
        fail(_("--match counts from 1, not {number}").format(number=want))
    chosen: tuple[int, int, Any] | None = None
    count = 0
    try:
        for index, (line, record) in enumerate(read_records(file, max_size), 1):
            count = index
            if index == want:
                chosen = (index, line, record)
    except RecordError as exc:
        fail(str(exc))
    if chosen is None:
        fail(
            ngettext(
                "{file} has {count} match; there is no match {number}",
                "{file} has {count} matches; there is no match {number}",
                count,
            ).format(file=file, count=count, number=want)
            if count
            else _("{file} holds no match").format(file=file)
        )
    index, line, record = chosen
    where = where_in(file, index, line)
    try:
        match = replay(record, plugins().variants)
    except RecordError as exc:
        fail(f"{where}: {exc}")
    except RuleViolation as exc:
        fail(
            _("{where} breaks a rule: {problem} (capicua replay {file} tells every hand)").format(
                where=where, problem=exc, file=file
            )
        )
    return Picked(where, index, count, record, match, file)


def where_in(file: Path, index: int, line: int) -> str:
    """ "FILE: match 2 (line 7)": where a match is in its file (the line when it differs)."""
    if line != index:
        return _("{file}: match {number} (line {line})").format(file=file, number=index, line=line)
    return _("{file}: match {number}").format(file=file, number=index)


def match_end(where: str, m: Match, of: int = 1) -> str:
    """The line that opens a replayed match: where it is, the game, its seed, its hands
    and how it ended (``of``: the matches in the file, said when more than one)."""
    outcome = m.outcome
    if outcome is None:
        end = _("unfinished")
    elif outcome.label:
        end = _("team {team} wins, a {label}").format(team=outcome.winner, label=outcome.label)
    else:
        end = _("team {team} wins").format(team=outcome.winner)
    hands = len(m.hands_log)
    if of > 1:
        return ngettext(
            "{where} of {matches}: {title}, seed {seed}, {hands} hand, {end}",
            "{where} of {matches}: {title}, seed {seed}, {hands} hands, {end}",
            hands,
        ).format(
            where=where, matches=of, title=_(m.variant.title), seed=m.seed, hands=hands, end=end
        )
    return ngettext(
        "{where}: {title}, seed {seed}, {hands} hand, {end}",
        "{where}: {title}, seed {seed}, {hands} hands, {end}",
        hands,
    ).format(where=where, title=_(m.variant.title), seed=m.seed, hands=hands, end=end)


def entry_name(entry: Any) -> str:
    """The player name of a seat entry (a name, or a table with a ``player`` key)."""
    if isinstance(entry, dict):
        return str(entry.get("player", "?"))
    return str(entry)
