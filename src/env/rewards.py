"""What a learning agent is rewarded for: won hands, points, won matches, in any mix.

A reward is a weighted sum of three signals, each zero-sum between the teams (the winners
get the amount, each other team its share of minus the amount, every seat of a team the
same):

* ``hand``: 1 for every hand won (a domino or a won block); a tie gives nothing;
* ``points``: what the hand scored (``HandResult.points``); variants that score series
  instead of points (Chiva) score 0 points a hand, so use ``hand`` or ``match`` there;
* ``match``: 1 for the won match, at its end.

``{"match": 1.0}`` is the default: the game's own goal. ``{"hand": 1.0, "match": 4.0}``
adds a signal at every hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from ..core.variant import HandResult

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

    def of_hand(self, result: HandResult, teams: int) -> dict[int, float]:
        """Each team's reward for a finished hand (empty for a tie or no weight)."""
        if result.team is None:
            return {}
        amount = self.hand + self.points * result.points
        return _split(result.team, amount, teams) if amount else {}

    def of_match(self, winner: int, teams: int) -> dict[int, float]:
        """Each team's reward for the match won by team ``winner``."""
        return _split(winner, self.match, teams) if self.match else {}


def _split(winner: int, amount: float, teams: int) -> dict[int, float]:
    """``amount`` to the winners, minus it shared among the other teams."""
    share = -amount / (teams - 1)
    return {t: amount if t == winner else share for t in range(1, teams + 1)}
