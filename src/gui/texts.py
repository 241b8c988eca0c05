"""The words the table shows: seat and team names, the score panel, results explained.

Kept apart from the drawing so the sentences can be read and tested as plain strings. The
vocabulary is docs/rules.md's ("Words we use"). Everything that differs by game is asked of
the variant, never of a list of known games: why a block went where it did
(``explain_block``), what a hand did to the score (``explain_score``), each score with how
far it is from the goal (``score_words``) and the name of a won match (``label_name``), so a
plugin variant is explained and scored in its own words too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.actions import PASS, Play
from ..core.tiles import Tile
from ..core.variant import DOMINO, Variant
from ..core.view import PastHand, View

if TYPE_CHECKING:  # the scene and the model import this module
    from .model import Session
    from .scene import Ui


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def entry_name(entry: Any) -> str:
    """The player name of a seat entry (a name, or a table with a ``player`` key)."""
    if isinstance(entry, dict):
        return str(entry.get("player", "?"))
    return str(entry)


def seat_name(session: Session, seat: int | None) -> str:
    """``you`` for the person, else ``seat N``; lower case, for use inside sentences."""
    if seat is None:
        return "nobody"
    return "you" if seat == session.human else f"seat {seat}"


def label_name(session: Session, seat: int) -> str:
    """The short label under a seat's tiles."""
    if seat == session.human:
        return "You"
    partner = (
        session.human is not None
        and session.variant.team_of[seat] == session.variant.team_of[session.human]
    )
    return f"Seat {seat}" + (" (partner)" if partner else "")


def team_name(session: Session, team: int | None, long: bool = False) -> str:
    """``your team`` or ``team N``; ``long`` adds who is in it."""
    if team is None:
        return "nobody"
    seats = session.variant.teams[team - 1]
    ours = session.human in seats
    short = "your team" if ours else f"team {team}"
    if not long:
        return short
    who = " and ".join(seat_name(session, s) for s in seats)
    return f"{cap(short)} ({who})" if ours else f"Team {team} ({who})"


def pips(tiles: Iterable[Tile]) -> int:
    return sum(t.pips for t in tiles)


def series_scoring(variant: Variant) -> bool:
    """True for variants that count won hands in a row (Chiva), not points."""
    return variant.scoring == "series"


def scores_text(scores: tuple[int, ...]) -> str:
    return "–".join(str(s) for s in scores)


def result_lines(past: PastHand, view: View, session: Session) -> list[str]:
    """Who won the finished hand and why, and what it did to the score."""
    r = past.result
    v = session.variant
    left = {s: pips(t) for s, t in r.remaining.items()}
    lines = []
    if r.outcome == DOMINO:
        lines.append(
            f"Hand {past.number}: {seat_name(session, r.seat)} played the last tile. "
            f"Domino: {team_name(session, r.team)} wins the hand."
        )
    else:
        teams = v.team_pips(r.remaining)
        each = ", ".join(f"{seat_name(session, s)} {p}" for s, p in sorted(left.items()))
        totals = ", ".join(f"{team_name(session, t)} {p}" for t, p in sorted(teams.items()))
        lines.append(
            f"Hand {past.number} is blocked: nobody can play. Pips left: {each} ({totals})."
        )
        lines.append(
            v.explain_block(r, lambda s: seat_name(session, s), lambda t: team_name(session, t))
        )
    before = _scores_before(view, past.number, len(r.scores))
    lines.append(v.explain_score(r, before, lambda t: team_name(session, t)))
    lines.extend(_next_lead(session, past))
    return lines


def _scores_before(view: View, number: int, teams: int) -> tuple[int, ...]:
    if number >= 2 and len(view.past) >= number - 1:
        return view.past[number - 2].result.scores
    return (0,) * teams


def _next_lead(session: Session, past: PastHand) -> list[str]:
    """What the result means for the next hand when the rules make it notable."""
    m = session.match
    if m.over or past.result.team is not None:
        return []
    logs = m.hands_log
    if len(logs) > past.number and logs[past.number].required is not None:
        return [f"The next hand opens with {logs[past.number].required} again."]
    if m.phase == "lead" and m.turn is not None:
        team = session.variant.team_of[m.turn]
        return [
            (
                f"{cap(team_name(session, team))} did not lead this hand, so it chooses the "
                "next leader."
            )
        ]
    return []


def match_result(view: View, session: Session) -> str:
    label = session.variant.label_name(view.label) if view.label else None
    w = view.winner
    assert w is not None  # shown once the match is over, when it has a winner
    order = (view.scores[w - 1], *(x for t, x in enumerate(view.scores, 1) if t != w))
    won = f"{cap(team_name(session, w, long=True))} wins the match {scores_text(order)}"
    return won + (f": {label}!" if label else ".")


def draw_summary(view: View, session: Session) -> list[str]:
    """The draw for first lead so far, and what happens next."""
    lines = []
    for i, rnd in enumerate(view.draw):
        if not rnd:
            continue
        said = ", ".join(f"{seat_name(session, s)} drew {t} ({t.pips})" for s, t in rnd)
        complete = len(rnd) == len(session.variant.teams)
        if complete and len({t.pips for _, t in rnd}) == 1:
            lines.append(
                f"Draw for first lead: {said}. Equal totals: the tiles go back and "
                "the set is shuffled, draw again."
            )
        elif complete:
            best = max(rnd, key=lambda st: st[1].pips)[0]
            team = session.variant.team_of[best]
            lines.append(
                f"Draw for first lead: {said}. {cap(team_name(session, team))} "
                "has the higher total and leads first."
            )
        elif i == len(view.draw) - 1:
            lines.append(f"Draw for first lead: {said}.")
    if view.phase == "draw":
        team = session.variant.team_of[view.turn]
        if view.turn == session.human:
            lines.append("Pick a face-down tile for your team: the higher pip total leads.")
        else:
            lines.append(
                f"{cap(seat_name(session, view.turn))} draws for {team_name(session, team)}…"
            )
    return lines[-3:]


def last_move(view: View, session: Session) -> str | None:
    if not view.history:
        if view.phase == "play" and view.leader is not None:
            opens = f" and must open with {view.required}" if view.required else ""
            you = view.leader == session.human
            return f"{cap(seat_name(session, view.leader))} lead{'' if you else 's'}{opens}."
        return None
    seat, action = view.history[-1]
    who = cap(seat_name(session, seat))
    if action is PASS:
        lacks = sorted(view.voids().get(seat, ()))
        return f"{who} passed (no {' or '.join(map(str, lacks))})." if lacks else f"{who} passed."
    assert isinstance(action, Play)
    if len([a for _, a in view.history if isinstance(a, Play)]) == 1:
        return f"{who} opened with {action.tile}."
    return f"{who} played {action.tile} on the {action.end} end."


def score_text(variant: Variant, scores: tuple[int, ...], team: int) -> str:
    """``team``'s score with how far it is from winning, in the variant's own words."""
    return variant.score_words(scores, team)


def status(session: Session, view: View, ui: Ui) -> tuple[str, str]:
    """The one line that says what the table is waiting for."""
    if ui.error:
        return ui.error, "error"
    if ui.question is not None:
        return "Choose on the table.", "status"
    if view.phase == "over" and session.held_hand is None:
        return "The match is over.", "status"
    if session.held_hand is not None:
        if session.human is None:
            return "Hand over.", "status"
        return (
            "Match over: New match plays again."
            if view.phase == "over"
            else "Hand over: tap Continue for the next deal."
        ), "status"
    if ui.paused:
        return "Paused while the rules or the log are open.", "status"
    seat = view.turn
    if seat is not None and seat == session.human:
        if session.automatic() is not None:
            return "You cannot play: you pass.", "turn"
        return {
            "play": "Your turn: pick a tile, then an end.",
            "draw": "Your turn: draw a face-down tile.",
            "lead": "Your choice: who leads.",
            "claim": "Your choice: keep or redeal.",
        }.get(view.phase, "Your turn."), "turn"
    if seat is not None:
        doing = "is thinking…" if ui.thinking == seat else "is to play."
        return f"{cap(seat_name(session, seat))} {doing}", "status"
    return "", "status"


def panel_lines(session: Session, view: View, ui: Ui, last: str | None) -> list[tuple[str, str]]:
    """The score panel, top to bottom, as ``(text, style)``."""
    v = session.variant
    number = session.held_hand or view.hand_number  # a finished hand on show is "the" hand
    out = [(v.title, "title"), (f"Hand {number} · seed {session.match.seed}", "muted")]
    for team in range(1, len(v.teams) + 1):
        players = ", ".join(
            f"{seat_name(session, s)}"
            + ("" if s == session.human else f" ({entry_name(session.seats[s])})")
            for s in v.teams[team - 1]
        )
        out.append((f"{cap(team_name(session, team))}: {players}", "team"))
        out.append((score_text(v, view.scores, team), "score"))
    out.append(status(session, view, ui))
    if last and session.held_hand is None:
        out.append((last, "muted"))
    for claimant, shown in view.shown:
        shown_text = " ".join(str(t) for t in shown)
        who = cap(seat_name(session, claimant))
        out.append((f"{who} showed {shown_text} and demanded a redeal.", "muted"))
    if ui.message:
        out.append((ui.message, "message"))
    return out
