"""Explicit deals the players' tests are written on (each seat's hand, seat 1 first)."""

from __future__ import annotations

from capicua.core.tiles import Tile, tile_set

# Chiva: seat 1 holds 6-6 and leads it; seat 3 holds no six and no five.
CHIVA = {
    1: "6-6 6-3 3-3 2-2 1-0 4-1 5-3",
    2: "6-5 5-5 6-2 3-1 2-1 0-0 5-2",
    3: "4-4 4-3 3-2 1-1 2-0 3-0 4-0",
    4: "6-4 6-1 6-0 5-4 5-1 5-0 4-2",
}


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def shuffle_for(hands: dict[int, str], max_pip: int) -> list[Tile]:
    """The dealer's shuffle that deals ``hands``; tiles no seat holds go last (unused)."""
    order = [t for s in sorted(hands) for t in tiles(hands[s])]
    assert len(set(order)) == len(order)
    return order + [t for t in tile_set(max_pip) if t not in order]


def chiva_deal() -> list[Tile]:
    return shuffle_for(CHIVA, 6)
