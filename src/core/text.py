"""Human-readable text for hands and results, shared by ``capicua replay`` and the GUI's log.

The rule that decided a block and what a hand did to the scores are told by the variant
itself (:meth:`Variant.explain_block`, :meth:`Variant.explain_score`), so a third-party
game is explained in its own words. Everything is said in the language in use
(:mod:`capicua.i18n`); the moves keep their notation (``3:6-5R``), which is not translated.
"""

from __future__ import annotations

from ..i18n import _
from .match import HandLog
from .variant import DOMINO, HandResult, Variant, str_seat


def describe_result(result: HandResult, variant: Variant, before: tuple[int, ...]) -> str:
    """Who won the hand and why, the pips left, and what it did to the scores."""
    if result.outcome == DOMINO:
        assert result.seat is not None and result.team is not None  # a domino has both
        # Translators: a hand's end: {seat} ("seat 3") played its last tile.
        how = _("domino by {seat}: {team} wins.").format(
            seat=str_seat(result.seat), team=variant.name_team(result.team)
        )
    else:
        # Translators: a blocked hand's end; {why} is the sentence saying who wins it.
        how = _("blocked. {why}").format(
            why=variant.explain_block(result, team_name=variant.name_team)
        )
    pips = ", ".join(
        # Translators: a seat and the pips left in its hand, as in "seat 2 14".
        _("{seat} {pips}").format(seat=str_seat(s), pips=sum(t.pips for t in tiles))
        for s, tiles in sorted(result.remaining.items())
    )
    # Translators: {result} says how the hand ended, {pips} lists "seat 1 12, seat 2 3, ...",
    # {score} says what the hand did to the scores.
    return _("{result} Pips left: {pips}. {score}").format(
        result=how, pips=pips, score=variant.explain_score(result, before, variant.name_team)
    )


def describe_hand(log: HandLog, variant: Variant, before: tuple[int, ...]) -> list[str]:
    """The lines that tell a hand: leader, shown doubles, plays and passes, result.
    ``before`` are the scores before the hand."""
    # Translators: the first line of a hand: {number} the hand, {leader} ("seat 2") plays
    # first, {chooser} the seat that chose the leader, {tile} the tile it must lead.
    if log.chooser is None and log.required is None:
        head = _("Hand {number}: {leader} leads")
    elif log.chooser is None:
        head = _("Hand {number}: {leader} leads with {tile}")
    elif log.required is None:
        head = _("Hand {number}: {leader} leads (chosen by {chooser})")
    else:
        head = _("Hand {number}: {leader} leads (chosen by {chooser}) with {tile}")
    lines = [
        head.format(
            number=log.number,
            leader=str_seat(log.leader),
            chooser=str_seat(log.chooser) if log.chooser is not None else "",
            tile=log.required,
        )
    ]
    for r in log.redeals:
        if r.claimant is None:
            # Translators: the rules had every tile dealt again (Draw: no double was dealt).
            lines.append("  " + _("no double to lead with: the tiles are dealt again"))
            continue
        shown = " ".join(str(t) for t in r.shown)
        # Translators: a redeal claim: {seat} shows its doubles {tiles} ("6-6 5-5 ...").
        line = _("{seat} shows {tiles} and demands a redeal")
        lines.append("  " + line.format(seat=str_seat(r.claimant), tiles=shown))
    moves = [f"{seat}:{action}" for seat, action in log.actions]
    for i in range(0, len(moves), 12):
        lines.append("  " + " ".join(moves[i : i + 12]))
    if log.result is not None:
        lines.append("  " + describe_result(log.result, variant, before))
    else:
        lines.append("  " + _("(hand not finished)"))
    return lines


def describe_hands(logs: list[HandLog], variant: Variant) -> list[str]:
    """Every hand of a match, in order, each result told against the scores before it."""
    lines: list[str] = []
    before = (0,) * len(variant.teams)
    for log in logs:
        lines += describe_hand(log, variant, before)
        if log.result is not None:
            before = log.result.scores
    return lines
