"""What the replay viewer shows at one moment: the table's scene, dressed for a replay.

:func:`replay_scene` takes the table's own frame of the position at the cursor
(:func:`~capicua.gui.scene.build_scene`, from the playback's
:class:`~capicua.gui.playback.Shown` session) and changes only what a replay shows
otherwise: the hands face up beside the bottom seat's, the viewer's buttons and panel, the
review of the move just made on the felt, and *Review this hand* at a hand's end. No Tk:
the tests check these scenes as plain values, as the table's.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..i18n import N_, _
from ..review import Decision
from .controller import Controller
from .playback import Playback
from .reviewing import Reviews, felt_lines, mark_words
from .scene import Button, Choice, Scene, Ui, build_scene
from .texts import (
    REVIEW_HAND,
    cap,
    entry_name,
    last_move,
    pass_legend,
    player_word,
    score_text,
    seat_name,
    team_name,
)

BUTTONS = (
    ("back", N_("◀ Back")),
    ("forward", N_("Forward ▶")),
    # Translators: the viewer's buttons to the previous hand's start and the next hand's.
    ("previous", N_("◀◀ Hand")),
    ("next", N_("Hand ▶▶")),
    ("play", N_("Play")),
    ("speed", ""),
    ("show", ""),
    ("review", N_("Review hand")),
    ("from_here", N_("Play from here")),
    ("log", N_("Log")),
    ("rules", N_("Rules")),
)


@dataclass(frozen=True)
class Watching:
    """The viewer's own state that its frame shows beside the position."""

    source: str  # "records.jsonl, match 2 of 40"
    playing: bool
    speed: float  # seconds a move while playing
    reviewing: int | None  # the hand a review is running for


def speed_words(seconds: float) -> str:
    # Translators: the replay's pace, in seconds a move ("0.5 s a move").
    return _("{seconds:g} s a move").format(seconds=seconds)


def replay_scene(pb: Playback, ctl: Controller, ui: Ui, reviews: Reviews, state: Watching) -> Scene:
    """The frame to draw for the playback's position (see the module docstring)."""
    shown = pb.shown
    scene = build_scene(shown, ctl, ui)
    opened = pb.open_hands()
    seats = tuple(
        dataclasses.replace(x, tiles=opened[x.seat], count=len(opened[x.seat]))
        if x.seat in opened
        else x
        for x in scene.seats
    )
    banner, choices = scene.banner, scene.choices
    decision = just_reviewed(pb, reviews)
    if ui.question is None:
        if pb.frame.held_hand is not None:
            choices = () if state.reviewing else (Choice("choice:review", _(REVIEW_HAND)),)
        elif decision is not None:
            banner = felt_lines(decision, shown)
    focus = scene.focus if scene.focus in [c.target for c in choices] else None
    legend = pass_legend(scene.seats, shown.viewpoint)
    return dataclasses.replace(
        scene,
        seats=seats,
        legend=legend,
        banner=banner,
        choices=choices,
        focus=focus,
        buttons=buttons(pb, state),
        panel=panel(pb, ui, state, decision),
    )


def buttons(pb: Playback, state: Watching) -> tuple[Button, ...]:
    labels = {
        "play": _("Pause") if state.playing else _("Play"),
        "speed": speed_words(state.speed),
        "show": _("Every hand")
        if pb.only is None
        else _("Seat {seat}'s hand").format(seat=pb.only),
        "review": _("Reviewing…") if state.reviewing else _("Review hand"),
    }
    enabled = {
        "back": not pb.at_start,
        "forward": not pb.at_end,
        "previous": not pb.at_start,
        "next": not pb.at_end,
        "review": state.reviewing is None,
        "from_here": not pb.match.over,
    }
    return tuple(
        Button(name, labels.get(name) or _(label), enabled.get(name, True))
        for name, label in BUTTONS
    )


def panel(
    pb: Playback, ui: Ui, state: Watching, decision: Decision | None
) -> tuple[tuple[str, str], ...]:
    """The score panel of a replay, top to bottom, as ``(text, style)``."""
    s = pb.shown
    v = s.variant
    view = s.view()
    out = [(_(v.title), "title"), (_("Replay: {source}").format(source=state.source), "muted")]
    out.append((_("Seed {seed}").format(seed=s.match.seed), "muted"))
    for team in range(1, len(v.teams) + 1):
        players = ", ".join(
            _("{who} ({player})").format(
                who=seat_name(s, x), player=player_word(entry_name(s.seats[x]))
            )
            for x in v.teams[team - 1]
        )
        if len(v.teams[team - 1]) > 1:
            players = _("{team}: {players}").format(team=cap(team_name(s, team)), players=players)
        out.append((cap(players), "team"))  # a lone seat is its own line: "Seat 2 (…)"
        out.append((score_text(v, view.scores, team), "score"))
    where = _("Move {move} of {moves} · hand {hand} of {hands}").format(
        move=pb.count, moves=pb.total, hand=pb.frame.hand, hands=pb.hands
    )
    out.append((where, "turn"))
    if state.playing:
        playing = _("Playing, {speed}: Space pauses.").format(speed=speed_words(state.speed))
        out.append((playing, "status"))
    elif pb.at_end:
        out.append((_("The end of the record."), "status"))
    else:
        out.append((_("Paused: → or Forward steps on, Space plays."), "status"))
    last = last_move(view, s) if not pb.frame.holding else None
    if last:
        out.append((last, "muted"))
    if decision is not None:
        out.append((_("Review: {mark}.").format(mark=mark_words(decision)), "message"))
    if ui.message:
        out.append((cap(ui.message), "message"))
    face = (
        _("Face up: every hand.")
        if pb.only is None
        else _("Face up: only seat {seat}'s hand, what seat {seat} knew.").format(seat=pb.only)
    )
    out.append((face, "muted"))
    return tuple(out)


def just_reviewed(pb: Playback, reviews: Reviews) -> Decision | None:
    """The reviewed decision the position shown has just made, if any: the last action
    applied is the last play or pass of the hand being played."""
    m = pb.match
    log = m.hand
    if pb.frame.holding or log is None or log.result is not None or not log.actions:
        return None
    if pb.moves[pb.count - 1][1] is not log.actions[-1][1]:
        return None
    return reviews.decisions(m).get((log.number, len(log.actions) - 1))
