"""The line of play as a value: tiles left to right, each oriented, with two open ends.

The :class:`~capicua.core.layout.Layout` of the two-ended games. Tiles join by equal
numbers; a game that joins them otherwise (Matador's sevens) subclasses :class:`Line` and
says its matching in :meth:`Line.ways` and :meth:`Line.fits`: :meth:`Line.play` lays a tile
as :meth:`~Line.ways` allows. The engine keeps its own
fast line for them (a deque inside :class:`~capicua.core.match.Match`); views, the GUI and
the computer players get this immutable value. Notation: each tile as it
lies, left number first, e.g. ``6|6 6|2 2|3`` (left end 6, right end 3).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from .actions import LEFT, PLAYS_BY_TILE, RIGHT, Action, Play
from .layout import Arm, Layout, Spinner, line_arms
from .tiles import Tile, tile_set


@functools.cache
def showing(max_pip: int) -> list[list[frozenset[Tile]]]:
    """``[left][right]``: the tiles of the double-``max_pip`` set showing either number,
    the tiles that fit a line with those open ends: what a seat that passes or draws there
    shows it lacks (:meth:`Variant.lacking <capicua.core.variant.Variant.lacking>`), made
    once, for the fast path and the general one."""
    tiles = tile_set(max_pip)
    return [
        [frozenset(t for t in tiles if t.has(left) or t.has(right)) for right in range(max_pip + 1)]
        for left in range(max_pip + 1)
    ]


@functools.cache
def plays_on(max_pip: int) -> list[list[dict[Tile, tuple[Play, ...]]]]:
    """``[left][right][tile]``: the plays of ``tile`` on a line with those open ends, left
    before right (both, if the tile has both numbers; none, if it has neither), made once:
    the legal plays on a plain line, for the fast path and the general one."""
    tiles = tile_set(max_pip)
    return [
        [
            {
                t: tuple(PLAYS_BY_TILE[t.index][i] for i, n in enumerate((left, right)) if t.has(n))
                for t in tiles
            }
            for right in range(max_pip + 1)
        ]
        for left in range(max_pip + 1)
    ]


#: What :meth:`Line.fits` answers, by which ends a tile fits (1: left, 2: right).
_FITS: tuple[tuple[str, ...], ...] = ((), (LEFT,), (RIGHT,), (LEFT, RIGHT))


@dataclass(frozen=True, slots=True)
class Line(Layout):
    """Tiles left to right as ``(left number, right number)`` pairs; empty before the lead.
    ``first`` is the index of the tile laid first, where the line is drawn from (not part
    of the value's equality: two lines of the same tiles are the same line)."""

    tiles: tuple[tuple[int, int], ...] = ()
    first: int = field(default=0, compare=False)

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

    def end_names(self) -> tuple[str, ...]:
        return (LEFT, RIGHT)

    def origin(self) -> tuple[int, int] | None:
        return self.tiles[self.first] if self.tiles else None

    def arms(self) -> tuple[Arm, ...]:
        if not self.tiles:
            return ()
        return line_arms(self.tiles, self.first, dict(self.open_ends()))

    def fits(self, tile: Tile) -> tuple[str, ...]:
        """The ends ``tile`` can be played on; on an empty line ``left`` alone (the first tile
        opens both ends, and is played "left")."""
        tiles = self.tiles
        if not tiles:
            return _FITS[1]
        # Asked of every held tile at every turn, and of the whole set at each pass: the
        # answer is one of four tuples, made once.
        left, right, hi, lo = tiles[0][0], tiles[-1][1], tile.hi, tile.lo
        return _FITS[(hi == left or lo == left) + 2 * (hi == right or lo == right)]

    def ways(self, tile: Tile, end: str) -> tuple[int, ...]:
        """The numbers ``tile`` may leave open on ``end`` (:meth:`Layout.ways`): on a line
        joined by equal numbers, its other number where it matches the end's, one way."""
        tiles = self.tiles
        if not tiles:
            return (tile.hi,) if end == LEFT else ()
        n = tiles[0][0] if end == LEFT else tiles[-1][1] if end == RIGHT else None
        if n is None or not tile.has(n):
            return ()
        return (tile.other(n),)

    def play(self, tile: Tile, end: str, shows: int | None = None) -> Line:
        """The line after ``tile`` is played on ``end`` leaving ``shows`` open (``None``:
        the one way :meth:`ways` allows); ValueError if it does not fit that way. A line of
        a subclass stays of its class."""
        tiles = self.tiles
        if not tiles:
            return replace(self, tiles=((tile.hi, tile.lo),), first=0)
        if shows is None and type(self) is Line:
            # The engine's every play on a plain line: the tile touches with the end's
            # number and leaves its other one open, without asking ways (the checks below
            # say what is wrong with any other).
            hi, lo = tile.hi, tile.lo
            if end == LEFT:
                n = tiles[0][0]
                if hi == n or lo == n:
                    return _line(((lo if hi == n else hi, n), *tiles), self.first + 1)
            elif end == RIGHT:
                n = tiles[-1][1]
                if hi == n or lo == n:
                    return _line((*tiles, (n, lo if hi == n else hi)), self.first)
        ways = self.ways(tile, end) if end in (LEFT, RIGHT) else ()
        if not ways:
            raise ValueError(f"{tile} does not fit the {end} end of {self}")
        if shows is None:
            if len(ways) > 1:
                raise ValueError(
                    f"{tile} goes on the {end} end of {self} either way round: say which "
                    f"number it leaves open ({ways[0]} or {ways[1]})"
                )
            shows = ways[0]
        elif shows not in ways:
            raise ValueError(f"{tile} on the {end} end of {self} cannot leave {shows} open")
        touching = tile.other(shows)
        if type(self) is Line:  # dataclasses.replace took a third of a play's time
            if end == LEFT:
                return Line(((shows, touching), *self.tiles), self.first + 1)
            return Line((*self.tiles, (touching, shows)), self.first)
        if end == LEFT:
            return replace(self, tiles=((shows, touching), *self.tiles), first=self.first + 1)
        return replace(self, tiles=(*self.tiles, (touching, shows)))

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


# The slots' own setters: a frozen dataclass's __init__ sets each field through
# object.__setattr__, a good part of a play's time on a line.
_SET_TILES = Line.__dict__["tiles"].__set__
_SET_FIRST = Line.__dict__["first"].__set__
assert [f.name for f in dataclasses.fields(Line)] == ["tiles", "first"], "set them all below"


def _line(tiles: tuple[tuple[int, int], ...], first: int) -> Line:
    """``Line(tiles, first)``, made the cheap way (the value is the same)."""
    value: Line = object.__new__(Line)
    _SET_TILES(value, tiles)
    _SET_FIRST(value, first)
    return value


def main_line(layout: Layout) -> Line:
    """The line of a layout: itself for a line, a spinner's line, empty for trains."""
    if isinstance(layout, Line):
        return layout
    if isinstance(layout, Spinner):
        return _line(layout.line, layout.first)
    return Line()


def first_of(history: Iterable[tuple[int, Action]]) -> int:
    """The index in a line of the tile laid first, from the hand's history: one more for
    each tile laid on the left after it (the engine's fast path keeps its line in a deque,
    which does not say)."""
    plays = [a for _s, a in history if isinstance(a, Play)]
    return sum(1 for a in plays[1:] if a.end == LEFT)
