"""The line of play as a value: tiles left to right, each oriented, with two open ends.

The :class:`~capicua.core.layout.Layout` of the two-ended games. The engine keeps its own
fast line for them (a deque inside :class:`~capicua.core.match.Match`); views, the GUI and
the computer players get this immutable value. Notation: each tile as it
lies, left number first, e.g. ``6|6 6|2 2|3`` (left end 6, right end 3).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .actions import LEFT, RIGHT
from .layout import Layout, Spinner
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Line(Layout):
    """Tiles left to right as ``(left number, right number)`` pairs; empty before the lead."""

    tiles: tuple[tuple[int, int], ...] = ()

    @property
    def left(self) -> int | None:
        return self.tiles[0][0] if self.tiles else None

    @property
    def right(self) -> int | None:
        return self.tiles[-1][1] if self.tiles else None

    @property
    def ends(self) -> tuple[int, int] | None:
        """The open numbers ``(left, right)``, ``None`` on an empty line."""
        return (self.tiles[0][0], self.tiles[-1][1]) if self.tiles else None

    @property
    def placed(self) -> int:
        return len(self.tiles)

    def pairs(self) -> tuple[tuple[int, int], ...]:
        return self.tiles

    def open_ends(self) -> tuple[tuple[str, int], ...]:
        if not self.tiles:
            return ()
        return ((LEFT, self.tiles[0][0]), (RIGHT, self.tiles[-1][1]))

    def fits(self, tile: Tile) -> tuple[str, ...]:
        """The ends ``tile`` can be played on; on an empty line ``left`` alone (the first tile
        opens both ends, and is played "left")."""
        if not self.tiles:
            return (LEFT,)
        out = []
        if tile.has(self.tiles[0][0]):
            out.append(LEFT)
        if tile.has(self.tiles[-1][1]):
            out.append(RIGHT)
        return tuple(out)

    def play(self, tile: Tile, end: str) -> Line:
        """The line after ``tile`` is played on ``end`` (ValueError if it does not fit)."""
        if not self.tiles:
            return Line(((tile.hi, tile.lo),))
        if end not in self.fits(tile):
            raise ValueError(f"{tile} does not fit the {end} end of {self}")
        if end == LEFT:
            left = self.tiles[0][0]
            return Line(((tile.other(left), left), *self.tiles))
        right = self.tiles[-1][1]
        return Line((*self.tiles, (right, tile.other(right))))

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def __getitem__(self, i: int) -> tuple[int, int]:
        return self.tiles[i]

    def __bool__(self) -> bool:
        return bool(self.tiles)

    def __str__(self) -> str:
        return " ".join(f"{a}|{b}" for a, b in self.tiles)

    @staticmethod
    def parse(text: str) -> Line:
        """Read ``"6|6 6|2 2|3"``; neighbouring numbers must match."""
        pairs: list[tuple[int, int]] = []
        for part in text.split():
            a, sep, b = part.partition("|")
            if not sep or not a.isdigit() or not b.isdigit():
                raise ValueError(f"not a line: {text!r} (write it like 6|6 6|2)")
            if pairs and pairs[-1][1] != int(a):
                raise ValueError(f"not a line: {part} does not match {pairs[-1][1]}")
            pairs.append((int(a), int(b)))
        return Line(tuple(pairs))


def main_line(layout: Layout) -> Line:
    """The line of a layout: itself for a line, a spinner's line, empty for trains."""
    if isinstance(layout, Line):
        return layout
    if isinstance(layout, Spinner):
        return Line(layout.line)
    return Line()
