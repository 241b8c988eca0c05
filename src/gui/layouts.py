"""Where the tiles of a spinner and of trains go on the felt: plain arithmetic, no Tk.

:mod:`.geometry` lays one line out; this module lays out the other layouts the game model
has (:mod:`capicua.core.layout`). A board is laid out for reading: its tile size is the
felt's (what the window asks for, no more than the felt holds for the layout's shape, never
less than :data:`MIN_READABLE`, at which nine pips can be counted), never the tiles', and
every arm runs one way from a place that does not move, so a tile once laid stays where it
lies from one move to the next. An arm that would leave the felt *folds*: a chip
(:class:`Fold`) stands for its oldest tiles and says how many, and the arm shows its newest
tiles and its open end whole (:func:`straight`).

* :func:`layout_spinner`: the line of a spinner game (All Fives) runs left and right from
  its first tile, laid in the middle of the felt; once the spinner is crossed its ``up``
  and ``down`` arms run up and down from it. Each arm turns once at the felt's edge, a
  quarter turn clockwise (the right arm down, the down arm left, the left arm up, the up
  arm right), so the four wind round the spinner like a pinwheel and keep clear of each
  other, and folds where it would pass the felt's next edge;
* :func:`layout_trains`: the hub (the engine double) in the middle, the trains in rows to
  its right and left, one row band each, every train straight out from its *head* (the
  place for its owner's name and marker); a train longer than its row folds;
* :func:`layout_arms`: any other layout, by what it says of itself
  (:meth:`~capicua.core.layout.Layout.arms`): its origin tile in the middle, the arms that
  leave it running left, right, up and down, and every arm that leaves a tile of another
  leaving it at right angles, the arms from one tile taking its two sides in turn and a
  third going straight on; each arm
  folds at the felt's edge as a line's does, turning clockwise (a right-running arm turns
  down, an up-running one right), so the arms wind round the origin and keep apart; its
  tiles shrink until every tile and every open end's spot lies inside the felt and none
  overlap.

Every open end has an :class:`~capicua.gui.geometry.EndSpot` named by its
:class:`~capicua.core.actions.End` (``up``, ``t3``, ``mexican``), clear of every tile: the
table draws the end's number there. Placements are numbered in the layout's
:meth:`~capicua.core.layout.Layout.pairs` order; a folded tile has none.
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
    placement,
)

Tile = tuple[int, int]

#: The smallest short side a tile on a board (a spinner, trains) is drawn with, in pixels.
#: At 20 px a half's nine pips (:func:`~capicua.gui.drawing.pip_centres`: 0.27 of the side
#: apart, 2 px in radius) stand 1.4 px apart, and the twelve of double-twelve 1.6 px: each
#: can be counted. An arm that outgrows the felt at this size folds its oldest tiles.
MIN_READABLE = 20.0
# Which way each direction runs on the felt; y grows downwards as on a Tk canvas.
_STEP = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
#: The newest tiles a train's row shows beside a fold, where the felt has room for them at
#: :data:`MIN_READABLE` or more (an 800x600 window's rows show two or three).
ROW_TILES = 5
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
    folds: tuple[Fold, ...] = ()

    @property
    def laid(self) -> int:
        """How many tiles the felt holds: those drawn and those folded away."""
        return len(self.placements) + sum(f.count for f in self.folds)


@dataclass(frozen=True)
class Fold:
    """The oldest tiles of an arm folded away where the arm outgrew the felt: ``count``
    tiles, drawn as one chip in ``rect`` saying how many, on the arm named by its open
    ``end``, which runs ``direction``."""

    end: str
    count: int
    rect: Rect
    direction: str


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

    ``opening`` is the index in ``layout.line`` of the first tile played: it lies in the
    middle of the felt for the whole hand, the line runs straight left and right from it,
    and the spinner's ``up`` and ``down`` arms straight up and down from the spinner. An arm
    that would leave the felt folds its oldest tiles (:class:`Fold`); the tile size is the
    felt's (:func:`board_tile`), never the tiles', so a tile once laid stays where it lies
    until its arm folds.
    """
    table = Rect(*table)
    line = layout.line
    if line and not 0 <= opening < len(line):
        raise ValueError(f"opening index {opening} outside a line of {len(line)} tiles")
    u = board_tile(tile_size, table.width / 20, table.height / 14)
    gap = gap_for(u)
    cx, cy = table.centre
    if not line:
        rect = Rect(cx - u, cy - u / 2, cx + u, cy + u / 2)
        spot = EndSpot(LEFT, rect, rect.grown_to(MIN_TOUCH, MIN_TOUCH, table), "right")
        return Felt((), {str(LEFT): spot}, u, gap)
    first = line[opening]
    double = first[0] == first[1]
    if double:
        centre = Rect(cx - u / 2, cy - u, cx + u / 2, cy + u)
    else:
        centre = Rect(cx - u, cy - u / 2, cx + u, cy + u / 2)
    placements = [Placement(opening, first, centre, double, "top" if double else "left", "right")]
    spots: dict[str, tuple[Rect, str]] = {}
    folds: list[Fold] = []
    spinner = layout.spinner
    # Each side of the line outward from the opening, each tile turned to lie outward
    # (``a`` toward the opening), numbered by its index in the line. A side the spinner
    # lies on keeps the tiles up to it: the cross arms leave it.
    sides = (
        (LEFT, "left", list(range(opening - 1, -1, -1)), centre.x0 - gap, table.x0, table.y0),
        (RIGHT, "right", list(range(opening + 1, len(line))), centre.x1 + gap, table.x1, table.y1),
    )
    for end, direction, order, start, limit, limit2 in sides:
        tiles = [line[i] if end == RIGHT else (line[i][1], line[i][0]) for i in order]
        keep = order.index(spinner) + 1 if spinner in order else 0
        laid, ahead, fold = straight(
            tiles,
            order,
            (start, cy),
            direction,
            limit,
            u,
            gap,
            keep=keep,
            end=end,
            turn=_CLOCKWISE[direction],
            limit2=limit2,
        )
        placements += laid
        spots[end] = ahead
        folds += fold
    if layout.crossed:
        hub = next(p for p in placements if p.index == spinner)
        x = hub.rect.centre[0]
        base = len(line)
        for end, direction, start, limit, limit2, first_index, arm in (
            (UP, "up", hub.rect.y0 - gap, table.y0, table.x1, base, layout.up),
            (
                DOWN,
                "down",
                hub.rect.y1 + gap,
                table.y1,
                table.x0,
                base + len(layout.up),
                layout.down,
            ),
        ):
            order = list(range(first_index, first_index + len(arm)))
            laid, ahead, fold = straight(
                list(arm),
                order,
                (x, start),
                direction,
                limit,
                u,
                gap,
                end=end,
                turn=_CLOCKWISE[direction],
                limit2=limit2,
            )
            placements += laid
            spots[end] = ahead
            folds += fold
    out: dict[str, EndSpot] = {}
    for end in (LEFT, RIGHT, UP, DOWN):
        if end in spots:
            r, d = spots[end]
            out[end] = EndSpot(end, r, r.grown_to(MIN_TOUCH, MIN_TOUCH, table), d)
    placements.sort(key=lambda p: p.index)
    return Felt(tuple(placements), out, u, gap, folds=tuple(folds))


def board_tile(tile_size: float, *bounds: float) -> float:
    """The tile size a board is drawn at: ``tile_size`` (what the window asks for), no more
    than any of ``bounds`` (what the felt's size allows for the layout's shape), never less
    than :data:`MIN_READABLE`. It depends on the felt alone, not on the tiles laid, so the
    tiles keep their places from one move to the next."""
    return max(MIN_READABLE, min(float(tile_size), *bounds))


def _length(t: Tile, u: float) -> float:
    """How far a tile reaches along its arm: a double lies across it."""
    return u if t[0] == t[1] else 2 * u


def fold_length(u: float) -> float:
    """How far along its arm a fold's chip (the count of the tiles it holds) reaches."""
    return max(1.6 * u, 30.0)


def straight(
    tiles: Sequence[Tile],
    indexes: Sequence[int],
    anchor: tuple[float, float],
    direction: str,
    limit: float,
    u: float,
    gap: float,
    *,
    keep: int = 0,
    end: str = "",
    turn: str | None = None,
    limit2: float = 0.0,
) -> tuple[list[Placement], tuple[Rect, str], list[Fold]]:
    """Lay ``tiles`` (each ``(a, b)`` with ``a`` toward the start, numbered ``indexes``) in
    an arm from ``anchor`` in ``direction`` up to ``limit`` (the felt's edge that way), with
    the spot for the next tile after them. With ``turn`` the arm turns once at that edge, a
    quarter turn that way, and runs on up to ``limit2``; it turns only after a tile, so the
    row it turns into keeps a tile's length from the one it leaves.

    The ``keep``-th tile (a spinner other arms leave) stays in the arm's first row, and the
    arm does not turn before it. Where the tiles do not all fit, the arm folds: a
    :class:`Fold` stands for its oldest tiles after the kept one (and, where even the tiles
    up to the kept one are too long for the row, for the oldest of those), then come the
    newest tiles and the spot. It folds by half a row at a time, so the tiles it shows keep
    their places over the next moves until it folds again. Returns the placements of the
    tiles shown, the spot and the folds."""
    pairs = list(zip(tiles, indexes, strict=True))
    room = abs(limit - (anchor[0] if direction in ("left", "right") else anchor[1]))
    before = 0  # tiles folded before the kept tile
    if keep:
        # The tiles up to the kept one, with the spot's room after it and the turn's.
        while before < keep - 1 and (
            sum(_length(t, u) + gap for t in tiles[before:keep])
            + (fold_length(u) + gap) * (before > 0)
            + 3.5 * u
            > room + 1e-6
        ):
            before += 1
    args = (anchor, direction, limit, turn, limit2, u, gap)
    after = 0
    laid = _path(pairs, keep, before, after, *args)
    if laid is None:
        free = room - sum(_length(t, u) + gap for t in tiles[before:keep]) - fold_length(u) - 2 * u
        step = max(1, int(free // (2 * u + gap)) // 2)
        most = max(0, len(tiles) - keep - 1)  # the newest tile always shows
        after = min(step, most)
        while True:
            laid = _path(pairs, keep, before, after, *args)
            if laid is not None or after >= most:
                break
            after = min(after + step, most)
        if laid is None:  # the felt is too small even so: laid past its edge
            laid = _path(pairs, keep, before, after, *args, force=True)
            assert laid is not None
    placements, spot, chips = laid
    counts = [c for c in (before, after) if c]
    folds = [Fold(end, c, r, d) for c, (r, d) in zip(counts, chips, strict=True)]
    return placements, spot, folds


def _path(
    pairs: Sequence[tuple[Tile, int]],
    keep: int,
    before: int,
    after: int,
    anchor: tuple[float, float],
    direction: str,
    limit: float,
    turn: str | None,
    limit2: float,
    u: float,
    gap: float,
    force: bool = False,
) -> tuple[list[Placement], tuple[Rect, str], list[tuple[Rect, str]]] | None:
    """The arm of :func:`straight` with its first ``before`` tiles and the ``after`` tiles
    after the kept one folded, or ``None`` where it does not fit (unless ``force``)."""
    # What the arm lays, in order, as (kind, index, tile): its tiles, the folds' chips and
    # the spot of the next tile.
    items: list[tuple[str, int, Tile]] = []
    for k, (t, i) in enumerate(pairs):
        if (before and k == 0) or (after and k == keep):
            items.append(("fold", -1, t))
        if not (k < before or keep <= k < keep + after):
            items.append(("tile", i, t))
    items.append(("spot", -1, (0, 0)))
    d1 = _STEP[direction]
    room1 = abs(limit - (anchor[0] if d1[0] else anchor[1]))
    pos = 0.0
    origin, d, room = anchor, d1, room1
    turned = turn is None
    out: list[Placement] = []
    chips: list[tuple[Rect, str]] = []
    spot: tuple[Rect, str] | None = None
    kept = keep == 0
    last_double = False
    for kind, i, t in items:
        dbl = kind == "tile" and t[0] == t[1]
        if kind == "tile":
            along, across = _length(t, u), (2 * u if dbl else u)
        else:
            along, across = (2 * u if kind == "spot" else fold_length(u)), u
        if kept and not turned and pos + along > room1 - u / 2 and pos >= 2 * u:
            # Turn: the new row starts beside the last tile's far half (an L, the way a
            # line turns) and runs on to the felt's other edge. The row the arm leaves
            # stops half a tile short of the edge: a double across the new row fits.
            assert turn is not None
            d2 = _STEP[turn]
            far = pos - gap - u / 2
            side = (u if last_double else u / 2) + gap
            origin = (
                anchor[0] + d1[0] * far + d2[0] * side,
                anchor[1] + d1[1] * far + d2[1] * side,
            )
            d, pos, turned = d2, 0.0, True
            room = abs(limit2 - (origin[0] if d2[0] else origin[1]))
        if pos + along > room + 1e-6 and not force:
            return None
        cx = origin[0] + d[0] * (pos + along / 2)
        cy = origin[1] + d[1] * (pos + along / 2)
        w, h = (along, across) if d[0] else (across, along)
        r = Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        way = next(k for k, v in _STEP.items() if v == d)
        if kind == "spot":
            spot = (r, way)
        elif kind == "fold":
            chips.append((r, way))
            last_double = False
        else:
            out.append(placement(i, t, r, way, dbl, toward_opening_is_a=True))
            last_double = dbl
            if not kept and t == pairs[keep - 1][0]:
                kept = True  # past the kept tile: the arm may turn
        pos += along + gap
    assert spot is not None
    return out, spot, chips


def train_sides(count: int) -> tuple[int, int]:
    """How many of ``count`` trains run to the hub's right and to its left."""
    right = math.ceil(count / 2)
    return right, count - right


def layout_trains(
    layout: Trains, table: Rect | tuple[float, float, float, float], tile_size: float
) -> Felt:
    """Place a hub and its trains inside ``table`` (see the module docstring): the hub in
    the middle, each train a straight row outward from its head, the rows of each side
    sharing the felt's height. The tile size is the felt's for the number of trains, never
    less than :data:`MIN_READABLE` and large enough for a row to show its
    :data:`ROW_TILES` newest tiles; a train longer than its row folds its oldest tiles."""
    table = Rect(*table)
    right, left = train_sides(len(layout.trains))
    rows = max(right, left, 1)
    band = table.height / rows
    cx, cy = table.centre
    u = MIN_READABLE
    for size in _shrinking(tile_size):
        gap = gap_for(size)
        row = table.width / 2 - size / 2 - 2 * gap - head_width(size) - gap
        if size <= MIN_READABLE or (
            2.2 * size + gap <= band
            and row >= ROW_TILES * (2 * size + gap) + 2 * size + fold_length(size) + gap
        ):
            u = max(size, MIN_READABLE)
            break
    gap = gap_for(u)
    hub = Rect(cx - u / 2, cy - u, cx + u / 2, cy + u)
    head = head_width(u)
    half = min(max(0.65 * u, 11.0), band / 2)  # half the head's height: a line of type
    placements: list[Placement] = []
    spots: dict[str, EndSpot] = {}
    heads = []
    folds = []
    first = 0
    for i, t in enumerate(layout.trains):
        on_right = i < right
        k = i if on_right else i - right
        count = right if on_right else left
        # The side's rows share the felt's height, the middle one level with the hub.
        y0 = cy - count * band / 2 + k * band
        y = y0 + band / 2
        if on_right:
            h = Rect(hub.x1 + gap, y - half, hub.x1 + gap + head, y + half)
            start, direction, limit = h.x1 + gap, "right", table.x1
        else:
            h = Rect(hub.x0 - gap - head, y - half, hub.x0 - gap, y + half)
            start, direction, limit = h.x0 - gap, "left", table.x0
        heads.append((t.end, h))
        order = list(range(first, first + len(t.tiles)))
        first += len(t.tiles)
        laid, (r, d), fold = straight(
            t.tiles, order, (start, y), direction, limit, u, gap, end=t.end
        )
        placements += laid
        folds += fold
        bounds = Rect(table.x0, y0, table.x1, y0 + band)
        # A finger-sized target, but never into the next train's row.
        target = r.grown_to(MIN_TOUCH, min(MIN_TOUCH, band), bounds)
        spots[t.end] = EndSpot(t.end, r, target, d)
    placements.sort(key=lambda p: p.index)
    return Felt(tuple(placements), spots, u, gap, hub, tuple(heads), tuple(folds))


def head_width(u: float) -> float:
    """The width of a train's head (its owner's name and marker) at tile size ``u``."""
    return max(1.6 * u, 28.0)


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
