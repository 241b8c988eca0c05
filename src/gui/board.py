"""What the felt draws of a hand's layout, as the engine holds it: plain values.

The felt draws the layout the engine holds, with its tiles as laid: the view's ``layout`` for
the hand being played, or the layout the variant's own rules made of a finished hand's
history (:meth:`~capicua.core.variant.Variant.layouts_along`, which sets Mexican Train's
markers), so a finished hand on show and the hand being played are drawn alike. Nothing
here rebuilds a layout by matching numbers.

A line (:class:`~capicua.core.line.Line`, a game's own subclass too) is drawn as a
:class:`Line`; every other layout is a :class:`Board`: a spinner, trains, or a layout of a
game's own, drawn by its :meth:`~capicua.core.layout.Layout.arms`. No Tk here; :mod:`.table`
draws them with :mod:`.geometry` and :mod:`.layouts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import LEFT, Action, Play
from ..core.layout import Layout, Spinner, Trains
from ..core.line import Line as CoreLine
from ..core.variant import Variant


@dataclass(frozen=True)
class Line:
    """A line of play for drawing: tiles left to right as ``(a, b)`` with ``a`` toward the
    left end, the index of the opening tile, and the index of the last tile played."""

    tiles: tuple[tuple[int, int], ...]
    opening: int
    last: int | None


@dataclass(frozen=True)
class Board:
    """A layout other than a line, for drawing.

    ``opening`` is the index in a spinner's line of the first tile played (the line grows
    from it until there is a spinner); ``last`` the index of the tile played last, in the
    layout's :meth:`~capicua.core.layout.Layout.pairs` order for a spinner and trains, in
    :func:`arm_order` for a layout of a game's own; ``count`` the game's count of the table
    after the last play (All Fives' count, ``None`` for a game that counts nothing) and
    ``scored`` what that play scored at once.
    """

    layout: Layout
    opening: int = 0
    last: int | None = None
    count: int | None = None
    scored: int = 0


def lays_out(variant: Variant, number: int = 1) -> bool:
    """True when ``variant`` is drawn as a :class:`Board` (anything but a line)."""
    return not isinstance(variant.new_layout(number), CoreLine)


def line_of(layout: CoreLine, history: Sequence[tuple[int, Action]]) -> Line:
    """The line ``layout`` for drawing: its tiles as laid, drawn from its first tile, and
    the last one played (at the end the hand's last play went on)."""
    last_end = _last_end(history)
    last = None
    if last_end is not None and layout.tiles:
        last = 0 if last_end == LEFT else len(layout.tiles) - 1
    return Line(layout.tiles, layout.first, last)


def board_of(
    variant: Variant,
    number: int,
    history: Sequence[tuple[int, Action]],
    layout: Layout | None = None,
) -> Board:
    """The board of hand ``number`` after ``history``: ``layout`` (the engine's) if given,
    else the one the variant's rules make of the history; the count and what the last play
    scored, asked of the variant with the layout that play made."""
    laid = variant.layouts_along(number, history)
    if layout is None:
        layout = laid[-1]
    scored = 0
    last_end: str | None = None
    for k in range(len(history) - 1, -1, -1):
        seat, action = history[k]
        if isinstance(action, Play):
            last_end = action.end
            scored = variant.play_points(laid[k + 1], seat, action)
            break
    opening = layout.first if isinstance(layout, Spinner) else 0
    last = _last_index(layout, last_end) if last_end is not None else None
    count = variant.table_count(layout) if layout.placed else None
    return Board(layout, opening, last, count, scored)


def arm_order(layout: Layout) -> tuple[tuple[int, int], ...]:
    """The tiles of a layout of a game's own in the order the felt numbers them: the
    origin (where it is a tile laid), then each arm's tiles outward, arm by arm."""
    tiles = tuple(p for arm in layout.arms() for p in arm.tiles)
    origin = layout.origin()
    if origin is not None and len(tiles) < layout.placed:
        return (origin, *tiles)
    return tiles


def _last_end(history: Sequence[tuple[int, Action]]) -> str | None:
    for _seat, action in reversed(history):
        if isinstance(action, Play):
            return action.end
    return None


def _last_index(layout: Layout, end: str) -> int | None:
    """The index of the outermost tile at ``end`` (see :attr:`Board.last`)."""
    if isinstance(layout, Spinner):
        if end == LEFT:
            return 0
        line, up = len(layout.line), len(layout.up)
        return {"right": line - 1, "up": line + up - 1}.get(end, layout.placed - 1)
    if isinstance(layout, Trains):
        at = 0
        for t in layout.trains:
            at += len(t.tiles)
            if t.end == end:
                return at - 1 if t.tiles else None
        return None
    arms = layout.arms()
    laid_origin = len(arm_order(layout)) > sum(len(a.tiles) for a in arms)
    at = 1 if laid_origin else 0
    for arm in arms:
        at += len(arm.tiles)
        if arm.end == end:
            if arm.tiles:
                return at - 1
            break
    return 0 if laid_origin else None  # the tile that opened the layout
