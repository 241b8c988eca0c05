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

from ..review import Decision
from .controller import Controller
from .playback import Playback
from .reviewing import Reviews, felt_lines, mark_words
from .scene import Button, Choice, Scene, Ui, build_scene
from .texts import REVIEW_HAND, cap, entry_name, last_move, score_text, seat_name, team_name

BUTTONS = (
    ("back", "◀ Back"),
    ("forward", "Forward ▶"),
    ("previous", "◀◀ Hand"),
    ("next", "Hand ▶▶"),
    ("play", "Play"),
    ("speed", ""),
    ("show", ""),
    ("review", "Review hand"),
    ("from_here", "Play from here"),
    ("log", "Log"),
    ("rules", "Rules"),
)
PASS_LEGEND = "PASS: passed since seat {seat}'s last turn · passed on 3, 5: holds no 3 and no 5"


@dataclass(frozen=True)
class Watching:
    """The viewer's own state that its frame shows beside the position."""

    source: str  # "records.jsonl, match 2 of 40"
    playing: bool
    speed: float  # seconds a move while playing
    reviewing: int | None  # the hand a review is running for


def speed_words(seconds: float) -> str:
    return f"{seconds:g} s a move"


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
            choices = () if state.reviewing else (Choice("choice:review", REVIEW_HAND),)
        elif decision is not None:
            banner = felt_lines(decision, shown)
    focus = scene.focus if scene.focus in [c.target for c in choices] else None
    legend = PASS_LEGEND.format(seat=shown.viewpoint) if scene.legend else None
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
        "play": "Pause" if state.playing else "Play",
        "speed": speed_words(state.speed),
        "show": "Every hand" if pb.only is None else f"Seat {pb.only}'s hand",
        "review": "Reviewing…" if state.reviewing else "Review hand",
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
        Button(name, labels.get(name, label), enabled.get(name, True)) for name, label in BUTTONS
    )


def panel(
    pb: Playback, ui: Ui, state: Watching, decision: Decision | None
) -> tuple[tuple[str, str], ...]:
    """The score panel of a replay, top to bottom, as ``(text, style)``."""
    s = pb.shown
    v = s.variant
    view = s.view()
    out = [(v.title, "title"), (f"Replay: {state.source}", "muted")]
    out.append((f"Seed {s.match.seed}", "muted"))
    for team in range(1, len(v.teams) + 1):
        players = ", ".join(
            f"{seat_name(s, x)} ({entry_name(s.seats[x])})" for x in v.teams[team - 1]
        )
        out.append((f"{cap(team_name(s, team))}: {players}", "team"))
        out.append((score_text(v, view.scores, team), "score"))
    out.append((f"Move {pb.count} of {pb.total} · hand {pb.frame.hand} of {pb.hands}", "turn"))
    if state.playing:
        out.append((f"Playing, {speed_words(state.speed)}: Space pauses.", "status"))
    elif pb.at_end:
        out.append(("The end of the record.", "status"))
    else:
        out.append(("Paused: → or Forward steps on, Space plays.", "status"))
    last = last_move(view, s) if not pb.frame.holding else None
    if last:
        out.append((last, "muted"))
    if decision is not None:
        out.append((f"Review: {mark_words(decision)}.", "message"))
    if ui.message:
        out.append((ui.message, "message"))
    face = (
        "Face up: every hand."
        if pb.only is None
        else f"Face up: only seat {pb.only}'s hand, what seat {pb.only} knew."
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
