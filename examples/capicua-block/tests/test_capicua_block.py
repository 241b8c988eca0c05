"""Block's rules on explicit deals, its registration, and capicua's conformance kit.

Each deal is written out (seat 1's tiles, seat 2's tiles; the fourteen others are unused),
so a reader can check the test against the rules in ``capicua_block.RULES`` by eye.
"""

from __future__ import annotations

import re

import pytest
from capicua_block import Block

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import BLOCK, DOMINO, TIE
from capicua.players.random_player import RandomPlayer
from capicua.plugins import load_plugins
from capicua.testing import check_player, check_simulator, check_variant


def deal(seat1: str, seat2: str) -> list[Tile]:
    """The shuffle that deals these hands; the rest of the set is unused, in set order."""
    hands = [Tile.parse(t) for t in f"{seat1} {seat2}".split()]
    assert len(hands) == 14 and len(set(hands)) == 14
    return hands + [t for t in tile_set(6) if t not in hands]


def play(match: Match, steps: str) -> None:
    """Apply ``"1:6-6L 2:pass ..."``, checking that each seat is the one to move."""
    for seat, action in re.findall(r"(\d):(\S+)", steps):
        assert match.turn == int(seat), f"{seat}:{action}: it is seat {match.turn}'s turn"
        match.apply(parse_action(action))


def new_match(*deals: tuple[str, str]) -> Match:
    return Match(Block(), seed=1, script=[deal(*d) for d in deals])


# Seat 1 opens 6-6 and nobody holds another six: blocked at once. Seat 1 keeps 31 pips.
HEAVY_ONE = "6-6 5-5 5-4 4-4 3-0 1-0 0-0"


def test_block_is_registered_from_its_own_distribution():
    loaded = load_plugins()
    entry = loaded.variants.entries["block"]
    assert entry.cls is Block
    assert (entry.plugin, entry.distribution) == ("block", "capicua-block")


def test_highest_double_opens_the_first_hand():
    m = new_match(("6-5 4-4 3-2 2-1 1-0 0-0 6-0", "5-5 6-4 6-3 5-3 4-2 3-1 2-0"))
    assert (m.turn, m.required) == (2, Tile.of(5, 5))
    assert [str(a) for a in m.legal_actions()] == ["5-5L"]


def test_heaviest_tile_opens_when_no_double_is_dealt():
    m = new_match(("6-4 6-3 5-3 4-1 2-0 3-1 1-0", "6-5 5-4 4-3 6-2 3-2 2-1 5-0"))
    assert (m.turn, m.required) == (2, Tile.of(6, 5))


def test_equal_pips_without_doubles_open_with_the_higher_number():
    # 6-3 and 5-4 both count nine; 6-3 has the higher number. Nobody holds 6-4 or 6-5.
    m = new_match(("5-4 4-3 5-2 4-1 2-0 3-1 1-0", "6-3 5-3 4-2 6-2 3-2 2-1 5-0"))
    assert (m.turn, m.required) == (2, Tile.of(6, 3))


def test_domino_scores_the_opponents_pips_and_the_winner_leads_any_tile():
    m = new_match(
        ("6-6 6-5 5-5 5-4 4-4 4-3 3-3", "0-0 1-0 1-1 2-0 2-1 2-2 6-0"),
        ("6-1 5-0 4-0 3-0 2-0 1-1 0-0", "6-6 5-5 4-4 3-3 2-2 6-5 6-4"),
    )
    play(
        m,
        "1:6-6L 2:6-0L 1:6-5R 2:0-0L 1:5-5R 2:1-0L 1:5-4R 2:1-1L 1:4-4R 2:2-1L "
        "1:4-3R 2:2-2L 1:3-3R",
    )
    result = m.hands_log[0].result
    assert (result.outcome, result.seat, result.team) == (DOMINO, 1, 1)
    assert result.points == 2  # seat 2 kept 2-0
    assert m.scores == (2, 0)
    assert (m.turn, m.required) == (1, None)
    assert len(m.legal_actions()) == 7  # any of its seven tiles


def test_block_goes_to_the_lower_count_for_the_difference():
    m = new_match(
        (HEAVY_ONE, "1-1 2-0 2-1 3-1 2-2 4-0 3-2"),
        ("6-1 5-0 4-0 3-0 2-0 1-1 0-0", "6-6 5-5 4-4 3-3 2-2 6-5 6-4"),
    )
    play(m, "1:6-6L")
    result = m.hands_log[0].result
    assert (result.outcome, result.team, result.seat) == (BLOCK, 2, None)
    assert result.points == 31 - 24
    assert m.scores == (0, 7)
    assert (m.turn, m.required) == (2, None)  # the winner leads the next hand, any tile
    assert m.variant.explain_block(result) == (
        "The lower count wins the block: seat 2 with 24 scores the difference, 7."
    )


def test_block_with_equal_counts_is_a_tie_and_the_highest_double_opens_again():
    m = new_match(
        (HEAVY_ONE, "5-3 4-2 3-3 3-1 2-1 2-0 1-1"),
        ("6-1 5-0 4-0 3-0 2-0 1-1 0-0", "6-6 5-5 4-4 3-3 2-2 6-5 6-4"),
    )
    play(m, "1:6-6L")
    result = m.hands_log[0].result
    assert (result.outcome, result.team, result.points) == (TIE, None, 0)
    assert m.scores == (0, 0)
    assert m.variant.explain_block(result) == "Equal counts (31 each): a tie, nobody scores."
    assert (m.turn, m.required) == (2, Tile.of(6, 6))


def test_the_first_to_100_wins_the_match():
    v = Block()
    assert v.next_scores((95, 40), 1, 7) == (102, 40)
    assert v.match_winner((102, 40)) == 1
    assert v.match_winner((40, 100)) == 2
    assert v.match_winner((99, 99)) is None


@pytest.mark.slow
def test_block_keeps_capicuas_invariants():
    report = check_variant(Block, matches=4)
    assert report.matches == 4 and report.hands > 4


def test_the_computer_players_score_block_as_the_engine_does():
    # The expert's look-ahead ends each hand by Block's own block_winner and points.
    report = check_simulator(Block, positions=30)
    assert report.playouts == 2 * report.hands > 0


def test_the_score_panel_counts_down_to_100_in_blocks_words():
    assert Block().score_words((37, 0), 1) == "37 points · 63 more to win"
    assert Block().score_words((0, 1), 2) == "1 point · 99 more to win"  # one, not "1 points"
    assert Block().to_go((37, 0), 2) == 100


def test_every_player_can_play_block():
    # The built-in random player; other players are checked against Block by their own
    # packages (check_player plays every installed variant by default).
    check_player(RandomPlayer, [Block], time_limit=None)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_seeded_match_of_block_repeats(seed):
    from capicua.testing import random_match

    first, second = random_match(Block, seed), random_match(Block, seed)
    assert first.actions == second.actions and first.outcome == second.outcome
