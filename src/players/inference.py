"""What the other seats' plays say about the tiles they still hold: the expert's reading.

A pass says for certain that a seat lacks the open numbers (:meth:`View.voids`, used by
:func:`~capicua.players.knowledge.sample_deal`). A play says something softer. Players
shed heavy tiles and doubles early: a seat that put down the 1-0 while it could have
followed with the 6-6 probably does not hold the 6-6. This module turns that habit into a
likelihood of a sampled deal, so the expert can weigh each sample by how well it explains
the plays everybody made (importance sampling: the samples are dealt uniformly among the
deals the passes and counts allow, and each counts in proportion to its likelihood).

The model of a player: among the tiles it could play at a turn, it picks tile ``t`` with
probability proportional to ``exp(strength * habit(t))``, where ``habit`` is the part of
the heuristic's score that every sensible player shares (half a point per pip, 15 for a
double; see :data:`capicua.players.heuristic.W`). ``strength`` 0 reads nothing (every
consistent deal weighs the same); larger values trust the habit more. The tiles a seat
could play at an earlier turn are the tiles it holds now in the sampled deal plus those it
has played since, all known, so the likelihood of a deal is a product over the other
seats' plays of this hand and costs about one pass over each sampled hand per play.

Everything read here is public (the history of this hand, from the view), so the reading
is fair: ``tests/players/test_fair_play.py`` covers the expert with it.
"""

from __future__ import annotations

import math

from ..core.actions import Play
from ..core.view import View
from .heuristic import W
from .knowledge import Knowledge
from .sim import DOUBLE, HI, LO, PIPS


def habit(tile: int) -> float:
    """How much any sensible player wants to be rid of ``tile``: pips and doubles."""
    return W["pips"] * PIPS[tile] + (W["double"] if DOUBLE[tile] else 0.0)


class Reading:
    """The likelihood model of one decision: the other seats' plays of this hand, each with
    the numbers it could have followed and the known part of what it could have played."""

    __slots__ = ("steps", "strength")

    def __init__(self, view: View, k: Knowledge, strength: float) -> None:
        self.strength = strength
        #: Per play of another seat: (seat, per tile index the weight of that tile if it
        #: could have been played then or else 0, the summed weight of the tiles the seat
        #: has played since that could have been played then).
        self.steps: list[tuple[int, list[float], float]] = []
        if strength <= 0:
            return
        weights = [math.exp(strength * habit(t)) for t in range(len(HI))]
        plays: list[tuple[int, int, int, int]] = []  # (seat, tile, left, right) before it
        left = right = -1
        for seat, action, new_left, new_right in view.steps():
            if isinstance(action, Play):
                plays.append((seat - 1, action.tile.index, left, right))
                left, right = new_left, new_right
        for i, (seat, _, left, right) in enumerate(plays):
            if seat == k.me or (left < 0 and view.forced_opening is not None):
                # A lead the rules forced (Chiva's 6-6) was no choice and says nothing.
                continue
            if left < 0:  # the lead: any tile could have opened
                fit = weights
            else:
                fit = [w if HI[t] in (left, right) or LO[t] in (left, right) else 0.0
                       for t, w in enumerate(weights)]
            since = sum(fit[u] for s, u, _, _ in plays[i:] if s == seat)
            self.steps.append((seat, fit, since))

    def __bool__(self) -> bool:
        return bool(self.steps)

    def weight(self, hands: list[list[int]]) -> float:
        """The likelihood of the plays made if the deal was ``hands`` (up to a factor
        that is the same for every deal, so only ratios between deals mean anything)."""
        w = 1.0
        for seat, fit, since in self.steps:
            total = since
            for u in hands[seat]:
                total += fit[u]
            w /= total
        return w
