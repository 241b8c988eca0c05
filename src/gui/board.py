"""The layouts of games not played on one line, as the felt shows them: plain values.

A line game's felt is a :class:`~capicua.gui.model.Line` (:func:`~capicua.gui.model.line_of`).
A spinner or trains game's is a :class:`Board`, rebuilt from a hand's public history through
the game's own rules (:meth:`~capicua.core.variant.Variant.next_layout`, which sets Mexican
Train's markers), so a finished hand on show and the hand being played are drawn alike.
No Tk here; :mod:`.table` draws a board with :mod:`.layouts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import LEFT, Action, Play
from ..core.layout import Layout, Spinner, Trains
from ..core.variant import Variant


@dataclass(frozen=True)
class Board:
    """A spinner's or the trains' layout for drawing.

    ``opening`` is the index in a spinner's line of the first tile played (the line grows
    from it until there is a spinner); ``last`` the index, in the layout's
    :meth:`~capicua.core.layout.Layout.pairs` order, of the tile played last; ``count`` the
    game's count of the table after the last play (All Fives' count, ``None`` for a game
    that counts nothing) and ``scored`` what that play scored at once.
    """

    layout: Layout
    opening: int = 0
    last: int | None = None
    count: int | None = None
    scored: int = 0


def lays_out(variant: Variant, number: int = 1) -> bool:
    """True when ``variant`` is drawn as a :class:`Board` (a spinner or trains)."""
    return type(variant.new_layout(number)) in (Spinner, Trains)


def board_of(variant: Variant, number: int, history: Sequence[tuple[int, Action]]) -> Board:
    """The board hand ``number``'s ``history`` builds."""
    layout = variant.new_layout(number)
    opening = 0
    last_end: str | None = None
    scored = 0
    for seat, action in history:
        layout = variant.next_layout(layout, seat, action)
        if isinstance(action, Play):
            if action.end == LEFT and layout.placed > 1 and isinstance(layout, Spinner):
                opening += 1
            last_end = action.end
            scored = variant.play_points(layout, seat, action)
    last = _last_index(layout, last_end) if last_end is not None else None
    count = variant.table_count(layout) if layout.placed else None
    return Board(layout, opening, last, count, scored)


def _last_index(layout: Layout, end: str) -> int | None:
    """The index in ``layout.pairs()`` of the outermost tile at ``end``."""
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
