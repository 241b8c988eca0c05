"""Drawing primitives for the Tk table: domino tiles, tile backs, the felt and end markers.

Each function draws one thing on a :class:`tkinter.Canvas` inside a rectangle that
:mod:`capicua.gui.geometry` computed, and returns the ids of the items it made. Nothing
here knows a rule or keeps state: the view decides *what* to draw, these only know *how*.

Every item carries tags so a controller can ``tag_bind`` whole tiles:

* every item of a face-up tile: ``"tile"``, ``"tile:6-4"`` (high number first, as the core
  writes tiles) and the caller's tags (e.g. ``"hand"`` or ``"line"``);
  additionally ``"body"``, ``"divider"``, ``"pip"`` with ``"half:a"``/``"half:b"``, or
  ``"highlight"``;
* a face-down tile: ``"back"`` plus the caller's tags (e.g. ``"seat:2"``);
* an end marker: ``"end"``, ``"end:left"``/``"end:right"``.

Shapes that should take clicks are always filled: Tk only hit-tests the outline of an
unfilled shape.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterable, Sequence

from .geometry import Rect, tile_halves

Tile = tuple[int, int]

FELT = "#1f6f3f"
FELT_RIM = "#0f4526"
IVORY = "#fbf5e3"
IVORY_EDGE = "#9c8f72"
SHADOW = "#0b3a1f"
PIP = "#1c1a17"
DIVIDER = "#8d826c"
BACK = "#23324a"
BACK_INNER = "#3d5578"
END_FILL = "#2f8a52"
END_OUTLINE = "#e8f5e9"
HIGHLIGHTS = {
    "selected": "#f5b800",  # gold: the tile the player picked up
    "last": "#4aa3ff",  # blue: the move just made
    "legal": "#8be04e",  # green: a tile that can be played now
    "pending": "#ff5a4e",  # red: a double not yet satisfied (Mexican Train)
}

# Pip positions on a 3x3 grid of (row, column), rows running along a vertical tile's long
# axis. These are the classic faces of a double-nine set: 6 is two files of three, 7 adds
# the centre, 8 is the ring, 9 the full square. A double-twelve set's 10 to 12 stand in
# files of four (rows a third of the grid apart): 10 is two files and two between them,
# 11 puts three between them, 12 is three files.
_GRID = [(r, c) for r in range(3) for c in range(3)]
_FOUR = (0.0, 2 / 3, 4 / 3, 2.0)
PIP_PATTERNS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 2), (2, 0)),
    3: ((0, 2), (1, 1), (2, 0)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
    7: ((0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2)),
    8: tuple(p for p in _GRID if p != (1, 1)),
    9: tuple(_GRID),
    10: (*tuple((r, c) for c in (0, 2) for r in _FOUR), (2 / 3, 1), (4 / 3, 1)),
    11: (*tuple((r, c) for c in (0, 2) for r in _FOUR), (0.5, 1), (1.0, 1), (1.5, 1)),
    12: tuple((r, c) for c in (0, 1, 2) for r in _FOUR),
}


def tile_tag(tile: Tile) -> str:
    """The canvas tag naming a tile, high number first: ``(4, 6)`` -> ``"tile:6-4"``."""
    a, b = tile
    return f"tile:{max(a, b)}-{min(a, b)}"


def rounded_rect_points(rect: Rect, radius: float) -> list[float]:
    """Polygon points that, drawn with ``smooth=True``, give a rectangle with round corners.

    Each corner point is doubled by its neighbours so the spline bends only at the corners.
    """
    x0, y0, x1, y1 = rect
    r = max(0.0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
    return [
        x0 + r,
        y0,
        x1 - r,
        y0,
        x1,
        y0,
        x1,
        y0 + r,
        x1,
        y1 - r,
        x1,
        y1,
        x1 - r,
        y1,
        x0 + r,
        y1,
        x0,
        y1,
        x0,
        y1 - r,
        x0,
        y0 + r,
        x0,
        y0,
    ]


def pip_centres(half: Rect, value: int, vertical: bool) -> list[tuple[float, float]]:
    """Centres of the pips showing ``value`` (0..12) in one half of a tile."""
    if value not in PIP_PATTERNS:
        raise ValueError(f"pips run 0 to 12, not {value}")
    side = min(half.width, half.height)
    cx, cy = half.centre
    step = side * 0.27
    out = []
    for row, col in PIP_PATTERNS[value]:
        # Transposed on horizontal tiles so a 6 still runs along the long axis.
        along, across = (row - 1) * step, (col - 1) * step
        out.append((cx + across, cy + along) if vertical else (cx + along, cy + across))
    return out


def draw_tile(
    canvas: tk.Canvas,
    rect: Rect | Sequence[float],
    tile: Tile,
    *,
    vertical: bool,
    a_side: str | None = None,
    tags: Iterable[str] = (),
    highlight: str | None = None,
) -> list[int]:
    """Draw a face-up ivory tile with pips in ``rect``; return the item ids.

    ``a_side`` says where ``tile[0]`` goes (``top``/``bottom`` on a vertical tile,
    ``left``/``right`` on a horizontal one; by default top or left). ``highlight`` is one
    of ``selected``, ``last`` or ``legal`` and draws a coloured ring around the tile.
    """
    rect = Rect(*rect)
    a_side = a_side or ("top" if vertical else "left")
    if (a_side in ("top", "bottom")) != vertical:
        shape = "vertical" if vertical else "horizontal"
        raise ValueError(f"a_side {a_side!r} does not fit a {shape} tile")
    base = ("tile", tile_tag(tile), *tags)
    short = min(rect.width, rect.height)
    ids: list[int] = []
    if highlight is not None:
        ring = max(2.0, short * 0.08)
        outer = Rect(rect.x0 - ring, rect.y0 - ring, rect.x1 + ring, rect.y1 + ring)
        ids.append(
            canvas.create_polygon(
                rounded_rect_points(outer, short * 0.2),
                smooth=True,
                fill=HIGHLIGHTS[highlight],
                outline="",
                tags=(*base, "highlight", f"highlight:{highlight}"),
            )
        )
    # A thin shadow down-right lifts the tile off the felt.
    off = max(1.0, short * 0.05)
    ids.append(
        canvas.create_polygon(
            rounded_rect_points(rect.shifted(off, off), short * 0.14),
            smooth=True,
            fill=SHADOW,
            outline="",
            tags=(*base, "shadow"),
        )
    )
    ids.append(
        canvas.create_polygon(
            rounded_rect_points(rect, short * 0.14),
            smooth=True,
            fill=IVORY,
            outline=IVORY_EDGE,
            width=max(1.0, short * 0.03),
            tags=(*base, "body"),
        )
    )
    inset = short * 0.14
    cx, cy = rect.centre
    line_w = max(1.0, short * 0.04)
    if vertical:
        ids.append(
            canvas.create_line(
                rect.x0 + inset,
                cy,
                rect.x1 - inset,
                cy,
                fill=DIVIDER,
                width=line_w,
                tags=(*base, "divider"),
            )
        )
    else:
        ids.append(
            canvas.create_line(
                cx,
                rect.y0 + inset,
                cx,
                rect.y1 - inset,
                fill=DIVIDER,
                width=line_w,
                tags=(*base, "divider"),
            )
        )
    # Whole-pixel pips: X11 draws small ovals unevenly when they straddle pixel edges.
    for half, value, name in zip(
        tile_halves(rect, vertical, a_side), tile, ("a", "b"), strict=True
    ):
        # Files of four (10 to 12) stand closer together: smaller pips keep them apart.
        radius = max(1, round(short * (0.095 if value < 10 else 0.07)))
        for px, py in pip_centres(half, value, vertical):
            px, py = round(px), round(py)
            ids.append(
                canvas.create_oval(
                    px - radius,
                    py - radius,
                    px + radius,
                    py + radius,
                    fill=PIP,
                    outline="",
                    tags=(*base, "pip", f"half:{name}"),
                )
            )
    return ids


def draw_back(
    canvas: tk.Canvas, rect: Rect | Sequence[float], *, tags: Iterable[str] = ()
) -> list[int]:
    """Draw a face-down tile (its back) in ``rect``; return the item ids."""
    rect = Rect(*rect)
    base = ("back", *tags)
    short = min(rect.width, rect.height)
    off = max(1.0, short * 0.05)
    ids = [
        canvas.create_polygon(
            rounded_rect_points(rect.shifted(off, off), short * 0.14),
            smooth=True,
            fill=SHADOW,
            outline="",
            tags=base,
        ),
        canvas.create_polygon(
            rounded_rect_points(rect, short * 0.14),
            smooth=True,
            fill=BACK,
            outline="#111a28",
            width=1,
            tags=(*base, "body"),
        ),
    ]
    inset = short * 0.16
    inner = Rect(rect.x0 + inset, rect.y0 + inset, rect.x1 - inset, rect.y1 - inset)
    if inner.width > 2 and inner.height > 2:
        ids.append(
            canvas.create_polygon(
                rounded_rect_points(inner, short * 0.08),
                smooth=True,
                fill="",
                outline=BACK_INNER,
                width=1,
                tags=base,
            )
        )
    cx, cy = rect.centre
    r = max(1.0, short * 0.09)
    ids.append(
        canvas.create_oval(cx - r, cy - r, cx + r, cy + r, fill=BACK_INNER, outline="", tags=base)
    )
    return ids


def draw_felt(
    canvas: tk.Canvas, rect: Rect | Sequence[float], *, tags: Iterable[str] = ()
) -> list[int]:
    """Draw the green table surface with a darker rim; filled, so it takes clicks."""
    rect = Rect(*rect)
    rim = max(3.0, min(rect.width, rect.height) * 0.012)
    return [
        canvas.create_polygon(
            rounded_rect_points(rect, rim * 4),
            smooth=True,
            fill=FELT,
            outline=FELT_RIM,
            width=rim,
            tags=("felt", *tags),
        )
    ]


def draw_end_marker(
    canvas: tk.Canvas,
    rect: Rect | Sequence[float],
    end: str,
    *,
    active: bool = False,
    tags: Iterable[str] = (),
) -> list[int]:
    """Draw the drop/click target for one end of the line (``end`` is left or right).

    ``active`` marks an end the selected tile can go to; an inactive marker is drawn faint.
    """
    rect = Rect(*rect)
    short = min(rect.width, rect.height)
    return [
        canvas.create_polygon(
            rounded_rect_points(rect, short * 0.18),
            smooth=True,
            fill=END_FILL if active else FELT,
            outline=END_OUTLINE if active else "#5c9c72",
            width=2 if active else 1,
            dash=(6, 4),
            tags=("end", f"end:{end}", *tags),
        )
    ]
