"""Match equity: what a hand's result is worth in the match, so the expert plays the score.

The expert's playouts end in a hand result (who won, how many points); this module turns
it into the chance of winning the *match* from the score that result leads to, assuming
from then on two even sides (each decided hand is a coin toss).

* Chiva: the series is a small Markov chain (at most one counter above zero, 4-0 wins). A
  tie leaves the state as it is, and with even sides a state's value is exactly the mean
  of "win next" and "lose next", so in every state a tie is worth half a win: the expert
  maximises P(win) + P(tie)/2 of the hand, whatever the series says. The table is still
  computed from the series rule, so a variant with other numbers would be played right.
* Any other variant: a win is 1, a tie 1/2, a loss 0.
* Double-nine 100: the value of a score (ours, theirs) depends on the points at stake; it
  is computed once per process by dynamic programming over the distribution of points a
  won hand scores (measured in heuristic self-play, 1,271 won hands, in 5-point bins). Near
  the end this makes the expert care only about winning the hand (at 95 any win wins the
  match), in mid-match about points too.
"""

from __future__ import annotations

from functools import cache

# Won-hand points in double-nine, 5-point bins from 0-4 upwards (heuristic self-play).
POINTS_HISTOGRAM = (
    6,
    25,
    87,
    135,
    137,
    149,
    152,
    122,
    92,
    87,
    58,
    47,
    33,
    39,
    23,
    21,
    13,
    10,
    12,
    11,
    3,
    5,
    1,
    0,
    1,
    1,
)
TARGET = 100
SERIES_TO_WIN = 4


@cache
def double_nine_table() -> tuple[tuple[float, ...], ...]:
    """``V[a][b]``: the chance that the side at ``a`` points beats the side at ``b``, both
    below 100, with even sides from here."""
    total = sum(POINTS_HISTOGRAM)
    steps = [(5 * i + 2, n / total) for i, n in enumerate(POINTS_HISTOGRAM) if n]
    size = TARGET
    v = [[0.0] * size for _ in range(size)]
    for a in range(size - 1, -1, -1):
        row = v[a]
        for b in range(size - 1, -1, -1):
            win = lose = 0.0
            for x, p in steps:
                win += p * (1.0 if a + x >= size else v[a + x][b])
                lose += p * (0.0 if b + x >= size else row[b + x])
            row[b] = 0.5 * win + 0.5 * lose
    return tuple(tuple(r) for r in v)


def double_nine_value(ours: int, theirs: int) -> float:
    if ours >= TARGET and ours >= theirs:
        return 1.0
    if theirs >= TARGET:
        return 0.0
    return double_nine_table()[ours][theirs]


@cache
def chiva_values() -> dict[tuple[int, int], float]:
    """The chance that the side with series ``ours`` beats the side with ``theirs``."""
    # V(k, 0) = 1/2 V(k+1, 0) + 1/2 V(0, 0), V(4, 0) = 1, V(0, 0) = 1/2 by symmetry.
    v = {(SERIES_TO_WIN, 0): 1.0}
    for k in range(SERIES_TO_WIN - 1, 0, -1):
        v[(k, 0)] = 0.5 * v[(k + 1, 0)] + 0.25
    v[(0, 0)] = 0.5
    for k in range(1, SERIES_TO_WIN + 1):
        v[(0, k)] = 1.0 - v[(k, 0)]
    return v


def chiva_next(ours: int, theirs: int, we_win: bool) -> tuple[int, int]:
    """The series after a hand won by us (``we_win``) or by them (docs/rules.md, Chiva)."""
    if we_win:
        return (ours + 1, 0) if theirs == 0 else (0, 0)
    return (0, theirs + 1) if ours == 0 else (0, 0)


class Equity:
    """Values of hand results for one team at one score: ``value(winner_team, points)``."""

    def __init__(self, variant: str, team: int, scores: tuple[int, ...]) -> None:
        self.team = team
        ours = scores[team - 1]
        theirs = max((s for t, s in enumerate(scores, 1) if t != team), default=0)
        self.double_nine = variant == "double-nine-100"
        if variant not in ("chiva", "double-nine-100"):
            # A variant we know no score rule of: a won hand is simply worth more.
            self.tie, self.win, self.lose = 0.5, 1.0, 0.0
        elif self.double_nine:
            self.ours, self.theirs = ours, theirs
            self.tie = double_nine_value(ours, theirs)
            self._win = [double_nine_value(ours + p, theirs) for p in range(200)]
            self._lose = [double_nine_value(ours, theirs + p) for p in range(200)]
        else:
            v = chiva_values()
            clamp = min(ours, SERIES_TO_WIN - 1), min(theirs, SERIES_TO_WIN - 1)
            self.tie = v.get(clamp, 0.5)
            self.win = v.get(chiva_next(*clamp, True), 1.0)
            self.lose = v.get(chiva_next(*clamp, False), 0.0)

    @property
    def spread(self) -> float:
        """What winning the hand rather than losing it is worth now (typical points)."""
        if self.double_nine:
            typical = 37  # the mean of POINTS_HISTOGRAM
            return max(self._win[typical] - self._lose[typical], 1e-6)
        return max(self.win - self.lose, 1e-6)

    def value(self, winner: int, points: int) -> float:
        """The match equity after a hand won by team ``winner`` (0: a tie) for ``points``."""
        if winner == 0:
            return self.tie
        if self.double_nine:
            p = points if points < 200 else 199
            return self._win[p] if winner == self.team else self._lose[p]
        return self.win if winner == self.team else self.lose
