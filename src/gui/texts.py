"""The words the table shows: seat and team names, the score panel, results explained.

Kept apart from the drawing so the sentences can be read and tested as plain strings. The
vocabulary is docs/rules.md's ("Words we use"). Everything that differs by game is asked of
the variant, never of a list of known games: why a block went where it did
(``explain_block``), what a hand did to the score (``explain_score``), each score with how
far it is from the goal (``score_words``) and the name of a won match (``label_name``), so a
plugin variant is explained and scored in its own words too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import LEFT, PASS, Action, ChooseLeader, Draw, Play
from ..core.tiles import Tile
from ..core.variant import DOMINO, Variant
from ..core.view import PastHand, View

if TYPE_CHECKING:  # the scene and the model import this module
    from .model import Session
    from .scene import SeatScene, Ui

# The two ends carry these letters on the felt, wherever the line's turns put them.
END_MARKS = {"left": "L", "right": "R"}

DISABLED = {
    "hint": "Hint is for your own turn.",
    "undo": "You have made no move to undo.",
    "redo": "Nothing to redo.",
    "restart": "No tile has been played in this deal yet.",
}
CONFIRM_NEW = "Start a new match? The match in progress will be lost (it cannot be undone)."
CONFIRM_SETTINGS = (
    "These settings start a new match: the match in progress will be lost. "
    "Press Start new match to go on, or Cancel to keep playing."
)
PASS_LEGEND = "PASS: passed since your last turn · passed on 3, 5: holds no 3 and no 5"
STEP_WAITING = "Step mode: {who} moves when you tap Next (or press N)."
REVIEW_HAND = "Review this hand"
REVIEWING = "Reviewing hand {hand}: the expert judges each of your decisions…"
NO_REVIEW = "No review: {reason}"
KEY_LEGEND = """\
Keys at the table

  - ← → or Tab, Shift+Tab: move over the tiles you can play, or the buttons on the felt.
  - ↑ ↓: from a picked tile to its ends and back.
  - Enter or Space: pick up the tile, go to its end, play; or press the button in focus.
  - Escape: step back; drops a hint's preview.
  - Ctrl+H hint · Ctrl+Z undo · Ctrl+Y redo · Ctrl+N new match · N next (step mode).
  - F1 these rules · Ctrl+L the log.

On the felt: the ends of the line are marked L and R, with the number open at each. A tile
that just moved has a blue ring. PASS at a seat: it passed since your last turn.
"passed on 3, 5": it passed with 3 and 5 open, so it holds neither."""


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def entry_name(entry: Any) -> str:
    """The player name of a seat entry (a name, or a table with a ``player`` key)."""
    if isinstance(entry, dict):
        return str(entry.get("player", "?"))
    return str(entry)


def player_name(session: Session, seat: int) -> str:
    """The name of the player in ``seat``: a bot program's own (from its hello), else its
    entry's player name."""
    shown = getattr(session.players.get(seat), "bot_name", None)
    return shown if isinstance(shown, str) and shown else entry_name(session.seats[seat])


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


def end_words(end: str, number: int | None) -> str:
    """An end as the felt shows it: ``the 5 end (L)``; before the first tile, ``the line``."""
    if number is None:
        return "the line"
    return f"the {number} end ({END_MARKS[end]})"


def open_number(view: View, end: str) -> int | None:
    if view.ends is None:
        return None
    return view.ends[0] if end == LEFT else view.ends[1]


def numbers_text(numbers: Iterable[int]) -> str:
    """``0, 2``: the numbers a seat passed on."""
    return ", ".join(str(n) for n in sorted(numbers))


def seat_label(seat: SeatScene) -> list[str]:
    """The facts under a seat's tiles: name, tiles held, what it is doing, its passes."""
    parts = [seat.name]
    if seat.dealt and (seat.tiles is None or seat.position != 1):
        parts.append(f"{seat.count} tile{'s' if seat.count != 1 else ''}")
    if seat.leader:
        parts.append("leads")
    if seat.paused:
        parts.append("paused")
    elif seat.thinking:
        parts.append("thinking")
    if seat.passed:
        parts.append("PASS")
    if seat.voids:
        parts.append("passed on " + numbers_text(seat.voids))
    return parts


def drawn_caption(total: int, wins: bool) -> str:
    """Under a tile drawn for first lead."""
    return f"total {total}" + (" · leads" if wins else "")


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
    steps = view.steps()
    seat, action = steps[-1][:2]
    left, right = steps[-2][2:] if len(steps) > 1 else (None, None)
    return move_sentence(session, seat, action, left, right)


def move_sentence(
    session: Session, seat: int, action: Action, left: int | None, right: int | None
) -> str:
    """One move of the line as a sentence; ``left``/``right`` are the ends before it."""
    who = cap(seat_name(session, seat))
    if action is PASS:
        on = numbers_text({left, right}) if left is not None and right is not None else ""
        return f"{who} passed on {on}." if on else f"{who} passed."
    assert isinstance(action, Play)
    if left is None or left < 0:
        return f"{who} opened with {action.tile}."
    end = action.end
    number = left if end == LEFT else right
    assert number is not None  # both ends are open once the line has a tile
    now = action.tile.other(number)
    return f"{who} played {action.tile} on {end_words(end, number)}, which now shows {now}."


def round_strip(session: Session, view: View) -> str | None:
    """The moves since the person's last turn (since the start of the hand before their
    first), short: ``Since your turn: S2 4-2 · S3 pass · S4 3-2``."""
    history = view.history
    me = session.viewpoint
    start = 0
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] == me:
            start = i + 1
            break
    moves = history[start:]
    if not moves:
        return None
    parts = []
    for seat, action in moves:
        who = "You" if seat == session.human else f"S{seat}"
        parts.append(f"{who} {action.tile if isinstance(action, Play) else 'pass'}")
    if not start:
        head = "This hand"
    elif session.human is not None:
        head = "Since your turn"
    else:
        head = f"Since seat {me}'s turn"  # a table of computers, seen from seat 1
    return f"{head}: " + " · ".join(parts)


def score_text(variant: Variant, scores: tuple[int, ...], team: int) -> str:
    """``team``'s score with how far it is from winning, in the variant's own words."""
    return variant.score_words(scores, team)


def status(session: Session, view: View, ui: Ui) -> tuple[str, str]:
    """The one line that says what the table is waiting for."""
    if ui.error:
        return ui.error, "error"
    if ui.question is not None:
        return "Choose on the table.", "status"
    if session.held_draw is not None:
        if session.human is None:
            return "The draw for first lead.", "status"
        return "Draw for first lead: tap Continue.", "status"
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
        names = [WINDOW_NAMES.get(w, w) for w in ui.paused_by]
        which = " and ".join(names) if names else "a window"
        verb = "is" if len(names) <= 1 else "are"
        return f"Paused: the computers wait while {which} {verb} open.", "status"
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
    if ui.step_wait is not None:
        return "Step mode: tap Next for the next move.", "status"
    if seat is not None:
        doing = "is thinking…" if ui.thinking == seat else "is to play."
        return f"{cap(seat_name(session, seat))} {doing}", "status"
    return "", "status"


WINDOW_NAMES = {"rules": "Rules", "log": "the log", "settings": "Settings"}


def panel_lines(session: Session, view: View, ui: Ui, last: str | None) -> list[tuple[str, str]]:
    """The score panel, top to bottom, as ``(text, style)``."""
    v = session.variant
    number = session.held_hand or view.hand_number  # a finished hand on show is "the" hand
    out = [(v.title, "title"), (f"Hand {number} · seed {session.match.seed}", "muted")]
    for team in range(1, len(v.teams) + 1):
        players = ", ".join(
            f"{seat_name(session, s)}"
            + ("" if s == session.human else f" ({player_name(session, s)})")
            for s in v.teams[team - 1]
        )
        out.append((f"{cap(team_name(session, team))}: {players}", "team"))
        out.append((score_text(v, view.scores, team), "score"))
    # One status line: a message (what the person just did or asked) replaces it until the
    # next change; an error of a computer player stands above both.
    line = status(session, view, ui)
    if ui.message and line[1] != "error":
        line = (ui.message, "message")
    out.append(line)
    if last and session.held_hand is None:
        out.append((last, "muted"))
    if ui.notice:
        out.append((ui.notice, "message"))
    for claimant, shown in view.shown:
        shown_text = " ".join(str(t) for t in shown)
        who = cap(seat_name(session, claimant))
        out.append((f"{who} showed {shown_text} and demanded a redeal.", "muted"))
    return out


def resume_question(title: str, hand: int, scores: tuple[int, ...]) -> str:
    return (
        f"An unfinished {title} match is saved (hand {hand}, score {scores_text(scores)}). "
        "Resume it?"
    )


def draw_verdict(session: Session, rnd: Sequence[tuple[int, Tile]]) -> str:
    """What a complete round of the draw for first lead decided."""
    if len({t.pips for _, t in rnd}) == 1:
        return "Equal totals: the tiles go back, the set is shuffled and both draw again."
    best = max(rnd, key=lambda st: st[1].pips)[0]
    team = session.variant.team_of[best]
    return f"{cap(team_name(session, team, long=True))} has the higher total and leads first."


def draw_round(session: Session, rnd: Sequence[tuple[int, Tile]]) -> tuple[str, str]:
    """A complete round of the draw for first lead: who drew what, and what it decided."""
    said = ", ".join(f"{seat_name(session, s)} drew {t} ({t.pips})" for s, t in rnd)
    return f"Draw for first lead: {said}.", draw_verdict(session, rnd)


def reflow(text: str) -> str:
    """Text hard-wrapped for a terminal, as paragraphs that wrap to the window: lines of a
    paragraph are joined; blank lines, and indented items (``1.``, ``-``), start anew."""
    out: list[str] = []
    item = re.compile(r"^\s*(\d+[.)]|[-*•])\s")
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            out.append("")
            continue
        starts = item.match(line) or not out or not out[-1] or out[-1].endswith(":")
        if starts or (line.startswith(" ") and not out[-1].startswith(" ")):
            out.append(line)
        else:
            out[-1] = f"{out[-1]} {line.strip()}"
    return "\n".join(out)


def log_lines(
    session: Session, notes: Mapping[tuple[int, int], tuple[str, Sequence[str]]] | None = None
) -> list[str]:
    """The match so far as sentences: the draw, each hand's leader, every move (with the
    ends as they stood), shown doubles and results.

    ``notes`` (a review's) are keyed ``(hand, move)``, the move counted from 0 among the
    hand's plays and passes (-1: under the hand's first line): a mark put after the move's
    sentence (``?``, ``??``, or nothing) and lines shown indented under it."""
    notes = notes or {}
    m = session.match
    lines = [f"{m.variant.title}, seed {m.seed}."]
    for rnd in m.draw_rounds:
        if rnd:
            pairs = tuple(sorted(rnd.items()))
            said = ", ".join(f"{seat_name(session, s)} drew {t} ({t.pips})" for s, t in pairs)
            done = len(pairs) == len(session.variant.teams)
            lines.append(
                f"Draw for first lead: {said}."
                + (f" {draw_verdict(session, pairs)}" if done else "")
            )
    view = session.view()
    for log in m.hands_log:
        lines.append("")
        head = f"Hand {log.number}: {seat_name(session, log.leader)} lead"
        head += "" if log.leader == session.human else "s"
        if log.chooser is not None:
            head += f" (chosen by {seat_name(session, log.chooser)})"
        if log.required is not None:
            head += f" and must open with {log.required}"
        lines.append(cap(head) + ".")
        lines.extend(f"  {x}" for x in notes.get((log.number, -1), ("", ()))[1])
        for r in log.redeals:
            shown = " ".join(str(t) for t in r.shown)
            who = cap(seat_name(session, r.claimant))
            lines.append(f"{who} showed {shown} and demanded a redeal.")
        left = right = None
        for k, (seat, action) in enumerate(log.actions):
            if isinstance(action, (Draw, ChooseLeader)):
                continue
            mark, under = notes.get((log.number, k), ("", ()))
            sentence = move_sentence(session, seat, action, left, right)
            lines.append(f"{sentence} {mark}" if mark else sentence)
            lines.extend(f"  {x}" for x in under)
            if isinstance(action, Play):
                if left is None:
                    left, right = action.tile.hi, action.tile.lo
                elif action.end == LEFT:
                    left = action.tile.other(left)
                else:
                    right = action.tile.other(right)  # type: ignore[arg-type]
        if log.result is not None and log.number <= len(view.past):
            lines.extend(result_lines(view.past[log.number - 1], view, session))
        elif log.result is None:
            lines.append("The hand goes on.")
    if m.winner is not None:
        lines.append("")
        lines.append(match_result(view, session))
    return lines
