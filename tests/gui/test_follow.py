"""Following the computer in the real window: a computer's tile slides from its seat to its
place, the last round is written along the felt, passes show at the seat, step mode waits
for Next, and the draw for first lead is shown on the felt until Continue."""

from __future__ import annotations

import time

import pytest
from table_helpers import CHOICES, FIVE_DOUBLES, PLUGINS, SEATS, Scripted, deal, draw, session
from test_app import click, key, settle

from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.geometry import Rect
from capicua.gui.slide import SLIDE_SECONDS


@pytest.fixture
def make(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("1180x820+0+0")
    root.update()
    made: list[TableApp] = []

    def build(installed, delay: float = 0.0, step: bool = False, scripted: str = "") -> TableApp:
        settings = Settings("chiva", dict(SEATS), 1, delay, step=step)
        app = TableApp(root, PLUGINS, settings, offer_resume=False)
        made.append(app)
        root.update()
        if scripted:
            installed.players.update({k: Scripted(scripted) for k in (2, 3, 4)})
        app.install(installed)
        return app

    yield build
    for app in made:
        app.shutdown()


def body_centre(app: TableApp, index: int) -> tuple[float, float]:
    box = app.canvas.bbox(f"line:{index}&&body")
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def placed_centre(app: TableApp, index: int) -> tuple[float, float]:
    rect: Rect = next(p.rect for p in app.table.line_layout.placements if p.index == index)
    return rect.centre


def wait_for_move(app: TableApp, moves: int) -> None:
    settle(app, lambda: len(app.session.match.moves) > moves, "the computer's move")


def test_a_computer_tile_slides_from_its_seat_and_ends_at_its_place(make):
    # Seat 3 answers 6-4 on the right; a long delay keeps seat 4 from moving meanwhile.
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L")
    app = make(s, delay=1.0, scripted="1:6-6L 2:6-5L 3:6-4R")
    seat3 = app.table.seat_centre(3)
    wait_for_move(app, 2)
    assert app.sliding
    index = app.table.scene.line.last
    start, end = body_centre(app, index), placed_centre(app, index)
    # Early on, the tile is still nearer its seat than its place.
    assert abs(start[1] - seat3[1]) < abs(start[1] - end[1]) + 1
    frames = len(app.slider.frame_times)
    settle(app, lambda: not app.sliding, "the slide's end")
    assert len(app.slider.frame_times) - frames >= 5  # it moved in frames, not in a jump
    assert body_centre(app, index) == pytest.approx(end, abs=1.5)
    assert app.table.scene.line.last == index and app.canvas.find_withtag("highlight:last")


def test_a_tap_during_the_slide_puts_the_tile_in_its_place_at_once(make):
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L")
    app = make(s, delay=1.0, scripted="1:6-6L 2:6-5L 3:6-4R")
    wait_for_move(app, 2)
    began = time.monotonic()
    assert app.sliding
    index = app.table.scene.line.last
    click(app, "felt")
    assert time.monotonic() - began < SLIDE_SECONDS or not app.sliding
    assert not app.sliding
    assert body_centre(app, index) == pytest.approx(placed_centre(app, index), abs=1.5)


def test_no_slide_when_animation_is_off_in_settings(make):
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L")
    app = make(s, delay=1.0, scripted="1:6-6L 2:6-5L 3:6-4R")
    app.settings.animate = False
    wait_for_move(app, 2)
    assert not app.sliding
    index = app.table.scene.line.last
    assert body_centre(app, index) == pytest.approx(placed_centre(app, index), abs=1.5)


def test_the_last_round_strip_lists_the_moves_since_the_persons_turn_with_the_pass(make):
    app = make(session(hands=CHOICES), scripted="1:6-6L 2:6-5L 3:6-4R 4:pass")
    settle(app, lambda: app.person_view() is not None)
    click(app, "tile:6-6&&hand")
    click(app, "end:left")
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    c = app.canvas
    assert c.itemcget(c.find_withtag("strip:text")[0], "text") == (
        "Since your turn: S2 6-5 · S3 6-4 · S4 pass"
    )
    label = " ".join(c.itemcget(i, "text") for i in c.find_withtag("label:4&&!pill"))
    assert "PASS" in label and "passed on 4, 5" in label
    assert c.find_withtag("legend")  # what PASS and "passed on" mean
    # The pass is the last move: the blue ring is on seat 4's pill, not on a tile.
    pill = c.find_withtag("label:4&&pill")[0]
    assert c.itemcget(pill, "outline") and not c.find_withtag("highlight:last")


def test_step_mode_moves_a_computer_only_when_next_is_tapped(make):
    app = make(session(hands=CHOICES, steps="1:6-6L"), step=True)
    for _ in range(30):
        app.root.update()
    assert len(app.session.match.moves) == 1  # seat 2 waits
    assert [ch.target for ch in app.table.scene.choices] == ["choice:next"]
    assert app.table.scene.focus == "choice:next"
    click(app, "choice:next")
    wait_for_move(app, 1)
    for _ in range(30):
        app.root.update()
    assert len(app.session.match.moves) == 2  # one move for one Next
    key(app, "Return")  # Next has the keyboard
    wait_for_move(app, 2)
    assert len(app.session.match.moves) == 3


def test_the_draw_for_first_lead_is_shown_on_the_felt_until_continue(make):
    from table_helpers import variant

    v = variant("double-nine-100")
    s = session("double-nine-100", script=[draw(v, "0-0", "9-9"), deal(v, FIVE_DOUBLES)])
    app = make(s)
    settle(app, lambda: app.person_view() is not None)
    click(app, "facedown:0")  # the person draws 0-0, the lowest there is: seat 2 wins
    settle(app, lambda: app.session.held_draw is not None, "the draw on show")
    for _ in range(30):
        app.root.update()
    assert app.session.held_draw == 1 and app.session.match.phase == "lead"
    theirs = app.session.match.draw_rounds[0][2].pips
    c = app.canvas
    totals = [c.itemcget(i, "text") for i in c.find_withtag("drawn:total")]
    assert totals == ["total 0", f"total {theirs} · leads"]
    names = [c.itemcget(i, "text") for i in c.find_withtag("drawn:name")]
    assert names == ["You", "Seat 2"]
    assert len(c.find_withtag("drawn&&body")) == 2  # both tiles, face up on the felt
    assert any("Team 2" in line and "leads first" in line for line in app.table.scene.banner)
    chooser_moves = len(app.session.match.moves)
    key(app, "Return")  # Continue has the keyboard
    assert app.session.held_draw is None
    wait_for_move(app, chooser_moves)  # seat 2 chooses who leads
