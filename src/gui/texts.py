"""The words the table shows: seat and team names, the score panel, results explained.

Kept apart from the drawing so the sentences can be read and tested as plain strings. The
vocabulary is docs/rules.md's ("Words we use"). Everything that differs by game is asked of
the variant, never of a list of known games: why a block went where it did
(``explain_block``), what a hand did to the score (``explain_score``), each score with how
far it is from the goal (``score_words``) and the name of a won match (``label_name``), so a
plugin variant is explained and scored in its own words too.

Every sentence is said in the language in use (:mod:`capicua.i18n`) when it is made; the
constants below are marked with ``N_`` and translated where they are shown.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..core.actions import DRAW, LEFT, PASS, RIGHT, Action, ChooseLeader, Pick, Play, train
from ..core.layout import Layout
from ..core.line import main_line
from ..core.tiles import Tile
from ..core.variant import DOMINO, GOAL, Variant, and_names, cap, score_dash
from ..core.view import PastHand, View
from ..i18n import N_, _, ngettext, pgettext
from . import board_words
from .board_words import counts_rounds

if TYPE_CHECKING:
    from .model import Session

# The two ends carry these letters on the felt, wherever the line's turns put them (in
# English; :func:`end_mark` gives them in the language in use).
END_MARKS = {"left": "L", "right": "R"}

DISABLED = {
    "hint": N_("Hint is for your own turn."),
    "undo": N_("You have made no move to undo."),
    "redo": N_("Nothing to redo."),
    "restart": N_("No tile has been played in this deal yet."),
    "new": N_("At a table played over the network the host starts each match."),
    "settings": N_("At a table played over the network the host's settings hold."),
}
CONFIRM_NEW = N_("Start a new match? The match in progress will be lost (it cannot be undone).")
CONFIRM_SETTINGS = N_(
    "These settings start a new match: the match in progress will be lost. "
    "Press Start new match to go on, or Cancel to keep playing."
)
STRIP_ROUNDS = 2  # the most rounds of moves the last-round strip lists
STEP_WAITING = N_("Step mode: {who} moves when you tap Next (or press N).")
REVIEW_HAND = N_("Review this hand")
REVIEWING = N_("Reviewing hand {hand}: the expert judges each of your decisions…")
NO_REVIEW = N_("No review: {reason}")
# Translators: the keys of the table, shown under the rules (F1). Keep the key names (Tab,
# Shift+Tab, Enter, Space, Escape, Ctrl+H, ...) as the keyboard labels them; L and R are
# the ends' letters on the felt.
KEY_LEGEND = N_("""\
Keys at the table

  - ← → or Tab, Shift+Tab: move over the tiles you can play, or the buttons on the felt.
  - ↑ ↓: from a picked tile to its ends and back.
  - Enter or Space: pick up the tile, go to its end, play; or press the button in focus.
  - Escape: step back; drops a hint's preview.
  - Ctrl+H hint · Ctrl+Z undo · Ctrl+Y redo · Ctrl+N new match · N next (step mode).
  - F1 these rules · Ctrl+L the log · F2 or Ctrl+, settings · Ctrl+R restart the deal.
  - Tab after the last tile or button on the felt: on through the side panel's buttons.

On the felt: the ends of the line are marked L and R, with the number open at each. A tile
that just moved has a blue ring. PASS at a seat: it passed since your last turn.
"passed on 3, 5": it passed with 3 and 5 open; where equal numbers join, it holds neither.""")

# The first line of a hand in the log, by (the person leads, chosen by a partner, an
# opening tile is required).
_LOG_LEADS = {
    (True, False, False): N_("you lead"),
    (True, True, False): N_("you lead (chosen by {chooser})"),
    (True, False, True): N_("you lead and must open with {tile}"),
    (True, True, True): N_("you lead (chosen by {chooser}) and must open with {tile}"),
    (False, False, False): N_("{who} leads"),
    (False, True, False): N_("{who} leads (chosen by {chooser})"),
    (False, False, True): N_("{who} leads and must open with {tile}"),
    (False, True, True): N_("{who} leads (chosen by {chooser}) and must open with {tile}"),
}


def end_mark(end: str) -> str:
    """The letter the felt writes at an end (``L``, ``R`` in English)."""
    if end == "left":
        # Translators: the letter marking the line's left end on the felt (one letter).
        return pgettext("the left end's mark", "L")
    # Translators: the letter marking the line's right end on the felt (one letter).
    return pgettext("the right end's mark", "R")


def entry_name(entry: Any) -> str:
    """The player name of a seat entry (a name, or a table with a ``player`` key)."""
    if isinstance(entry, dict):
        return str(entry.get("player", "?"))
    return str(entry)


def player_word(name: str) -> str:
    """A player program's name as the table says it (the built-in ones in the language in
    use; a plugin's as it names itself)."""
    words = {
        # Translators: the players a seat can hold, in Settings and the score panel.
        "human": pgettext("a player", "human"),
        "heuristic": pgettext("a player", "heuristic"),
        "expert": pgettext("a player", "expert"),
        "random": pgettext("a player", "random"),
        "command": pgettext("a player", "command"),
        "policy": pgettext("a player", "policy"),
    }
    return words.get(name, name)


def level_word(level: str) -> str:
    """A player's level as the table says it (the expert's in the language in use)."""
    words = {
        # Translators: the expert's levels, in Settings.
        "fast": pgettext("a level", "fast"),
        "normal": pgettext("a level", "normal"),
        "strong": pgettext("a level", "strong"),
    }
    return words.get(level, level)


def player_name(session: Session, seat: int) -> str:
    """The name of the player in ``seat``: a bot program's own (from its hello), else its
    entry's player name, in words."""
    shown = getattr(session.players.get(seat), "bot_name", None)
    if isinstance(shown, str) and shown:
        return shown
    return player_word(entry_name(session.seats[seat]))


def seat_player(session: Session, seat: int) -> str:
    """A seat and who plays it, on the panel: ``seat 2 (heuristic)``; a person at a host,
    known by name, is that name alone, with whether they are away (``Alice · away 0:52``)."""
    if getattr(session.players.get(seat), "person", False):
        return player_name(session, seat)
    # Translators: a seat and the player program in it: "seat 2 (heuristic)".
    return _("{who} ({player})").format(
        who=seat_name(session, seat), player=player_name(session, seat)
    )


def seat_name(session: Session, seat: int | None) -> str:
    """``you`` for the person, else ``seat N``; lower case, for use inside sentences."""
    if seat is None:
        return _("nobody")
    if seat == session.human:
        # Translators: the person at the table, inside sentences ("you played 6-6"); the
        # review (review/words.py) knows the person by this word too.
        return _("you")
    # Translators: a seat at the table inside sentences, lower case ("seat 2 passed").
    return _("seat {seat}").format(seat=seat)


def label_name(session: Session, seat: int, away: bool = True) -> str:
    """The short label under a seat's tiles; a person at a host who is away is said to be,
    with their seat's hold counting down, unless ``away`` is false."""
    if seat == session.human:
        # Translators: the label under the person's own tiles.
        return pgettext("the person's seat label", "You")
    partner = (
        session.human is not None
        and session.variant.team_of[seat] == session.variant.team_of[session.human]
    )
    name = person_name(session, seat)
    if name is not None:  # a person at a host, known by name
        # Translators: the label of the partner's seat, by the person's name: "Bea (partner)".
        label = _("{name} (partner)").format(name=name) if partner else name
        # Away, the label says so as the panel does, with the hold counting down.
        said_as = getattr(session.players.get(seat), "said_as", None)
        return said_as(label, time.monotonic()) if away and callable(said_as) else label
    if partner:
        return _("Seat {seat} (partner)").format(seat=seat)
    return _("Seat {seat}").format(seat=seat)


def team_name(session: Session, team: int | None, long: bool = False) -> str:
    """``your team`` or ``team N``; ``long`` adds who is in it. A team of one seat is
    named as that seat (``seat 2``; the person's own ``seat 1 (you)``, which takes the
    verbs a team does)."""
    if team is None:
        return _("nobody")
    seats = session.variant.teams[team - 1]
    ours = session.human in seats
    if len(seats) == 1:
        if ours:
            # Translators: the person's seat where a game has no partners, inside
            # sentences whose verb is said of a team ("seat 1 (you) wins the hand").
            return _("seat {seat} (you)").format(seat=seats[0])
        return seat_name(session, seats[0])
    if not long:
        return _("your team") if ours else _("team {team}").format(team=team)
    who = and_names([seat_name(session, s) for s in seats])
    if ours:
        return _("Your team ({who})").format(who=who)
    return _("Team {team} ({who})").format(team=team, who=who)


def end_words(end: str, number: int | None, mine: int | None = None) -> str:
    """An end as the felt shows it: ``the 5 end (L)``; before the first tile, ``the line``.
    The train of seat ``mine`` (the person's), whose head the felt marks "you", is ``your
    train``."""
    if mine is not None and end == train(mine):
        # Translators: the person's own train (Mexican Train), whose head the felt marks
        # "you": "tap your train to play it", "Seat 2 played 5-3 on your train".
        return _("your train")
    if end not in (LEFT, RIGHT):
        return board_words.end_place(end, number)
    if number is None:
        return _("the line")
    # Translators: an end of the line by the number open there and its letter on the felt.
    return _("the {number} end ({mark})").format(number=number, mark=end_mark(end))


def open_number(view: View, end: str) -> int | None:
    if end not in (LEFT, RIGHT):
        return view.layout.number(end)  # a spinner's arm, a train
    if view.ends is None:
        return None
    return view.ends[0] if end == LEFT else view.ends[1]


def numbers_text(numbers: Iterable[int]) -> str:
    """``0, 2``: the numbers a seat passed on."""
    return ", ".join(str(n) for n in sorted(numbers))


class SeatFacts(Protocol):
    """What a seat's label tells (a :class:`~capicua.gui.scene.SeatScene` has it all)."""

    @property
    def name(self) -> str: ...

    @property
    def count(self) -> int: ...

    @property
    def position(self) -> int: ...

    @property
    def tiles(self) -> tuple[Tile, ...] | None: ...

    @property
    def dealt(self) -> bool: ...

    @property
    def leader(self) -> bool: ...

    @property
    def person(self) -> bool: ...

    @property
    def paused(self) -> bool: ...

    @property
    def thinking(self) -> bool: ...

    @property
    def passed(self) -> bool: ...

    @property
    def voids(self) -> tuple[int, ...]: ...

    @property
    def passed_on(self) -> tuple[int, ...]: ...

    @property
    def marked(self) -> bool: ...

    @property
    def score(self) -> str | None: ...


def seat_label(seat: SeatFacts) -> list[str]:
    """The facts under a seat's tiles: name, tiles held, what it is doing, its passes."""
    parts = [seat.name]
    if seat.dealt and (seat.tiles is None or seat.position != 1):
        parts.append(ngettext("{n} tile", "{n} tiles", seat.count).format(n=seat.count))
    if seat.leader and seat.person:
        # Translators: the label under the person's own tiles when they lead the hand.
        parts[0] = pgettext("the person's seat label", "You lead")
    elif seat.leader:
        # Translators: a seat's label: it leads this hand.
        parts.append(pgettext("a seat's label", "leads"))
    if seat.paused:
        parts.append(pgettext("a seat's label", "paused"))
    elif seat.thinking:
        parts.append(pgettext("a seat's label", "thinking"))
    if seat.passed:
        # Translators: a seat's label, in capitals: it passed since the person's last turn.
        parts.append(pgettext("a seat's label", "PASS"))
    if seat.passed_on:
        # Translators: a seat's label: it passed with these numbers open ("passed on 3, 5").
        parts.append(_("passed on {numbers}").format(numbers=numbers_text(seat.passed_on)))
    if seat.marked:
        parts.append(board_words.marked())
    if seat.score is not None:
        parts.append(seat.score)
    return parts


def pass_legend(
    seats: Sequence[SeatFacts], whose: int | None = None, name: str | None = None
) -> str | None:
    """What the seats' PASS and "passed on" mean, said with the numbers a seat really
    shows (never a made-up example); ``whose``: the seat seen from, where that is not
    the person's (a replay, a spectator), and ``name`` its person's, where a person at a
    host plays it. ``None`` while no seat shows either."""
    parts = []
    if any(x.passed for x in seats):
        if whose is None:
            # Translators: the legend under the last-round strip: PASS as a seat shows it.
            parts.append(_("PASS: passed since your last turn"))
        elif name is not None:
            # Translators: a spectator's legend under the strip, from a named person's seat.
            parts.append(_("PASS: passed since {name}'s last turn").format(name=name))
        else:
            parts.append(_("PASS: passed since seat {seat}'s last turn").format(seat=whose))
    # Said only where it is true: a seat that passed on these numbers holds none of them
    # where equal numbers join (the rules' answer, voids, is the same numbers), and not in
    # a game where other numbers join.
    voids = next((x.voids for x in seats if x.passed_on and x.voids == x.passed_on), ())
    if voids:
        numbers = numbers_text(voids)
        # Translators: the legend under the last-round strip, with a seat's real numbers:
        # "passed on 6: holds no 6", "passed on 3, 5: holds none of 3, 5".
        parts.append(
            ngettext(
                "passed on {numbers}: holds no {numbers}",
                "passed on {numbers}: holds none of {numbers}",
                len(voids),
            ).format(numbers=numbers)
        )
    return " · ".join(parts) or None


def drawn_caption(total: int, wins: bool) -> str:
    """Under a tile drawn for first lead."""
    if wins:
        return _("total {total} · leads").format(total=total)
    return _("total {total}").format(total=total)


def pips(tiles: Iterable[Tile]) -> int:
    return sum(t.pips for t in tiles)


def series_scoring(variant: Variant) -> bool:
    """True for variants that count won hands in a row (Chiva), not points."""
    return variant.scoring == "series"


def scores_text(scores: tuple[int, ...]) -> str:
    """The teams' scores as the language writes a score ("3–1"; German "3:1")."""
    return score_dash(scores)


def _pips_left(name: str, pips: int) -> str:
    # Translators: who holds how many pips at a block ("seat 2: 14"), in a list.
    return _("{who}: {pips}").format(who=name, pips=pips)


def totals_decide(variant: Variant) -> bool:
    """Whether a team's combined pips can decide ``variant``'s block (worth showing): not
    where each team is one seat, nor under the lowest single count (double-nine)."""
    if all(len(team) == 1 for team in variant.teams):
        return False
    return getattr(type(variant), "block_winner", None) is not Variant.block_by_lowest_count


def result_lines(past: PastHand, view: View, session: Session) -> list[str]:
    """Who won the finished hand and why, and what it did to the score."""
    r = past.result
    v = session.variant
    left = {s: pips(t) for s, t in r.remaining.items()}
    lines = []
    # A game that counts rounds (Mexican Train) calls each hand a round, as its caption.
    rounds = counts_rounds(v)
    if r.outcome == GOAL:
        # Translators: All Fives: a play's points took {team} to the match's goal.
        lines.append(
            _("Hand {number}: {team} reaches the goal during play.").format(
                number=past.number, team=team_name(session, r.team)
            )
        )
    elif r.outcome == DOMINO:
        if rounds:
            # Translators: the end of a round in a game of rounds (Mexican Train).
            text = _("Round {number}: {who} played the last tile. Domino: {team} wins the round.")
        else:
            text = _("Hand {number}: {who} played the last tile. Domino: {team} wins the hand.")
        lines.append(
            text.format(
                number=past.number, who=seat_name(session, r.seat), team=team_name(session, r.team)
            )
        )
    else:
        teams = v.team_pips(r.remaining)
        each = ", ".join(_pips_left(seat_name(session, s), p) for s, p in sorted(left.items()))
        totals = ", ".join(_pips_left(team_name(session, t), p) for t, p in sorted(teams.items()))
        if totals_decide(v):
            text = _("Hand {number} is blocked: nobody can play. Pips left: {each} ({totals}).")
        elif rounds:
            # Translators: a blocked round in a game of rounds (Mexican Train).
            text = _("Round {number} is blocked: nobody can play. Pips left: {each}.")
        else:
            text = _("Hand {number} is blocked: nobody can play. Pips left: {each}.")
        lines.append(text.format(number=past.number, each=each, totals=totals))
        lines.append(
            v.explain_block(r, lambda s: seat_name(session, s), lambda t: team_name(session, t))
        )
    before = _scores_before(view, past.number, len(r.scores))
    # Points scored during play are told apart from the hand's end, so that each
    # sentence's sums add up: before → after play, then after play → after the hand.
    during = hand_play_points(v, past.number, past.history)
    if any(during):
        after_play = tuple(b + p for b, p in zip(before, during, strict=True))
        said = ", ".join(
            # Translators: one team's points scored during play: "your team: 25".
            _("{team}: {points}").format(team=team_name(session, t), points=p)
            for t, p in enumerate(during, 1)
            if p
        )
        lines.append(
            # Translators: All Fives: {said} is "your team: 25, team 2: 5"; {was} and
            # {now} the scores before the hand and after the points scored during play.
            cap(
                _("Scored during play: {said} ({was} → {now}).").format(
                    said=said, was=score_dash(before), now=score_dash(after_play)
                )
            )
        )
        before = after_play
    if r.outcome != GOAL:
        lines.append(v.explain_score(r, before, lambda t: team_name(session, t)))
    lines.extend(_next_lead(session, past))
    return lines


def hand_play_points(
    variant: Variant, number: int, history: Sequence[tuple[int, Action]]
) -> tuple[int, ...]:
    """Each team's points scored during play in hand ``number`` (``history`` its moves),
    as the engine scored them: the variant's ``play_points`` of each play's layout."""
    totals = [0] * len(variant.teams)
    if not scores_in_play(variant):
        return tuple(totals)
    laid = variant.layouts_along(number, history)
    for k, (seat, action) in enumerate(history):
        totals[variant.team_of[seat] - 1] += play_points(variant, seat, action, laid[k + 1])
    return tuple(totals)


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
        tile = logs[past.number].required
        return [_("The next hand opens with {tile} again.").format(tile=tile)]
    if m.phase == "lead" and m.turn is not None:
        team = session.variant.team_of[m.turn]
        return [
            _("{team} did not lead this hand, so it chooses the next leader.").format(
                team=cap(team_name(session, team))
            )
        ]
    return []


def match_result(view: View, session: Session) -> str:
    label = session.variant.label_name(view.label) if view.label else None
    w = view.winner
    assert w is not None  # shown once the match is over, when it has a winner
    order = (view.scores[w - 1], *(x for t, x in enumerate(view.scores, 1) if t != w))
    team, scores = cap(team_name(session, w, long=True)), scores_text(order)
    if label:
        # Translators: {label} is the game's name for the win ("a chiva").
        return _("{team} wins the match {scores}: {label}!").format(
            team=team, scores=scores, label=label
        )
    return _("{team} wins the match {scores}.").format(team=team, scores=scores)


def _drew(session: Session, seat: int, tile: Tile) -> str:
    # Translators: one seat's tile in the draw for first lead, with its pip total.
    return _("{who} drew {tile} ({pips})").format(
        who=seat_name(session, seat), tile=tile, pips=tile.pips
    )


def draw_summary(view: View, session: Session) -> list[str]:
    """The draw for first lead so far, and what happens next."""
    lines = []
    for i, rnd in enumerate(view.draw):
        if not rnd:
            continue
        said = ", ".join(_drew(session, s, t) for s, t in rnd)
        complete = len(rnd) == len(session.variant.teams)
        if complete and len({t.pips for _s, t in rnd}) == 1:
            lines.append(
                _(
                    "Draw for first lead: {said}. Equal totals: the tiles go back and "
                    "the set is shuffled, draw again."
                ).format(said=said)
            )
        elif complete:
            best = max(rnd, key=lambda st: st[1].pips)[0]
            team = session.variant.team_of[best]
            lines.append(
                _(
                    "Draw for first lead: {said}. {team} has the higher total and leads first."
                ).format(said=said, team=cap(team_name(session, team)))
            )
        elif i == len(view.draw) - 1:
            lines.append(_("Draw for first lead: {said}.").format(said=said))
    if view.phase == "draw":
        team = session.variant.team_of[view.turn]
        if view.turn == session.human:
            lines.append(_("Pick a face-down tile for your team: the higher pip total leads."))
        else:
            lines.append(
                _("{who} draws for {team}…").format(
                    who=cap(seat_name(session, view.turn)), team=team_name(session, team)
                )
            )
    return lines[-3:]


def drawn_tile(session: Session, hand: int, index: int, seat: int) -> Tile | None:
    """The tile ``seat``'s draw, action ``index`` of hand ``hand``, took from the boneyard,
    where the table may say it: the seat's own hand is the one shown face up (the
    person's), or every hand is (the viewer's). ``None`` elsewhere, or where the table was
    not given the boneyard (a joined seat's)."""
    if seat != session.viewpoint and not getattr(session, "hands_open", False):
        return None
    logs = session.match.hands_log
    if not 1 <= hand <= len(logs):
        return None
    log = logs[hand - 1]
    # The boneyard is dealt in the order it is drawn: the k-th draw of the hand took its
    # k-th tile.
    k = sum(1 for _s, a in log.actions[:index] if a is DRAW)
    unused = log.deal.get("unused", ())
    return unused[k] if k < len(unused) else None


def fresh_tile(session: Session, view: View) -> Tile | None:
    """The tile the seat at the bottom has just drawn, marked in its hand until the next
    action."""
    if not view.history or view.history[-1] != (session.viewpoint, DRAW):
        return None
    return drawn_tile(session, view.hand_number, len(view.history) - 1, session.viewpoint)


def last_move(view: View, session: Session) -> str | None:
    if not view.history:
        if view.phase == "play" and view.leader is not None:
            who = cap(seat_name(session, view.leader))
            if view.leader == session.human:
                if view.required:
                    return _("You lead and must open with {tile}.").format(tile=view.required)
                return _("You lead.")
            if view.required:
                return _("{who} leads and must open with {tile}.").format(
                    who=who, tile=view.required
                )
            return _("{who} leads.").format(who=who)
        return None
    seat, action = view.history[-1]
    before = session.variant.layouts_along(view.hand_number, view.history[:-1])[-1]
    drew = drawn_tile(session, view.hand_number, len(view.history) - 1, seat)
    return move_sentence(session, seat, action, before, view.layout, drew)


def move_sentence(
    session: Session,
    seat: int,
    action: Action,
    before: Layout,
    after: Layout,
    drew: Tile | None = None,
) -> str:
    """One move as a sentence, from the layout it was made on and the layout it made: the
    end a tile went on is named by the number it showed, and what it shows now. A draw
    names the tile taken, ``drew``, where the table may say it (:func:`drawn_tile`)."""
    who = cap(seat_name(session, seat))
    if action is DRAW:
        if drew is not None:
            # Translators: {who} is "You" (or, with every hand shown, "Seat 2"); {tile}
            # the tile taken from the boneyard.
            return _("{who} drew {tile} from the boneyard.").format(who=who, tile=drew)
        # Translators: {who} is "You" or "Seat 2"; a tile taken from the boneyard, unseen.
        return _("{who} drew a tile from the boneyard.").format(who=who)
    if action is PASS:
        on = numbers_text(set(main_line(before).ends or ()))
        if on:
            return _("{who} passed on {numbers}.").format(who=who, numbers=on)
        return _("{who} passed.").format(who=who)
    assert isinstance(action, Play)
    scored = scoring(session, seat, action, after)
    if not before.open_ends():
        said = _("{who} opened with {tile}.").format(who=who, tile=action.tile)
        return f"{said} {scored}" if scored else said
    end = action.end
    number, now = before.number(end), after.number(end)
    if now is None:  # the end closed (or the layout of a game's own says no more)
        # Translators: {end} is "the 5 end (L)", "train 3", "the Mexican train" or "the
        # 6 on the up arm (U)".
        said = _("{who} played {tile} on {end}.").format(
            who=who, tile=action.tile, end=end_words(end, number, session.human)
        )
    else:
        said = _("{who} played {tile} on {end}, which now shows {number}.").format(
            who=who, tile=action.tile, end=end_words(end, number, session.human), number=now
        )
    return f"{said} {scored}" if scored else said


def scores_in_play(variant: Variant) -> bool:
    """True when ``variant`` may score during play: it has rules of its own for
    :meth:`~capicua.core.variant.Variant.play_points` (the common rules score nothing)."""
    return type(variant).play_points is not Variant.play_points


def play_points(variant: Variant, seat: int, action: Action, after: Layout) -> int:
    """What ``action`` scored at once, as the engine scores it: the variant's
    :meth:`~capicua.core.variant.Variant.play_points` of the layout the play made (0 for a
    draw, a pass, and in a game that scores nothing during play)."""
    if not isinstance(action, Play):
        return 0
    return variant.play_points(after, seat, action)


def scoring(session: Session, seat: int, action: Action, after: Layout) -> str | None:
    """What a play scored at once, in a sentence, with the game's count of the table where
    it has one: ``Seat 2 scores 10 (the ends add up to 10).``; ``None`` if it scored
    nothing."""
    variant = session.variant
    points = play_points(variant, seat, action, after)
    if not points:
        return None
    count = variant.table_count(after)
    if seat == session.human:
        if count is None:
            # Translators: the person's play scored at once: "You score 10."
            return _("You score {points}.").format(points=points)
        # Translators: All Fives: the person's play scored at once because the open ends
        # add up to a multiple of five: "You score 10 (the ends add up to 10)."
        return _("You score {points} (the ends add up to {count}).").format(
            points=points, count=count
        )
    who = cap(seat_name(session, seat))
    if count is None:
        # Translators: a play scored at once: "Seat 2 scores 10."
        return _("{who} scores {points}.").format(who=who, points=points)
    # Translators: All Fives: a play scored at once because the open ends add up to a
    # multiple of five: "Seat 2 scores 10 (the ends add up to 10)."
    return _("{who} scores {points} (the ends add up to {count}).").format(
        who=who, points=points, count=count
    )


def strip_from_start(session: Session, view: View) -> bool:
    """True while the person has not moved in this hand (the strip lists it from its start)."""
    me = session.viewpoint
    return not any(seat == me and action not in (PASS, DRAW) for seat, action in view.history)


def redeal_news(session: Session, view: View) -> str | None:
    """The redeals of the hand being played, as news for the felt: who showed which doubles,
    or that the rules dealt again, and that the hands are new; ``None`` if there were none."""
    logs = session.match.hands_log
    if not logs or logs[-1].number != view.hand_number or not logs[-1].redeals:
        return None
    said = []
    for r in logs[-1].redeals:
        if r.claimant is None:
            said.append(cap(_("no double to lead with: the tiles are dealt again")) + ".")
        else:
            said.append(showed(session, r.claimant, r.shown))
    if session.human is not None:
        # Translators: after a redeal, on the felt: the person's tiles are a new hand.
        said.append(_("Your hand is new."))
    return " ".join(said)


STRIP_NAME = 8  # the most letters of a person's name in the last-round strip


def person_name(session: Session, seat: int) -> str | None:
    """The name of the person who plays ``seat`` at a host, as the table shows it on the
    felt and the panel; ``None`` for a seat no named person plays (a computer, a local
    table's seats)."""
    player = session.players.get(seat)
    if not getattr(player, "person", False):
        return None
    return str(getattr(player, "name", "")) or None


def strip_who(session: Session, seat: int) -> str | None:
    """A named person's short form for the last-round strip (their first word, cut to
    :data:`STRIP_NAME` letters), so the strip says "Bea" where the felt does; ``None``
    for a seat the strip calls "S3"."""
    name = person_name(session, seat)
    if name is None:
        return None
    first = name.split()[0] if name.split() else name
    return first if len(first) <= STRIP_NAME else first[: STRIP_NAME - 1] + "…"


def _strip_entry(
    mine: bool, seat: int, action: Action, drew: Tile | None = None, name: str | None = None
) -> str:
    """One move in the last-round strip: ``S2 4-2``, ``You 6-4``, ``Bea 3-1`` (``name``:
    the seat's person, short); a pass or a draw is a whole phrase, so each language
    conjugates its verb for the person, a seat and a name. A draw names the tile taken,
    ``drew``, where the table may say it."""
    if name is not None and not mine:
        return _named_strip_entry(name, action, drew)
    if isinstance(action, Play):
        if mine:
            # Translators: the person in the last-round strip ("You 6-4 · S2 pass").
            who = pgettext("the last-round strip", "You")
        else:
            # Translators: a seat, very short, in the last-round strip ("S2 4-2 · S3 pass").
            who = pgettext("the last-round strip", "S{seat}").format(seat=seat)
        return f"{who} {action.tile}"
    if action is DRAW and drew is not None:
        if mine:
            # Translators: the person drew {tile} from the boneyard, in the last-round strip.
            return pgettext("the last-round strip", "You draw {tile}").format(tile=drew)
        # Translators: seat {seat} drew {tile} (every hand shown), in the last-round strip.
        return pgettext("the last-round strip", "S{seat} draw {tile}").format(seat=seat, tile=drew)
    if action is DRAW:
        if mine:
            # Translators: the person drew from the boneyard, in the last-round strip.
            return pgettext("the last-round strip", "You draw")
        # Translators: seat {seat} drew from the boneyard, in the last-round strip; S is
        # the strip's short word for a seat. A whole phrase: conjugate the verb for it.
        return pgettext("the last-round strip", "S{seat} draw").format(seat=seat)
    if mine:
        # Translators: the person passed, in the last-round strip.
        return pgettext("the last-round strip", "You pass")
    # Translators: seat {seat} passed, in the last-round strip ("S3 pass"). A whole
    # phrase: conjugate the verb for a seat (German "P3 passt").
    return pgettext("the last-round strip", "S{seat} pass").format(seat=seat)


def _named_strip_entry(name: str, action: Action, drew: Tile | None) -> str:
    """A named person's move in the last-round strip: ``Bea 4-2``, ``Bea pass``."""
    if isinstance(action, Play):
        return f"{name} {action.tile}"
    if action is DRAW and drew is not None:
        # Translators: a person at a host, by name, drew {tile}, in the last-round strip.
        return pgettext("the last-round strip", "{name} draw {tile}").format(name=name, tile=drew)
    if action is DRAW:
        # Translators: a person at a host, by name, drew from the boneyard, in the
        # last-round strip. A whole phrase: conjugate the verb for a person named.
        return pgettext("the last-round strip", "{name} draw").format(name=name)
    # Translators: a person at a host, by name, passed, in the last-round strip ("Bea
    # pass"). A whole phrase: conjugate the verb for a person named (German "Bea passt").
    return pgettext("the last-round strip", "{name} pass").format(name=name)


def round_strip(session: Session, view: View) -> str | None:
    """The moves since the person's last turn (since the start of the hand before their
    first), short: ``Since your turn: S2 4-2 · S3 pass · S4 3-2``."""
    history = view.history
    me = session.viewpoint
    start = 0
    for i in range(len(history) - 1, -1, -1):
        # The person's forced pass or draw decides nothing: the round before it stays up,
        # with the pass in it, so the strip agrees with the PASS at their seat.
        if history[i][0] == me and history[i][1] not in (PASS, DRAW):
            start = i + 1
            break
    moves = history[start:]
    if not moves:
        return None
    most = STRIP_ROUNDS * session.variant.seats
    cut = len(moves) > most
    first = len(history) - min(most, len(moves))  # many forced passes: the latest two rounds
    parts = ["…"] if cut else []
    v = session.variant
    # The layouts along the hand, where the game scores during play: what each play scored.
    laid = v.layouts_along(view.hand_number, history) if scores_in_play(v) else None
    for i in range(first, len(history)):
        seat, action = history[i]
        drew = drawn_tile(session, view.hand_number, i, seat) if action is DRAW else None
        mine = seat == session.human
        entry = _strip_entry(mine, seat, action, drew, strip_who(session, seat))
        points = play_points(v, seat, action, laid[i + 1]) if laid is not None else 0
        if points:
            # Translators: a play in the last-round strip that scored at once: {move} is
            # "S2 6-4" or "You 6-4" ("S2 6-4 scores 10 · S3 pass").
            entry = pgettext("the last-round strip", "{move} scores {points}").format(
                move=entry, points=points
            )
        parts.append(entry)
    moves_text = " · ".join(parts)
    if not start:
        return _("This hand: {moves}").format(moves=moves_text)
    if session.human is not None:
        return _("Since your turn: {moves}").format(moves=moves_text)
    name = person_name(session, me)
    if name is not None:
        # A spectator at a host, seen from the seat of a person named: the felt's name.
        # Translators: a spectator's strip, from the seat of a person at a host, by name.
        return _("Since {name}'s turn: {moves}").format(name=name, moves=moves_text)
    # A table of computers, or a spectator's, seen from seat 1.
    return _("Since seat {seat}'s turn: {moves}").format(seat=me, moves=moves_text)


def score_text(variant: Variant, scores: tuple[int, ...], team: int) -> str:
    """``team``'s score with how far it is from winning, in the variant's own words."""
    return variant.score_words(scores, team)


def showed(session: Session, claimant: int, shown: Iterable[Tile]) -> str:
    """``Seat 2 showed 1-1 2-2 ... and demanded a redeal.``"""
    return _("{who} showed {tiles} and demanded a redeal.").format(
        who=cap(seat_name(session, claimant)), tiles=" ".join(str(t) for t in shown)
    )


def resume_question(
    title: str,
    hand: int,
    scores: tuple[int, ...],
    seen: bool = False,
    other: tuple[Mapping[str, Any], Mapping[str, Any]] | None = None,
) -> str:
    """The question a saved match asks when the table opens: resume it or deal anew.
    ``other`` is the saved match's options and the ones asked for when they differ, so the
    person knows that resuming keeps the saved ones."""
    if seen:
        text = _(
            "An unfinished {title} match is saved (hand {hand}, score {score}). Its hidden "
            "hands were shown in capicua view. Resume it?"
        ).format(title=title, hand=hand, score=scores_text(scores))
    else:
        text = _(
            "An unfinished {title} match is saved (hand {hand}, score {score}). Resume it?"
        ).format(title=title, hand=hand, score=scores_text(scores))
    if other:
        saved, asked = other
        text += " " + _(
            "It is played with {saved}; a new match is played with {asked}, as asked."
        ).format(saved=options_text(saved), asked=options_text(asked))
    return text


def options_text(options: Mapping[str, Any]) -> str:
    """Game options as a person reads them in a sentence: ``seats 8, rounds 13``."""
    return ", ".join(f"{key} {value}" for key, value in sorted(options.items()))


def draw_verdict(session: Session, rnd: Sequence[tuple[int, Tile]]) -> str:
    """What a complete round of the draw for first lead decided."""
    if len({t.pips for _s, t in rnd}) == 1:
        return _("Equal totals: the tiles go back, the set is shuffled and both draw again.")
    best = max(rnd, key=lambda st: st[1].pips)[0]
    team = session.variant.team_of[best]
    return _("{team} has the higher total and leads first.").format(
        team=cap(team_name(session, team, long=True))
    )


def draw_round(session: Session, rnd: Sequence[tuple[int, Tile]]) -> tuple[str, str]:
    """A complete round of the draw for first lead: who drew what, and what it decided."""
    said = ", ".join(_drew(session, s, t) for s, t in rnd)
    return _("Draw for first lead: {said}.").format(said=said), draw_verdict(session, rnd)


def reflow(text: str) -> str:
    """Text hard-wrapped for a terminal, as paragraphs that wrap to the window: lines of a
    paragraph are joined; blank lines, and indented items (``1.``, ``-``), start anew."""
    out: list[str] = []
    item = re.compile(r"^\s*(\d+[.)]|[-*•])\s")
    in_item = False  # the lines of a list item, indented under its text, continue it
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            out.append("")
            in_item = False
            continue
        if item.match(line):
            out.append(line)
            in_item = True
            continue
        # A colon ends no paragraph: a sentence goes on after it on the next line (a list
        # after a colon starts anew by its items).
        starts = not out or not out[-1]
        block = line.startswith(" ") and not out[-1].startswith(" ") and not in_item
        if starts or block:
            out.append(line)  # a new paragraph, or an indented block after one
            in_item = False
        else:
            out[-1] = f"{out[-1]} {line.strip()}"
    return "\n".join(out)


def hand_head(number: int, lead: str = "", rounds: bool = False) -> str:
    """A hand's first line in the log; without ``lead``, the part that finds it there
    (``Hand 2:``); ``rounds``: a game of rounds (:func:`counts_rounds`) says ``Round 2:``."""
    if rounds:
        # Translators: the first line of a round in the log, in a game of rounds (Mexican
        # Train): "Round 2: seat 3 leads."
        head = _("Round {number}: {lead}").format(number=number, lead=lead)
    else:
        # Translators: the first line of a hand in the log: "Hand 2: seat 3 leads." ({lead}
        # is "seat 3 leads", "you lead and must open with 6-6", ...).
        head = _("Hand {number}: {lead}").format(number=number, lead=lead)
    return cap(head) + "." if lead else head.strip()


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
    title = _(m.variant.title)
    seed: int | None = m.seed  # None at a table whose host keeps it (capicua join)
    lines = [
        _("{title}, seed {seed}.").format(title=title, seed=seed)
        if seed is not None
        else title + "."
    ]
    for rnd in m.draw_rounds:
        if rnd:
            pairs = tuple(sorted(rnd.items()))
            said = ", ".join(_drew(session, s, t) for s, t in pairs)
            done = len(pairs) == len(session.variant.teams)
            lines.append(
                _("Draw for first lead: {said}.").format(said=said)
                + (f" {draw_verdict(session, pairs)}" if done else "")
            )
    view = session.view()
    for log in m.hands_log:
        lines.append("")
        key = (log.leader == session.human, log.chooser is not None, log.required is not None)
        lead = _(_LOG_LEADS[key]).format(
            who=seat_name(session, log.leader),
            chooser=seat_name(session, log.chooser) if log.chooser is not None else "",
            tile=log.required,
        )
        lines.append(hand_head(log.number, lead, counts_rounds(session.variant)))
        lines.extend(f"  {x}" for x in notes.get((log.number, -1), ("", ()))[1])
        for r in log.redeals:
            if r.claimant is None:
                lines.append(_("no double to lead with: the tiles are dealt again"))
            else:
                lines.append(showed(session, r.claimant, r.shown))
        laid = session.variant.layouts_along(log.number, log.actions)
        for k, (seat, action) in enumerate(log.actions):
            if isinstance(action, (Pick, ChooseLeader)):
                continue
            mark, under = notes.get((log.number, k), ("", ()))
            drew = drawn_tile(session, log.number, k, seat) if action is DRAW else None
            sentence = move_sentence(session, seat, action, laid[k], laid[k + 1], drew)
            lines.append(f"{sentence} {mark}" if mark else sentence)
            lines.extend(f"  {x}" for x in under)
        if log.result is not None and log.number <= len(view.past):
            lines.extend(result_lines(view.past[log.number - 1], view, session))
        elif log.result is None:
            lines.append(_("The hand goes on."))
    if m.winner is not None:
        lines.append("")
        lines.append(match_result(view, session))
    return lines
