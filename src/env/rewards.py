"""What a learning agent is rewarded for: won hands, points, won matches, in any mix.

A reward is a weighted sum of three signals, each zero-sum between the teams (the winners
get the amount, each other team its share of minus the amount, every seat of a team the
same):

* ``hand``: 1 for every hand won (a domino, a won block, the goal reached in play); a tie
  gives nothing;
* ``points``: what each team scored in the hand (:func:`hand_points`: the change of its
  score, points made during play included, counted against it where the lowest score
  wins), less the others' average; variants that score series instead of points (Chiva)
  score 0 points a hand, so use ``hand`` or ``match`` there;
* ``match``: 1 for the won match, at its end (shared among the teams that share a win).

``{"match": 1.0}`` is the default: the game's own goal. ``{"hand": 1.0, "match": 4.0}``
adds a signal at every hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core.variant import HandResult, Variant

KINDS = ("hand", "points", "match")
DEFAULT = {"match": 1.0}


@dataclass(frozen=True)
class Rewards:
    """The weights of the three signals; :meth:`parse` checks a mapping of them."""

    hand: float = 0.0
    points: float = 0.0
    match: float = 0.0

    @staticmethod
    def parse(weights: Mapping[str, float] | None) -> Rewards:
        """The weights in ``weights`` (None: the default, ``{"match": 1.0}``); ValueError
        naming a key that is not a signal or a weight that is not a finite number."""
        given = DEFAULT if weights is None else weights
        if not isinstance(given, Mapping):
            raise ValueError(
                f"rewards are a mapping of {', '.join(KINDS)} to weights, not {given!r}"
            )
        out = {}
        # Typed float, but each weight is whatever the caller passed: checked as an object.
        items: list[tuple[str, object]] = list(given.items())
        for key, value in items:
            if key not in KINDS:
                raise ValueError(f"no reward {key!r}: the rewards are {', '.join(KINDS)}")
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not math.isfinite(value)
            ):
                raise ValueError(
                    f"the weight of reward {key!r} must be a finite number, not {value!r}"
                )
            out[key] = float(value)
        return Rewards(**out)

    def of_hand(
        self, result: HandResult, teams: int, points: Sequence[float] | None = None
    ) -> dict[int, float]:
        """Each team's reward for a finished hand (empty when nothing was won or scored, or
        no weight). ``points`` are each team's points in the hand, team 1 first
        (:func:`hand_points`); without them the winners' ``result.points``."""
        if points is None:
            points = [result.points if t == result.team else 0 for t in range(1, teams + 1)]
        # Each team's own amount, then each less the others' average: zero-sum, and where
        # only the winners have an amount, they get it and the others share minus it.
        amount = [self.points * p for p in points]
        if result.team is not None:
            amount[result.team - 1] += self.hand
        total = sum(amount)
        if not any(amount):
            return {}
        return {t: a - (total - a) / (teams - 1) for t, a in enumerate(amount, 1)}

    def of_match(self, winners: int | Sequence[int], teams: int) -> dict[int, float]:
        """Each team's reward for the match won by team ``winners`` (or shared by the teams
        ``winners`` lists: they share the amount, the others share minus it)."""
        won = (winners,) if isinstance(winners, int) else tuple(winners)
        if not self.match or not won or len(won) == teams:
            return {}
        mine, theirs = self.match / len(won), -self.match / (teams - len(won))
        return {t: mine if t in won else theirs for t in range(1, teams + 1)}


def hand_points(variant: Variant, before: Sequence[int], result: HandResult) -> list[float]:
    """Each team's points in the finished hand ``result``, team 1 first, as the ``points``
    reward counts them: the change of its score from ``before`` (the scores as the hand
    began), points made during play included, negated where the lowest score wins (Mexican
    Train's pips). Series scoring (Chiva) counts what the hand scored, 0."""
    if variant.scoring == "series":
        return [
            float(result.points) if t == result.team else 0.0 for t in range(1, len(before) + 1)
        ]
    sign = -1.0 if variant.low_score_wins else 1.0
    return [sign * (after - was) for after, was in zip(result.scores, before, strict=True)]
