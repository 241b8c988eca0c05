"""The replay viewer in a real window under Xvfb, driven by generated keys and clicks.

Recorded matches of both games are stepped forward to their end and back to their start
and forward again, checking at every frame that the table draws the engine's position;
playing runs and pauses; each seat's hand can be shown alone; "play from here" turns the
viewer into a live table that plays on legally; a review puts its marks on the log and its
verdict on the felt.
"""

from __future__ import annotations

import itertools
import os
import shutil

import pytest
from table_helpers import PLUGINS, session
from test_app import click, key, play_hand_by_taps, settle
from typer.testing import CliRunner

from capicua.cli import app as cli
from capicua.core.actions import Play, parse_action
from capicua.core.driver import play_match
from capicua.core.match import Match
from capicua.core.records import dumps, replay, to_record
from capicua.core.rng import seat_stream
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.model import Session
from capicua.gui.playback import Playback
from capicua.gui.screenshot import capture
from capicua.gui.viewer import ViewerApp
from capicua.variants.chiva import Chiva
from deals import deal, play

# The position of tests/players/test_review.py: seat 4 forces its partner to pass.
PARTNER_PASS = {
    1: "4-1 2-0 5-3 4-0 6-5 6-6 3-1",
    2: "3-2 4-2 4-4 2-2 5-5 6-0 5-0",
    3: "3-0 4-3 5-4 6-1 2-1 1-1 6-2",
    4: "0-0 5-2 3-3 1-0 6-3 5-1 6-4",
}
PARTNER_PASS_PLAY = (
    "1:6-6L 2:6-0R 3:3-0R 4:3-3R 1:6-5L 2:5-5L 3:5-4L 4:6-4L 1:3-1R 2:pass 3:1-1R "
    "4:5-1R 1:5-3R 2:3-2R 3:2-1R 4:1-0R 1:4-0R 2:4-4R 3:4-3R"
)
SEATS = {1: "heuristic", 2: "random", 3: "heuristic", 4: "random"}


def recorded(variant: str, seed: int) -> Match:
    """A whole match of computer players, as a record replayed through the rules."""
    players = {s: PLUGINS.players.create(e, seat_stream(seed, s)) for s, e in SEATS.items()}
    m = play_match(PLUGINS.variants.create(variant), players, seed)
    return replay(to_record(m, SEATS), PLUGINS.variants)


@pytest.fixture(scope="module")
def chiva_match() -> Match:
    return recorded("chiva", 21)


@pytest.fixture(scope="module")
def double_nine_match() -> Match:
    return recorded("double-nine-100", 5)


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def viewer(root, data):
    """Make viewers on the test's root window; shut down afterwards."""
    root.geometry("1180x820+0+0")
    root.update()
    made: list = []

    def make(match: Match, **kw) -> ViewerApp:
        record = to_record(match, SEATS)
        again = replay(record, PLUGINS.variants)  # the viewer's own match
        tables: list = []
        app = ViewerApp(
            root,
            PLUGINS,
            Playback(again, SEATS),
            source="test.jsonl, match 1 of 1",
            delay=0.0,
            animate=kw.pop("animate", False),
            on_table=tables.append,
            **kw,
        )
        app.tables = tables  # type: ignore[attr-defined]
        made.append(app)
        root.update()
        return app

    yield make
    for app in made:
        app.shutdown()
        for table in getattr(app, "tables", ()):
            table.shutdown()


def drawn_line(app: ViewerApp) -> int:
    """How many tiles of the line the canvas shows."""
    layout = app.table.line_layout
    return len(layout.placements) if layout is not None else 0


def check_frame(app: ViewerApp, record: dict) -> None:
    """The frame drawn is the engine's position: the actions so far are the record's first
    ones, and the line and the hands on the canvas are the match's."""
    pb = app.playback
    m = pb.match
    assert [a for _s, a in m.moves] == [a for _s, a in pb.moves[: pb.count]]
    scene = app.table.scene
    log = m.hand
    if pb.frame.held_hand is not None:
        held = m.hands_log[pb.frame.held_hand - 1]
        assert drawn_line(app) == sum(isinstance(a, Play) for _s, a in held.actions)
        assert all(s.tiles is not None for s in scene.seats)  # every hand turned up
    elif m.phase == "play" and log is not None:
        assert drawn_line(app) == sum(isinstance(a, Play) for _s, a in log.actions)
        for s in scene.seats:
            assert sorted(s.tiles or ()) == sorted(m.hands[s.seat])  # every hand face up


def walk_to_the_end_and_back(app: ViewerApp, match: Match) -> None:
    record = to_record(match, SEATS)
    pb = app.playback
    assert pb.at_start and pb.count == 0
    frames = len(pb.frames)
    for i in range(frames - 1):
        key(app, "Right")
        assert pb.at == i + 1
        check_frame(app, record)
    assert pb.at_end
    assert to_record(pb.match, SEATS) == record  # the recorded final position
    assert app.table.scene.banner[-1].startswith("Team ")  # the match's result on the felt
    assert "wins the match" in app.table.scene.banner[-1]
    click(app, "button:forward")  # nowhere further: nothing moves
    assert pb.at_end
    for i in range(frames - 1, 0, -1):
        if i % 2:
            click(app, "button:back")
        else:
            key(app, "Left")
        assert pb.at == i - 1
        check_frame(app, record)
    assert pb.at_start and pb.match.actions == ()
    key(app, "End")
    assert pb.at_end and to_record(pb.match, SEATS) == record


def test_stepping_through_a_recorded_chiva_match_ends_in_its_final_position(viewer, chiva_match):
    walk_to_the_end_and_back(viewer(chiva_match), chiva_match)


def test_stepping_through_a_recorded_double_nine_match_ends_in_its_final_position(
    viewer, double_nine_match
):
    app = viewer(double_nine_match)
    key(app, "Right")  # the first draw for first lead: a face-down tile taken
    assert app.table.scene.facedown is not None
    key(app, "Home")
    walk_to_the_end_and_back(app, double_nine_match)


def test_a_finished_hand_and_a_finished_draw_are_frames_of_their_own(viewer, double_nine_match):
    app = viewer(double_nine_match)
    pb = app.playback
    first = pb.frames[pb.hand_starts[1]]
    assert any(f.held_draw is not None for f in pb.frames[: pb.hand_starts[1]])
    assert first.played == 0 and not first.holding
    key(app, "Down")  # the start of hand 1: dealt, nothing played
    assert pb.at == pb.hand_starts[1] and pb.match.hand.actions == []
    key(app, "Down")
    assert pb.at == pb.hand_starts[2]
    while not pb.frame.holding:  # back to the end of hand 1
        key(app, "Left")
    assert pb.frame.held_hand == 1
    assert app.table.scene.banner[0].startswith("Hand 1")  # its result, every hand up
    key(app, "Up")
    assert pb.at == pb.hand_starts[1]
    key(app, "Up")
    assert pb.at_start


def test_play_runs_the_record_at_the_chosen_speed_and_pauses(viewer, chiva_match):
    app = viewer(chiva_match, speed=0.25, animate=True)
    pb = app.playback
    click(app, "button:speed")
    assert app.speed == 0.5 and "0.5 s a move" in [b.label for b in app.table.scene.buttons]
    key(app, "minus")
    assert app.speed == 1.0
    key(app, "plus")
    key(app, "plus")
    assert app.speed == 0.25
    click(app, "button:play")
    assert app.playing
    settle(app, lambda: pb.count >= 4, "four moves played")
    key(app, "space")
    assert not app.playing
    stopped = pb.at
    for _ in range(40):
        app.root.update()
    assert pb.at == stopped
    assert "Paused" in " ".join(text for text, _style in app.table.scene.panel)


def test_a_tile_slides_in_from_its_seat_when_stepping_on(viewer, chiva_match):
    app = viewer(chiva_match, animate=True)
    key(app, "Right")
    assert app.playback.last_move() is not None
    assert app.slider.sliding
    key(app, "Right")  # the next step lands the first tile at once
    settle(app, lambda: not app.slider.sliding, "the slide's end")


def test_one_seats_hand_alone_shows_what_that_seat_knew(viewer, chiva_match):
    app = viewer(chiva_match)
    for _ in range(5):
        key(app, "Right")
    assert all(s.tiles is not None for s in app.table.scene.seats)
    key(app, "s")
    assert app.playback.only == 1
    click(app, "button:show")
    assert app.playback.only == 2
    scene = app.table.scene
    bottom = next(s for s in scene.seats if s.position == 1)
    assert bottom.seat == 2 and bottom.tiles is not None
    assert all(s.tiles is None for s in scene.seats if s.seat != 2)
    assert "only seat 2's hand" in " ".join(text for text, _s in scene.panel)
    for _ in range(3):
        key(app, "s")
    assert app.playback.only is None
    assert all(s.tiles is not None for s in app.table.scene.seats)


def test_play_from_here_opens_a_live_table_that_plays_on_legally(viewer, chiva_match):
    app = viewer(chiva_match)
    pb = app.playback
    pb.goto_move(2, 5)
    app.redraw()
    count = pb.count
    click(app, "button:from_here")
    assert [c.target for c in app.table.scene.choices][-1] == "choice:cancel"
    click(app, "choice:seat_3")
    (table,) = app.tables
    s = table.session
    assert s.human == 3 and s.seats[3] == "human"
    # The record up to here is its history (the computers may have moved on since).
    assert s.match.moves[:count] == chiva_match.moves[:count]
    assert s.match.redo_stack == ()
    play_hand_by_taps(table)
    assert s.held_hand == 2
    m = s.match
    assert replay(to_record(m, s.seats), PLUGINS.variants).moves == m.moves  # every move legal
    assert len(m.moves) > count
    assert save.save_path("chiva").exists()  # a live table: saved after every move


def test_play_from_here_asks_before_replacing_an_unfinished_saved_match(viewer, chiva_match, data):
    saved = session(seats={1: "human", 2: "random", 3: "random", 4: "random"})
    save.write(saved.match, saved.seats, saved.streams, save.save_path("chiva"))
    app = viewer(chiva_match, saving=True)
    key(app, "p")
    click(app, "choice:seat_1")
    assert app.ui.question_kind == "replace"
    assert "replaces the unfinished Chiva match saved" in app.table.scene.banner[0]
    click(app, "choice:cancel")  # "Keep it"
    assert app.ui.question is None and not app.tables
    key(app, "p")
    key(app, "Escape")
    assert app.ui.question is None
    key(app, "p")
    click(app, "choice:seat_1")
    click(app, "choice:replace")
    assert len(app.tables) == 1


def test_play_from_here_at_the_end_of_the_match_says_why_not(viewer, chiva_match):
    app = viewer(chiva_match)
    key(app, "End")
    click(app, "button:from_here")
    assert not app.tables and app.ui.question is None
    assert "over here" in " ".join(text for text, _s in app.table.scene.panel)


def partner_pass_record() -> Match:
    """An unfinished Chiva record: seat 4's 6-3 on the 3 end forces its partner to pass."""
    v = Chiva()
    m = Match(v, 1, [deal(v, PARTNER_PASS)])
    play(m, PARTNER_PASS_PLAY + " 4:6-3R")
    return m


def test_a_review_marks_the_log_and_tells_each_reviewed_move_on_the_felt(viewer):
    app = viewer(partner_pass_record())
    pb = app.playback
    key(app, "End")
    click(app, "button:review")
    assert app.reviewing
    settle(app, lambda: not app.reviewing, "the review")
    log = app.windows["log"]
    text = log.text.get("1.0", "end")
    assert "Seat 4 played 6-3 on the 3 end (R), which now shows 6. ??" in text
    assert "Review: a blunder" in text and "would leave your partner without a play" in text
    assert "Reviewed by the expert (every seat)" in text
    banner = app.table.scene.banner
    assert banner[0].startswith("Seat 4 played 6-3 on the 3 end (R): a blunder")
    assert any("Review: ?? blunder" in t for t, _s in app.table.scene.panel)
    key(app, "Left")  # one move back: seat 3's 4-3, an only move, is not judged
    assert not any(line.startswith("Seat 4 played") for line in app.table.scene.banner)
    text = log.text.get("1.0", "end")  # the log follows the cursor
    assert "6-3 on the 3 end (R), which now shows 6" not in text
    log.close()
    assert pb.count == len(pb.moves) - 1


def test_the_table_offers_review_this_hand_and_marks_the_persons_moves(root, data):
    v = Chiva()
    s = Session(
        Match(v, 1, [deal(v, PARTNER_PASS)]),
        {1: "heuristic", 2: "heuristic", 3: "heuristic", 4: "human"},
        PLUGINS.players,
    )
    for seat, action in [x.split(":") for x in PARTNER_PASS_PLAY.split()]:
        assert s.match.turn == int(seat)
        s.apply(parse_action(action))
    root.geometry("1180x820+0+0")
    app = TableApp(
        root, PLUGINS, Settings("chiva", dict(s.seats), 1, 0.0), offer_resume=False, session=s
    )
    try:
        root.update()
        settle(app, lambda: app.person_view() is not None, "seat 4's turn")
        click(app, "tile:6-3&&hand")
        click(app, "end:right")  # the 6-3 on the 3 end: seat 2 must pass
        assert s.match.moves[len(PARTNER_PASS_PLAY.split())] == (4, parse_action("6-3R"))
        play_hand_by_taps(app)
        assert s.held_hand == 1
        assert [c.target for c in app.table.scene.choices] == [
            "choice:continue",
            "choice:review",
        ]
        click(app, "choice:review")
        settle(app, lambda: "log" in app.windows, "the review's log")
        text = app.windows["log"].text.get("1.0", "end")
        assert "You played 6-3 on the 3 end (R), which now shows 6. ??" in text
        assert "Review: a blunder" in text
        assert "Reviewed by the expert (you)" in text
        assert "Reviewed" in " ".join(t for t, _s in app.table.scene.panel)
    finally:
        app.shutdown()


@pytest.mark.skipif(shutil.which("xwd") is None, reason="needs x11-apps")
def test_capicua_view_renders_a_reviewed_position_and_its_log(tmp_path, display):
    m = partner_pass_record()
    record = tmp_path / "blunder.jsonl"
    record.write_text(dumps(to_record(m, SEATS)) + "\n")
    shot, log = tmp_path / "viewer.png", tmp_path / "log.png"
    args = ["view", str(record), "--hand", "1", "--move", "20", "--seat", "4", "--review"]
    result = CliRunner().invoke(
        cli, [*args, "--screenshot", str(shot), "--log-screenshot", str(log)]
    )
    assert result.exit_code == 0, result.output
    assert result.output.split() == [str(shot), str(log)]
    for path in (shot, log):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_play_from_heres_seat_buttons_fit_the_felt_of_a_small_window(viewer, chiva_match, root):
    app = viewer(chiva_match)
    root.geometry("800x600+0+0")
    root.update()
    app.playback.goto_move(1, 3)
    app.redraw()
    click(app, "button:from_here")
    root.update()
    felt = app.table.layout.table
    boxes = [app.canvas.bbox(ch.target) for ch in app.table.scene.choices]
    assert len(boxes) == 5  # four seats and Cancel
    for x0, y0, x1, y1 in boxes:
        assert felt.x0 <= x0 and x1 <= felt.x1 and felt.y0 <= y0 and y1 <= felt.y1
    for a, b in itertools.combinations(boxes, 2):  # none over another
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    if os.environ.get("CAPICUA_KEEP_SHOTS"):
        capture(root, os.path.join(os.environ["CAPICUA_KEEP_SHOTS"], "from-here-800.png"))
    click(app, "choice:cancel")
