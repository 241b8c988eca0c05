"""A match reviewed: every decision of the chosen seats and hands, judged from its view.

:func:`review_match` walks a match (a replayed record, or the table's match) move by move
on a copy of its own, so the match given is never changed and may be read by another
thread meanwhile only if the caller gives it a copy (:func:`replica`). At each play
decision of a chosen seat it hands :func:`~capicua.review.judge.judge` that seat's view
and nothing else; separately, and only when asked, it plays the candidates out on the
revealed hands (:func:`~capicua.review.judge.hindsight`). Forced moves (a pass, a single
tile, the last tile), the draw for first lead, the blind choice of leader and redeal claims
are not judged: there is nothing to choose, or nothing the search can tell apart.

:class:`MatchReview` holds the result: the decisions in order, a summary per seat, and
:meth:`MatchReview.to_json` for ``capicua review --json``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from ..core.match import PLAY, Match
from .judge import DEFAULT_LEVEL, LEVELS, Hindsight, Judgement, hindsight, is_decision, judge


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged decision and where it was taken."""

    hand: int  # hand number, from 1
    move: int  # index of the action among its hand's plays and passes, from 0
    index: int  # index of the action in the whole match's moves, from 0
    seat: int
    judgement: Judgement
    hindsight: Hindsight | None  # None unless asked for

    @property
    def key(self) -> tuple[int, int]:
        """``(hand, move)``: how the table's log finds the move."""
        return (self.hand, self.move)


@dataclass
class SeatSummary:
    """One seat's decisions in a review."""

    decisions: int = 0
    mistakes: int = 0
    blunders: int = 0
    loss: float = 0.0  # summed loss, in hands

    @property
    def mean_loss(self) -> float:
        return self.loss / self.decisions if self.decisions else 0.0


@dataclass
class MatchReview:
    """Every judged decision of a match, in order (see the module docstring)."""

    variant: str
    seed: int
    level: str
    review_seed: int
    seats: tuple[int, ...]
    hands: tuple[int, ...]  # the hands reviewed
    decisions: list[Decision] = field(default_factory=list)
    forced: int = 0  # moves of the chosen seats and hands with nothing to choose

    @property
    def samples(self) -> int:
        return LEVELS[self.level]

    def by_key(self) -> dict[tuple[int, int], Decision]:
        return {d.key: d for d in self.decisions}

    def summary(self) -> dict[int, SeatSummary]:
        out = {s: SeatSummary() for s in self.seats}
        for d in self.decisions:
            s = out[d.seat]
            s.decisions += 1
            s.loss += d.judgement.loss
            if d.judgement.mark == "mistake":
                s.mistakes += 1
            elif d.judgement.mark == "blunder":
                s.blunders += 1
        return out

    def to_json(self) -> dict[str, Any]:
        """The review as plain JSON values (figures rounded to 4 places)."""
        return {
            "variant": self.variant,
            "seed": self.seed,
            "level": self.level,
            "samples": self.samples,
            "review_seed": self.review_seed,
            "seats": list(self.seats),
            "hands": list(self.hands),
            "forced": self.forced,
            "decisions": [_decision_json(d) for d in self.decisions],
            "summary": {
                str(s): {
                    "decisions": x.decisions,
                    "mistakes": x.mistakes,
                    "blunders": x.blunders,
                    "mean_loss": round(x.mean_loss, 4),
                }
                for s, x in self.summary().items()
            },
        }


def replica(match: Match) -> Match:
    """A match of its own in the same position: the same chance events and the same actions
    (for a review in another thread while the table goes on with the original)."""
    copy = match.variant.new_match(match.seed, match.dealer.used())
    for action in match.actions:
        copy.apply(action)
    return copy


def review_match(
    match: Match,
    *,
    seats: Collection[int] | None = None,
    hands: Collection[int] | None = None,
    level: str = DEFAULT_LEVEL,
    seed: int = 0,
    with_hindsight: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> MatchReview:
    """Review the decisions ``match`` holds so far: those of ``seats`` (default every seat)
    in ``hands`` (default every hand), at review ``level`` with the review ``seed``.
    ``progress(done, total)`` is called after each decision judged. ValueError for a
    level, seat or hand the match has not."""
    if level not in LEVELS:
        raise ValueError(f"the review level is one of {', '.join(LEVELS)}, not {level!r}")
    n = match.variant.seats
    chosen = tuple(sorted(seats)) if seats is not None else tuple(range(1, n + 1))
    for s in chosen:
        if not 1 <= s <= n:
            raise ValueError(f"there is no seat {s}: {match.variant.title} has seats 1 to {n}")
    dealt = len(match.hands_log)
    wanted = tuple(sorted(hands)) if hands is not None else tuple(range(1, dealt + 1))
    for h in wanted:
        if not 1 <= h <= dealt:
            raise ValueError(f"there is no hand {h}: the match has hands 1 to {dealt}")
    review = MatchReview(match.variant.name, match.seed, level, seed, chosen, wanted)
    walk = match.variant.new_match(match.seed, match.dealer.used())
    moves = match.moves
    total = sum(1 for h in wanted for s, _a in match.hands_log[h - 1].actions if s in chosen)
    done = 0
    for i, (seat, action) in enumerate(moves):
        log = walk.hand
        if walk.phase == PLAY and seat in chosen and log is not None and log.number in wanted:
            done += 1
            view = walk.view(seat)
            if is_decision(view):
                verdict = judge(view, action, level, seed)
                # Hindsight plays the hand out on the line simulator: the block game's rules.
                seen = (
                    hindsight(view, action, [walk.held(s) for s in range(1, n + 1)])
                    if with_hindsight and walk.variant.plays_fast()
                    else None
                )
                move = len(log.actions)
                review.decisions.append(Decision(log.number, move, i, seat, verdict, seen))
            else:
                review.forced += 1
            if progress is not None:
                progress(done, total)
        walk.apply(action)
    return review


def _decision_json(d: Decision) -> dict[str, Any]:
    j = d.judgement
    out: dict[str, Any] = {
        "hand": d.hand,
        "move": d.move,
        "index": d.index,
        "seat": d.seat,
        "played": str(j.played.action),
        "played_words": j.played.words,
        "best": str(j.best.action),
        "best_words": j.best.words,
        "hand_chance": round(j.played.hand, 4),
        "match_chance": round(j.played.match, 4),
        "best_hand_chance": round(j.best.hand, 4),
        "best_match_chance": round(j.best.match, 4),
        "loss": round(j.loss, 4),
        "mark": j.mark,
        "reason": j.reason,
        "samples": j.samples,
        "options": [
            {
                "action": str(o.action),
                "words": o.words,
                "hand_chance": round(o.hand, 4),
                "match_chance": round(o.match, 4),
            }
            for o in j.options
        ],
    }
    if d.hindsight is not None:
        h = d.hindsight
        out["hindsight"] = {
            "played": _outcome_json(h.played),
            "outcomes": [_outcome_json(o) for o in h.outcomes],
        }
    return out


def _outcome_json(o: Any) -> dict[str, Any]:
    return {
        "action": str(o.action),
        "words": o.words,
        "winner": o.winner or None,
        "points": o.points,
        "match_chance": round(o.value, 4),
    }
