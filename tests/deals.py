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


# Double-nine: seat 1 leads and goes out; left: seat 2 8-6 (14), seat 3 4-1 8-8 (21),
# seat 4 8-0 0-0 (8). Used by the rules tests and the GUI's result texts.
DOMINO_BY_1 = {
    1: "5-4 5-3 4-0 8-2 6-6 9-8 1-0 3-3 9-6 1-1",
    2: "5-2 3-0 7-5 3-1 4-3 6-5 9-4 6-4 7-6 8-6",
    3: "7-2 9-0 7-1 4-1 8-1 7-0 3-2 8-5 8-8 4-4",
    4: "5-5 9-3 6-3 2-1 8-0 9-1 0-0 8-7 4-2 6-0",
}
DOMINO_BY_1_PLAY = (
    "1:8-2L 2:5-2R 3:8-5R 4:8-7L 1:9-8R 2:9-4R 3:7-1L 4:4-2R 1:1-1L 2:3-1L 3:7-2R 4:9-3L "
    "1:9-6L 2:6-5L 3:7-0R 4:6-0R 1:6-6R 2:7-6R 3:pass 4:5-5L 1:5-3L 2:4-3L 3:4-4L 4:pass "
    "1:4-0L 2:3-0L 3:3-2L 4:2-1L 1:1-0L 2:7-5R 3:9-0L 4:9-1L 1:5-4R 2:6-4R 3:8-1L 4:6-3R "
    "1:3-3R"
)


# Double-nine: blocked after the first tile when seat 3 leads 9-9 (every other nine is
# unused). LOWEST_SEAT_2: seat 2 is individually lowest (67) although team 2's sum (163) is
# the higher. LOWEST_SHARED_ACROSS_TEAMS: seats 1 and 2 share the lowest count (66), a tie.
# Used by the rules tests, the players' tests and the GUI's result texts.
LOWEST_SEAT_2 = {
    1: "8-8 8-5 8-1 6-5 6-0 5-0 4-0 3-0 2-1 0-0",  # 70
    2: "8-2 7-2 7-1 7-0 6-6 5-3 4-1 3-2 1-1 1-0",  # 67
    3: "8-7 7-6 6-4 5-5 5-4 5-1 3-1 2-2 2-0 9-9",  # 73 after 9-9
    4: "8-6 8-4 8-3 8-0 7-5 6-3 6-2 6-1 5-2 4-4",  # 96
}
LOWEST_SHARED_ACROSS_TEAMS = {
    1: "8-3 8-0 7-3 6-6 6-2 6-1 4-0 2-2 2-0 0-0",  # 66
    2: "7-1 7-0 5-4 5-2 5-1 4-4 4-3 4-1 3-3 2-1",  # 66
    3: "8-8 8-7 8-5 7-6 7-4 6-5 6-0 5-0 1-0 9-9",  # 91
    4: "8-6 8-1 7-5 7-2 6-3 5-5 5-3 4-2 3-1 1-1",  # 83
}


# Chiva: seat 1 holds 6-6 and every other double, seat 2 no six (it must pass after 6-6),
# seat 3 every other six.
SEAT_2_HAS_NO_SIX = {
    1: "6-6 0-0 1-1 2-2 3-3 4-4 5-5",
    2: "1-0 2-0 3-0 4-0 5-0 2-1 3-1",
    3: "6-0 6-1 6-2 6-3 6-4 6-5 4-1",
    4: "5-1 3-2 4-2 5-2 4-3 5-3 5-4",
}
