"""What the other seats' plays say about the tiles they still hold: the expert's reading.

A pass says for certain that a seat lacks the tiles it could have played (:meth:`View.lacks`,
used by :func:`~capicua.players.knowledge.sample_deal`). A play says something softer: a seat
that put down the 1-0 while it could have followed with the 6-6 probably does not hold the
6-6, because good players shed heavy tiles and doubles early, keep their partner able to
follow and make their opponents pass. This module turns that into a likelihood of a
sampled deal, so the expert can prefer the deals that explain the plays everybody made
(:mod:`capicua.players.chain` draws deals in proportion to it).

The model of a player: among the tiles it could play at a turn, it picks tile ``t`` with
probability proportional to ``exp(strength * score(t))``, where ``score`` is the
heuristic's score of that play counting only its *public* terms
(:func:`capicua.players.heuristic.public_scorer`: pips and doubles, covering and
supporting, the chances that each seat can follow, the passes it forces), reckoned from
what that seat could see at that moment. The terms that need the rest of its hand are
left out: they are what is unknown (in a whole sampled deal the rest of each hand is
known, and :meth:`Reading.hand_ratio` weighs such a deal by those terms too; the expert
does so in Chiva). ``strength`` 0 reads nothing (every consistent deal weighs the same);
larger values trust the model more. Its likeliest tile is the one the heuristic played in
82% of its choices among two or more tiles (heuristic self-play, both games) and the one
the expert played in 71.5% (the expert's double-nine play). The tiles a seat could play
at an earlier turn are the tiles it holds now in the sampled deal plus those it has
played since, all known, so the likelihood of a deal is a product over the other seats'
plays of this hand and costs about one pass over each sampled hand per play.

Everything read here is public (the history of this hand, from the view), so the reading
is fair: ``tests/players/test_fair_play.py`` covers the expert with it.
"""

from __future__ import annotations

import math

from ..core.actions import Play
from ..core.tiles import tile_set
from ..core.view import View
from .heuristic import PAIR_INDEX, W, public_scorer
from .knowledge import HandWalk, Knowledge
from .sim import HI, LO


class Reading:
    """The likelihood model of one decision: the other seats' plays of this hand, each with
    the weight of every tile it could have played then and the summed weight of the tiles
    it has played since."""

    __slots__ = ("plays", "steps", "strength")

    def __init__(self, view: View, k: Knowledge, strength: float) -> None:
        self.strength = strength
        #: Per play of another seat: (seat, per tile index the weight of that tile if it
        #: could have been played then or else 0, the summed weight of the tiles the seat
        #: has played since that could have been played then).
        self.steps: list[tuple[int, list[float], float]] = []
        #: Per step: (the tile played, the tiles its seat played from then on, that one
        #: included, the line's ends before the play); :meth:`hand_ratio` needs them.
        self.plays: list[tuple[int, list[int], int, int]] = []
        if strength <= 0:
            return
        for seat, past, scorer in _moments(view, k):
            left, right = past.left, past.right
            # The tiles that seat might have held then: unseen by this seat now, or played
            # by that seat from then on (the others' later plays were never in its hand).
            could = k.unseen + past.hand
            scores: dict[int, float] = {}
            for t in could:
                if left < 0:
                    scores[t] = scorer(t, None)
                    continue
                best = None
                if HI[t] == left or LO[t] == left:
                    best = scorer(t, "left")
                if HI[t] == right or LO[t] == right:  # equal ends: owners may differ
                    v = scorer(t, "right")
                    best = v if best is None else max(best, v)
                if best is not None:
                    scores[t] = best
            top = max(scores.values())
            fit = [0.0] * len(HI)
            for t, v in scores.items():
                fit[t] = math.exp(strength * (v - top))
            since = sum(fit[u] for u in past.hand)
            self.steps.append((seat, fit, since))
            # ``past.hand`` runs from the seat's last play back to this one.
            self.plays.append((past.hand[-1], past.hand, left, right))

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

    def hand_ratio(self, hands: list[list[int]]) -> float:
        """How much likelier the plays are in the deal ``hands`` once the heuristic's terms
        about the rest of the hand are counted too, relative to :meth:`weight`'s model.

        :meth:`weight` scores each play by the heuristic's public terms only, so that a
        swap of two tiles changes just the sum of the swapped tiles' weights (cheap enough
        for every step of the chain). In a whole sampled deal the rest of each hand is
        known, and the heuristic's terms about it can be added: the tiles that still fit
        the new ends, the numbers kept, the control of an end (:func:`hand_value`). The
        ratio of the two models' likelihoods weighs each of the chain's samples, so the
        search sees the deals that explain why a seat kept what it kept. A lead keeps its
        public terms only (the heuristic picks a lead by its long suit, left out here)."""
        s = self.strength
        exp = math.exp
        w = 1.0
        counts = [0] * len(NUMBERS)
        for (seat, fit, _), (chosen, later, left, right) in zip(
            self.steps, self.plays, strict=True
        ):
            if left < 0:
                continue
            held = hands[seat] + later
            for n in NUMBERS:
                counts[n] = 0
            for x in held:
                counts[HI[x]] += 1
                if HI[x] != LO[x]:
                    counts[LO[x]] += 1
            public = full = mine = 0.0
            for u in held:
                f = fit[u]
                if not f:
                    continue
                e = exp(s * hand_value(u, left, right, counts, held))
                public += f
                full += f * e
                if u == chosen:
                    mine = e
            w *= mine * public / full
        return w


#: Every number a tile may show (a double-twelve set at most), for :func:`hand_value`.
NUMBERS = range(max(HI) + 1)


def hand_value(tile: int, left: int, right: int, counts: list[int], held: list[int]) -> float:
    """The heuristic's terms about the rest of the hand for playing ``tile`` on the line
    ``left|right`` from ``held`` (``counts``: how many of ``held`` show each number, a double
    once): the tiles of the rest that fit the new ends (``follow``), the numbers the rest
    shows (``variety``), and each new end the rest holds two or more of (``control``), with
    the heuristic's weights (:data:`capicua.players.heuristic.W`); the better end when the
    tile fits both. ``tests/players/test_inference.py`` checks it against the heuristic's
    own terms. ``counts`` is restored before returning."""
    h, lo = HI[tile], LO[tile]
    counts[h] -= 1
    if h != lo:
        counts[lo] -= 1
    best = None
    for number, other in ((left, right), (right, left)):
        if h != number and lo != number:
            continue
        a = lo if h == number else h
        if a == other:
            v = W["follow"] * counts[a]
            if counts[a] >= 2:
                v += W["control"] * counts[a]
        else:
            follow = counts[a] + counts[other]
            pair = PAIR_INDEX[a][other]
            if pair != tile and pair in held:
                follow -= 1  # the tile showing both was counted under each
            v = W["follow"] * follow
            if counts[a] >= 2:
                v += W["control"] * counts[a]
            if counts[other] >= 2:
                v += W["control"] * counts[other]
        if best is None or v > best:
            best = v
    assert best is not None  # the tile fits an end of the line (the callers play it there)
    numbers = sum(1 for c in counts if c)
    if numbers > 1:
        best += W["variety"] * numbers
    counts[h] += 1
    if h != lo:
        counts[lo] += 1
    return best


def _moments(view: View, k: Knowledge):
    """For each play of this hand by another seat that was a choice (not a lead the rules
    forced): (seat, what that seat knew then as a :class:`Knowledge` whose ``hand`` is the
    tiles it played from then on, the heuristic's public scorer of that moment)."""
    info = view.variant
    seats = info.seats
    history = [(seat - 1, action) for seat, action in view.history]
    counts = list(view.counts)
    for seat, action in history:
        if isinstance(action, Play):
            counts[seat] += 1  # the counts as dealt
    later: list[list[int]] = [[] for _ in range(seats)]
    plays_from: list[list[int]] = []  # per step, the tiles its seat plays from then on
    for seat, action in reversed(history):
        if isinstance(action, Play):
            later[seat].append(action.tile.index)
        plays_from.append(list(later[seat]))
    plays_from.reverse()
    every = [t.index for t in tile_set(info.max_pip)]
    played: set[int] = set()
    walk = HandWalk(seats, info.max_pip, dict(view.told))
    for i, (seat, action) in enumerate(history):
        if (
            isinstance(action, Play)
            and seat != k.me
            and not (walk.left < 0 and view.forced_opening is not None)
        ):
            hand = plays_from[i]
            known = set(hand)
            past = Knowledge(
                me=seat,
                seats=seats,
                max_pip=info.max_pip,
                hand=hand,
                left=walk.left,
                right=walk.right,
                counts=counts[:],
                void=walk.void[:],
                lacks=walk.lacks[:],
                unseen=[u for u in every if u not in played and u not in known],
                unused=0,
                exposed=[e[:] for e in walk.exposed],
                end_owner=walk.owner,
            )
            yield seat, past, public_scorer(info, past)
        if isinstance(action, Play):
            played.add(action.tile.index)
            counts[seat] -= 1
        walk.apply(seat, action)
