"""Tiles and the sets they come in.

A tile is a small frozen value that prints and parses its own notation (``6-4``). Tiles are
interned: there is exactly one object per tile, so identity comparison is equality and the
engine's hot path never builds tiles. Tiles are written high number first.
"""

from __future__ import annotations

from collections.abc import Iterator

MAX_PIP = 9  # the largest set any built-in variant uses is double-nine; more is allowed below


class Tile:
    """One domino tile, canonical as ``hi-lo`` with ``hi >= lo``.

    Use :meth:`Tile.of` or :meth:`Tile.parse`; the constructor is private to the interning
    table so that every tile exists once.
    """

    __slots__ = ("hi", "index", "is_double", "lo", "pips")

    hi: int
    lo: int
    pips: int
    is_double: bool
    index: int

    def __init__(self, hi: int, lo: int, index: int) -> None:
        object.__setattr__(self, "hi", hi)
        object.__setattr__(self, "lo", lo)
        object.__setattr__(self, "pips", hi + lo)
        object.__setattr__(self, "is_double", hi == lo)
        object.__setattr__(self, "index", index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The tile with numbers ``a`` and ``b``, in either order."""
        try:
            return _BY_PAIR[a][b]
        except (IndexError, TypeError):
            raise ValueError(f"no such tile: {a}-{b} (numbers run 0 to {TOP_PIP})") from None

    @staticmethod
    def parse(text: str) -> Tile:
        """Parse ``"6-4"`` (also ``"4-6"``, ``"6:4"`` or ``"64"``)."""
        s = text.strip()
        for sep in ("-", ":", "|", "/"):
            if sep in s:
                left, _, right = s.partition(sep)
                break
        else:
            if len(s) != 2:
                raise ValueError(f"not a tile: {text!r} (write it like 6-4)")
            left, right = s[0], s[1]
        try:
            return Tile.of(int(left), int(right))
        except ValueError:
            raise ValueError(f"not a tile: {text!r} (write it like 6-4)") from None

    def has(self, n: int) -> bool:
        """True if either half shows ``n``."""
        return self.hi == n or self.lo == n

    def other(self, n: int) -> int:
        """The number on the other half from ``n`` (which must be on the tile)."""
        return self.lo if self.hi == n else self.hi

    def pair(self) -> list[int]:
        """``[hi, lo]``, the form records use."""
        return [self.hi, self.lo]

    def __iter__(self) -> Iterator[int]:
        return iter((self.hi, self.lo))

    def __str__(self) -> str:
        return f"{self.hi}-{self.lo}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self.hi}-{self.lo}')"

    def __reduce__(self) -> tuple:
        # Unpickling must give back the interned object (process pools pickle tiles).
        return (Tile.of, (self.hi, self.lo))

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index


def _build(top: int) -> tuple[list[list[Tile]], list[Tile]]:
    ordered: list[Tile] = []
    of_pair: dict[tuple[int, int], Tile] = {}
    # Index order: 0-0, 1-0, 1-1, 2-0, ... so that the double-N set is a prefix of the list.
    for hi in range(top + 1):
        for lo in range(hi + 1):
            t = Tile(hi, lo, len(ordered))
            ordered.append(t)
            of_pair[hi, lo] = of_pair[lo, hi] = t
    by_pair = [[of_pair[a, b] for b in range(top + 1)] for a in range(top + 1)]
    return by_pair, ordered


#: The highest number on a tile: sets run from double-0 to double-12 (room for third-party
#: variants beyond the built-ins' double-nine).
TOP_PIP = 12
_BY_PAIR, ALL_TILES = _build(TOP_PIP)


def tile_set(max_pip: int) -> tuple[Tile, ...]:
    """Every tile of the double-``max_pip`` set, in a fixed order (0-0, 1-0, 1-1, ...)."""
    if not 0 <= max_pip <= TOP_PIP:
        raise ValueError(f"sets run from double-0 to double-{TOP_PIP}, not double-{max_pip}")
    n = (max_pip + 1) * (max_pip + 2) // 2
    return tuple(ALL_TILES[:n])


def pips(tiles: Iterator[Tile] | list[Tile] | tuple[Tile, ...]) -> int:
    """Total pips of some tiles."""
    return sum(t.pips for t in tiles)
