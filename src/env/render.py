"""The environment's ``render()``: the table as text, seen by an onlooker who sees every hand.

One block of lines: the variant, the hand and the scores; what the phase asks and of whom;
the line of play with its open ends (a spinner or trains as the layout's notation, with the
tiles left in the boneyard where the game draws); every seat's tiles (the seat to move
marked ``>``); the last action. The unused tiles and the boneyard stay face down, as at a
real table.
"""

from __future__ import annotations

from ..core.line import Line
from ..core.match import CLAIM, DRAW, LEAD, OVER, Match
from ..core.variant import GOAL


def table_text(match: Match) -> str:
    v = match.variant
    teams = ", ".join(
        f"team {i} (seat{'s' if len(team) > 1 else ''} {'+'.join(map(str, team))}) {score}"
        for i, (team, score) in enumerate(zip(v.teams, match.scores, strict=True), 1)
    )
    label = "series" if getattr(v, "scoring", "points") == "series" else "scores"
    lines = [f"{v.title}, hand {match.hand_number}; {label}: {teams}"]
    phase, turn = match.phase, match.turn
    if phase == OVER and match.winner is None:  # a win shared by several teams
        lines.append(f"teams {' and '.join(map(str, match.winners))} share the match")
    elif phase == OVER:
        name = f" ({match.label})" if match.label else ""
        lines.append(f"team {match.winner} has won the match{name}")
    elif phase == DRAW:
        rnd = match.draw_rounds[-1] if match.draw_rounds else {}
        drawn = ", ".join(f"seat {s} drew {t}" for s, t in sorted(rnd.items())) or "nothing yet"
        lines.append(
            f"draw for first lead, round {len(match.draw_rounds)}: {drawn}; "
            f"{len(match.face_down)} face down; seat {turn} to draw"
        )
    elif phase == LEAD:
        lines.append(f"seat {turn} names the leader of the next hand")
    elif phase == CLAIM:
        lines.append(f"seat {turn} holds enough doubles to demand a redeal: keep or redeal")
    log = match.hand
    if log is not None and log.result is None:
        opening = f", opening with {log.required}" if log.required is not None else ""
        lines.append(f"seat {log.leader} leads{opening}")
        layout = match.layout
        if isinstance(layout, Line):
            line = " ".join(f"{a}|{b}" for a, b in match.line) or "(empty)"
            ends = f" (ends {match.left} and {match.right})" if match.line else ""
            lines.append(f"line: {line}{ends}")
        else:
            ends = ", ".join(f"{end} {n}" for end, n in layout.open_ends())
            lines.append(f"layout: {layout or '(empty)'}" + (f" (open: {ends})" if ends else ""))
        if v.drawing:
            lines.append(f"boneyard: {len(match.boneyard)} face down")
        for s in range(1, v.seats + 1):
            mark = ">" if s == turn else " "
            held = " ".join(str(t) for t in sorted(match.hands[s], key=lambda t: (-t.hi, -t.lo)))
            lines.append(f"{mark} seat {s} ({len(match.hands[s])}): {held}")
        if log.actions:
            seat, action = log.actions[-1]
            lines.append(f"last: seat {seat} {action}")
    elif log is not None and log.result is not None:
        r = log.result
        if r.outcome == GOAL:  # the match's goal reached during play
            how = f"goal reached by seat {r.seat}"
        else:
            how = f"domino by seat {r.seat}" if r.seat is not None else r.outcome
        if r.team is None:
            won = ", nobody wins"
        else:
            won = f", won by team {r.team}" + (f" for {r.points} points" if r.points else "")
        lines.append(f"hand {log.number}: {how}{won}")
    return "\n".join(lines)
