"""Where things go on the table: pure layout arithmetic for the Tk view, no Tk needed.

Two jobs, both functions of plain data so tests run without a display:

* :func:`layout_line` places the line of play. Both arms grow from the opening along the
  table's long axis, the right arm rightwards and the left arm leftwards, in one row as
  long as the row holds them; the opening sits off centre when one arm is short, so the
  long arm has the room. An arm turns only at the table's edge: the right arm *down* and
  back leftwards (a snake), the left arm the mirror image *up*, so the right end is always
  in the lowest row and the left end in the highest, the two far ends of the line. The
  whole line, with the spots where the next tile on each end would go, is centred on the
  table. Doubles lie crosswise. When the line does not fit at the requested tile size the
  size shrinks until it does, never sooner.
* :func:`table_layout` and :func:`hand_tile_rects` split the window into seat areas, the
  table and a score panel, rescaling with the window.

Tiles are ``(a, b)`` int tuples given in line order, each oriented so ``a`` faces the left
end of the line. Sizes are in canvas pixels (floats); a tile's *size* is its short side.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..core.layout import Layout, Spinner, Trains, describes
from ..core.line import Line
from ..core.variant import Variant
from ..i18n import _, ngettext

Tile = tuple[int, int]

MIN_TOUCH = 48.0  # a finger-sized target, in pixels
# The table's smallest window: an 800x600 screen, or a 1024x600 one less its task bar.
# The person's tiles stay 48 px wide down to here, and the labels' type fits every word.
MIN_SIZE = (800, 540)
# What a window manager takes around a window: its frame's sides, and in height the title bar
# and a task bar. A window opened without --size is the screen less these, at least MIN_SIZE.
DECORATIONS = (16, 72)
PANEL_SHARE = 0.3  # the most of the window's width the side panel may take
MIN_TILE = 4.0  # below this a tile is unreadable; the shrink loop stops here


def screen_fit(screen_width: int, screen_height: int) -> tuple[int, int]:
    """The largest table window that fits a ``screen_width`` x ``screen_height`` screen with
    the window manager's :data:`DECORATIONS` around it, never below :data:`MIN_SIZE` (a
    screen smaller than that gets the table's smallest window)."""
    return (
        max(MIN_SIZE[0], screen_width - DECORATIONS[0]),
        max(MIN_SIZE[1], screen_height - DECORATIONS[1]),
    )


class Rect(NamedTuple):
    """An axis-aligned rectangle ``(x0, y0, x1, y1)`` with ``x0 <= x1`` and ``y0 <= y1``."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def contains(self, other: Rect, eps: float = 1e-6) -> bool:
        """True when ``other`` lies inside this rectangle (edges may touch)."""
        return (
            other.x0 >= self.x0 - eps
            and other.y0 >= self.y0 - eps
            and other.x1 <= self.x1 + eps
            and other.y1 <= self.y1 + eps
        )

    def overlaps(self, other: Rect, eps: float = 1e-6) -> bool:
        """True when the interiors intersect; rectangles that only touch do not overlap."""
        return (
            self.x0 < other.x1 - eps
            and other.x0 < self.x1 - eps
            and self.y0 < other.y1 - eps
            and other.y0 < self.y1 - eps
        )

    def shifted(self, dx: float, dy: float) -> Rect:
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def grown_to(self, min_w: float, min_h: float, bounds: Rect | None = None) -> Rect:
        """This rectangle widened about its centre to at least ``min_w`` x ``min_h``.

        With ``bounds`` the result is slid (not squashed) to stay inside them where it can.
        """
        cx, cy = self.centre
        w, h = max(self.width, min_w), max(self.height, min_h)
        r = Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if bounds is not None:
            dx = max(0.0, bounds.x0 - r.x0) - max(0.0, r.x1 - bounds.x1)
            dy = max(0.0, bounds.y0 - r.y0) - max(0.0, r.y1 - bounds.y1)
            r = r.shifted(dx, dy)
        return r


# Unit vectors of the four line directions; y grows downwards as on a Tk canvas.
_VEC = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
_OPPOSITE_SIDE = {"right": "left", "left": "right", "down": "top", "up": "bottom"}
_SAME_SIDE = {"right": "right", "left": "left", "down": "bottom", "up": "top"}


@dataclass(frozen=True)
class Placement:
    """One tile of the line on the table.

    ``vertical`` is the tile's own orientation on screen (long side up-down). ``a_side`` is
    the screen side (``left``/``right``/``top``/``bottom``) on which the ``a`` number is
    drawn. ``direction`` is the way the line runs through this tile, away from the opening.
    """

    index: int
    tile: Tile
    rect: Rect
    vertical: bool
    a_side: str
    direction: str

    @property
    def is_double(self) -> bool:
        return self.tile[0] == self.tile[1]

    @property
    def centre(self) -> tuple[float, float]:
        return self.rect.centre


@dataclass(frozen=True)
class EndSpot:
    """Where the next tile on one end of the line would lie.

    ``rect`` is that tile's exact footprint (a non-double); ``target`` is the same spot grown
    to a finger-sized click/drop target where the window allows, kept inside the table.
    """

    end: str  # "left" or "right"
    rect: Rect
    target: Rect
    direction: str


@dataclass(frozen=True)
class LineLayout:
    """The whole line: placements in line order (left end first), the two ends, the size."""

    placements: tuple[Placement, ...]
    ends: dict[str, EndSpot]
    tile_size: float
    gap: float


class Arm:
    """A turtle that lays one arm of the snake, one tile at a time.

    The arm keeps an *anchor*: the centre of the edge where the next tile starts. A turn is
    an L-joint (the new tile's first half sits beside the last tile's far half), which keeps
    the corner compact and never overlaps the row being left.
    """

    def __init__(
        self,
        anchor: tuple[float, float],
        direction: str,
        turn: str,
        x_lo: float,
        x_hi: float,
        u: float,
        gap: float,
    ) -> None:
        self.ax, self.ay = anchor
        self.dir = direction
        self.horizontal_dir = direction  # the way the next row runs after a column
        self.turn = turn  # "down" for the right arm, "up" for the left arm
        self.x_lo, self.x_hi = x_lo, x_hi
        self.u, self.gap = u, gap
        self.column_run = 0.0
        # Room kept free beside a row's end for the column: a non-double column tile needs
        # u + gap. Ordinary tiles keep one tile more, so a double that follows them still
        # ends the row (it is only u long) instead of landing in the corner, where it would
        # lie along the row and read as part of it. Two doubles never follow each other.
        self.reserve = 2 * u + 2 * gap
        self.reserve_double = u + gap

    def _footprint(self, double: bool, anchor: tuple[float, float], direction: str) -> Rect:
        dx, dy = _VEC[direction]
        along = self.u if double else 2 * self.u
        across = 2 * self.u if double else self.u
        ax, ay = anchor
        cx, cy = ax + dx * along / 2, ay + dy * along / 2
        w, h = (along, across) if dx else (across, along)
        return Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)

    def _turn_anchor(self, new_dir: str, double: bool) -> tuple[float, float]:
        # The anchor is already a gap past the last tile. Step on by half a tile (a whole
        # tile for a double, which lies across the new direction and so is 2u wide), then
        # back up half a tile against the new direction: the L-joint.
        d1x, d1y = _VEC[self.dir]
        d2x, d2y = _VEC[new_dir]
        step = self.u if double else self.u / 2
        return (self.ax + d1x * step - d2x * self.u / 2, self.ay + d1y * step - d2y * self.u / 2)

    def _fits_row(self, rect: Rect, double: bool) -> bool:
        r = self.reserve_double if double else self.reserve
        return rect.x0 >= self.x_lo + r - 1e-6 and rect.x1 <= self.x_hi - r + 1e-6

    def place(self, double: bool, commit: bool = True) -> tuple[Rect, str]:
        """Footprint and direction of the next tile; with ``commit`` advance past it."""
        direction, anchor = self.dir, (self.ax, self.ay)
        column_run = self.column_run
        if direction in ("left", "right"):
            rect = self._footprint(double, anchor, direction)
            if not self._fits_row(rect, double):
                direction, anchor = self.turn, self._turn_anchor(self.turn, double)
                column_run = 0.0
        else:
            # One tile's length (2u) of column between rows is enough to keep doubles of
            # neighbouring rows apart; then the snake heads back across the table. A double
            # stays in the column (crosswise to it) rather than start the next row, where it
            # would sit right under the column and read as part of it.
            if column_run >= 2 * self.u - 1e-6 and not double:
                back = "left" if self.horizontal_dir == "right" else "right"
                direction, anchor = back, self._turn_anchor(back, False)
        rect = self._footprint(double, anchor, direction)
        if commit:
            dx, dy = _VEC[direction]
            along = self.u if double else 2 * self.u
            if direction in ("left", "right"):
                self.horizontal_dir = direction
                self.column_run = 0.0
            else:
                # column_run is 0 right after turning into the column; gaps count only
                # between two column tiles.
                self.column_run = column_run + (self.gap if column_run else 0.0) + along
            self.dir = direction
            self.ax = anchor[0] + dx * (along + self.gap)
            self.ay = anchor[1] + dy * (along + self.gap)
        return rect, direction


def gap_for(u: float) -> float:
    # A hairline between tiles reads as "separate tiles" without breaking the line.
    return max(1.0, round(u * 0.06, 2))


def _arm_length(tiles: Iterable[Tile], u: float, gap: float) -> float:
    """How far an arm of ``tiles`` reaches along one row, with the spot for its next tile."""
    return sum((u if t[0] == t[1] else 2 * u) + gap for t in tiles) + 2 * u


def layout_at(
    tiles: Sequence[Tile], opening: int, table: Rect, u: float
) -> tuple[list[Placement], dict[str, tuple[Rect, str]]]:
    """Lay the line at tile size ``u`` with the opening tile on the row through y=0."""
    gap = gap_for(u)
    first = tiles[opening]
    first_double = first[0] == first[1]
    half = u / 2 if first_double else u
    # Where the opening goes on its row: anywhere when one row holds the whole line (it is
    # centred afterwards); else at the centre, moved toward a short arm's edge so that arm
    # ends just inside it and the long arm gets the rest of the row before it turns.
    x_lo, x_hi = table.x0, table.x1
    right_len = _arm_length(tiles[opening + 1 :], u, gap)
    left_len = _arm_length(tiles[:opening], u, gap)
    cx = (x_lo + x_hi) / 2
    if left_len + 2 * half + right_len <= table.width:
        x_lo, x_hi = -math.inf, math.inf  # one row: no turns
    else:
        reserve = 2 * u + 2 * gap  # what Arm keeps free beside a row's end
        cx = max(cx, x_hi - reserve - right_len - half)
        cx = min(cx, x_lo + reserve + left_len + half)
    out: list[Placement] = []
    if first_double:
        rect = Rect(cx - u / 2, -u, cx + u / 2, u)
    else:
        rect = Rect(cx - u, -u / 2, cx + u, u / 2)
    out.append(
        Placement(opening, first, rect, first_double, "top" if first_double else "left", "right")
    )
    right = Arm((cx + half + gap, 0.0), "right", "down", x_lo, x_hi, u, gap)
    left = Arm((cx - half - gap, 0.0), "left", "up", x_lo, x_hi, u, gap)
    for i in range(opening + 1, len(tiles)):
        t = tiles[i]
        dbl = t[0] == t[1]
        r, d = right.place(dbl)
        out.append(placement(i, t, r, d, dbl, toward_opening_is_a=True))
    for i in range(opening - 1, -1, -1):
        t = tiles[i]
        dbl = t[0] == t[1]
        r, d = left.place(dbl)
        out.append(placement(i, t, r, d, dbl, toward_opening_is_a=False))
    out.sort(key=lambda p: p.index)
    ends = {"left": left.place(False, commit=False), "right": right.place(False, commit=False)}
    return out, ends


def placement(i: int, t: Tile, r: Rect, d: str, dbl: bool, toward_opening_is_a: bool) -> Placement:
    horizontal_run = d in ("left", "right")
    vertical = horizontal_run if dbl else not horizontal_run
    if dbl:
        side = "top" if vertical else "left"
    elif toward_opening_is_a:
        # Right arm: a faces back toward the opening, i.e. against the direction of growth.
        side = _OPPOSITE_SIDE[d]
    else:
        # Left arm: b faces the opening, so a is on the far side, the way the arm grows.
        side = _SAME_SIDE[d]
    return Placement(i, t, r, vertical, side, d)


def bbox(rects: Iterable[Rect]) -> Rect:
    rs = list(rects)
    return Rect(
        min(r.x0 for r in rs), min(r.y0 for r in rs), max(r.x1 for r in rs), max(r.y1 for r in rs)
    )


def layout_line(
    tiles: Sequence[Tile],
    opening: int,
    table: Rect | tuple[float, float, float, float],
    tile_size: float,
) -> LineLayout:
    """Place the line of play inside ``table``, shrinking the tiles until it fits.

    ``tiles`` are in left-to-right line order, each ``(a, b)`` with ``a`` toward the left
    end; ``opening`` is the index of the first tile played. ``tile_size`` is the largest
    short side wanted. The result also holds the spot of the next tile on each end; with no
    tiles yet both ends are the centre spot where the opening tile will go.
    """
    table = Rect(*table)
    if tiles and not 0 <= opening < len(tiles):
        raise ValueError(f"opening index {opening} outside a line of {len(tiles)} tiles")
    u = max(float(tile_size), MIN_TILE)
    while True:
        result = _try_fit(tiles, opening, table, u)
        if result is not None or u <= MIN_TILE:
            break
        u = max(MIN_TILE, min(u - 0.5, u * 0.95))
    if result is None:  # even the smallest tiles overflow: lay them out anyway, centred
        result = _try_fit(tiles, opening, table, u, force=True)
        assert result is not None
    return result


def _try_fit(
    tiles: Sequence[Tile], opening: int, table: Rect, u: float, force: bool = False
) -> LineLayout | None:
    gap = gap_for(u)
    if table.width <= 0 or table.height <= 0:
        return None if not force else LineLayout((), {}, u, gap)
    cx, cy = table.centre
    if not tiles:
        rect = Rect(cx - u, cy - u / 2, cx + u, cy + u / 2)
        if not table.contains(rect) and not force:
            return None
        target = rect.grown_to(MIN_TOUCH, MIN_TOUCH, table)
        spot = {e: EndSpot(e, rect, target, "right") for e in ("left", "right")}
        return LineLayout((), spot, u, gap)
    placements, ends = layout_at(tiles, opening, table, u)
    box = bbox([p.rect for p in placements] + [r for r, _ in ends.values()])
    if not force:
        if box.width > table.width + 1e-6 or box.height > table.height + 1e-6:
            return None
        # Cramped tables can make a row too short to hold a tile; shrinking cures that.
        rects = [p.rect for p in placements] + [r for r, _ in ends.values()]
        if any(a.overlaps(b) for i, a in enumerate(rects) for b in rects[i + 1 :]):
            return None
    # The whole line, end spots included, centred on the table.
    bx, by = box.centre
    dx, dy = cx - bx, cy - by
    moved = tuple(
        Placement(p.index, p.tile, p.rect.shifted(dx, dy), p.vertical, p.a_side, p.direction)
        for p in placements
    )
    spots = {}
    for end, (r, d) in ends.items():
        r = r.shifted(dx, dy)
        spots[end] = EndSpot(end, r, r.grown_to(MIN_TOUCH, MIN_TOUCH, table), d)
    return LineLayout(moved, spots, u, gap)


def end_mark_centre(spot: EndSpot, bounds: Rect, r: float) -> tuple[float, float]:
    """Where an end's letter (a disc of radius ``r``) goes: at the corner of its target
    farthest along the way the arm grows, so it never sits over the arm's last tile (which
    lies the other way), also where the arm has turned; kept inside ``bounds``."""
    t = spot.target
    x = {"right": t.x1, "left": t.x0}.get(spot.direction, t.x0)
    y = {"down": t.y1, "up": t.y0}.get(spot.direction, t.y0)
    x = min(max(x, bounds.x0 + r), bounds.x1 - r)
    y = min(max(y, bounds.y0 + r), bounds.y1 - r)
    return x, y


def tile_halves(rect: Rect, vertical: bool, a_side: str) -> tuple[Rect, Rect]:
    """The ``(a half, b half)`` squares of a tile drawn in ``rect``."""
    x0, y0, x1, y1 = rect
    if vertical:
        mid = (y0 + y1) / 2
        first, second = Rect(x0, y0, x1, mid), Rect(x0, mid, x1, y1)
        return (first, second) if a_side == "top" else (second, first)
    mid = (x0 + x1) / 2
    first, second = Rect(x0, y0, mid, y1), Rect(mid, y0, x1, y1)
    return (first, second) if a_side == "left" else (second, first)


# --- seats, table, score panel -------------------------------------------------------------

# Seat positions counted from the bottom (the person) counter-clockwise, as play goes.
SEAT_SIDES = {
    4: {1: "bottom", 2: "right", 3: "top", 4: "left"},
    3: {1: "bottom", 2: "right", 3: "left"},
    2: {1: "bottom", 2: "top"},
}
#: The most seats the table places (Mexican Train's eight).
MAX_SEATS = 8


def seat_sides(seats: int) -> dict[int, str]:
    """Each position's window edge, from the bottom (the person) counter-clockwise: up the
    right side, right to left along the top, down the left side. Five to eight seats share
    the top, and seven or eight put two on each side as well."""
    if seats in SEAT_SIDES:
        return SEAT_SIDES[seats]
    if not 2 <= seats <= MAX_SEATS:
        raise ValueError(f"seats must be 2 to {MAX_SEATS}, not {seats}")
    per_side = 1 if seats <= 6 else 2
    top = seats - 1 - 2 * per_side
    order = ["bottom"] + ["right"] * per_side + ["top"] * top + ["left"] * per_side
    return {position: side for position, side in enumerate(order, 1)}


def drawable(layout: Layout) -> bool:
    """True when the table can draw ``layout``: a line, a spinner, trains (a game's own
    subclass of one too), or any layout that says how its arms run."""
    return isinstance(layout, (Line, Spinner, Trains)) or describes(layout)


def table_problem(variant: Variant) -> str | None:
    """Why the table cannot seat a person at ``variant`` (its seats, or a layout of the
    game's own that the table does not know how to draw), in words; ``None`` if it can."""
    if not 2 <= variant.seats <= MAX_SEATS:
        return ngettext(
            "the table seats 2 to 8 players; {name} has {seats} seat",
            "the table seats 2 to 8 players; {name} has {seats} seats",
            variant.seats,
        ).format(name=variant.name, seats=variant.seats)
    if not drawable(variant.new_layout(1)):
        # A layout of a game's own that does not say how its arms run (Layout.arms).
        return _(
            "the table draws a line, a spinner and trains; {name} lays its tiles out its "
            "own way (capicua tournament plays it with computers)"
        ).format(name=variant.name)
    return None


@dataclass(frozen=True)
class SeatArea:
    """A seat's strip along one window edge; ``face_up`` only for seat 1 (the human)."""

    seat: int
    side: str  # bottom, right, top, left
    rect: Rect
    face_up: bool


@dataclass(frozen=True)
class TableLayout:
    """The window cut into the felt table, the seat strips and the score panel."""

    width: float
    height: float
    table: Rect
    seats: dict[int, SeatArea]
    score: Rect
    hand_tile_size: float  # short side of seat 1's hand tiles
    back_tile_size: float  # short side of the face-down tiles of the other seats
    line_tile_size: float  # the size to ask layout_line for
    label_size: float  # height of a seat's name line, kept free by hand_tile_rects(label=)


def table_layout(
    width: float, height: float, seats: int = 4, panel: float | None = None
) -> TableLayout:
    """Cut a ``width`` x ``height`` window into table, seats and score panel.

    ``seats`` is 4 (bottom, right, top, left), 3 (bottom, right, left), 2 (bottom, top)
    or 5 to 8 (:func:`seat_sides`: the top, and with seven or eight the sides too, are
    shared out in equal parts). ``panel`` is the width the side panel asks for (its
    longest button label, say); it gets it up to :data:`PANEL_SHARE` of the window.
    Everything scales with the window; seat 1's hand tiles stay at least 48 px wide down
    to :data:`MIN_SIZE` (they shrink only where a long hand would not fit its strip, which
    runs the window's width under the side seats).
    """
    sides = seat_sides(seats)
    k = min(width / 1024, height / 768)
    pad = max(4.0, round(8 * k))
    grow = max(1.0, k)  # past 1024x768 the caps grow with the window too, up to 4K
    hand = max(12.0, min(72.0 * grow, round(52 * k)))
    if width >= MIN_SIZE[0] and height >= MIN_SIZE[1]:
        hand = max(hand, MIN_TOUCH)  # a finger's width in every window the table allows
    back = max(8.0, round(hand * 0.5))
    label = max(12.0, round(18 * k))
    # The score panel is a sidebar: wide windows have room to spare at the side.
    score_w = max(110.0, min(280.0 * grow, round(width * 0.19)))
    if panel is not None:
        # The panel's own words need more (a long translation of a button): up to a third.
        score_w = max(score_w, min(round(panel), round(width * PANEL_SHARE)))
    play_w = width - score_w
    bottom_h = 2 * hand + 2 * pad + label
    top_h = 2 * back + 2 * pad + label
    side_w = 2 * back + 2 * pad if seats > 2 else pad
    areas: dict[int, SeatArea] = {}
    shared = {side: [p for p, s in sides.items() if s == side] for side in set(sides.values())}
    for seat, side in sides.items():
        if side == "bottom":
            # Under the side strips too: the person's hand is the widest row there is.
            r = Rect(0, height - bottom_h, play_w, height)
        elif side == "top":
            r = Rect(side_w, 0, play_w - side_w, top_h)
        elif side == "left":
            r = Rect(0, top_h, side_w, height - bottom_h)
        else:
            r = Rect(play_w - side_w, top_h, play_w, height - bottom_h)
        r = _share(r, side, shared[side].index(seat), len(shared[side]))
        areas[seat] = SeatArea(seat, side, r, face_up=(seat == 1))
    table = Rect(side_w + pad, top_h + pad, play_w - side_w - pad, height - bottom_h - pad)
    score = Rect(play_w + pad, pad, width - pad, height - pad)
    line = max(MIN_TILE, round(hand * 0.8, 1))
    return TableLayout(width, height, table, areas, score, hand, back, line, label)


def _share(r: Rect, side: str, i: int, n: int) -> Rect:
    """Part ``i`` of ``n`` of a seat strip, in the order play goes round: up the right
    side, right to left along the top, down the left side."""
    if n == 1:
        return r
    if side == "top":
        w = r.width / n
        return Rect(r.x1 - (i + 1) * w, r.y0, r.x1 - i * w, r.y1)
    h = r.height / n
    if side == "right":
        return Rect(r.x0, r.y1 - (i + 1) * h, r.x1, r.y1 - i * h)
    return Rect(r.x0, r.y0 + i * h, r.x1, r.y0 + (i + 1) * h)


def hand_tile_rects(
    area: Rect | tuple[float, float, float, float],
    count: int,
    side: str,
    max_size: float,
    label: float = 0.0,
) -> list[Rect]:
    """Rectangles for ``count`` hand tiles in a seat strip, centred, in hand order.

    Bottom/top strips hold upright tiles in a row; left/right strips hold lying tiles in a
    column. ``max_size`` caps the short side; it shrinks only when the tiles would not fit.
    ``label`` pixels are kept free for the seat's name and count: along the window edge for
    the bottom and top strips, at the top of the left and right ones.
    """
    area = Rect(*area)
    if count <= 0:
        return []
    row = side in ("bottom", "top")
    if side == "bottom":
        free = Rect(area.x0, area.y0, area.x1, area.y1 - label)
    else:
        free = Rect(area.x0, area.y0 + label, area.x1, area.y1)
    span, depth = (free.width, free.height) if row else (free.height, free.width)
    pad = max(2.0, max_size * 0.12)
    # Fit count tiles plus gaps along the strip, and the long side (2s) across it.
    s = min(max_size, (span - pad * (count + 1)) / count, (depth - 2 * pad) / 2)
    s = max(s, 2.0)
    gap = min(pad, max(1.0, (span - count * s) / (count + 1)))
    total = count * s + (count - 1) * gap
    out = []
    if row:
        x = free.x0 + (free.width - total) / 2
        y0 = free.y0 + (free.height - 2 * s) / 2
        for _ in range(count):
            out.append(Rect(x, y0, x + s, y0 + 2 * s))
            x += s + gap
    else:
        y = free.y0 + (free.height - total) / 2
        x0 = free.x0 + (free.width - 2 * s) / 2
        for _ in range(count):
            out.append(Rect(x0, y, x0 + 2 * s, y + s))
            y += s + gap
    return out
