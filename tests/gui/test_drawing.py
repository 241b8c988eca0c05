"""Drawing on a real Tk canvas: tags for the controller, pips that add up, clickable tiles."""

from __future__ import annotations

import tkinter as tk

import pytest
from table_helpers import CHOICES, session

from capicua.gui.controller import Controller
from capicua.gui.drawing import (
    PIP_PATTERNS,
    draw_back,
    draw_end_marker,
    draw_felt,
    draw_tile,
    pip_centres,
    tile_tag,
)
from capicua.gui.geometry import Rect, tile_halves
from capicua.gui.scene import Ui, build_scene
from capicua.gui.table import TableView

DOUBLE_NINE = [(a, b) for a in range(10) for b in range(a, 10)]


def centre_of(canvas: tk.Canvas, item: int) -> tuple[float, float]:
    x0, y0, x1, y1 = canvas.bbox(item)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def test_pip_patterns_have_as_many_dots_as_the_number_and_no_duplicates():
    for value, cells in PIP_PATTERNS.items():
        assert len(cells) == value == len(set(cells))
    half = Rect(0, 0, 40, 40)
    for value in range(13):  # up to double-twelve
        for vertical in (True, False):
            for x, y in pip_centres(half, value, vertical):
                assert 0 < x < 40 and 0 < y < 40
    with pytest.raises(ValueError):
        pip_centres(half, 13, True)


def test_six_runs_along_the_long_side_of_the_tile():
    half = Rect(0, 0, 40, 40)
    xs = {round(x) for x, _ in pip_centres(half, 6, vertical=True)}
    ys = {round(y) for _, y in pip_centres(half, 6, vertical=False)}
    assert len(xs) == 2 and len(ys) == 2  # two files of three, parallel to the long side


def test_tile_tag_writes_the_high_number_first():
    assert tile_tag((4, 6)) == tile_tag((6, 4)) == "tile:6-4"


@pytest.mark.parametrize("vertical", [True, False])
def test_every_tile_draws_its_pips_in_the_right_half_with_its_tags(canvas, vertical):
    for i, tile in enumerate(DOUBLE_NINE):
        a, b = (tile[1], tile[0]) if i % 2 else tile  # both orientations of the numbers
        x, y = 10 + (i % 11) * 70, 10 + (i // 11) * 110
        rect = Rect(x, y, x + 30, y + 60) if vertical else Rect(x, y, x + 60, y + 30)
        a_side = ("bottom" if i % 3 else "top") if vertical else ("right" if i % 3 else "left")
        draw_tile(canvas, rect, (a, b), vertical=vertical, a_side=a_side, tags=("hand", "seat:1"))
        tag = tile_tag((a, b))
        items = canvas.find_withtag(tag)
        assert items
        for item in items:
            tags = canvas.gettags(item)
            assert {"tile", tag, "hand", "seat:1"} <= set(tags)
        assert len(canvas.find_withtag(f"{tag}&&pip")) == a + b
        half_a, half_b = tile_halves(rect, vertical, a_side)
        for name, value, half in (("a", a, half_a), ("b", b, half_b)):
            pips = canvas.find_withtag(f"{tag}&&pip&&half:{name}")
            assert len(pips) == value
            for pip in pips:
                px, py = centre_of(canvas, pip)
                assert half.x0 < px < half.x1 and half.y0 < py < half.y1
        assert len(canvas.find_withtag(f"{tag}&&divider")) == 1
        canvas.delete(tag)  # keep tags unique: each tile exists once


def test_tile_body_is_filled_so_a_click_anywhere_on_it_reaches_the_tile(canvas, root):
    rect = Rect(100, 100, 160, 130)
    draw_tile(canvas, rect, (6, 4), vertical=False, tags=("line",))
    body = canvas.find_withtag("tile:6-4&&body")
    assert len(body) == 1 and canvas.itemcget(body[0], "fill")
    clicked: list[str] = []
    canvas.tag_bind("tile:6-4", "<ButtonRelease-1>", lambda e: clicked.append("6-4"))
    # A point between pips, on bare ivory: only a filled body takes this click.
    x, y = 118, 104
    root.update()
    canvas.event_generate("<Enter>", x=x, y=y)
    canvas.event_generate("<Motion>", x=x, y=y)
    root.update()
    canvas.event_generate("<ButtonPress-1>", x=x, y=y)
    canvas.event_generate("<ButtonRelease-1>", x=x, y=y)
    root.update()
    assert clicked == ["6-4"]


def test_highlight_draws_a_ring_under_the_tile(canvas):
    draw_tile(canvas, (10, 10, 40, 70), (3, 3), vertical=True, highlight="selected")
    ring = canvas.find_withtag("tile:3-3&&highlight")
    assert len(ring) == 1
    assert "highlight:selected" in canvas.gettags(ring[0])
    body = canvas.find_withtag("tile:3-3&&body")[0]
    assert canvas.find_all().index(ring[0]) < canvas.find_all().index(body)
    with pytest.raises(KeyError):
        draw_tile(canvas, (50, 10, 80, 70), (2, 2), vertical=True, highlight="shiny")


def test_a_side_must_fit_the_orientation(canvas):
    with pytest.raises(ValueError):
        draw_tile(canvas, (10, 10, 40, 70), (1, 2), vertical=True, a_side="left")


def test_face_down_tile_shows_no_pips_and_carries_the_callers_tags(canvas):
    items = draw_back(canvas, (10, 10, 30, 50), tags=("seat:3",))
    assert items
    for item in items:
        assert {"back", "seat:3"} <= set(canvas.gettags(item))
        assert "tile" not in canvas.gettags(item)
    assert not canvas.find_withtag("pip")


def test_end_markers_are_filled_targets_tagged_by_end(canvas):
    draw_felt(canvas, (0, 0, 400, 300))
    for end, active in (("left", False), ("right", True)):
        (item,) = draw_end_marker(canvas, (10, 10, 60, 60), end, active=active)
        assert {"end", f"end:{end}"} <= set(canvas.gettags(item))
        assert canvas.itemcget(item, "fill")
    assert len(canvas.find_withtag("end")) == 2
    assert canvas.itemcget(canvas.find_withtag("felt")[0], "fill")


def test_the_last_moves_tile_and_ring_lie_over_its_neighbours_at_either_end(canvas):
    # 6-5 went to the left end: first in line order, so drawn first unless raised (a tile
    # put back by Redo has no slide to raise it).
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L")
    view = TableView(canvas)
    view.draw(build_scene(s, Controller(), Ui()))
    scene = view.scene
    assert scene.line.last == 0
    line = list(canvas.find_withtag("line"))
    last = set(canvas.find_withtag("line:0"))
    assert last and set(line[-len(last) :]) == last
