"""Duplicate pairs between two players: their lineups, and what a finished pair says.

``capicua match`` and ``capicua league`` seat one player in every seat of the first team and
the other in every seat of the second (in Chiva, seats 1+3 against 2+4), then play each deal
twice with the teams exchanged (:mod:`.play` plans the games). A pair's outcome is the first
player's points over its two games: a won game is 1, a drawn one 1/2, a lost one 0.

A game of more than two sides (Draw for three, Mexican Train for five: each seat on its
own, or three teams) seats the two players alternately by team (:func:`arrangements`), and
plays each deal in as many pairs as it takes for each of them to sit in every seat: each
pair is one arrangement and its complement, every seat given to the other player.

A game that ended in an error says nothing about how well either player plays: a player
that raised or overran its time, a setting no player could meet, an observer plugin or the
engine stopping it. Nothing is decided from it: its pair is left out of the figures and the
test (counted as *void*), and the commands list the errors (:func:`noting_errors`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..i18n import _
from .config import ConfigError


def lineup(variant: Any, first: Any, second: Any) -> dict[int, Any]:
    """Seat entries with ``first`` in every seat of the variant's first team and ``second``
    in every seat of its second; ConfigError for a variant without two equal teams."""
    teams = variant.teams
    if len(teams) != 2 or len(teams[0]) != len(teams[1]):
        raise ConfigError(
            _("duplicate pairs need two teams of equal size; {variant} has teams {teams}").format(
                variant=variant.name, teams=[list(t) for t in teams]
            )
        )
    seats = {s: first for s in teams[0]}
    seats.update({s: second for s in teams[1]})
    return dict(sorted(seats.items()))


def arrangements(variant: Any) -> tuple[tuple[int, ...], ...]:
    """The first player's seats in the first game of each pair a deal is played in: the
    teams alternately the first player's and the second's (seat on its own is a team of
    one), rotated by one team at a time, leaving out a rotation whose complement is already
    in (it is that pair's second game). Two teams are one arrangement, A in the first team;
    Draw at three seats is three, ``(1, 3), (1, 2), (2, 3)``. ConfigError for teams of
    unequal sizes, which no rotation makes fair."""
    teams = variant.teams
    if len({len(team) for team in teams}) != 1:
        raise ConfigError(
            _("duplicate pairs need teams of equal size; {variant} has teams {teams}").format(
                variant=variant.name, teams=[list(t) for t in teams]
            )
        )
    n = len(teams)
    seen: list[tuple[bool, ...]] = []
    found = []
    for r in range(n):
        mask = tuple((i - r) % n % 2 == 0 for i in range(n))
        if mask in seen or tuple(not x for x in mask) in seen:
            continue
        seen.append(mask)
        found.append(tuple(sorted(s for i, team in enumerate(teams) if mask[i] for s in team)))
    return tuple(found)


def seated(count: int, seats: tuple[int, ...], first: Any, second: Any) -> dict[int, Any]:
    """Seat entries of a game of ``count`` seats, ``first`` in ``seats`` (an arrangement)
    and ``second`` in the others."""
    return {s: first if s in seats else second for s in range(1, count + 1)}


def sides(teams: Any, arranged: tuple[tuple[int, ...], ...], index: int) -> frozenset[int]:
    """The teams the first player holds in game ``index`` of a run of duplicate pairs over
    ``arranged`` (:func:`arrangements`): the arrangement's in a pair's first game, the
    others in its second."""
    mine = set(arranged[(index // 2) % len(arranged)])
    held = {i for i, team in enumerate(teams, 1) if mine.issuperset(team)}
    if index % 2:
        held = set(range(1, len(teams) + 1)) - held
    return frozenset(held)


def game_points(
    facts: dict, error: dict | None, first_team: int | frozenset[int], teams: Any
) -> float | None:
    """The first player's points in one game (1, 1/2 or 0); ``None`` for a game that ended
    in an error, which says nothing about the players. ``first_team`` is the team it holds
    (or, in a game of more sides, the teams): a win shared between its teams and the other
    player's is a draw."""
    if error is not None:
        return None
    mine = {first_team} if isinstance(first_team, int) else first_team
    winners = facts.get("winners") or ([facts["winner"]] if facts.get("winner") else [])
    if not winners:
        return 0.5
    held = [w in mine for w in winners]
    return 1.0 if all(held) else 0.0 if not any(held) else 0.5


@dataclass
class PairTally:
    """Pentanomial counts of finished pairs, fed games in index order.

    ``index_of`` maps a game index to its pair's key (for a league: which pairing) and
    whether the first player sits in the first team in that game.
    """

    teams: Any
    counts: dict[Any, list[int]] = field(default_factory=dict)
    void: dict[Any, int] = field(default_factory=dict)
    _half: dict[Any, float | None] = field(default_factory=dict)

    def add(self, key: Any, second: bool, points: float | None) -> int | None:
        """One game of pairing ``key``: its first (``second=False``) or second game.
        Returns the pair's outcome in half points (0 to 4) when the pair is complete and
        counts, else ``None``."""
        counts = self.counts.setdefault(key, [0, 0, 0, 0, 0])
        if not second:
            self._half[key] = points
            return None
        first = self._half.pop(key, None)
        if first is None or points is None:
            self.void[key] = self.void.get(key, 0) + 1
            return None
        outcome = round(2 * (first + points))
        counts[outcome] += 1
        return outcome


#: The errors a summary lists (the count says how many in all).
ERRORS_LISTED = 20


@dataclass
class Errors:
    """The games that ended in an error, as their rows go by: how many, and the first few."""

    count: int = 0
    listed: list[dict[str, Any]] = field(default_factory=list)

    def note(self, index: int, error: dict) -> None:
        self.count += 1
        if len(self.listed) < ERRORS_LISTED:
            entry = {"game": index, **{k: error.get(k) for k in ("seat", "player", "reason")}}
            self.listed.append(entry)


def noting_errors(
    rows: Iterable[tuple[int, int, dict, dict | None]], errors: Errors
) -> Iterator[tuple[int, int, dict, dict | None]]:
    """``rows`` as they are, each game that ended in an error noted in ``errors``."""
    for row in rows:
        if row[3] is not None:
            errors.note(row[0], row[3])
        yield row


def pair_games(
    rows: Iterable[tuple[int, int, dict, dict | None]],
    lineups: int,
    teams: Any,
    held: Callable[[int], frozenset[int]] | None = None,
) -> Iterator[tuple[int, int, bool, float | None]]:
    """``(game index, lineup, second game of its pair, first player's points)`` for each
    game of ``rows`` (as the store yields them), the lineup's first player being in the
    first team in the pair's first game and in the second team in its second; or, given
    ``held``, in the teams ``held(index)`` says (a game of more sides, :func:`sides`)."""
    for index, _seed, facts, error in rows:
        second = index % 2 == 1
        which = (index // 2) % lineups
        mine = held(index) if held is not None else 2 if second else 1
        yield index, which, second, game_points(facts, error, mine, teams)
