"""Controls and states a player can trust, in the real window: the felt's buttons by
keyboard with a visible ring, New match asks first, Escape drops a hint, one status line
that never goes stale, side windows in the table's look whose text wraps to the window, no
word broken at the smallest size, and a long line that fits with its ends at its far ends."""

from __future__ import annotations

from tkinter import font as tkfont

import pytest
from table_helpers import CHOICES, PLUGINS, SEATS, double_nine_at_claim, session
from test_app import click, decide_by_taps, key, person_or_hand_end, settle

from capicua.core.actions import Play
from capicua.core.match import Match
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.geometry import MIN_SIZE
from capicua.gui.model import Session
from capicua.gui.table import WOOD

COMPUTERS = {s: "heuristic" for s in range(1, 5)}


@pytest.fixture
def make(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("1180x820+0+0")
    root.update()
    made: list[TableApp] = []

    def build(variant: str = "chiva", seed: int = 3, installed=None, delay=0.0) -> TableApp:
        app = TableApp(root, PLUGINS, Settings(variant, dict(SEATS), seed, delay))
        made.append(app)
        root.update()
        if installed is not None:
            app.install(installed)
        return app

    yield build
    for app in made:
        app.shutdown()


def ring_around(app: TableApp, target: str) -> bool:
    """The focus ring is drawn, and drawn around ``target``."""
    c = app.canvas
    ring, box = c.bbox("focus"), c.bbox(target)
    if not ring or not box:
        return False
    return ring[0] <= box[0] and ring[1] <= box[1] and ring[2] >= box[2] and ring[3] >= box[3]


def press(app: TableApp, sequence: str) -> None:
    app.canvas.focus_force()
    app.root.update()
    app.canvas.event_generate(sequence)
    app.root.update()


def test_tab_and_the_arrows_move_a_visible_ring_over_the_felts_buttons(make):
    app = make("double-nine-100", installed=double_nine_at_claim())
    settle(app, lambda: app.person_view() is not None)
    assert ring_around(app, "choice:keep")  # the first button has the keyboard
    press(app, "<Tab>")
    assert app.table.scene.focus == "choice:redeal" and ring_around(app, "choice:redeal")
    press(app, "<Tab>")  # on from the last choice to the side panel's first button
    assert app.table.scene.focus == "button:hint" and ring_around(app, "button:hint")
    press(app, "<Shift-Tab>")
    assert ring_around(app, "choice:redeal")
    key(app, "Right")
    assert ring_around(app, "choice:keep")  # the arrows go round the choices
    deal = app.session.match.hand.deal
    key(app, "Return")  # presses Keep
    assert app.session.match.hand.deal == deal and app.session.match.phase == "play"


def test_new_match_asks_first_and_keep_playing_keeps_the_match(make):
    app = make()
    settle(app, lambda: app.person_view() is not None)
    decide_by_taps(app)
    settle(app, lambda: person_or_hand_end(app))
    played = app.session.match.actions
    click(app, "button:new")
    assert [c.target for c in app.table.scene.choices] == ["choice:cancel", "choice:confirm"]
    assert "will be lost" in app.table.scene.banner[0]
    assert ring_around(app, "choice:cancel")  # the safe answer has the keyboard
    for _ in range(30):
        app.root.update()
    assert app.session.match.actions == played  # nothing moves while it asks
    key(app, "Return")
    assert app.ui.question is None and app.session.match.actions == played
    click(app, "button:new")
    click(app, "choice:confirm")
    assert app.session.match.actions[: len(played)] != played
    assert app.session.match.scores == (0, 0)


def test_new_match_before_any_move_starts_at_once(make):
    app = make(installed=session(hands=CHOICES))  # the person is to open with 6-6
    settle(app, lambda: app.person_view() is not None)
    assert app.session.match.actions == ()
    click(app, "button:new")
    assert app.ui.question is None and app.session.match.seed != 1


def test_escape_drops_a_hint_preview_whole(make):
    app = make()
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    click(app, "button:hint")
    settle(app, lambda: (app.ui.message or "").startswith("Hint:"), "the hint")
    assert app.ctl.selected is not None and app.ctl.hinted is not None
    key(app, "Escape")
    assert app.ctl.selected is None and app.ctl.hinted is None and app.ctl.focus is None
    assert not any(t.startswith("Hint:") for t, _ in app.table.scene.panel)
    assert not app.canvas.find_withtag("focus")


def status_lines(app: TableApp) -> list[str]:
    return [t for t, style in app.table.scene.panel if style in ("status", "turn", "message")]


def test_the_status_line_is_replaced_at_every_change(make):
    app = make()
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    view = app.person_view()
    tile = next(a.tile for a in view.legal if hasattr(a, "tile"))
    click(app, f"tile:{tile}&&hand")
    assert len(status_lines(app)) == 1 and "tap the" in status_lines(app)[0]
    click(app, f"tile:{tile}&&hand")  # put back: the instruction goes with the selection
    assert status_lines(app) == ["Your turn: pick a tile, then an end."]
    click(app, "button:settings")
    assert status_lines(app) == ["Paused: the computers wait while Settings is open."]
    app.windows["settings"].close()
    click(app, "button:rules")
    click(app, "button:log")
    assert status_lines(app) == ["Paused: the computers wait while Rules and the log are open."]


def test_a_refused_button_says_why_only_until_the_next_move(make):
    app = make(installed=session(hands=CHOICES, steps="1:6-6L"), delay=0.3)
    moves = len(app.session.match.moves)
    click(app, "button:hint")  # not the person's turn
    assert status_lines(app) == ["Hint is for your own turn."]
    settle(app, lambda: len(app.session.match.moves) > moves, "the computer's move")
    assert "Hint is for your own turn." not in status_lines(app)


def test_the_rules_window_wears_the_table_look_with_reflowed_text_and_the_keys(make):
    app = make()
    click(app, "button:rules")
    window = app.windows["rules"]
    text = window.text.get("1.0", "end")
    lines = text.splitlines()
    # One paragraph, one line: the window wraps it, not the hard line breaks of the source.
    table = next(line for line in lines if line.startswith("Table:"))
    assert table.endswith("seats 2 and 4 (team 2).")
    assert "Keys at the table" in text and "Escape" in text and "Tab" in text
    assert window.text.cget("background") == WOOD
    assert window.text.cget("wrap") == "word"
    window.geometry("480x400")
    window.update()
    assert window.winfo_width() >= 420  # its minimum size


def canvas_words_fit(app: TableApp) -> list[str]:
    """Texts on the canvas with a word wider than the text's wrap width (it would break)."""
    c = app.canvas
    broken = []
    for item in c.find_all():
        if c.type(item) != "text":
            continue
        width = float(c.itemcget(item, "width") or 0)
        if width <= 0:
            continue
        f = tkfont.Font(font=c.itemcget(item, "font"))
        for word in c.itemcget(item, "text").split():
            if f.measure(word) > width:
                broken.append(word)
    return broken


def test_the_window_keeps_its_minimum_size_and_no_word_breaks_at_it(make, root):
    app = make()
    settle(app, lambda: app.person_view() is not None)
    root.geometry("640x480")
    for _ in range(5):
        root.update()
    assert root.winfo_width() >= MIN_SIZE[0] and root.winfo_height() >= MIN_SIZE[1]
    root.geometry(f"{MIN_SIZE[0]}x{MIN_SIZE[1]}")
    for _ in range(5):
        root.update()
    app.ui.thinking = 2  # "thinking" in the narrow side strip
    app.redraw()
    root.update()
    assert canvas_words_fit(app) == []


def long_line_session(tiles: int = 30) -> Session:
    """A double-nine hand played by computers until its line holds ``tiles`` tiles."""
    for seed in range(1, 60):
        s = Session(
            Match(PLUGINS.variants.create("double-nine-100"), seed), COMPUTERS, PLUGINS.players
        )
        while not s.match.over and s.held_hand is None:
            if s.held_draw is not None:
                s.proceed()
                continue
            if len(s.match.view(1).line) >= tiles:
                return s
            auto = s.automatic()
            if auto is not None:
                s.apply(auto)
            else:
                decision = s.decision_job(s.match.turn)()
                s.apply(decision.action, decision.stream)
    raise AssertionError(f"no seed made a line of {tiles}")


def test_a_line_of_30_tiles_fits_the_felt_with_its_ends_at_its_far_ends(make):
    app = make("double-nine-100", installed=long_line_session(), delay=60.0)
    app.root.update()
    c = app.canvas
    felt = c.bbox("felt")
    tiles = c.find_withtag("line&&body")
    assert len(tiles) >= 30
    boxes = [c.bbox(t) for t in tiles]
    for x0, y0, x1, y1 in boxes:
        assert felt[0] <= x0 and felt[1] <= y0 and x1 <= felt[2] and y1 <= felt[3]
    left, right = c.bbox("end:left"), c.bbox("end:right")
    top, bottom = min(b[1] for b in boxes), max(b[3] for b in boxes)
    u = app.table.line_layout.tile_size  # a crosswise double stands half a tile proud
    assert left[1] <= top + u  # the left end in the highest row
    assert right[3] >= bottom - u  # the right end in the lowest row
    assert app.table.line_layout.tile_size >= 28
    assert c.find_withtag("mark:left") and c.find_withtag("mark:right")


def test_the_keyboard_reaches_the_side_panel_and_its_keys_open_settings_and_restart(make):
    app = make(delay=0.0)
    settle(app, lambda: app.person_view() is not None)
    for _ in range(len(app._panel()) + 20):
        if (app.table.scene.focus or "").startswith("button:"):
            break
        press(app, "<Tab>")
    assert app.table.scene.focus == "button:hint" and ring_around(app, "button:hint")
    while app.table.scene.focus != "button:settings":
        press(app, "<Tab>")
    assert ring_around(app, "button:settings")
    key(app, "Return")
    assert "settings" in app.windows
    app.windows["settings"].close()
    app.root.update()
    press(app, "<Control-comma>")
    assert "settings" in app.windows
    app.windows["settings"].close()
    decide_by_taps(app)
    settle(app, lambda: app.person_view() is not None)
    assert app.session.restart_span() > 0
    mine = [a for seat, a in app.session.match.hand.actions if seat == app.session.human]
    press(app, "<Control-r>")  # the deal from its start: the person's tile is back in hand
    assert all(
        a.tile in app.session.match.held(app.session.human) for a in mine if isinstance(a, Play)
    )


@pytest.mark.parametrize("size", ["800x600", "1024x560"])
def test_small_screens_keep_the_hand_the_panel_and_the_status_whole(make, root, size):
    from capicua.i18n import set_language

    app = make("double-nine-100", installed=double_nine_at_claim())
    settle(app, lambda: app.person_view() is not None)
    key(app, "Return")  # keep the ten tiles: the longest hand, for the narrowest strip
    settle(app, lambda: app.person_view() is not None)
    root.geometry(size)
    w, h = (int(x) for x in size.split("x"))
    try:
        for code in ("en", "de", "uk", "es"):
            set_language(code)
            for _ in range(3):
                root.update()
            app.redraw()
            root.update()
            c = app.canvas
            assert (c.winfo_width(), c.winfo_height()) == (w, h)
            for tag in ("hand", "button", "panel:turn", "label"):
                box = c.bbox(tag)
                assert box, (code, tag)
                assert box[0] >= 0 and box[1] >= 0 and box[2] <= w and box[3] <= h, (code, tag)
            for item in c.find_withtag("hand&&body"):
                x0, _y0, x1, _y1 = c.bbox(item)
                assert x1 - x0 >= 46, (code, "a hand tile narrower than a finger")
            assert canvas_words_fit(app) == [], code
            for item in c.find_withtag("button&&text"):  # no label squeezed to small type
                size_px = abs(int(tkfont.Font(font=c.itemcget(item, "font")).actual("size")))
                assert size_px >= 10, (code, c.itemcget(item, "text"), size_px)
    finally:
        set_language("en")
