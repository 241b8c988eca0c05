"""A layout of a game's own at the table: drawn by its arms, its ends tapped in a real window.

The game is :mod:`branches` (every double opens three new arms). The table has no drawing
of its own for it: it asks the layout how its arms run. The screenshot
(``CAPICUA_SHOTS=dir``) is for looking at it.
"""

from __future__ import annotations

import os

import pytest
from branches import HANDS, BranchesGame
from table_helpers import settle
from test_app import click

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.geometry import Rect
from capicua.gui.model import Session
from capicua.gui.screenshot import capture
from capicua.plugins import load_plugins
from deals import deal

MOVES = "6-6L 6-1A1 5-1A1 5-3A1 6-5A2 3-3A1 5-5A2 5-4A6 4-4A6 4-2A10"


@pytest.fixture
def branching(root, tmp_path, monkeypatch):
    """The table on the branching game after :data:`MOVES` at 800x600, seat 1 (the person)
    to play."""
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("800x600+0+0")
    root.update()
    plugins = load_plugins()
    seats = {1: "human", 2: "random", 3: "random", 4: "random"}
    app = TableApp(root, plugins, Settings("chiva", seats, 1, 0.0))
    v = BranchesGame()
    s = Session(Match(v, 1, [deal(v, HANDS)]), {1: "human", 2: "random"}, plugins.players)
    for move in MOVES.split():
        s.apply(parse_action(move))
    app.install(s)
    settle(app, lambda: app.person_view() is not None, "the person's turn")
    yield app
    app.shutdown()


def test_a_branching_layout_is_drawn_by_its_arms_with_every_open_end_on_the_felt(branching):
    app = branching
    layout = app.session.view().layout
    felt = app.table.felt
    assert felt is not None and len(felt.placements) == layout.placed == 10
    # Every tile as laid, none over another, all on the felt.
    rects = [p.rect for p in felt.placements]
    area = app.table.layout.table
    for i, r in enumerate(rects):
        assert area.contains(r)
        assert not any(r.overlaps(o) for o in rects[i + 1 :])
    # Every open end (eight of them) has its spot, and a tap on it finds it.
    ends = [end for end, _n in layout.open_ends()]
    assert len(ends) == 8 and set(felt.ends) == set(ends)
    for end in ends:
        x, y = felt.ends[end].rect.centre
        assert app.table.target_at(x, y) == f"end:{end}"
    # Each end's number and letter (A1, A2, ...) stand clear of every tile.
    c = app.canvas
    for item in c.find_withtag("number") + c.find_withtag("mark"):
        box = Rect(*c.bbox(item))
        assert not any(box.overlaps(r, eps=0.5) for r in rects), c.gettags(item)
    if os.environ.get("CAPICUA_SHOTS"):
        capture(app.root, os.path.join(os.environ["CAPICUA_SHOTS"], "branches-800x600.png"))


def test_a_tile_is_played_on_a_branch_by_taps(branching):
    app = branching
    before = len(app.session.match.actions)
    play = parse_action("2-2A10")
    assert play in app.person_view().legal
    click(app, "tile:2-2&&hand")
    assert "a10" in app.table.scene.lit
    click(app, "end:a10")
    assert app.session.match.actions[before] is play
    # The double branched: its three new arms are open on the felt.
    settle(app, lambda: {"a12", "a13", "a14"} <= set(app.table.felt.ends), "the new arms")
