"""The expert plays a third-party game by that game's rules, not the built-ins'.

Fewest tiles (``fewestdist/capicua_fewest.py``) gives a block to the side holding fewer
tiles, pips only breaking a tie, and scores one point a hand. The position below is the
first hand at 0–0: seat 2 (seats 2+4) holds 8-0 and 9-7, and every seat two tiles. The
8-0 on the right makes the line 8|8, with no eight left in any hand: the hand is blocked
at once. Seats 2+4 then hold three tiles (38 pips) and seats 1+3 four (11 pips), so by
Fewest tiles' rule seats 2+4 win it; by Chiva's rule (the lower team total) they would
lose it. On the left, 8-0 makes the line 0|0 and play goes on.
"""

from __future__ import annotations

import random

import pytest

from capicua.core.match import Match
from capicua.core.variant import BLOCK, Variant
from capicua.players.expert import analyse
from deals import deal, play

HANDS = {
    1: "5-4 1-1 4-0 8-5 7-7 4-1 0-0",
    2: "4-4 2-1 8-7 3-2 8-0 9-5 9-7",
    3: "9-1 6-4 9-2 2-2 3-0 1-0 7-6",
    4: "4-2 6-6 9-6 6-3 8-2 7-3 5-2",
}
STEPS = (
    "1:7-7L 2:8-7R 3:7-6L 4:8-2R 1:pass 2:2-1R 3:6-4L 4:4-2L 1:4-1R 2:4-4R 3:9-2L 4:9-6L "
    "1:5-4R 2:9-5R 3:9-1R 4:6-3L 1:1-1R 2:3-2L 3:1-0R 4:5-2L 1:8-5L"
)


def position(variant: Variant) -> Match:
    m = Match(variant, 1, script=[deal(variant, HANDS)])
    play(m, STEPS)
    assert m.turn == 2 and m.ends == (8, 0)
    return m


def test_the_block_goes_to_the_side_holding_fewer_tiles_though_heavier(fewest):
    m = position(fewest.variants.create("fewest-tiles"))
    play(m, "2:8-0R")
    result = m.hands_log[0].result
    assert (result.outcome, result.team, result.points) == (BLOCK, 2, 1)


@pytest.mark.slow
def test_the_expert_blocks_where_its_side_wins_the_block_by_the_games_rule(fewest):
    view = position(fewest.variants.create("fewest-tiles")).view(2)
    assert {str(analyse(view, random.Random(seed)).best) for seed in range(3)} == {"8-0R"}


@pytest.mark.slow
def test_by_chivas_block_rule_the_expert_keeps_the_same_hand_open(fewest):
    # The same game with Chiva's block rule (the lower team total wins): the block would
    # lose, so the expert plays the other end. The two rules choose different plays.
    fewest_tiles = fewest.variants.get("fewest-tiles")

    class ByTeamTotal(fewest_tiles):  # type: ignore[misc, valid-type]
        name = "fewest-by-team-total"
        block_winner = Variant.block_by_team_total

    view = position(ByTeamTotal()).view(2)
    assert {str(analyse(view, random.Random(seed)).best) for seed in range(3)} == {"8-0L"}
