"""Helpers for rules tests written on explicit deals.

A test writes each seat's hand as notation (``"6-6 6-1 2-3"``); :func:`deal` turns it into
the shuffle the dealer hands out (seat 1's hand first, the unused tiles last), :func:`play`
applies a line of ``"seat:action"`` steps and checks that each seat is the one to move.
"""

from __future__ import annotations

import re

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import Variant


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def deal(variant: Variant, hands: dict[int, str]) -> list[Tile]:
    """The shuffle that deals ``hands`` (seat -> notation); the rest of the set is unused,
    in set order."""
    order: list[Tile] = []
    for seat in range(1, variant.seats + 1):
        hand = tiles(hands[seat])
        assert len(hand) == variant.hand_size, f"seat {seat} holds {len(hand)} tiles"
        order += hand
    assert len(set(order)) == len(order), "a tile is dealt twice"
    return order + [t for t in tile_set(variant.max_pip) if t not in order]


def draw(variant: Variant, *picked: str) -> list[Tile]:
    """A shuffle for one round of the draw for first lead where ``draw 0`` by each drawer
    takes the given tiles in turn."""
    first = tiles(" ".join(picked))
    return first + [t for t in tile_set(variant.max_pip) if t not in first]


def play(match: Match, steps: str) -> None:
    """Apply ``"1:6-6L 2:6-1L 3:pass ..."``, checking that each seat is the one to move."""
    for seat, action in re.findall(r"(\d+):(.+?)(?=\s+\d+:|\s*$)", steps.strip()):
        assert match.turn == int(seat), f"{seat}:{action}: it is seat {match.turn}'s turn"
        match.apply(parse_action(action))


def held(match: Match, seat: int) -> str:
    return " ".join(str(t) for t in match.hands[seat])
