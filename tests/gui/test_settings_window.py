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
