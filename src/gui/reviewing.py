"""The review at the table and in the viewer: the job for the worker thread, the marks on
the log and the lines on the felt. No Tk.

A review (:mod:`capicua.review`) of one hand is run on a match of its own
(:func:`~capicua.review.walk.replica`, made in the Tk thread), so the worker never reads
the match the table goes on with. :class:`Reviews` keeps each finished review with the
plays and passes it judged, and gives its marks only while the hand still holds exactly
those moves: an undo or restart that changes a reviewed hand drops its marks.

The words are the review's own (:mod:`capicua.review.words`), the deciding seat named as
the table names it ("you" for the person).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from ..core.actions import Action
from ..core.match import Match
from ..i18n import _, ngettext
from ..review import DEFAULT_LEVEL, Decision, MatchReview, review_match
from ..review.words import decision_lines, note_lines, verdict
from .model import Session
from .texts import seat_name

#: The level of a review asked for at the table: a hand of one seat in about a second.
LEVEL = DEFAULT_LEVEL


def review_job(
    match: Match, hand: int, seats: Collection[int], level: str = LEVEL
) -> Callable[[], MatchReview]:
    """The review of ``hand`` for ``seats`` as a job for the worker thread; ``match`` must
    be the worker's own (a :func:`~capicua.review.walk.replica`)."""

    def run() -> MatchReview:
        return review_match(match, seats=seats, hands=(hand,), level=level)

    return run


@dataclass
class Reviews:
    """The reviews made at one table, by hand, each with the moves it judged."""

    done: dict[int, tuple[tuple[tuple[int, Action], ...], MatchReview]] = field(
        default_factory=dict
    )

    def add(self, match: Match, hand: int, review: MatchReview) -> None:
        self.done[hand] = (tuple(match.hands_log[hand - 1].actions), review)

    def of(self, match: Match, hand: int) -> MatchReview | None:
        """The review of ``hand`` if its moves are still the ones reviewed."""
        kept = self.done.get(hand)
        logs = match.hands_log
        if kept is None or hand > len(logs):
            return None
        moves, review = kept
        # The moves so far must be a start of the reviewed ones (the viewer steps back
        # through a reviewed hand; an undo at the table that changes a move drops it).
        now = tuple(logs[hand - 1].actions)
        return review if moves[: len(now)] == now else None

    def clear(self) -> None:
        self.done.clear()

    def decisions(self, match: Match) -> dict[tuple[int, int], Decision]:
        """Every judged decision still valid, by ``(hand, move)``."""
        out: dict[tuple[int, int], Decision] = {}
        for hand in self.done:
            review = self.of(match, hand)
            if review is not None:
                out.update(review.by_key())
        return out

    def notes(self, session: Session) -> dict[tuple[int, int], tuple[str, Sequence[str]]]:
        """The log's marks and lines (:func:`~capicua.gui.texts.log_lines`'s ``notes``)."""
        out: dict[tuple[int, int], tuple[str, Sequence[str]]] = {}
        for hand in self.done:
            review = self.of(session.match, hand)
            if review is None:
                continue
            out[(hand, -1)] = ("", (summary(review, session),))
            for d in review.decisions:
                out[d.key] = (d.judgement.symbol, note_lines(d, seat_name(session, d.seat)))
        return out


def summary(review: MatchReview, session: Session) -> str:
    """``Reviewed (you): 6 decisions, 1 mistake (?), no blunder.``"""
    every = len(review.seats) == session.variant.seats and session.human is None
    seats = _("every seat") if every else ", ".join(seat_name(session, s) for s in review.seats)
    s = review.summary()
    decisions = sum(x.decisions for x in s.values())
    mistakes = sum(x.mistakes for x in s.values())
    blunders = sum(x.blunders for x in s.values())
    if not decisions:
        return _("Reviewed ({seats}): no decision to judge in this hand.").format(seats=seats)
    parts = [ngettext("{n} decision", "{n} decisions", decisions).format(n=decisions)]
    parts.append(
        ngettext("{n} mistake (?)", "{n} mistakes (?)", mistakes).format(n=mistakes)
        if mistakes
        else _("no mistake")
    )
    parts.append(
        ngettext("{n} blunder (??)", "{n} blunders (??)", blunders).format(n=blunders)
        if blunders
        else _("no blunder")
    )
    # Translators: {counts} is "6 decisions, 1 mistake (?), no blunder".
    return _("Reviewed by the expert ({seats}): {counts}.").format(
        seats=seats, counts=", ".join(parts)
    )


def felt_lines(decision: Decision, session: Session) -> tuple[str, ...]:
    """What the felt says about the move just made, when it was reviewed."""
    return tuple(decision_lines(decision, seat_name(session, decision.seat)))


def mark_words(decision: Decision) -> str:
    """Short, for the panel: ``? mistake (-14%)`` or ``the expert's choice``."""
    j = decision.judgement
    if j.mark is None:
        return _("the expert's choice") if j.best.action is j.played.action else _("no mistake")
    return f"{j.symbol} {verdict(j)}"  # "? mistake (-14%)": the review's own words
