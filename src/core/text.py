"""Human-readable text for hands and results, shared by ``capicua replay`` and the GUI's log.

The rule that decided a block and what a hand did to the scores are told by the variant
itself (:meth:`Variant.explain_block`, :meth:`Variant.explain_score`), so a third-party
game is explained in its own words.
"""

from __future__ import annotations

from .match import HandLog
from .variant import DOMINO, HandResult, Variant


def describe_result(result: HandResult, variant: Variant, before: tuple[int, ...]) -> str:
    """Who won the hand and why, the pips left, and what it did to the scores."""
    if result.outcome == DOMINO:
        how = f"domino by seat {result.seat}: team {result.team} wins."
    else:
        how = "blocked. " + variant.explain_block(result)
    pips = ", ".join(
        f"seat {s} {sum(t.pips for t in tiles)}" for s, tiles in sorted(result.remaining.items())
    )
    return f"{how} Pips left: {pips}. {variant.explain_score(result, before)}"


def describe_hand(log: HandLog, variant: Variant, before: tuple[int, ...]) -> list[str]:
    """The lines that tell a hand: leader, shown doubles, plays and passes, result.
    ``before`` are the scores before the hand."""
    head = f"Hand {log.number}: seat {log.leader} leads"
    if log.chooser is not None:
        head += f" (chosen by seat {log.chooser})"
    if log.required is not None:
        head += f" with {log.required}"
    lines = [head]
    for r in log.redeals:
        shown = " ".join(str(t) for t in r.shown)
        lines.append(f"  seat {r.claimant} shows {shown} and demands a redeal")
    moves = [f"{seat}:{action}" for seat, action in log.actions]
    for i in range(0, len(moves), 12):
        lines.append("  " + " ".join(moves[i : i + 12]))
    if log.result is not None:
        lines.append("  " + describe_result(log.result, variant, before))
    else:
        lines.append("  (hand not finished)")
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
