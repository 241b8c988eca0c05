"""Draw's rules on explicit deals, its registration, and capicua's conformance kit.

Each deal is written out: every seat's tiles in seat order, then the boneyard's first tiles
in the order they are drawn (the rest of the boneyard follows in set order), so a reader can
check the test against the rules in ``capicua_draw.RULES`` by eye.
"""

from __future__ import annotations

import functools
import re

import pytest
from capicua_draw import Draw

from capicua.core.actions import DRAW, PASS, parse_action
from capicua.core.errors import IllegalAction
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import BLOCK, DOMINO, TIE, HandResult
from capicua.players.random_player import RandomPlayer
from capicua.plugins import load_plugins
from capicua.testing import check_player, check_simulator, check_variant, random_match


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def deal(*hands: str, boneyard: str = "") -> list[Tile]:
    """The shuffle that deals these hands (seat 1 first) and puts ``boneyard`` on top of the
    boneyard; the rest of the set follows it, in set order."""
    dealt = [t for hand in hands for t in tiles(hand)] + tiles(boneyard)
    assert len(set(dealt)) == len(dealt), "a tile is dealt twice"
    return dealt + [t for t in tile_set(6) if t not in dealt]


def new_match(*deals: list[Tile], seats: int = 2, goal: int = 100) -> Match:
    return Draw(seats=seats, goal=goal).new_match(seed=1, script=deals)


def play(match: Match, steps: str) -> None:
    """Apply ``"1:6-6L 2:draw ..."``, checking that each seat is the one to move."""
    for seat, action in re.findall(r"(\d):(\S+)", steps):
        assert match.turn == int(seat), f"{seat}:{action}: it is seat {match.turn}'s turn"
        match.apply(parse_action(action))


def moves(match: Match) -> list[str]:
    return [str(a) for a in match.legal_actions()]


def result_of(match: Match) -> HandResult:
    """How the match's first hand ended (it must have)."""
    result = match.hands_log[0].result
    assert result is not None, "the first hand is still being played"
    return result


# Two players: seat 1 holds every double, seat 2 no six.
DOUBLES = "6-6 5-5 4-4 3-3 2-2 1-1 0-0"
NO_SIX = "5-4 5-3 5-2 5-1 5-0 4-3 4-2"
# Two players and no double dealt: the doubles are all in the boneyard.
NO_DOUBLE = ("6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1")

# Four players. Seat 1 leads 6-6 and seat 2, with no six, draws six tiles that do not fit;
# the last two (5-4 and 6-0) stay in the boneyard although 6-0 would fit.
FOUR_DRAWING = deal(
    "6-6 5-5 4-4 3-3 2-2",
    "1-1 0-0 1-0 2-1 2-0",
    "6-5 6-3 6-2 5-3 5-2",
    "6-4 6-1 4-1 4-3 4-2",
    boneyard="3-0 3-1 3-2 4-0 5-0 5-1 5-4 6-0",
)


def four_blocked(seat2: str, seat3: str, seat4: str) -> list[Tile]:
    """A four-player deal that blocks: the line closes on 0 at both ends with every zero on
    the table but 0-1 and 0-4, the boneyard's last two; seat 1 then draws the six others
    (none with a zero). Each of seats 2-4 keeps the three tiles given here."""
    return deal(
        "6-6 5-3 4-4 5-1 5-2",
        f"6-0 5-0 {seat2}",
        f"0-0 6-2 {seat3}",
        f"3-0 2-0 {seat4}",
        boneyard="5-4 5-5 6-1 6-3 6-4 6-5 0-1 0-4",
    )


CLOSE_ON_ZERO = "1:6-6L 2:6-0R 3:0-0R 4:3-0R 1:5-3R 2:5-0R 3:6-2L 4:2-0L"
SEAT1_DRAWS_SIX = " ".join(["1:draw"] * 6)


def test_draw_is_registered_from_its_own_distribution():
    entry = load_plugins().variants.entries["draw"]
    assert entry.cls is Draw
    assert (entry.plugin, entry.distribution) == ("draw", "capicua-draw")


def test_two_players_get_seven_tiles_and_three_or_four_get_five():
    for seats, size, boneyard in ((2, 7, 14), (3, 5, 13), (4, 5, 8)):
        m = Draw(seats=seats).new_match(seed=3)
        assert [len(m.held(s)) for s in range(1, seats + 1)] == [size] * seats
        assert len(m.boneyard) == boneyard
        assert m.scores == (0,) * seats  # nobody has a partner


def test_the_seats_and_the_goal_are_options_within_their_bounds():
    for wrong in ({"seats": 1}, {"seats": 5}, {"goal": 40}, {"goal": 600}):
        with pytest.raises(ValueError):
            Draw(**wrong)


def test_the_highest_double_leads_the_first_hand():
    m = new_match(deal("6-5 4-4 3-2 2-1 1-0 0-0 6-0", "5-5 6-4 6-3 5-3 4-2 3-1 2-0"))
    assert (m.turn, m.required) == (2, Tile.of(5, 5))
    assert moves(m) == ["5-5L"]


def test_a_deal_with_no_double_is_dealt_again():
    m = new_match(deal(*NO_DOUBLE), deal(DOUBLES, NO_SIX))
    log = m.hands_log[0]
    assert len(log.redeals) == 1
    refused = log.redeals[0]
    assert refused.claimant is None  # the rules asked for it, not a player
    assert refused.deal[1] == tuple(tiles(NO_DOUBLE[0]))
    assert log.deal[1] == tuple(tiles(DOUBLES))
    assert (m.turn, m.required) == (1, Tile.of(6, 6))


def test_a_player_who_cannot_play_draws_until_a_tile_fits_and_plays_it():
    m = new_match(deal(DOUBLES, NO_SIX, boneyard="1-0 2-1 6-3"))
    play(m, "1:6-6L")
    assert moves(m) == ["draw"]
    play(m, "2:draw")
    assert moves(m) == ["draw"]  # 1-0 does not fit: draw again
    play(m, "2:draw 2:draw")
    assert m.held(2)[-3:] == tuple(tiles("1-0 2-1 6-3"))
    assert moves(m) == ["6-3L", "6-3R"]  # the drawn 6-3 fits: it must be played
    play(m, "2:6-3R")
    assert m.turn == 1 and len(m.boneyard) == 11


def test_a_pass_is_refused_while_the_player_can_draw():
    m = new_match(deal(DOUBLES, NO_SIX))
    play(m, "1:6-6L")
    with pytest.raises(IllegalAction, match="must draw"):
        m.apply(PASS)


def test_the_last_two_tiles_of_the_boneyard_are_never_drawn():
    m = new_match(FOUR_DRAWING, seats=4)
    play(m, "1:6-6L" + " 2:draw" * 6)
    assert m.held(2)[5:] == tuple(tiles("3-0 3-1 3-2 4-0 5-0 5-1"))
    assert m.boneyard == tuple(tiles("5-4 6-0"))  # 6-0 would fit, but stays there
    assert moves(m) == ["pass"]


def test_a_player_who_can_neither_play_nor_draw_passes():
    m = new_match(FOUR_DRAWING, seats=4)
    play(m, "1:6-6L" + " 2:draw" * 6)
    assert m.legal_actions() == [PASS] and DRAW not in m.legal_actions()
    play(m, "2:pass")
    assert m.turn == 3  # the turn goes on: the hand is not blocked, seat 3 holds sixes
    assert len(m.held(2)) == 11 and len(m.boneyard) == 2
    assert moves(m) == ["6-5L", "6-5R", "6-3L", "6-3R", "6-2L", "6-2R"]


def test_a_block_goes_to_the_lowest_count_for_the_others_pips_less_its_own():
    # Seats 2, 3 and 4 keep 9, 14 and 19 pips; seat 1 keeps 21 and the 56 it drew.
    m = new_match(four_blocked("1-1 2-1 2-2", "3-1 3-2 4-1", "3-3 4-2 4-3"), seats=4, goal=500)
    play(m, CLOSE_ON_ZERO + " " + SEAT1_DRAWS_SIX)
    result = result_of(m)
    assert (result.outcome, result.team, result.seat) == (BLOCK, 2, None)
    assert result.points == (14 + 19 + 77) - 9  # seat 2's own nine taken off once
    assert m.scores == (0, 101, 0, 0)
    assert (m.turn, m.required) == (2, None)  # the winner leads the next hand, any tile
    assert m.variant.explain_block(result) == (
        "The lowest count wins the block: seat 2 with 9 scores the others' pips less its own, 101."
    )


def test_a_block_with_the_lowest_count_shared_is_a_tie_and_the_highest_double_leads():
    # Seats 2 and 3 keep 12 pips each, seat 4 keeps 18.
    m = new_match(
        four_blocked("1-1 2-2 4-2", "2-1 3-1 3-2", "3-3 4-1 4-3"),
        deal("5-5 6-0 1-0 2-0 3-0", "6-6 6-1 2-1 3-1 4-1", "4-0 5-0 6-2 3-2 4-2"),
        seats=4,
    )
    play(m, CLOSE_ON_ZERO + " " + SEAT1_DRAWS_SIX)
    result = result_of(m)
    assert (result.outcome, result.team, result.points) == (TIE, None, 0)
    assert m.scores == (0, 0, 0, 0)
    assert m.variant.explain_block(result) == (
        "The lowest count (12) is held twice: a tie, nobody scores."
    )
    assert (m.turn, m.required) == (2, Tile.of(6, 6))


def test_a_domino_scores_the_pips_of_every_other_hand_and_the_winner_leads_any_tile():
    # Three players: seat 1 goes out while 5-5 (seat 2) and 6-3 (seat 3) are left.
    m = new_match(
        deal("6-6 6-5 5-4 4-3 3-2", "6-1 1-0 2-0 2-1 5-5", "1-1 0-0 2-2 3-1 6-3"),
        # No double dealt for the second hand: no redeal, seat 1 leads any tile.
        deal("6-5 6-4 6-3 6-2 6-1", "6-0 5-4 5-3 5-2 5-1", "5-0 4-3 4-2 4-1 4-0"),
        seats=3,
    )
    play(
        m,
        "1:6-6L 2:6-1R 3:1-1R 1:6-5L 2:1-0R 3:0-0R 1:5-4L 2:2-0R 3:2-2R 1:4-3L 2:2-1R "
        "3:3-1R 1:3-2L",
    )
    result = result_of(m)
    assert (result.outcome, result.seat, result.team) == (DOMINO, 1, 1)
    assert result.points == 10 + 9  # the thirteen tiles of the boneyard never count
    assert m.scores == (19, 0, 0)
    log = m.hands_log[1]
    assert log.redeals == [] and log.deal[1] == tuple(tiles("6-5 6-4 6-3 6-2 6-1"))
    assert (m.turn, m.required) == (1, None)
    assert len(m.legal_actions()) == 5  # any of its five tiles


def test_the_first_to_100_wins_the_match():
    # The block of the scoring test above takes seat 2 to 101 in one hand.
    m = new_match(four_blocked("1-1 2-1 2-2", "3-1 3-2 4-1", "3-3 4-2 4-3"), seats=4)
    play(m, CLOSE_ON_ZERO + " " + SEAT1_DRAWS_SIX)
    assert m.over and m.winner == 2 and m.scores == (0, 101, 0, 0)
    v = Draw(goal=150)
    assert v.match_winner((149, 120)) is None
    assert v.match_winner((149, 150)) == 2


@pytest.mark.slow  # plays many hands
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_draw_keeps_capicuas_invariants(seats):
    report = check_variant(functools.partial(Draw, seats=seats), matches=2)
    assert report.matches == 2 and report.hands > 2


def test_the_computer_players_score_draw_as_the_engine_does():
    report = check_simulator(Draw, positions=20)
    assert report.playouts == 2 * report.hands > 0


def test_every_player_can_play_draw():
    check_player(RandomPlayer, [Draw, functools.partial(Draw, seats=4)], time_limit=None)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_seeded_match_of_draw_repeats(seed):
    first, second = random_match(Draw, seed), random_match(Draw, seed)
    assert first.actions == second.actions and first.outcome == second.outcome
