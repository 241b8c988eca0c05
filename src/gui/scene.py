"""What the table shows at one moment, as plain values: the bridge from model to canvas.

:func:`build_scene` reads the session (through the person's view only, plus the public
order of the draw for first lead), the controller's selection and the window's own state
(a message, who is thinking, a pending question) and returns a :class:`Scene`. The canvas
code (:mod:`.table`) draws a scene and decides nothing; the tests check scenes without Tk:
a finished hand reveals every hand, a tile that does not fit is not offered, and so on.

Seats are placed around the table from the person's seat: their own seat at the bottom,
the next one (to their right in turn order) on the right, the partner at the top.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import DRAW, PASS, ChooseLeader, Pick, Play
from ..core.layout import Trains
from ..core.line import Line as CoreLine
from ..core.tiles import Tile
from ..core.view import View
from ..i18n import N_, _, pgettext
from . import board_words
from .board import Board, Line, board_of, lays_out, line_of
from .controller import Controller, choice_target, playable, shows_of, way_target, ways
from .model import Session
from .state import Choice, Ui
from .status import panel_lines
from .texts import (
    REVIEW_HAND,
    STEP_WAITING,
    cap,
    draw_round,
    draw_summary,
    fresh_tile,
    label_name,
    last_move,
    match_result,
    pass_legend,
    person_name,
    redeal_news,
    result_lines,
    round_strip,
    seat_name,
    strip_from_start,
    team_name,
)


@dataclass(frozen=True)
class SeatScene:
    """One seat as drawn: face-up tiles (``tiles``) or ``count`` backs, and its labels."""

    seat: int
    position: int  # 1 bottom, 2 right, 3 top, 4 left: the keys of geometry.table_layout
    name: str
    count: int
    tiles: tuple[Tile, ...] | None  # face up: the person's hand, or any hand once it is over
    turn: bool = False
    thinking: bool = False
    paused: bool = False  # its move is held back while a side window is open
    passed: bool = False  # passed within the last round: shown until its next play
    last: bool = False  # its pass is the last move made
    voids: tuple[int, ...] = ()  # numbers this seat has shown it holds no tile of, this hand
    passed_on: tuple[int, ...] = ()  # numbers open on the ends it passed on, this hand
    leader: bool = False
    shown: tuple[Tile, ...] = ()  # doubles shown with a redeal claim this hand
    drawn: Tile | None = None  # the tile drawn for first lead, while the draw is shown
    dealt: bool = True  # False before the deal (draw, choice of leader): no count to show
    marked: bool = False  # its train carries a marker (Mexican Train)
    score: str | None = None  # its own score, where every player scores for themselves
    person: bool = False  # the person's own seat: its label speaks to them ("You lead")


@dataclass(frozen=True)
class Button:
    name: str  # canvas tag "button:<name>"
    label: str
    enabled: bool


@dataclass(frozen=True)
class Drawn:
    """One tile of a finished round of the draw for first lead, shown on the felt."""

    name: str
    tile: Tile
    total: int
    wins: bool


@dataclass(frozen=True)
class Scene:
    """Everything one frame of the table shows."""

    title: str
    seats: tuple[SeatScene, ...]
    line: Line | None = None
    ends: tuple[str, ...] = ()  # end markers to draw ("left" alone on an empty line)
    lit: tuple[str, ...] = ()  # ends the picked tile can go to
    # Lit ends the picked tile goes on either way round: per end, each way's target
    # (``way:left:6``) and the number it leaves, drawn as the two halves of the end.
    ways: tuple[tuple[str, tuple[tuple[str, int | None], ...]], ...] = ()
    hinted: str | None = None
    drag_over: str | None = None
    selected: Tile | None = None
    fresh: Tile | None = None  # the tile the bottom seat just drew, marked in its hand
    playable: frozenset[Tile] | None = None  # None: not the person's move, dim nothing
    focus: str | None = None
    facedown: tuple[int, ...] | None = None  # grid slots still face down (the draw)
    slots: int = 0
    banner: tuple[str, ...] = ()
    choices: tuple[Choice, ...] = ()
    panel: tuple[tuple[str, str], ...] = ()  # (text, style) lines of the score panel
    buttons: tuple[Button, ...] = ()
    strip: str | None = None  # the moves since the person's last turn
    legend: str | None = None  # what PASS and "passed on" mean, while a seat shows one
    drawn: tuple[Drawn, ...] = ()  # a finished round of the draw, on show
    last_play: bool = True  # the line's last tile is the last move (not a pass after it)
    board: Board | None = None  # a spinner or trains, drawn instead of a line
    caption: str | None = None  # the board's count (All Fives) or round (Mexican Train)
    heads: tuple[tuple[str, str, bool], ...] = ()  # trains: (end, its mark, marked)
    boneyard: int | None = None  # tiles left to draw, in a game that draws
    draw: bool = False  # the person must draw: the boneyard is lit and takes the tap

    def focusable(self) -> list[str]:
        """Targets the keyboard moves over outside tile play, in reading order."""
        if self.facedown is not None and not self.choices:
            return [f"facedown:{j}" for j in range(len(self.facedown))]
        if self.draw and not self.choices:
            return ["boneyard"]
        return [c.target for c in self.choices]


# The panel's buttons, their labels translated where the scene is built.
BUTTONS = (
    ("hint", N_("Hint")),
    ("undo", N_("Undo")),
    ("redo", N_("Redo")),
    ("restart", N_("Restart")),
    ("new", N_("New match")),
    ("settings", N_("Settings")),
    ("rules", N_("Rules")),
    ("log", N_("Log")),
)


def position_of(seat: int, viewpoint: int, seats: int) -> int:
    """Where ``seat`` sits on screen when ``viewpoint`` is at the bottom."""
    return (seat - viewpoint) % seats + 1


def build_scene(session: Session, ctl: Controller, ui: Ui) -> Scene:
    """The frame to draw now (see the module docstring)."""
    view = session.view()
    v = session.variant
    n = v.seats
    held = session.held()
    mine = (
        session.human is not None
        and view.my_turn
        and not session.holding
        and ui.question is None
        and ui.blocked is None
        and session.automatic() is None
    )
    shown_draw: tuple[Drawn, ...] = ()
    banner: tuple[str, ...] = ()
    choices: tuple[Choice, ...] = ()
    facedown = None
    slots = 0
    line = None
    drawn: dict[int, Tile] = {}
    reveal: dict[int, tuple[Tile, ...]] = {}
    person = session.human

    board: Board | None = None
    boards = lays_out(v, view.hand_number)
    if held is not None:
        # A finished hand: the layout the variant's rules made of it.
        if boards:
            board = board_of(v, held.number, held.history)
        else:
            laid = v.layouts_along(held.number, held.history)[-1]
            line = line_of(laid if isinstance(laid, CoreLine) else CoreLine(), held.history)
        reveal = {
            s: tuple(sorted(t, key=lambda x: (x.hi, x.lo)))
            for s, t in held.result.remaining.items()
        }
        banner = tuple(result_lines(held, view, session))
        if view.phase == "over":
            banner += (match_result(view, session),)
            if ui.buttons.get("new", True):  # not where the host starts the matches
                choices = (Choice("choice:new", _("New match")),)
        elif person is not None:
            choices = (Choice("choice:continue", _("Continue")),)
        if person is not None:
            choices += (Choice("choice:review", _(REVIEW_HAND)),)
    elif session.held_draw is not None:
        rnd = view.draw[session.held_draw - 1]
        best = max(t.pips for _s, t in rnd)
        tie = len({t.pips for _s, t in rnd}) == 1
        shown_draw = tuple(
            Drawn(label_name(session, s), t, t.pips, not tie and t.pips == best) for s, t in rnd
        )
        banner = draw_round(session, rnd)
        if person is not None:
            choices = (Choice("choice:continue", _("Continue")),)
    elif view.phase == "draw":
        facedown, slots = draw_slots(session, view)
        drawn = dict(view.draw[-1]) if view.draw else {}
        banner = tuple(draw_summary(view, session))
    elif view.phase == "lead":
        # The draw's tiles are not shown at the seats here: that is where the hand the
        # choice is about will be; the banner says who drew what.
        banner = tuple(draw_summary(view, session)) if view.hand_number == 1 else ()
        team = v.team_of[view.turn]
        if mine:
            banner += (
                _(
                    "{team} leads this hand. Who leads? (You choose before seeing the new hand.)"
                ).format(team=team_name(session, team, long=True)),
            )
            choices = tuple(
                Choice(
                    choice_target(a),
                    _("I lead")
                    if a.seat == view.seat
                    # Translators: a button: {seat} ("Seat 3 (partner)") leads the hand.
                    else _("{seat} leads").format(seat=label_name(session, a.seat)),
                )
                for a in view.legal
                if isinstance(a, ChooseLeader)
            )
        else:
            banner += (
                _("{who} chooses who leads for {team}…").format(
                    who=cap(seat_name(session, view.turn)), team=team_name(session, team)
                ),
            )
    elif view.phase == "claim":
        line = Line((), 0, None)
        if mine:
            doubles = " ".join(str(t) for t in view.hand if t.is_double)
            count = sum(t.is_double for t in view.hand)
            banner = (
                _("You hold {count} doubles ({doubles}).").format(count=count, doubles=doubles),
                _("Keep this hand, or show the doubles and demand a redeal?"),
            )
            choices = (
                Choice("choice:keep", _("Keep the hand")),
                Choice("choice:redeal", _("Show doubles, redeal")),
            )
        else:
            banner = (
                _("{who} holds five or more doubles and may demand a redeal…").format(
                    who=cap(seat_name(session, view.turn))
                ),
            )
    elif view.phase == "play":
        # The hand being played: the layout the engine holds.
        if boards:
            board = board_of(v, view.hand_number, view.history, view.layout)
        else:
            laid = view.layout
            line = line_of(laid if isinstance(laid, CoreLine) else view.line, view.history)
    if ui.step_wait is not None and ui.question is None and not choices:
        # Translators: step mode with nobody to move: "Step mode: the table moves when ...".
        who = _("the table") if not ui.step_wait else seat_name(session, ui.step_wait)
        banner += (_(STEP_WAITING).format(who=who),)
        # Translators: the step mode's button: the next move.
        choices = (Choice("choice:next", pgettext("step mode", "Next")),)
    if ui.question is not None:
        text, choices = ui.question
        banner = (text,)
    ends: tuple[str, ...] = ()
    if held is None and view.phase == "play":
        if board is not None:
            ends = tuple(e for e, _n in board.layout.open_ends()) or ("left",)
        else:
            ends = ("left", "right") if view.line else ("left",)
    lit = ctl.lit_ends(view) if mine else ()
    turned = []
    if lit and ctl.selected is not None:
        for end in dict.fromkeys(lit):
            both = ways(view, ctl.selected, end)
            if len(both) > 1:
                turned.append((end, tuple((way_target(a), shows_of(a)) for a in both)))
    # Five or more seats share the window's edges: their labels keep to what the rules
    # need (passes, markers, scores), not the numbers each has passed on.
    voids = view.voids() if held is None and n <= 4 else {}
    passed_on = view.passed_on() if voids else {}
    recent = _recent_passes(view, n) if held is None else set()
    last_pass = (
        view.history[-1][0]
        if held is None and view.history and view.history[-1][1] is PASS
        else None
    )
    trains = board.layout if board is not None and isinstance(board.layout, Trains) else None
    # Where every player scores alone in a game the table lays out, each seat's label
    # carries its score (the panel has no room for eight).
    alone = board is not None and len(v.teams) == n and n > 2
    seats = []
    for s in range(1, n + 1):
        tiles: tuple[Tile, ...] | None = None
        if s in reveal:
            tiles = reveal[s]
        elif s == session.viewpoint == view.seat and view.phase in ("play", "claim"):
            tiles = view.hand  # a spectator's view has no seat and no hand: backs, counted
        count = len(tiles) if tiles is not None else view.counts[s - 1]
        shown = tuple(t for c, ts in view.shown for t in ts if c == s) if held is None else ()
        seats.append(
            SeatScene(
                seat=s,
                position=position_of(s, session.viewpoint, n),
                name=label_name(session, s),
                count=count,
                tiles=tiles,
                turn=held is None and view.turn == s and ui.question is None,
                thinking=ui.thinking == s and not ui.paused,
                paused=ui.paused
                and held is None
                and view.turn == s
                and not session.holding
                and not session.is_human(s),
                passed=s in recent,
                last=s == last_pass,
                voids=tuple(sorted(voids.get(s, ()))),
                passed_on=tuple(sorted(passed_on.get(s, ()))),
                leader=held is None and view.leader == s and not view.history,
                shown=shown,
                drawn=drawn.get(s) if not shown_draw else None,
                dealt=held is not None or view.phase in ("play", "claim"),
                marked=trains is not None and held is None and trains.train(f"t{s}").marker,
                score=board_words.seat_score(view.scores[s - 1]) if alone else None,
                person=s == person,
            )
        )
    strip = round_strip(session, view) if held is None and view.phase == "play" else None
    if held is None and view.phase in ("play", "claim"):
        # A redeal is news: said on the felt until the person has played in the new deal.
        news = redeal_news(session, view)
        if news is not None and (strip is None or strip_from_start(session, view)):
            strip = news if strip is None else f"{news} {strip}"
    if session.human is None:  # a spectator's, or a table of computers: from seat 1
        me = session.viewpoint
        legend = pass_legend(seats, me, person_name(session, me))
    else:
        legend = pass_legend(seats)
    buttons = tuple(Button(name, _(label), ui.buttons.get(name, True)) for name, label in BUTTONS)
    focus = ctl.focus
    targets = [c.target for c in choices]
    if targets and focus not in targets and not (focus or "").startswith("button:"):
        focus = targets[0]  # the felt's first button takes the keyboard (Enter presses it)
    caption = heads = None
    if board is not None:
        number = held.number if held is not None else view.hand_number
        caption = board_words.caption(v, number, board.count, board.scored)
        if trains is not None:
            heads = tuple(
                (
                    t.end,
                    # The Mexican train has no owner: it is nobody's, even with nobody seated.
                    _("you")
                    if person is not None and t.owner == person
                    else board_words.arm_mark(t.end),
                    t.marker and held is None,
                )
                for t in trains
            )
    return Scene(
        board=board,
        caption=caption,
        heads=heads or (),
        boneyard=view.boneyard if v.drawing and held is None and view.phase == "play" else None,
        draw=mine and DRAW in view.legal,
        title=_(v.title),
        seats=tuple(seats),
        line=line,
        ends=ends,
        lit=lit,
        ways=tuple(turned),
        hinted=ctl.hinted if mine else None,
        drag_over=ctl.drag_over if mine else None,
        selected=ctl.selected if mine else None,
        fresh=fresh_tile(session, view) if held is None else None,
        playable=_playable(session, view, ui, mine),
        focus=focus,
        facedown=facedown,
        slots=slots,
        banner=banner,
        choices=choices,
        panel=tuple(panel_lines(session, view, ui, last_move(view, session))),
        buttons=buttons,
        strip=strip,
        legend=legend,
        drawn=shown_draw,
        last_play=last_pass is None,
    )


def _playable(session: Session, view: View, ui: Ui, mine: bool) -> frozenset[Tile] | None:
    """The person's tiles to leave bright: the playable ones on their move; none while
    their forced pass (or draw) shows, so the hand agrees with "you cannot play", nor while
    the table is blocked (:attr:`~.state.Ui.blocked`)."""
    if mine and view.phase == "play":
        return frozenset(playable(view))
    if ui.blocked is not None and session.human is not None and view.phase == "play":
        return frozenset()  # nothing can be played now: the status line says why
    forced = (
        session.human is not None
        and view.my_turn
        and view.phase == "play"
        and not session.holding
        and ui.question is None
        and session.automatic() is not None
    )
    return frozenset() if forced else None


def draw_slots(session: Session, view: View) -> tuple[tuple[int, ...], int]:
    """Grid slots still face down in the current draw round, and the grid's size.

    Face-down tile ``j`` (the ``draw j`` action) is the ``j``-th slot still on the table, so
    drawn tiles leave holes and the others stay where the person saw them.
    """
    taken = len(view.draw[-1]) if view.draw else 0
    draws = [a for a in session.match.actions if isinstance(a, Pick)]
    current = draws[len(draws) - taken :] if taken else []
    total = view.face_down + taken
    slots = list(range(total))
    for d in current:
        slots.pop(d.index)
    return tuple(slots), total


def _recent_passes(view: View, n: int) -> set[int]:
    """Seats whose pass is among the last ``n - 1`` actions: shown until play comes round."""
    out = set()
    recent = view.history[-(n - 1) :] if n > 1 else ()
    for seat, action in recent:
        if action is PASS:
            out.add(seat)
        elif isinstance(action, Play):
            out.discard(seat)
    return out
