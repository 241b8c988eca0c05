"""A review in words: the lines ``capicua review`` prints and the table's log shows.

Chances are percentages a player reads at a glance ("wins the hand 55% of the time"); a
loss is the share of the hand's worth given away ("-14%": in Chiva exactly 14 points less
chance to win the hand). ``who`` is how the deciding seat is named: ``"you"`` at the
table, ``"seat 3"`` elsewhere. The judgement and what the revealed hands show are always
separate lines, the second starting "Had ... known every hand".

The lines are said in the language in use when they are made (:mod:`capicua.i18n`); the
judgement itself keeps its English words for the review's JSON. ``who`` comes in the
language in use too; the person at the table, ``"you"`` (or its word in that language),
gets sentences of their own, since other languages conjugate for it.
"""

from __future__ import annotations

from ..i18n import _, ngettext, pgettext
from .judge import Hindsight, Judgement, Option, Outcome
from .walk import Decision, MatchReview


def percent(x: float) -> str:
    # Translators: a chance or a loss as a percentage; {value} runs from 0 to 100.
    return pgettext("percentage", "{value:.0f}%").format(value=x * 100)


def loss_text(loss: float) -> str:
    """``-14%``: what a decision gave away, as a share of the hand's worth."""
    return f"-{percent(loss)}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _you(who: str) -> bool:
    """Whether ``who`` names the person at the table."""
    # Translators: the person at the table, named inside a sentence (the table's word).
    return who == "you" or who == _("you")


def _said(o: Option | Outcome) -> str:
    """An action of a judgement in words, in the language in use."""
    return str(o.said) if o.said is not None else o.words


def _reason(j: Judgement) -> str:
    return str(j.why) if j.why is not None else j.reason


def verdict(j: Judgement) -> str:
    """The verdict alone: ``mistake (-14%)``, ``the expert's choice`` or ``close (-3%)``."""
    loss = loss_text(j.loss)
    # Translators: a review's verdict on a decision; {loss} is the share of the hand's
    # worth given away ("-14%"). A mistake loses 10% or more, a blunder 25% or more.
    if j.mark == "mistake":
        return _("mistake ({loss})").format(loss=loss)
    if j.mark == "blunder":
        return _("blunder ({loss})").format(loss=loss)
    if j.mark is not None:
        return f"{j.mark} ({loss})"
    if j.best.action is j.played.action:
        return _("the expert's choice")
    if j.loss < 0.005:
        return _("as good as the expert's choice")
    return _("close ({loss})").format(loss=loss)


def verdict_line(j: Judgement, who: str) -> str:
    """One sentence: what was played and what the expert makes of it."""
    played, best, loss = _said(j.played), _said(j.best), loss_text(j.loss)
    you = _you(who)
    # Translators: a review's sentence on a decision: {who} is a seat ("seat 3"), {played}
    # and {best} plays ("6-3 on the 6 end (L)"), {loss} the share given away ("-14%").
    if j.mark == "mistake":
        text = (
            _("You played {played}: a mistake ({loss}); {best} was better.")
            if you
            else _("{who} played {played}: a mistake ({loss}); {best} was better.")
        )
    elif j.mark == "blunder":
        text = (
            _("You played {played}: a blunder ({loss}); {best} was better.")
            if you
            else _("{who} played {played}: a blunder ({loss}); {best} was better.")
        )
    elif j.mark is not None:
        text = "{who} played {played}: a " + j.mark + " ({loss}); {best} was better."
    else:
        # Translators: {verdict} is "the expert's choice", "close (-3%)" and the like.
        text = (
            _("You played {played}: {verdict}.") if you else _("{who} played {played}: {verdict}.")
        )
    return cap(text.format(who=who, played=played, best=best, loss=loss, verdict=verdict(j)))


def figures_line(j: Judgement) -> str:
    """The two chances of the action taken and, where it is another, of the best."""
    hand, match = percent(j.played.hand), percent(j.played.match)
    if j.best.action is j.played.action:
        # Translators: {hand} and {match} are chances, as "55%".
        return _("This play wins the hand {hand} of the time and the match {match}.").format(
            hand=hand, match=match
        )
    # Translators: {hand} and {match} are chances, as "55%"; {best} the better play and
    # {best_hand}, {best_match} its chances.
    text = _(
        "This play wins the hand {hand} of the time and the match {match}; "
        "{best}: {best_hand} and {best_match}."
    )
    return text.format(
        hand=hand,
        match=match,
        best=_said(j.best),
        best_hand=percent(j.best.hand),
        best_match=percent(j.best.match),
    )


def why_line(j: Judgement) -> str:
    # Translators: {reason} is the heuristic's reasons for the better play.
    return _("Why: {reason}.").format(reason=_reason(j))


def outcome_words(o: Outcome, team: int) -> str:
    # Translators: what a play led to on the real deal, said after the play ("6-3 on the
    # 6 end (L) wins the hand", "this play loses the hand"). English says "points" for 1.
    if o.winner == 0:
        return _("ties the hand")
    if o.winner == team:
        if o.points:
            return ngettext(
                "wins the hand for {points} points", "wins the hand for {points} points", o.points
            ).format(points=o.points)
        return _("wins the hand")
    if o.points:
        return ngettext(
            "loses the hand ({points} points to the other side)",
            "loses the hand ({points} points to the other side)",
            o.points,
        ).format(points=o.points)
    return _("loses the hand")


def hindsight_line(h: Hindsight, who: str) -> str | None:
    """What the revealed hands show, where a candidate does better than the action taken
    on the real deal: ``Had you known every hand: 5-4 on the 4 end (R) wins the hand;
    this play loses it.`` ``None`` where the action taken did as well as any."""
    better = h.better
    if better is None:
        return None
    # Translators: what the revealed hands show: {better} a play and {better_result} what
    # it led to ("wins the hand"), {played_result} what the play made led to.
    text = (
        _("Had you known every hand: {better} {better_result}; this play {played_result}.")
        if _you(who)
        else _("Had {who} known every hand: {better} {better_result}; this play {played_result}.")
    )
    return text.format(
        who=who,
        better=_said(better),
        better_result=outcome_words(better, h.team),
        played_result=outcome_words(h.played, h.team),
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
    loss, best = loss_text(j.loss), _said(j.best)
    # Translators: the review's note under a move in the table's log; {best} is the better
    # play, {loss} the share given away ("-14%").
    if j.mark == "mistake":
        head = _("Review: a mistake ({loss}); {best} was better.").format(loss=loss, best=best)
    elif j.mark == "blunder":
        head = _("Review: a blunder ({loss}); {best} was better.").format(loss=loss, best=best)
    elif j.mark is not None:
        head = f"Review: a {j.mark} ({loss}); {best} was better."
    else:
        # Translators: {verdict} is "the expert's choice", "close (-3%)" and the like.
        head = _("Review: {verdict}.").format(verdict=verdict(j))
    lines = [head]
    if j.mark is not None:
        lines += decision_lines(d, who)[1:]
    return lines


def summary_line(review: MatchReview, seat: int, who: str) -> str:
    s = review.summary()[seat]
    if not s.decisions:
        # Translators: {who} is a seat ("seat 3") or the person at the table ("you").
        return cap(_("{who}: no decision to judge.").format(who=who))
    decisions = ngettext("{count} decision", "{count} decisions", s.decisions)
    mistakes = ngettext("{count} mistake", "{count} mistakes", s.mistakes)
    blunders = ngettext("{count} blunder", "{count} blunders", s.blunders)
    # Translators: a seat's review in one line: {who} is a seat ("seat 3") or the person
    # ("you"); {decisions}, {mistakes}, {blunders} are counts ("12 decisions"), {loss}
    # the mean share of a hand's worth given away, in percent.
    text = _(
        "{who}: {decisions}, {mistakes}, {blunders}, an average loss of {loss:.1f}% a decision."
    )
    return cap(
        text.format(
            who=who,
            decisions=decisions.format(count=s.decisions),
            mistakes=mistakes.format(count=s.mistakes),
            blunders=blunders.format(count=s.blunders),
            loss=s.mean_loss * 100,
        )
    )


def header(review: MatchReview) -> str:
    # Translators: the first line of a review: {level} is the review level's name (fast,
    # normal, strong: not translated), {samples} deals sampled for each decision (English
    # says "deals" for 1 too).
    text = ngettext(
        "Reviewed by the expert at level {level} ({samples} sampled deals a decision, seed "
        "{seed}), each decision from the seat's own view.",
        "Reviewed by the expert at level {level} ({samples} sampled deals a decision, seed "
        "{seed}), each decision from the seat's own view.",
        review.samples,
    )
    return text.format(level=review.level, samples=review.samples, seed=review.review_seed)
