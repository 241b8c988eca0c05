"""Every seat count a game declares, opened and played by taps at 800x600.

Draw seats 2 to 4 and Mexican Train 2 to 8 (example plugins, skipped where they are not
installed): the table opens on the first hand, every seat's label is on screen, and the
person's first decisions go through taps on the felt.
"""

from __future__ import annotations

import pytest
from table_helpers import settle
from test_app import click
from test_every_game import EXAMPLES

from capicua.core.actions import DRAW, Play
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.plugins import load_plugins


def open_table(root, name: str, seats: int) -> TableApp:
    pytest.importorskip(EXAMPLES[name], reason=f"{name} is an example plugin")
    plugins = load_plugins()
    options = {"seats": seats}
    players = {s: "human" if s == 1 else "heuristic" for s in range(1, seats + 1)}
    app = TableApp(root, plugins, Settings(name, players, 2, 0.0, options=options))
    root.update()
    return app


def take_turns(app: TableApp, turns: int) -> None:
    """The person's next ``turns`` decisions, each by a tap on a tile and its lit end, or
    on the boneyard."""
    for _ in range(turns):
        settle(app, lambda: app.person_view() is not None or app.session.holding, "a turn")
        if app.session.holding:
            return
        view = app.person_view()
        before = len(app.session.match.actions)
        if DRAW in view.legal:
            click(app, "boneyard")
        else:
            play = next(a for a in view.legal if isinstance(a, Play))
            click(app, f"tile:{play.tile}&&hand")
            click(app, f"end:{play.end}")
            assert app.session.match.actions[before] is play
        assert len(app.session.match.actions) > before


@pytest.mark.parametrize(("name", "seats"), [("draw", 3), ("draw", 4), ("mexican-train", 8)])
def test_a_game_opens_and_plays_at_each_of_its_seat_counts_at_800x600(
    root, tmp_path, monkeypatch, name, seats
):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("800x600+0+0")
    root.update()
    app = open_table(root, name, seats)
    try:
        take_turns(app, 3)
        c = app.canvas
        for s in range(1, seats + 1):
            x0, y0, x1, y1 = c.bbox(f"label:{s}")
            assert x0 >= 0 and y0 >= 0
            assert x1 <= c.winfo_width() and y1 <= c.winfo_height()
    finally:
        app.shutdown()


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.slow  # a Mexican Train round at six seats, by taps
def test_a_side_seats_long_label_never_hides_its_tiles(root, tmp_path, monkeypatch):
    """At 800x540 (an 800x600 screen), a side seat of Mexican Train that passed with its
    train open has a label of five lines ("Seat 6 / 10 tiles / PASS / train open / score
    0"): its tiles are set below it, none hidden under it."""
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("800x540+0+0")
    root.update()
    pytest.importorskip(EXAMPLES["mexican-train"], reason="an example plugin")
    players = {s: "human" if s == 1 else "heuristic" for s in range(1, 7)}
    settings = Settings("mexican-train", players, 11, 0.0, options={"seats": 6})
    app = TableApp(root, load_plugins(), settings)
    root.update()
    try:
        longest = 0
        for _ in range(6):
            take_turns(app, 1)
            c = app.canvas
            for seat in app.table.scene.seats:
                if app.table.layout.seats[seat.position].side not in ("left", "right"):
                    continue
                label = c.bbox(f"label:{seat.seat}")
                text = [i for i in c.find_withtag(f"label:{seat.seat}") if c.type(i) == "text"]
                longest = max(longest, c.itemcget(text[0], "text").count("\n"))
                for back in c.find_withtag(f"seat:{seat.seat}&&backs"):
                    assert not overlaps(label, c.bbox(back)), (seat.seat, label, c.bbox(back))
        assert longest >= 4  # a label of five lines was drawn
    finally:
        app.shutdown()
