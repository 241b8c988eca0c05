"""What a search says of a decision: its candidates with what the sampled deals said of each.

The expert's searches (:mod:`capicua.players.expert` for the block game's line,
:mod:`capicua.players.general` for games with rules of their own) answer with an
:class:`Analysis`; the expert plays its best candidate, the hints and the review
(:mod:`capicua.review`) read all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.actions import Action


@dataclass(slots=True)
class Candidate:
    """One candidate move and what the samples said about it."""

    action: Action
    prior: float  # the heuristic's score, for breaking ties and for words
    samples: int = 0
    weight: float = 0.0  # summed weights of the samples (how well each explains the plays)
    total: float = 0.0  # summed match equity, each sample's weighted
    won: float = 0.0  # weighted samples in which the hand is won (a tie counts half)

    @property
    def value(self) -> float:
        """Mean match equity over the samples (weighted)."""
        return self.total / self.weight if self.weight else 0.0

    @property
    def win_rate(self) -> float:
        """The share of the samples in which the hand is won (ties half; weighted)."""
        return self.won / self.weight if self.weight else 0.0


@dataclass(slots=True)
class Analysis:
    """The result of one search: candidates best first, and how many deals were sampled."""

    candidates: list[Candidate] = field(default_factory=list)
    samples: int = 0
    reason: str = ""  # set when no search was needed (a single move, going out)
    read: bool = False  # the samples were drawn to fit the plays seen, not uniformly

    @property
    def best(self) -> Action:
        return self.candidates[0].action
