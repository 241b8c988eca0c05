"""Match equity: what a hand's result is worth in the match, so the expert plays the score.

The expert's playouts end in a hand result (who won, how many points); this module turns
it into the chance of winning the *match* from the score that result leads to (the
variant's own ``next_scores`` and ``match_winner``), assuming from then on even sides
(each decided hand is won by each team alike). How that chance is reckoned follows the
variant's goal (:attr:`~capicua.core.variant.Variant.goal`):

* a game scored in series (Chiva: four won hands in a row, a win against a series only
  breaks it) is a small Markov chain over the scores the variant's ``next_scores`` leads
  to, solved exactly. In Chiva a tie leaves the state as it is, and with even sides a
  state's value is exactly the mean of "win next" and "lose next", so in every state a tie
  is worth half a win: the expert maximises P(win) + P(tie)/2 of the hand whatever the
  series says;
* a game scored in points is a race: each side needs :meth:`Variant.to_go
  <capicua.core.variant.Variant.to_go>` more points, and a won hand scores what the
  variant's :attr:`~capicua.core.variant.Tuning.won_points` says won hands score (in
  double-nine measured in heuristic self-play, 1,271 won hands, in 5-point bins; for a game
  that gives none, measured once per process by playing hands of it in the simulator). The
  chance to win the race is computed once by dynamic programming. Near the end this makes
  the expert care only about winning the hand (at 95 of 100 any win wins the match), in
  mid-match about points too;
* a game without a goal: a win is 1, a tie 1/2, a loss 0.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from ..core.tiles import tile_set
from ..core.variant import Variant

#: A game scored in series with more reachable scores than this is reckoned as a race.
MOST_STATES = 5_000
#: A chain of at most this many scores is solved exactly (in fractions), a longer one by
#: value iteration.
EXACT_STATES = 60
#: Hands played in the simulator to measure what a won hand scores, for a game that does
#: not say (:func:`won_points`).
MEASURED_HANDS = 2_000
#: The most distinct point values the race's table is computed over (more are binned).
MOST_STEPS = 30


def _key(variant: Variant) -> tuple[type[Variant], tuple[tuple[str, Any], ...]]:
    return type(variant), variant.chosen


def won_points(variant: Variant) -> tuple[tuple[int, float], ...]:
    """What won hands of ``variant`` score, as ``(points, probability)`` pairs: its tuning's
    measured histogram, or else measured in the simulator (cached per class and options)."""
    return _won_points(*_key(variant))


@functools.cache
def _won_points(
    cls: type[Variant], options: tuple[tuple[str, Any], ...]
) -> tuple[tuple[int, float], ...]:
    variant = cls(**dict(options))
    counts = variant.tuning.won_points
    if counts is None:
        counts = _measure(variant)
    return histogram(counts) or ((0, 1.0),)


def histogram(counts: Iterable[tuple[int, int]], least: int = 0) -> tuple[tuple[int, float], ...]:
    """Counts of points as ``(points, probability)`` pairs, in at most :data:`MOST_STEPS`
    steps (bins of equal width, each at the mean of the points it holds, no less than
    ``least``), so that a race table over them stays small; empty when nothing was counted."""
    pairs = sorted((p, n) for p, n in counts if n)
    total = sum(n for _, n in pairs)
    if not total:
        return ()
    if len(pairs) > MOST_STEPS:
        width = math.ceil((pairs[-1][0] + 1) / MOST_STEPS)
        bins: dict[int, list[int]] = {}
        for p, n in pairs:
            b = bins.setdefault(p // width, [0, 0])
            b[0] += p * n
            b[1] += n
        pairs = [(max(least, round(s / n)), n) for s, n in (bins[k] for k in sorted(bins))]
    return tuple((p, n / total) for p, n in pairs)


def _measure(variant: Variant) -> tuple[tuple[int, int], ...]:
    """Points of the won hands among :data:`MEASURED_HANDS` hands dealt at random and played
    by the simulator's policy under the variant's rules (a fixed seed: the same figures in
    every process)."""
    from .sim import held_counts, playout, rules_for  # sim imports nothing of this module

    rules = rules_for(variant)
    rng = random.Random(0)
    every = [t.index for t in tile_set(variant.max_pip)]
    size, seats = variant.hand_size, variant.seats
    counts: dict[int, int] = {}
    for i in range(MEASURED_HANDS):
        rng.shuffle(every)
        hands = [every[s * size : (s + 1) * size] for s in range(seats)]
        team, points = playout(hands, held_counts(hands, variant.max_pip), -1, -1, i % seats, rules)
        if team:
            counts[points] = counts.get(points, 0) + 1
    return tuple(sorted(counts.items()))


@functools.cache
def race_table(size: int, steps: tuple[tuple[int, float], ...]) -> tuple[tuple[float, ...], ...]:
    """``R[x][y]``: the chance that the side ``x`` points from the goal beats the side ``y``
    from it (``1 <= x, y <= size``; row and column 0 unused), each hand won by either side
    alike and scoring ``p`` points with the probability ``steps`` gives it."""
    r = [[0.0] * (size + 1) for _ in range(size + 1)]
    for x in range(1, size + 1):
        row = r[x]
        for y in range(1, size + 1):
            win = lose = 0.0
            for p, q in steps:
                win += q * (1.0 if p >= x else r[x - p][y])
                lose += q * (0.0 if p >= y else row[y - p])
            row[y] = 0.5 * win + 0.5 * lose
    return tuple(tuple(row) for row in r)


class MatchModel:
    """The chance that ``team`` wins the match from a score, with even sides from there."""

    def __init__(self, variant: Variant, team: int) -> None:
        self.variant, self.team = variant, team
        self.teams = len(variant.teams)
        self.series = variant.scoring == "series"
        self._values: dict[tuple[int, ...], float] = {}
        self._race: tuple[tuple[float, ...], ...] | None = None

    def chance(self, scores: tuple[int, ...]) -> float:
        v = self.variant
        winner = v.match_winner(scores)
        if winner is not None:
            return 1.0 if winner == self.team else 0.0
        if self.series:
            value = self._values.get(scores)
            if value is None and self._solve(scores):
                value = self._values[scores]
            if value is not None:
                return value
        return self._race_chance(scores)

    def _solve(self, start: tuple[int, ...]) -> bool:
        """Value iteration over the scores reachable from ``start`` (won hands only: a
        series game's ties change nothing); False if there are too many of them."""
        v = self.variant
        teams = range(1, self.teams + 1)
        nexts: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        final: dict[tuple[int, ...], float] = {}
        todo = [start]
        while todo:
            s = todo.pop()
            if s in nexts or s in final:
                continue
            w = v.match_winner(s)
            if w is not None:
                final[s] = 1.0 if w == self.team else 0.0
                continue
            if len(nexts) >= MOST_STATES:
                return False
            nexts[s] = [v.next_scores(s, t, 0) for t in teams]
            todo.extend(nexts[s])
        values: dict[tuple[int, ...], float] = dict(final)
        if len(nexts) <= EXACT_STATES:
            values.update(_exact(nexts, final))
            self._values.update(values)
            return True
        values.update(dict.fromkeys(nexts, 0.5))
        for _ in range(100_000):
            change = 0.0
            for s, after in nexts.items():
                new = sum(values[a] for a in after) / len(after)
                change = max(change, abs(new - values[s]))
                values[s] = new
            if change < 1e-13:
                break
        self._values.update(values)
        return True

    def _race_chance(self, scores: tuple[int, ...]) -> float:
        v = self.variant
        goal = v.goal
        assert goal is not None  # Equity asks a model only of a variant with a goal
        if self._race is None:
            self._race = race_table(goal, won_points(v))
        ours = v.to_go(scores, self.team) or 0
        theirs = min(
            (v.to_go(scores, t) or 0 for t in range(1, self.teams + 1) if t != self.team),
            default=goal,
        )
        if ours <= 0:
            return 1.0
        if theirs <= 0:
            return 0.0
        return self._race[min(ours, goal)][min(theirs, goal)]


def _exact(
    nexts: dict[tuple[int, ...], list[tuple[int, ...]]], final: dict[tuple[int, ...], float]
) -> dict[tuple[int, ...], float]:
    """Solve ``V(s) = mean of V(after)`` over the scores ``nexts`` exactly (Gauss-Jordan in
    fractions), the match's end states valued as ``final`` says."""
    states = list(nexts)
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    rows: list[list[Fraction]] = []
    for s in states:
        row = [Fraction(0)] * (n + 1)
        row[index[s]] += 1
        share = Fraction(1, len(nexts[s]))
        for a in nexts[s]:
            if a in index:
                row[index[a]] -= share
            else:
                row[n] += share * Fraction(final[a])
        rows.append(row)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                f = rows[r][col]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[col], strict=True)]
    return {s: float(rows[index[s]][n]) for s in states}


@functools.cache
def match_model(cls: type[Variant], options: tuple[tuple[str, Any], ...], team: int) -> MatchModel:
    """The :class:`MatchModel` of ``team`` in a variant, one per process."""
    return MatchModel(cls(**dict(options)), team)


class Equity:
    """Values of hand results for one team at one score: ``value(winner_team, points)``."""

    def __init__(self, variant: Variant, team: int, scores: tuple[int, ...]) -> None:
        self.team = team
        self.scores = scores
        self._memo: dict[int, float] = {}
        self._typical = 0
        if variant.goal is None:
            # A game without a goal to reckon from: a won hand is simply worth more.
            self._chance: Callable[[tuple[int, ...]], float] | None = None
            self.variant = variant
            self.tie, self._win, self._lose = 0.5, 1.0, 0.0
            return
        self.variant = variant
        model = match_model(*_key(variant), team)
        self._chance = model.chance
        self.tie = model.chance(variant.next_scores(scores, None, 0))
        if variant.scoring != "series":
            steps = won_points(variant)
            self._typical = round(sum(p * q for p, q in steps))
        self._other = next(t for t in range(1, len(variant.teams) + 1) if t != team)

    @property
    def spread(self) -> float:
        """What winning the hand rather than losing it is worth now (typical points)."""
        if self._chance is None:
            return self._win - self._lose
        typical = self._typical
        return max(self.value(self.team, typical) - self.value(self._other, typical), 1e-6)

    def value(self, winner: int, points: int) -> float:
        """The match equity after a hand won by team ``winner`` (0: a tie) for ``points``."""
        if winner == 0:
            return self.tie
        key = winner << 20 | points
        value = self._memo.get(key)
        if value is None:
            if self._chance is None:
                value = self._win if winner == self.team else self._lose
            else:
                value = self._chance(self.variant.next_scores(self.scores, winner, points))
            self._memo[key] = value
        return value
