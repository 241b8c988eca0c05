"""The review: the expert's verdict on every decision of a match, from each seat's view.

:mod:`.judge` judges one decision from one view (and, apart, plays it out on the revealed
hands); :mod:`.walk` walks a match and collects the judgements; :mod:`.words` tells them.
``capicua review`` prints a review, the table's "Review this hand" marks the log with one
(docs/review.md).
"""

from .judge import BLUNDER, DEFAULT_LEVEL, LEVELS, MISTAKE, Hindsight, Judgement, judge
from .walk import Decision, MatchReview, replica, review_match

__all__ = [
    "BLUNDER",
    "DEFAULT_LEVEL",
    "LEVELS",
    "MISTAKE",
    "Decision",
    "Hindsight",
    "Judgement",
    "MatchReview",
    "judge",
    "replica",
    "review_match",
]
