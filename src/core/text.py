"""Human-readable text for hands and results, shared by ``capicua replay`` and the GUI's log."""

from __future__ import annotations

from .match import HandLog
from .variant import BLOCK, DOMINO, HandResult, Variant


def describe_result(result: HandResult, variant: Variant) -> str:
    """One sentence: who won the hand and why, and what it scored."""
    if result.outcome == DOMINO:
        how = f"domino by seat {result.seat}: team {result.team} wins"
    elif result.outcome == BLOCK:
        how = f"blocked: team {result.team} wins the block"
    else:
        how = "blocked: a tie, nobody wins"
    pips = ", ".join(
        f"seat {s} {sum(t.pips for t in tiles)}" for s, tiles in sorted(result.remaining.items())
    )
    gained = f", +{result.points} points" if result.points else ""
    scores = "-".join(str(s) for s in result.scores)
    return f"{how}{gained} (pips left: {pips}); score {scores}"


def describe_hand(log: HandLog, variant: Variant) -> list[str]:
    """The lines that tell a hand: leader, shown doubles, plays and passes, result."""
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
        lines.append("  " + " ".join(moves[i:i + 12]))
    if log.result is not None:
        lines.append("  " + describe_result(log.result, variant))
    else:
        lines.append("  (hand not finished)")
    return lines
