"""A tile that goes on one end either way round: two targets, the two halves of the end.

The game is :mod:`turnable` (tiles join by an equal half or by seven), where 6-1 on the 6
end may leave 1 or 6. The person chooses the way by where they tap or drop; each half
shows the number it leaves. Tk-free through the scene and the controller, then in a real
window by taps.
"""

from __future__ import annotations

import os

import pytest
from table_helpers import settle
from test_app import click, drag
from turnable import HANDS, EitherWayGame, turned

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.controller import Controller
from capicua.gui.dialogs import Settings
from capicua.gui.model import Session
from capicua.gui.scene import Ui, build_scene
from capicua.gui.screenshot import capture
from capicua.gui.texts import last_move
from capicua.plugins import load_plugins
from deals import deal

T = Tile.parse


def at_the_choice(players) -> Session:
    """Seat 1 (the person) to play, holding 6-1, which goes on the 6 end either way."""
    v = EitherWayGame()
    s = Session(Match(v, 1, [deal(v, HANDS)]), {1: "human", 2: "random"}, players)
    for move in ("6-6L", "6-3R"):
        s.apply(parse_action(move))
    return s


def test_the_two_ways_of_a_tile_on_an_end_are_two_targets_with_what_each_leaves():
    s = at_the_choice(load_plugins().players)
    ctl = Controller()
    ctl.activate("tile:6-1", s.view())
    scene = build_scene(s, ctl, Ui())
    assert dict(scene.ways) == {"left": (("way:left:1", 1), ("way:left:6", 6))}


def test_a_tap_on_a_half_plays_the_tile_leaving_that_number():
    s = at_the_choice(load_plugins().players)
    ctl = Controller()
    ctl.activate("tile:6-1", s.view())
    response = ctl.activate("way:left:6", s.view())
    assert response.action is turned(T("6-1"), "left", 6)
    s.apply(response.action)
    assert s.view().layout.number("left") == 6
    assert last_move(s.view(), s) == "You played 6-1 on the 6 end (L), which now shows 6."


@pytest.fixture
def app(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("800x600+0+0")
    root.update()
    plugins = load_plugins()
    seats = {1: "human", 2: "random", 3: "random", 4: "random"}
    table = TableApp(root, plugins, Settings("chiva", seats, 1, 0.0))
    table.install(at_the_choice(plugins.players))
    settle(table, lambda: table.person_view() is not None, "the person's turn")
    yield table
    table.shutdown()


def test_the_person_turns_a_tile_by_tapping_the_half_of_the_end(app):
    before = len(app.session.match.actions)
    click(app, "tile:6-1&&hand")
    assert app.table.centre_of("way:left:1") and app.table.centre_of("way:left:6")
    if os.environ.get("CAPICUA_SHOTS"):
        capture(app.root, os.path.join(os.environ["CAPICUA_SHOTS"], "turned-800x600.png"))
    click(app, "way:left:1")
    assert app.session.match.actions[before] is turned(T("6-1"), "left", 1)
    assert app.session.view().layout.tiles[0] == (1, 6)  # it leaves 1 open


def test_the_person_turns_a_tile_by_dropping_it_on_the_half_of_the_end(app):
    before = len(app.session.match.actions)
    click(app, "tile:6-1&&hand")  # picked up: the two halves are on the felt to aim at
    drag(app, "tile:6-1&&hand", "way:left:6")
    assert app.session.match.actions[before] is turned(T("6-1"), "left", 6)
    assert app.session.view().layout.tiles[0] == (6, 1)  # it leaves 6 open


def test_a_hint_of_a_turned_play_points_at_its_half_and_enter_plays_it():
    s = at_the_choice(load_plugins().players)
    ctl = Controller()
    ctl.preview(turned(T("6-1"), "left", 6))
    assert ctl.hinted == ctl.focus == "way:left:6"
    response = ctl.key("Return", s.view(), ())
    assert response.action is turned(T("6-1"), "left", 6)
