"""The Settings window in a real window: finger-sized controls, names in the language in
use, and OK that keeps the match when only the table's pace, step mode or language change
(and asks before a new one when the players do)."""

from __future__ import annotations

import pytest
from table_helpers import PLUGINS, SEATS
from test_app import click, decide_by_taps, settle

from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import TOUCH, text_window_size
from capicua.gui.settings import Settings
from capicua.i18n import set_language


@pytest.fixture
def app(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("800x600+0+0")
    root.update()
    seats = {**SEATS, 3: "expert"}
    table = TableApp(root, PLUGINS, Settings("chiva", seats, 3, 0.0))
    yield table
    table.shutdown()
    set_language("en")


def opened(app: TableApp):
    settle(app, lambda: app.table.scene is not None and app.canvas.bbox("button:settings"))
    app.redraw()  # in the language in use
    app.root.update()
    click(app, "button:settings")
    window = app.windows["settings"]
    window.update()
    return window


def test_every_control_a_finger_uses_is_touch_sized(app):
    w = opened(app)
    controls = [w.step_box, w.animate_box, w.slider, w.seed_entry, w.ok, w.cancel]
    controls += [c for c in w.seat_frame.winfo_children() if c.winfo_class() == "TCombobox"]
    for c in controls:
        assert c.winfo_height() >= TOUCH - 4, (c, c.winfo_height())
    assert w.winfo_width() <= 800 and w.winfo_height() <= 600  # whole on an 800x600 screen


def test_ok_with_step_mode_and_a_language_keeps_the_match(app):
    settle(app, lambda: app.person_view() is not None)
    decide_by_taps(app)
    settle(app, lambda: app.person_view() is not None)
    moves = app.session.match.actions
    w = opened(app)
    w.step_box.invoke()
    w.language.set("Deutsch")
    w.ok.invoke()
    app.root.update()
    assert "settings" not in app.windows  # taken, nothing asked
    assert app.session.match.actions[: len(moves)] == moves and app.settings.step


def test_names_in_settings_are_in_the_language_in_use_and_map_back(app):
    set_language("de")
    w = opened(app)
    shown = [row[0].get() for row in w.rows.values()]
    assert shown == ["Mensch", "Heuristik", "Experte", "Heuristik"]
    assert w.rows[3][1].get() == "normal" and w.variant.get() == "Chiva"
    assert w.settings().seats == {**SEATS, 3: "expert"}


def test_another_player_asks_before_a_new_match(app):
    settle(app, lambda: app.person_view() is not None)
    decide_by_taps(app)
    settle(app, lambda: app.person_view() is not None)
    moves = app.session.match.actions
    w = opened(app)
    w.rows[2][0].set("random")
    w.ok.invoke()
    app.root.update()
    assert w.confirming and app.session.match.actions[: len(moves)] == moves


def test_the_rules_and_the_log_fit_a_small_screen():
    assert text_window_size(800, 600) == (800, 560)
    assert text_window_size(1024, 600) == (820, 560)
    assert text_window_size(1920, 1080) == (820, 560)


@pytest.fixture
def train(root, tmp_path, monkeypatch, plugins):
    """A table of every installed game (Mexican Train's among them), Chiva being played."""
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("800x600+0+0")
    root.update()
    table = TableApp(root, plugins, Settings("chiva", dict(SEATS), 3, 0.0))
    yield table
    table.shutdown()


def pick_game(w, title: str) -> None:
    w.variant.set(title)
    w.focus_force()
    w.update()
    box = w.match_box
    box.event_generate("<<ComboboxSelected>>")
    w.update()


def test_the_game_s_options_are_controls_and_the_seats_follow_them(train):
    w = opened(train)
    assert not w.option_vars  # Chiva has no options
    pick_game(w, "Mexican Train")
    assert set(w.option_vars) == {"rounds", "seats"}
    seats_box = w.option_vars["seats"][1]
    assert seats_box.winfo_class() == "TSpinbox" and len(w.rows) == 4
    for _ in range(2):  # the spinbox's up arrow, as a finger or the key Up gives it
        seats_box.focus_force()
        seats_box.event_generate("<<Increment>>")
        w.update()
    assert w.option_vars["seats"][0].get() == "6"
    assert sorted(w.rows) == [1, 2, 3, 4, 5, 6]  # not seats 1-4, whose OK raised KeyError: 5
    assert seats_box.winfo_height() >= TOUCH - 4
    w.ok.invoke()  # a new game: asked first
    train.root.update()
    w.ok.invoke()
    train.root.update()
    assert "settings" not in train.windows
    assert train.settings.variant == "mexican-train" and train.settings.options == {"seats": 6}
    assert train.session.match.variant.seats == 6 and len(train.settings.seats) == 6


def test_a_game_option_out_of_bounds_is_said_and_not_taken(train):
    w = opened(train)
    pick_game(w, "Mexican Train")
    var, box = w.option_vars["seats"]
    box.focus_force()
    box.delete(0, "end")
    w.update()
    for event in ("<KeyPress>", "<KeyRelease>"):  # typed, as a keyboard types it
        box.event_generate(event, keysym="9", when="tail")
        w.update()
    assert var.get() == "9"
    assert "option 'seats' must be at most 8, not 9" in w.error.cget("text")
    assert len(w.rows) == 4
    w.ok.invoke()
    train.root.update()
    assert "settings" in train.windows and train.settings.variant == "chiva"


def test_a_flag_option_is_a_checkbox(train):
    w = opened(train)
    pick_game(w, "All Fives")
    var, box = w.option_vars["partners"]
    assert box.winfo_class() == "Checkbutton" and var.get() is True  # its default
    box.invoke()
    w.update()
    assert var.get() is False and w.chosen_options() == {"partners": False}
