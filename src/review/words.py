"""A review in words: the lines ``capicua review`` prints and the table's log shows.

Chances are percentages a player reads at a glance ("wins the hand 55% of the time"); a
loss is the share of the hand's worth given away ("-14%": in Chiva exactly 14 points less
chance to win the hand). ``who`` is how the deciding seat is named: ``"you"`` at the
table, ``"seat 3"`` elsewhere. The judgement and what the revealed hands show are always
separate lines, the second starting "Had ... known every hand".
"""

from __future__ import annotations

from .judge import Hindsight, Judgement, Outcome
from .walk import Decision, MatchReview


def percent(x: float) -> str:
    return f"{x * 100:.0f}%"


def loss_text(loss: float) -> str:
    """``-14%``: what a decision gave away, as a share of the hand's worth."""
    return f"-{percent(loss)}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def verdict(j: Judgement) -> str:
    """The verdict alone: ``mistake (-14%)``, ``the expert's choice`` or ``close (-3%)``."""
    if j.mark is not None:
        return f"{j.mark} ({loss_text(j.loss)})"
    if j.best.action is j.played.action:
        return "the expert's choice"
    if j.loss < 0.005:
        return "as good as the expert's choice"
    return f"close ({loss_text(j.loss)})"


def verdict_line(j: Judgement, who: str) -> str:
    """One sentence: what was played and what the expert makes of it."""
    played = j.played.words
    if j.mark is not None:
        return (
            f"{cap(who)} played {played}: a {j.mark} ({loss_text(j.loss)}); "
            f"{j.best.words} was better."
        )
    return f"{cap(who)} played {played}: {verdict(j)}."


def figures_line(j: Judgement) -> str:
    """The two chances of the action taken and, where it is another, of the best."""
    mine = (
        f"wins the hand {percent(j.played.hand)} of the time "
        f"and the match {percent(j.played.match)}"
    )
    if j.best.action is j.played.action:
        return f"This play {mine}."
    best = f"{percent(j.best.hand)} and {percent(j.best.match)}"
    return f"This play {mine}; {j.best.words}: {best}."


def why_line(j: Judgement) -> str:
    return f"Why: {j.reason}."


def outcome_words(o: Outcome, team: int) -> str:
    if o.winner == 0:
        return "ties the hand"
    if o.winner == team:
        return "wins the hand" + (f" for {o.points} points" if o.points else "")
    return "loses the hand" + (f" ({o.points} points to the other side)" if o.points else "")


def hindsight_line(h: Hindsight, who: str) -> str | None:
    """What the revealed hands show, where a candidate does better than the action taken
    on the real deal: ``Had you known every hand: 5-4 on the 4 end (R) wins the hand;
    this play loses it.`` ``None`` where the action taken did as well as any."""
    better = h.better
    if better is None:
        return None
    known = "Had you known" if who == "you" else f"Had {who} known"
    return (
        f"{known} every hand: {better.words} {outcome_words(better, h.team)}; "
        f"this play {outcome_words(h.played, h.team)}."
    )


def decision_lines(d: Decision, who: str, figures: bool = False) -> list[str]:
    """The lines for one decision: the verdict; the figures where it is marked or
    ``figures`` asks; and for a marked one the reason and, apart, what the revealed hands
    show."""
    j = d.judgement
    lines = [verdict_line(j, who)]
    if figures or j.mark is not None:
        lines.append(figures_line(j))
    if j.mark is not None:
        lines.append(why_line(j))
        seen = hindsight_line(d.hindsight, who) if d.hindsight is not None else None
        if seen is not None:
            lines.append(seen)
    return lines


def note_lines(d: Decision, who: str) -> list[str]:
    """The lines a log puts under the move's own sentence: the verdict without repeating
    the move, and for a marked one the figures, the reason and, apart, the hindsight."""
    j = d.judgement
    if j.mark is not None:
        head = f"Review: a {j.mark} ({loss_text(j.loss)}); {j.best.words} was better."
    else:
        head = f"Review: {verdict(j)}."
    lines = [head]
    if j.mark is not None:
        lines += decision_lines(d, who)[1:]
    return lines


def summary_line(review: MatchReview, seat: int, who: str) -> str:
    s = review.summary()[seat]
    if not s.decisions:
        return f"{cap(who)}: no decision to judge."
    mistakes = f"{s.mistakes} mistake{'' if s.mistakes == 1 else 's'}"
    blunders = f"{s.blunders} blunder{'' if s.blunders == 1 else 's'}"
    return (
        f"{cap(who)}: {s.decisions} decision{'' if s.decisions == 1 else 's'}, "
        f"{mistakes}, {blunders}, an average loss of {s.mean_loss * 100:.1f}% a decision."
    )


def header(review: MatchReview) -> str:
    return (
        f"Reviewed by the expert at level {review.level} ({review.samples} sampled deals "
        f"a decision, seed {review.review_seed}), each decision from the seat's own view."
    )
