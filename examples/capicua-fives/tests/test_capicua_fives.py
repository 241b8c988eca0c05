"""All Fives' rules on explicit deals, its registration, and capicua's conformance kit.

Each deal is written out: every seat's tiles in seat order, then the boneyard's first tiles
in the order they are drawn (the rest of the boneyard follows in set order), so a reader can
check the test against the rules in ``capicua_fives.RULES`` by eye. The count is tested on
layouts built tile by tile, the way the rule text gives its cases.
"""

from __future__ import annotations

import functools
import re

import pytest
from capicua_fives import AllFives, count, nearest_five

from capicua.core.actions import PASS, Play, parse_action
from capicua.core.layout import Spinner
from capicua.core.match import Match
from capicua.core.position import Position, step
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import BLOCK, DOMINO, GOAL, TIE, HandResult
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


def new_match(*deals: list[Tile], **options: object) -> Match:
    return AllFives(**options).new_match(seed=1, script=deals)


def play(match: Match, steps: str) -> None:
    """Apply ``"1:5-5L 2:draw ..."``, checking that each seat is the one to move."""
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


def laid(*plays: str) -> Spinner:
    """A layout built by these plays (``"5-5L"``, ``"5-3R"``, ``"5-1U"``), in order."""
    layout = Spinner()
    for text in plays:
        action = parse_action(text)
        assert isinstance(action, Play)
        layout = layout.play(action.tile, action.end)
    return layout


# Four players, partners. Seat 1 leads 5-5, the highest double dealt (6-6 is in the
# boneyard), which becomes the spinner.
SPINNER_DEAL = deal(
    "5-5 4-3 4-4 6-1 2-0", "5-0 6-2 6-3 6-0 1-1", "5-4 3-3 2-2 3-1 2-1", "5-1 6-5 6-4 4-1 1-0"
)

# Four players, partners: seat 4 leads 6-6 and goes out at its fifth play, 5-5 on the up
# arm, while seats 1 and 3 (its opponents) keep 1-1 and 6-5: 13 pips.
DOMINO_DEAL = deal(
    "4-0 4-2 4-1 6-2 1-1", "6-3 6-0 3-3 6-4 5-4", "5-1 5-2 6-1 6-5 3-1", "5-5 4-3 2-0 6-6 3-0"
)
DOMINO_PLAYS = (
    "4:6-6L 1:6-2L 2:6-4R 3:6-1D 4:2-0L 1:4-1D 2:6-3U 3:3-1U 4:3-0L 1:4-2R 2:5-4D 3:5-2D "
    "4:4-3L 1:4-0L 2:6-0L 3:5-1U 4:5-5U"
)

# Four players, no partners. Seat 1 leads 5-5; seat 2 draws six tiles without a five and
# passes; the hand blocks with seats 1 and 3 on 12 pips each.
TIE_DEAL = deal(
    "4-4 5-5 5-0 5-4 3-1",
    "0-0 6-2 4-0 2-0 3-3",
    "6-0 1-1 2-2 5-1 5-3",
    "6-3 3-2 4-2 2-1 6-4",
    boneyard="6-6 1-0 3-0 4-1 6-1 4-3 5-2 6-5",
)


# Two players and no double dealt: the doubles are all in the boneyard.
NO_DOUBLE = ("6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1")


def test_all_fives_is_registered_from_its_own_distribution():
    entry = load_plugins().variants.entries["all-fives"]
    assert entry.cls is AllFives
    assert (entry.plugin, entry.distribution) == ("all-fives", "capicua-fives")


def test_four_players_are_partners_unless_the_option_says_otherwise():
    assert AllFives(seats=4).teams == ((1, 3), (2, 4))
    assert AllFives(seats=4).partners(3) == (1, 3)  # the base class's method, not the option
    assert AllFives(seats=4, partners=False).teams == ((1,), (2,), (3,), (4,))
    # With two or three players there is nobody to partner, whatever the option says.
    assert AllFives(seats=3, partners=True).teams == ((1,), (2,), (3,))
    assert AllFives().teams == ((1,), (2,))


def test_two_players_get_seven_tiles_and_three_or_four_get_five():
    for seats, size, boneyard in ((2, 7, 14), (3, 5, 13), (4, 5, 8)):
        m = AllFives(seats=seats).new_match(seed=3)
        assert [len(m.held(s)) for s in range(1, seats + 1)] == [size] * seats
        assert len(m.boneyard) == boneyard


def test_the_options_keep_within_their_bounds():
    for wrong in ({"seats": 1}, {"seats": 5}, {"goal": 40}, {"goal": 600}, {"partners": 1}):
        with pytest.raises(ValueError):
            AllFives(**wrong)


def test_a_deal_with_no_double_is_dealt_again():
    m = new_match(deal(*NO_DOUBLE), deal("6-6 5-5 4-4 3-3 2-2 1-1 0-0", "5-4 5-3 5-2 5-1"))
    log = m.hands_log[0]
    assert len(log.redeals) == 1 and log.redeals[0].claimant is None
    assert log.redeals[0].deal[1] == tuple(tiles(NO_DOUBLE[0]))
    assert (m.turn, m.required) == (1, Tile.of(6, 6))


def test_the_highest_double_leads_and_becomes_the_spinner():
    m = new_match(DOMINO_DEAL, seats=4)
    assert (m.turn, m.required) == (4, Tile.of(6, 6))
    play(m, "4:6-6L")
    assert m.layout == Spinner(((6, 6),), spinner=0)
    assert m.scores == (0, 0)  # 6-6 alone counts 12, not a multiple of five


def test_the_spinner_opens_its_cross_arms_once_both_sides_are_taken():
    m = new_match(SPINNER_DEAL, seats=4)
    play(m, "1:5-5L 2:5-0R")
    assert moves(m) == ["5-4L"]  # one side taken: only the other side along the line
    play(m, "3:5-4L")
    # Both sides taken: seat 4's 5-1 and 6-5 may go up or down across the spinner.
    assert moves(m) == ["5-1U", "5-1D", "6-5U", "6-5D", "6-4L", "4-1L", "1-0R"]


def test_a_double_played_onto_the_line_is_the_spinner_with_one_side_taken():
    # A hand led with 6-4 (after a won hand the winner leads any tile): 4-4 is the first
    # double, and 6-4 already takes one of its sides.
    v = AllFives()
    hands = [[], tiles("6-4 4-2 6-6 1-0"), tiles("4-4 4-1 4-0 3-0")]
    pos = Position(v, 2, hands, tiles("0-0 1-1 2-2"), v.new_layout(2), (0, 0), 1, 1)
    step(pos, parse_action("6-4L"))
    step(pos, parse_action("4-4R"))
    assert pos.layout == Spinner(((6, 4), (4, 4)), spinner=1)
    step(pos, parse_action("6-6L"))  # another double: an ordinary tile of the line
    assert pos.layout == Spinner(((6, 6), (6, 4), (4, 4)), spinner=2)
    # No arms yet: only 4-4's right side is free (and the 6 on the left).
    assert [str(a) for a in v.legal_plays(pos)] == ["4-1R", "4-0R"]
    step(pos, parse_action("4-1R"))
    assert [str(a) for a in v.legal_plays(pos)] == ["4-2U", "4-2D", "1-0R"]


def test_the_count_of_a_lone_tile_is_its_pip_total():
    assert count(laid("5-5L")) == 10
    assert count(laid("6-4L")) == 10
    assert count(laid("3-3L")) == 6


def test_the_spinner_counts_both_halves_while_a_side_along_the_line_is_free():
    assert count(laid("5-5L", "5-3R")) == 10 + 3
    assert count(laid("5-5L", "5-3L")) == 3 + 10
    assert count(laid("6-4L", "4-4R")) == 6 + 8  # a spinner played onto the line


def test_a_crossed_spinner_counts_nothing_and_its_empty_arms_nothing():
    assert count(laid("5-5L", "5-3R", "5-2L")) == 2 + 3


def test_a_cross_arm_counts_the_open_end_of_its_outermost_tile():
    crossed = ("5-5L", "5-3R", "5-2L")
    assert count(laid(*crossed, "5-1U")) == 2 + 3 + 1
    assert count(laid(*crossed, "5-1U", "1-6U")) == 2 + 3 + 6
    assert count(laid(*crossed, "5-1U", "5-4D")) == 2 + 3 + 1 + 4


def test_a_double_at_an_open_end_counts_both_halves():
    assert count(laid("5-5L", "5-3R", "3-3R")) == 10 + 6  # at a line end
    crossed = ("5-5L", "5-3R", "5-2L")
    assert count(laid(*crossed, "2-2L")) == 4 + 3
    assert count(laid(*crossed, "5-1U", "1-1U")) == 2 + 3 + 2  # at the end of an arm


def test_a_count_that_is_a_positive_multiple_of_five_scores_at_once():
    m = new_match(SPINNER_DEAL, seats=4)
    play(m, "1:5-5L")
    assert m.scores == (10, 0)  # 5-5 alone: 10, to seats 1 and 3
    play(m, "2:5-0R")
    assert m.scores == (10, 10)  # 10 + 0
    play(m, "3:5-4L")
    assert m.scores == (10, 10)  # 4 + 0 and two empty arms: 4 scores nothing
    play(m, "4:5-1U")
    assert m.scores == (10, 15)  # 4 + 0 + 1
    play(m, "1:4-4L 2:1-1U")
    assert m.scores == (10, 25)  # 8 + 0 + 2 (1-1 at the end of the up arm)
    # A count of nothing scores nothing: 0-0 led alone.
    assert AllFives().play_points(laid("0-0L"), 1, Play.of(Tile.of(0, 0), "left")) == 0


def test_drawing_until_a_fit_keeps_the_last_two_tiles_and_then_passes():
    m = new_match(TIE_DEAL, seats=4, partners=False)
    play(m, "1:5-5L")
    assert moves(m) == ["draw"]
    play(m, "2:draw " * 6)
    assert m.held(2)[5:] == tuple(tiles("6-6 1-0 3-0 4-1 6-1 4-3"))  # none has a five
    assert m.boneyard == tuple(tiles("5-2 6-5"))  # never drawn, though 5-2 would fit
    assert m.legal_actions() == [PASS]
    play(m, "2:pass")
    assert m.turn == 3


def test_a_domino_scores_the_opponents_pips_rounded_to_the_nearest_five():
    m = new_match(DOMINO_DEAL, seats=4)
    play(m, DOMINO_PLAYS)
    result = result_of(m)
    assert (result.outcome, result.seat, result.team) == (DOMINO, 4, 2)
    assert result.remaining[1] == (Tile.of(1, 1),) and result.remaining[3] == (Tile.of(6, 5),)
    assert result.points == 15  # 2 + 11 = 13, rounded up; seat 2's 3-3 does not count
    assert m.scores == (30, 25 + 15)  # 25 of team 2's came during play (the last 5-5U: 0)
    assert (m.turn, m.required) == (4, None)  # the player who went out leads, any tile


def test_pips_that_are_nearer_the_lower_five_round_down():
    # Three players: seat 3 goes out while seat 1 keeps 2-1 and seat 2 keeps 4-4: 11 pips.
    m = new_match(
        deal("3-2 4-0 6-3 2-1 6-2", "5-0 4-1 6-5 4-4 2-0", "3-1 3-3 5-3 6-1 6-6"), seats=3
    )
    play(
        m,
        "3:6-6L 1:6-2R 2:2-0R 3:6-1L 1:4-0R 2:4-1R 3:3-1R 1:6-3U 2:6-5D 3:3-3R 1:3-2U "
        "2:5-0D 3:5-3R",
    )
    result = result_of(m)
    assert (result.outcome, result.team, result.points) == (DOMINO, 3, 10)
    assert m.scores == (5, 0, 15 + 10)
    assert [nearest_five(p) for p in (0, 2, 3, 12, 13, 15, 17, 18)] == [0, 0, 5, 10, 15, 15, 15, 20]


def test_a_block_goes_to_the_side_with_the_fewest_pips_partners_added():
    m = new_match(
        deal(
            "3-0 6-4 0-0 1-1 6-3",
            "2-1 6-5 1-0 6-1 6-6",
            "6-0 5-1 3-2 4-0 5-2",
            "5-0 3-3 3-1 5-4 4-2",
            boneyard="4-1 4-3 4-4 2-0 5-5 2-2 6-2 5-3",
        ),
        seats=4,
    )
    play(
        m,
        "2:6-6L 3:6-0R 4:5-0R 1:6-3L 2:6-5R 3:3-2L 4:4-2L 1:6-4R 2:6-1U 3:5-1U 4:5-4L "
        "1:draw 1:4-1R 2:2-1R 3:5-2R 4:draw 4:draw 4:draw 4:draw 4:5-5R 1:draw",
    )
    result = result_of(m)
    pips = {s: sum(t.pips for t in ts) for s, ts in result.remaining.items()}
    assert pips == {1: 9, 2: 1, 3: 4, 4: 27}
    # Seat 2 holds the fewest pips alone, but seats 1 and 3 hold 13 against 2 and 4's 28.
    assert (result.outcome, result.team, result.seat) == (BLOCK, 1, None)
    assert result.points == 30  # 28, rounded; the winners' own 13 are not taken off
    assert m.scores == (15 + 30, 30)
    assert (m.turn, m.required) == (3, None)  # the winning partner with fewer pips leads
    assert m.variant.explain_block(result) == (
        "The fewest pips win the block: team 1 with 13 scores the others' 28, rounded to 30."
    )


def test_a_block_with_the_fewest_pips_shared_is_a_tie_and_the_highest_double_leads():
    m = new_match(
        TIE_DEAL,
        deal("5-5 6-0 1-0 2-0 3-0", "6-6 6-1 2-1 3-1 4-1", "4-0 5-0 6-2 3-2 4-2"),
        seats=4,
        partners=False,
    )
    play(m, "1:5-5L" + " 2:draw" * 6 + " 2:pass 3:5-1R 4:2-1R 1:5-0L 2:3-0L 3:5-3L 4:4-2R 1:5-4R")
    result = result_of(m)
    assert (result.outcome, result.team, result.points) == (TIE, None, 0)
    assert [sum(t.pips for t in result.remaining[s]) for s in (1, 3)] == [12, 12]
    assert m.scores == (20, 5, 0, 0)  # only what was scored during play
    assert m.variant.explain_block(result) == "The fewest pips (12) are held twice: a tie."
    assert (m.turn, m.required) == (2, Tile.of(6, 6))


def test_reaching_the_goal_during_a_hand_wins_the_match_at_once():
    m = new_match(deal("6-6 2-1 4-3 6-2 4-4 5-5 3-0", "4-0 3-1 4-2 3-2 6-4 6-3 5-0"), goal=50)
    play(m, "1:6-6L 2:6-4L 1:4-4L 2:4-0L 1:3-0L 2:6-3L 1:6-2L 2:4-2L")
    assert m.scores == (35, 0) and not m.over
    play(m, "1:4-3L")  # 3 + 12 (the spinner, its right side free) = 15: 50
    result = result_of(m)
    assert (result.outcome, result.team, result.seat, result.points) == (GOAL, 1, 1, 0)
    assert result.remaining[1] == tuple(tiles("2-1 5-5"))  # the hand was not played out
    assert m.over and m.winner == 1 and m.scores == (50, 0)


def test_reaching_the_goal_with_the_last_tile_wins_without_scoring_the_hand():
    m = new_match(deal("3-0 5-2 5-0 3-1 6-0 6-4 4-2", "6-2 5-3 6-6 4-4 4-0 2-0 6-3"), goal=50)
    play(
        m,
        "2:6-6L 1:6-4L 2:4-4L 1:4-2L 2:6-3R 1:6-0D 2:4-0D 1:5-2L 2:6-2U 1:3-1R 2:2-0U 1:3-0U",
    )
    assert m.scores == (5, 35)
    play(m, "2:5-3U")  # 5 + 1 + 5 (up) + 4 (down) = 15, with seat 2's last tile: 50
    result = result_of(m)
    assert (result.outcome, result.team, result.seat, result.points) == (GOAL, 2, 2, 0)
    assert result.remaining == {1: (Tile.of(5, 0),), 2: ()}
    assert m.over and m.winner == 2
    assert m.scores == (5, 50)  # no domino: seat 1's 5 pips are not scored


def test_the_first_side_to_150_wins_the_match():
    v = AllFives()
    assert v.goal == 150
    assert v.match_winner((145, 120)) is None
    assert v.match_winner((145, 150)) == 2
    assert AllFives(goal=50).match_winner((50, 0)) == 1


@pytest.mark.slow  # plays many hands
@pytest.mark.parametrize(
    "options", [{}, {"seats": 3}, {"seats": 4}, {"seats": 4, "partners": False}]
)
def test_all_fives_keeps_capicuas_invariants(options):
    report = check_variant(functools.partial(AllFives, **options), matches=2)
    assert report.matches == 2 and report.hands >= 2


def test_the_computer_players_score_all_fives_as_the_engine_does():
    report = check_simulator(AllFives, positions=20)
    assert report.playouts == 2 * report.hands > 0


def test_every_player_can_play_all_fives():
    check_player(RandomPlayer, [AllFives, functools.partial(AllFives, seats=4)], time_limit=None)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_seeded_match_of_all_fives_repeats(seed):
    first, second = random_match(AllFives, seed), random_match(AllFives, seed)
    assert first.actions == second.actions and first.outcome == second.outcome
