"""The games of a tournament, match or league as CSV, one row per game, for rating tools.

``capicua results export DB --csv FILE``, or ``--csv FILE`` on ``tournament``, ``match``
and ``league``. The columns (docs/tournament.md, "Results as CSV"):

``game, date, variant, seed, seat1..seatN, team1..teamT, result, winner, score1..scoreT,
label, error``

``result`` is the game from the first team's side as PGN writes it (``1-0``, ``0-1``,
``1/2-1/2``, ``*`` for a game an error ended), in games of two teams; ``winner`` the
winning team (``1+3`` for a shared win), empty for an error. Players are named as the
figures name them (a bot by its hello's name). Every value a player or a file gave that a
spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@`` first) is written with a
``'`` before it: files are data.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..i18n import _
from .config import ConfigError, entry_label
from .store import StorageError, Store, explain

#: The first columns; the seats', teams' and scores' follow as the game has them.
LEAD = ("game", "date", "variant", "seed")


def header(variant: Any) -> list[str]:
    """The CSV's column names for ``variant``."""
    seats = [f"seat{s}" for s in range(1, variant.seats + 1)]
    teams = [f"team{t}" for t in range(1, len(variant.teams) + 1)]
    scores = [f"score{t}" for t in range(1, len(variant.teams) + 1)]
    return [*LEAD, *seats, *teams, "result", "winner", *scores, "label", "error"]


def rows(store: Store, variant: Any) -> Iterator[list[str]]:
    """One row per game the database holds, in game order."""
    records = store.records()
    for index, seed, facts, error in store.facts(2**63 - 1):
        _idx, line = next(records)
        yield row(index, seed, facts, error, json.loads(line), variant)


def row(
    index: int, seed: int, facts: dict, error: dict | None, record: dict, variant: Any
) -> list[str]:
    """A game's row (see :func:`header`)."""
    named = facts.get("names") or {}
    seats = {int(s): spec for s, spec in facts["seats"].items()}
    names = {s: named.get(str(s)) or entry_label(spec) for s, spec in seats.items()}
    teams = ["+".join(dict.fromkeys(names[s] for s in team)) for team in variant.teams]
    winners = [] if error else facts.get("winners") or [facts.get("winner")]
    winners = [w for w in winners if w is not None]
    result = ""
    if len(variant.teams) == 2:
        result = (
            "*"
            if error or not winners
            else "1/2-1/2"
            if len(winners) == 2
            else ("1-0" if winners == [1] else "0-1")
        )
    hands = record.get("hands") or []
    last = hands[-1].get("result") if hands else None
    scores = list(last["scores"]) if isinstance(last, dict) else [0] * len(variant.teams)
    return [
        str(index + 1),
        str(facts.get("finished", "")),
        str(record.get("variant", variant.name)),
        str(seed),
        *(_cell(names[s]) for s in range(1, variant.seats + 1)),
        *(_cell(t) for t in teams),
        result,
        "+".join(map(str, winners)),
        *(str(x) for x in scores),
        str(facts.get("label") or ""),
        _cell(f"seat {error.get('seat')}: {error.get('reason')}" if error else ""),
    ]


def _cell(text: str) -> str:
    """``text`` safe in a spreadsheet: one that would start a formula gets a ``'``."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def write(path: Path, store: Store, variant: Any) -> int:
    """Write the database's games to ``path`` as CSV; the number of games written.

    A file that exists is replaced only when it is such a CSV already (its first line
    starts ``game,date,``): ``--csv notes.txt`` is refused, not emptied."""
    check_target(path)
    buffer = io.StringIO()
    out = csv.writer(buffer, lineterminator="\n")
    out.writerow(header(variant))
    count = 0
    for values in rows(store, variant):
        out.writerow(values)
        count += 1
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as file:
            file.write(buffer.getvalue())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise StorageError(
            _("cannot write the CSV file {path} ({problem})").format(
                path=path, problem=explain(exc)
            )
        ) from None
    return count


def check_target(path: Path) -> None:
    """ConfigError unless ``path`` may take the CSV: a new file, or a CSV of games."""
    first = ",".join(LEAD) + ","
    if path.is_dir():
        raise ConfigError(_("{path} is a folder; the CSV is a file").format(path=path))
    if path.exists():
        try:
            with path.open(encoding="utf-8", errors="replace") as file:
                seen = file.readline()
        except OSError:
            seen = ""
        if not seen.startswith(first):
            raise ConfigError(
                _(
                    "{path} already exists and is not a CSV of games: it would be overwritten; "
                    "choose another file, or move that one away"
                ).format(path=path)
            )


def stored_variant(store: Store, plugins: Any) -> Any:
    """The game a database's run played, from its stored settings; ConfigError if none."""
    settings = store.meta("settings")
    identity = settings.get("identity") if isinstance(settings, dict) else None
    if not isinstance(identity, dict) or not isinstance(identity.get("variant"), str):
        raise ConfigError(
            _("{db}: holds no tournament, match or league (no settings)").format(db=store.path)
        )
    name = identity["variant"]
    if name not in plugins.variants:
        raise ConfigError(
            _("{db}: its games are of {name!r}, which is not installed").format(
                db=store.path, name=name
            )
        )
    options = identity.get("variant_options") or {}
    try:
        return plugins.variants.create(name, options)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{store.path}: {exc}") from None
