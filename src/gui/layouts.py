"""Where the tiles of a spinner and of trains go on the felt: plain arithmetic, no Tk.

:mod:`.geometry` lays one line out; this module lays out the other layouts the game model
has (:mod:`capicua.core.layout`), with the same tiles, the same turns at the felt's edges
and the same shrinking until everything fits:

* :func:`layout_spinner`: the line of a spinner game (All Fives) runs left and right from
  the spinner (from the first tile while there is none) and turns at the felt's sides as a
  line does; once the spinner is crossed its ``up`` and ``down`` arms run up and down from
  it and turn at the felt's top and bottom, the up arm to the right and the down arm to the
  left, so the four arms wind round the spinner like a pinwheel and keep clear of each
  other;
* :func:`layout_trains`: the hub (the engine double) in the middle, the trains in rows to
  its right and left, one row band each; a train that reaches the felt's edge turns back
  inside its band. Each train starts with a *head*, the place for its owner's name and
  marker;
* :func:`layout_arms`: any other layout, by what it says of itself
  (:meth:`~capicua.core.layout.Layout.arms`): its origin tile in the middle, the arms that
  leave it running left, right, up and down, and every arm that leaves a tile of another
  leaving it at right angles, the arms from one tile taking its two sides in turn and a
  third going straight on; each arm
  folds at the felt's edge as a line's does, turning clockwise (a right-running arm turns
  down, an up-running one right), so the arms wind round the origin and keep apart.

The tiles shrink until every tile and every open end's spot lies inside the felt and none
overlap, so the layout stays whole however it grows. Every open end has an
:class:`~capicua.gui.geometry.EndSpot` named by its :class:`~capicua.core.actions.End`
(``up``, ``t3``, ``mexican``). Placements are numbered in the layout's
:meth:`~capicua.core.layout.Layout.pairs` order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import DOWN, LEFT, RIGHT, UP
from ..core.layout import Layout, Spinner, Trains
from .geometry import (
    MIN_TILE,
    MIN_TOUCH,
    Arm,
    EndSpot,
    Placement,
    Rect,
    bbox,
    gap_for,
    layout_at,
    placement,
)

Tile = tuple[int, int]
# A vertical arm is laid as a horizontal one in a transposed frame (x and y swapped): the
# directions and the sides of a tile map across.
_SWAP_DIR = {"right": "down", "down": "right", "left": "up", "up": "left"}


@dataclass(frozen=True)
class Felt:
    """A layout placed on the felt: its tiles, its open ends' spots, and for trains the hub
    and each train's head (where its owner's name and marker go)."""

    placements: tuple[Placement, ...]
    ends: dict[str, EndSpot]
    tile_size: float
    gap: float
    hub: Rect | None = None
    heads: tuple[tuple[str, Rect], ...] = ()


def _transpose(r: Rect) -> Rect:
    return Rect(r.y0, r.x0, r.y1, r.x1)


def _walk(
    tiles: Sequence[Tile],
    first: int,
    anchor: tuple[float, float],
    direction: str,
    turn: str,
    lo: float,
    hi: float,
    u: float,
    gap: float,
) -> tuple[list[Placement], tuple[Rect, str]]:
    """Lay ``tiles`` (each ``(a, b)`` with ``a`` toward the start) outward from ``anchor``
    in ``direction``, turning to ``turn`` at ``lo``/``hi`` (the bounds across which the arm
    runs); numbered from ``first``. Returns the placements and the next tile's spot."""
    vertical = direction in ("up", "down")
    if vertical:
        anchor = (anchor[1], anchor[0])
        direction, turn = _SWAP_DIR[direction], _SWAP_DIR[turn]
    arm = Arm(anchor, direction, turn, lo, hi, u, gap)
    out = []
    for i, t in enumerate(tiles):
        dbl = t[0] == t[1]
        r, d = arm.place(dbl)
        if vertical:
            r, d = _transpose(r), _SWAP_DIR[d]
        out.append(placement(first + i, t, r, d, dbl, toward_opening_is_a=True))
    r, d = arm.place(False, commit=False)
    if vertical:
        r, d = _transpose(r), _SWAP_DIR[d]
    return out, (r, d)


def _overlapping(rects: Sequence[Rect]) -> bool:
    # Sorted by left edge, a rectangle can only overlap those that start before it ends.
    rs = sorted(rects, key=lambda r: r.x0)
    for i, a in enumerate(rs):
        for b in rs[i + 1 :]:
            if b.x0 >= a.x1 - 1e-6:
                break
            if a.overlaps(b):
                return True
    return False


def _shrinking(tile_size: float):
    """The tile sizes to try, largest first, down to :data:`MIN_TILE`."""
    u = max(float(tile_size), MIN_TILE)
    while True:
        yield u
        if u <= MIN_TILE:
            return
        u = max(MIN_TILE, min(u - 0.5, u * 0.93))


def layout_spinner(
    layout: Spinner, opening: int, table: Rect | tuple[float, float, float, float], tile_size: float
) -> Felt:
    """Place a spinner layout inside ``table`` (see the module docstring).

    ``opening`` is the index in ``layout.line`` of the first tile played: the line grows
    from it until a spinner is played, and from the spinner after.
    """
    table = Rect(*table)
    line = layout.line
    centre = layout.spinner if layout.spinner >= 0 else opening
    if line and not 0 <= centre < len(line):
        raise ValueError(f"centre index {centre} outside a line of {len(line)} tiles")
    result = None
    for u in _shrinking(tile_size):
        result = _spinner_at(layout, centre, table, u)
        if result is not None:
            break
    if result is None:  # even the smallest tiles overflow: lay them out anyway
        result = _spinner_at(layout, centre, table, MIN_TILE, force=True)
        assert result is not None
    return result


def _spinner_at(
    layout: Spinner, centre: int, table: Rect, u: float, force: bool = False
) -> Felt | None:
    gap = gap_for(u)
    cx, cy = table.centre
    if not layout.line:
        rect = Rect(cx - u, cy - u / 2, cx + u, cy + u / 2)
        spot = EndSpot(LEFT, rect, rect.grown_to(MIN_TOUCH, MIN_TOUCH, table), "right")
        return Felt((), {str(LEFT): spot}, u, gap)
    placements, ends = layout_at(layout.line, centre, table, u)
    spots = dict(ends)
    if layout.crossed:
        spinner = next(p for p in placements if p.index == centre)
        x = spinner.rect.centre[0]
        base = len(layout.line)
        half = table.height / 2
        # The up arm turns right at the felt's top, the down arm left at its bottom: the
        # line's right arm turns down and its left arm up, so each quarter has one arm.
        # Running back, a cross arm turns again before the line's row (it winds on
        # beside the spinner rather than cross the line).
        reserve = 2 * u + 2 * gap
        top, bottom = spinner.rect.y0 - gap, spinner.rect.y1 + gap
        up, spots[UP] = _walk(
            layout.up, base, (x, top), "up", "right", -half, top + reserve, u, gap
        )
        down, spots[DOWN] = _walk(
            layout.down,
            base + len(layout.up),
            (x, bottom),
            "down",
            "left",
            bottom - reserve,
            half,
            u,
            gap,
        )
        placements = placements + up + down
    rects = [p.rect for p in placements] + [r for r, _d in spots.values()]
    box = bbox(rects)
    if not force and (
        box.width > table.width + 1e-6 or box.height > table.height + 1e-6 or _overlapping(rects)
    ):
        return None
    dx, dy = cx - box.centre[0], cy - box.centre[1]
    moved = tuple(
        Placement(p.index, p.tile, p.rect.shifted(dx, dy), p.vertical, p.a_side, p.direction)
        for p in sorted(placements, key=lambda p: p.index)
    )
    out: dict[str, EndSpot] = {}
    for end in (LEFT, RIGHT, UP, DOWN):
        if end in spots:
            r, d = spots[end]
            r = r.shifted(dx, dy)
            out[end] = EndSpot(end, r, r.grown_to(MIN_TOUCH, MIN_TOUCH, table), d)
    return Felt(moved, out, u, gap)


def train_sides(count: int) -> tuple[int, int]:
    """How many of ``count`` trains run to the hub's right and to its left."""
    right = math.ceil(count / 2)
    return right, count - right


def layout_trains(
    layout: Trains, table: Rect | tuple[float, float, float, float], tile_size: float
) -> Felt:
    """Place a hub and its trains inside ``table`` (see the module docstring)."""
    table = Rect(*table)
    result = None
    for u in _shrinking(tile_size):
        result = _trains_at(layout, table, u)
        if result is not None:
            return result
    result = _trains_at(layout, table, MIN_TILE, force=True)
    assert result is not None
    return result


def head_width(u: float) -> float:
    """The width of a train's head (its owner's name and marker) at tile size ``u``."""
    return max(1.6 * u, 28.0)


def _trains_at(layout: Trains, table: Rect, u: float, force: bool = False) -> Felt | None:
    gap = gap_for(u)
    right, _left = train_sides(len(layout.trains))
    cx, cy = table.centre
    hub = Rect(cx - u / 2, cy - u, cx + u / 2, cy + u)
    head = head_width(u)
    half = max(0.65 * u, 11.0)  # half the head's height: a line of type
    # Each train laid out on a row through y = 0 first: its band is as tall as it needs
    # (a train that turned back takes more rows), then each side's bands are stacked.
    laid = []
    first = 0
    for i, train in enumerate(layout.trains):
        on_right = i < right
        if on_right:
            h = Rect(hub.x1 + gap, -half, hub.x1 + gap + head, half)
            start, direction = h.x1 + gap, "right"
            lo, hi = start - 2 * u - 2 * gap, table.x1
        else:
            h = Rect(hub.x0 - gap - head, -half, hub.x0 - gap, half)
            start, direction = h.x0 - gap, "left"
            lo, hi = table.x0, start + 2 * u + 2 * gap
        arm = Arm((start, 0.0), direction, "down", lo, hi, u, gap)
        placed: list[Placement] = []
        for k, t in enumerate(train.tiles):
            dbl = t[0] == t[1]
            r, d = arm.place(dbl)
            placed.append(placement(first + k, t, r, d, dbl, toward_opening_is_a=True))
        first += len(train.tiles)
        spot, d = arm.place(False, commit=False)
        box = bbox([h, spot] + [p.rect for p in placed])
        if not force and (box.x0 < table.x0 - 1e-6 or box.x1 > table.x1 + 1e-6):
            return None
        # A train that turned back twice comes round beside its own head: smaller tiles.
        if not force and any(h.overlaps(r) for r in [spot] + [p.rect for p in placed]):
            return None
        laid.append((train, on_right, h, placed, spot, d, box))
    placements: list[Placement] = []
    spots: dict[str, EndSpot] = {}
    heads = []
    for side in (True, False):
        rows = [x for x in laid if x[1] is side]
        if not rows:
            continue
        needed = sum(x[6].height for x in rows) + 2 * gap * (len(rows) - 1)
        if not force and needed > table.height + 1e-6:
            return None
        # What the rows leave over is shared out: every band the same extra height.
        extra = max(0.0, table.height - needed) / len(rows)
        y = table.y0 + max(0.0, table.height - needed - extra * len(rows)) / 2
        x0, x1 = (hub.x1 + gap, table.x1) if side else (table.x0, hub.x0 - gap)
        for train, _side, h, placed, spot, d, box in rows:
            band = Rect(x0, y, x1, y + box.height + extra)
            dy = band.y0 + extra / 2 - box.y0  # the train in the middle of its band
            heads.append((train.end, h.shifted(0, dy)))
            placements += [
                Placement(p.index, p.tile, p.rect.shifted(0, dy), p.vertical, p.a_side, p.direction)
                for p in placed
            ]
            r = spot.shifted(0, dy)
            # A finger-sized target, but never into the next train's band.
            target = r.grown_to(MIN_TOUCH, min(MIN_TOUCH, band.height), band)
            spots[train.end] = EndSpot(train.end, r, target, d)
            y = band.y1 + 2 * gap
    if not force and any(hub.overlaps(p.rect) for p in placements):
        return None  # nor may it reach the hub
    placements.sort(key=lambda p: p.index)
    order = {t.end: i for i, t in enumerate(layout.trains)}
    heads.sort(key=lambda eh: order[eh[0]])
    return Felt(tuple(placements), spots, u, gap, hub, tuple(heads))


#: The way an arm folds at the felt's edge: a quarter turn clockwise.
_CLOCKWISE = {"right": "down", "down": "left", "left": "up", "up": "right"}
#: The ways arms leave the origin, in the order of the arms that leave it.
_FROM_ORIGIN = ("left", "right", "up", "down")


def layout_arms(
    layout: Layout, table: Rect | tuple[float, float, float, float], tile_size: float
) -> Felt:
    """Place a layout of a game's own inside ``table`` by its arms (see the module
    docstring); placements are numbered as :func:`capicua.gui.board.arm_order` lists the
    tiles."""
    table = Rect(*table)
    for u in _shrinking(tile_size):
        result = _arms_at(layout, table, u)
        if result is not None:
            return result
    result = _arms_at(layout, table, MIN_TILE, force=True)
    assert result is not None
    return result


def _edge_anchor(rect: Rect, side: str, gap: float) -> tuple[float, float]:
    """The centre of ``rect``'s edge on ``side``, a gap out: where an arm leaving it starts."""
    cx, cy = rect.centre
    return {
        "left": (rect.x0 - gap, cy),
        "right": (rect.x1 + gap, cy),
        "up": (cx, rect.y0 - gap),
        "down": (cx, rect.y1 + gap),
    }[side]


def _arms_at(layout: Layout, table: Rect, u: float, force: bool = False) -> Felt | None:
    gap = gap_for(u)
    cx, cy = table.centre
    origin = layout.origin()
    arms = layout.arms()
    if origin is None:
        rect = Rect(cx - u, cy - u / 2, cx + u, cy + u / 2)
        spot = EndSpot(LEFT, rect, rect.grown_to(MIN_TOUCH, MIN_TOUCH, table), "right")
        return Felt((), {str(LEFT): spot}, u, gap)
    double = origin[0] == origin[1]
    if double:
        centre = Rect(cx - u / 2, cy - u, cx + u / 2, cy + u)
    else:
        centre = Rect(cx - u, cy - u / 2, cx + u, cy + u / 2)
    placements: list[Placement] = []
    index = 0
    laid = layout.placed > sum(len(a.tiles) for a in arms)  # the origin is a tile laid
    if laid:
        a_side = "top" if double else "left"
        placements.append(Placement(0, origin, centre, double, a_side, "right"))
        index = 1
    at: dict[tuple[int, int], Placement] = {}
    left_from: dict[tuple[int, int] | None, int] = {}  # arms that have left each tile
    spots: dict[str, tuple[Rect, str]] = {}
    for i, arm in enumerate(arms):
        parent = at.get(arm.at) if arm.at is not None else None
        k = left_from.get(arm.at if parent is not None else None, 0)
        left_from[arm.at if parent is not None else None] = k + 1
        if parent is None:
            side, rect = _FROM_ORIGIN[k % len(_FROM_ORIGIN)], centre
        else:
            across = ("up", "down") if parent.direction in ("left", "right") else ("right", "left")
            side, rect = (*across, parent.direction)[k % 3], parent.rect
        lo, hi = (table.x0, table.x1) if side in ("left", "right") else (table.y0, table.y1)
        anchor = _edge_anchor(rect, side, gap)
        placed, ahead = _walk(arm.tiles, index, anchor, side, _CLOCKWISE[side], lo, hi, u, gap)
        for j, p in enumerate(placed):
            at[(i, j)] = p
        placements += placed
        index += len(arm.tiles)
        if arm.end is not None and arm.open is not None:
            spots[arm.end] = ahead
    rects = [p.rect for p in placements] + [r for r, _d in spots.values()]
    if not laid:
        rects.append(centre)  # a hub of the layout's own: kept clear all the same
    box = bbox(rects)
    if not force and (
        box.width > table.width + 1e-6 or box.height > table.height + 1e-6 or _overlapping(rects)
    ):
        return None
    dx, dy = cx - box.centre[0], cy - box.centre[1]
    moved = tuple(
        Placement(p.index, p.tile, p.rect.shifted(dx, dy), p.vertical, p.a_side, p.direction)
        for p in sorted(placements, key=lambda p: p.index)
    )
    out: dict[str, EndSpot] = {}
    for end, (r, d) in spots.items():
        r = r.shifted(dx, dy)
        out[end] = EndSpot(end, r, r.grown_to(MIN_TOUCH, MIN_TOUCH, table), d)
    return Felt(moved, out, u, gap)


__all__ = [
    "Felt",
    "head_width",
    "layout_arms",
    "layout_spinner",
    "layout_trains",
    "train_sides",
]
