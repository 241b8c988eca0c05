"""Matador's rules on explicit deals, its registration, and capicua's conformance kit.

Each deal is written out: every seat's tiles in seat order, then the boneyard's first tiles
in the order they are drawn (the rest of the boneyard follows in set order), so a reader can
check the test against the rules in ``capicua_matador.RULES`` by eye. A line is written as
it lies, left to right (``6|6 1|2``: 2-1 on the 6-6's right, its 1 touching the 6).
"""

from __future__ import annotations

import functools
import json
import random
import re

import pytest
from capicua_matador import Matador, SevensLine

from capicua.core.actions import DRAW, LEFT, PASS, RIGHT, parse_action
from capicua.core.errors import IllegalAction
from capicua.core.match import Match
from capicua.core.records import replay, to_record
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import BLOCK, DOMINO, TIE, HandResult
from capicua.players.expert import ExpertPlayer
from capicua.players.general import analyse_rules
from capicua.players.heuristic import HeuristicPlayer
from capicua.players.hints import hint
from capicua.players.random_player import RandomPlayer
from capicua.plugins import load_plugins
from capicua.review.judge import judge
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
    return Matador(seats=seats, goal=goal).new_match(seed=1, script=deals)


def play(match: Match, steps: str) -> None:
    """Apply ``"1:6-6L 2:draw ..."``, checking that each seat is the one to move."""
    for seat, action in re.findall(r"(\d):(\S+)", steps):
        assert match.turn == int(seat), f"{seat}:{action}: it is seat {match.turn}'s turn"
        match.apply(parse_action(action))


def moves(match: Match) -> list[str]:
    return [str(a) for a in match.legal_actions()]


def line(match: Match) -> str:
    return str(match.layout)


def result_of(match: Match) -> HandResult:
    """How the match's first hand ended (it must have)."""
    result = match.hands_log[0].result
    assert result is not None, "the first hand is still being played"
    return result


# Two players. Seat 1 leads 6-6; seat 2 holds 2-1 (a 1 makes seven with 6), the matador
# 6-1 and 0-0, and nothing else that goes on a 6.
OPENING = deal("6-6 5-3 4-4 3-1 1-0 3-0 2-0", "5-5 2-1 6-3 5-0 4-2 6-1 0-0")
# Two players. Seat 1 holds only doubles and 5-4, 6-5: no 1 and no matador. Seat 2 holds
# every matador but 0-0, and the boneyard's first twelve tiles are no matadors.
NO_ONE = deal("6-6 5-5 4-4 3-3 2-2 5-4 6-5", "6-1 4-3 5-2 0-0 1-1 1-0 2-1")


def four_blocked(seat1: str, seat3: str, seat4: str) -> list[Tile]:
    """A four-player deal that blocks on two blanks: seat 2 draws the boneyard down to its
    last two tiles (4-3 and 0-0, the matadors nobody then holds), and the line closes with
    0 at both ends (:data:`CLOSE_ON_BLANKS`). Seats 1, 3 and 4 keep the three or four tiles
    given here; seat 2 keeps 4-2 4-4 5-1 5-3 and the six tiles it drew (57 pips)."""
    return deal(
        "6-6 5-0 " + seat1,
        "6-1 4-2 4-4 5-1 5-3",
        "6-0 " + seat3,
        "5-2 " + seat4,
        boneyard="5-4 5-5 6-2 6-3 6-4 6-5 4-3 0-0",
    )


CLOSE_ON_BLANKS = " ".join(["1:6-6L", *["2:draw"] * 6, "2:6-1L/1 3:6-0L 4:5-2R/2 1:5-0R"])


def test_matador_is_registered_from_its_own_distribution():
    entry = load_plugins().variants.entries["matador"]
    assert entry.cls is Matador
    assert (entry.plugin, entry.distribution) == ("matador", "capicua-matador")


def test_two_players_get_seven_tiles_and_three_or_four_get_five():
    for seats, size, boneyard in ((2, 7, 14), (3, 5, 13), (4, 5, 8)):
        m = Matador(seats=seats).new_match(seed=3)
        assert [len(m.held(s)) for s in range(1, seats + 1)] == [size] * seats
        assert len(m.boneyard) == boneyard
        assert m.scores == (0,) * seats  # nobody has a partner


def test_the_seats_and_the_goal_are_options_within_their_bounds():
    for wrong in ({"seats": 1}, {"seats": 5}, {"goal": 40}, {"goal": 600}):
        with pytest.raises(ValueError):
            Matador(**wrong)


def test_the_highest_double_leads_the_first_hand_and_nobody_draws_before_the_lead():
    m = new_match(OPENING)
    assert (m.turn, m.required) == (1, Tile.of(6, 6))
    assert moves(m) == ["6-6L"]


def test_a_deal_with_no_double_is_dealt_again():
    no_double = deal("6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1")
    m = new_match(no_double, OPENING)
    log = m.hands_log[0]
    assert len(log.redeals) == 1 and log.redeals[0].claimant is None
    assert (m.turn, m.required) == (1, Tile.of(6, 6))


def test_a_tile_joins_an_end_by_sevens_and_leaves_its_other_number_open():
    m = new_match(OPENING)
    play(m, "1:6-6L")
    # On a 6 only a 1 joins (6 + 1 = 7): 2-1, and the matadors; 6-3, 5-5, 5-0, 4-2 do not.
    assert [a for a in moves(m) if a.startswith(("2-1", "6-3", "5-5", "5-0", "4-2"))] == [
        "2-1L",
        "2-1R",
    ]
    play(m, "2:2-1R")
    assert line(m) == "6|6 1|2"
    assert m.layout.open_ends() == ((LEFT, 6), (RIGHT, 2))


def test_a_double_counts_as_one_number():
    m = new_match(OPENING)
    play(m, "1:6-6L 2:2-1R 1:5-3R 2:6-1L/1")
    assert m.layout.number(RIGHT) == 3
    assert "4-4R" in moves(m)  # 4-4 goes on a 3: 4 + 3 = 7
    play(m, "1:4-4R")
    assert line(m) == "1|6 6|6 1|2 5|3 4|4"
    assert m.layout.number(RIGHT) == 4


def test_a_blank_end_takes_only_a_matador():
    m = new_match(OPENING)
    play(m, "1:6-6L 2:0-0R")
    assert m.layout.open_ends() == ((LEFT, 6), (RIGHT, 0))
    # Seat 1's 2-0 and 3-0 show a blank too, but nothing joins a blank but a matador.
    assert moves(m) == ["3-1L", "1-0L", "draw"]
    play(m, "1:3-1L")
    assert "6-1R/6" in moves(m) and "6-1R/1" in moves(m)
    play(m, "2:6-1R/6")
    assert m.layout.open_ends() == ((LEFT, 3), (RIGHT, 6))


def test_a_matador_goes_on_any_end_either_way_round_and_0_0_one_way():
    m = new_match(OPENING)
    play(m, "1:6-6L")
    legal = moves(m)
    assert [a for a in legal if a.startswith("6-1")] == ["6-1L/6", "6-1L/1", "6-1R/6", "6-1R/1"]
    assert [a for a in legal if a.startswith("0-0")] == ["0-0L", "0-0R"]
    play(m, "2:6-1L/6")
    assert line(m) == "6|1 6|6"  # its 1 touches the 6-6: 6 stays open


def test_a_matador_must_say_which_way_round_it_lies():
    m = new_match(OPENING)
    play(m, "1:6-6L")
    with pytest.raises(IllegalAction, match="6-1 goes on the left end as 6-1L/6 or 6-1L/1"):
        m.apply(parse_action("6-1L"))


def test_a_player_may_draw_while_holding_a_play_and_acts_again():
    m = new_match(OPENING)
    play(m, "1:6-6L")
    assert moves(m)[-1] == "draw" and "2-1L" in moves(m)
    play(m, "2:draw")
    assert m.turn == 2 and len(m.held(2)) == 8 and len(m.boneyard) == 13


def test_the_last_two_tiles_of_the_boneyard_are_never_drawn():
    m = new_match(NO_ONE)
    play(m, "1:6-6L " + " ".join(["2:draw"] * 12))
    assert len(m.boneyard) == 2
    assert "draw" not in moves(m)
    with pytest.raises(IllegalAction):
        m.apply(DRAW)


def test_a_player_with_no_play_who_may_not_draw_passes():
    m = new_match(NO_ONE)
    play(m, "1:6-6L " + " ".join(["2:draw"] * 12) + " 2:6-1R/6")
    # 6|6 with 6 at both ends: seat 1 holds no 1 and no matador, and may not draw.
    assert moves(m) == ["pass"]
    play(m, "1:pass")
    assert m.turn == 2


def test_a_domino_scores_the_pips_left_in_the_other_hands():
    m = new_match(deal("4-1 3-1 3-0 4-2 3-2 6-6 0-0", "6-1 5-4 2-1 4-4 6-5 1-0 5-3"))
    play(
        m,
        "1:6-6L 2:2-1R 1:4-1L 2:5-4R 1:3-0L 2:6-1L/1 1:0-0L 2:5-3R 1:3-2R 2:4-4R 1:3-1R "
        "2:6-5R 1:4-2R",
    )
    result = result_of(m)
    assert (result.outcome, result.seat, result.team, result.points) == (DOMINO, 1, 1, 1)
    assert m.scores == (1, 0)  # 1-0 left in seat 2's hand; the boneyard never counts
    assert (m.turn, m.required) == (1, None)  # the winner leads the next hand, any tile


def test_a_block_goes_to_the_lowest_count_for_the_others_pips_its_own_not_taken_off():
    m = new_match(
        four_blocked("3-2 3-3 4-1", "1-0 1-1 2-0 3-0", "2-1 2-2 3-1 4-0"), seats=4, goal=500
    )
    play(m, CLOSE_ON_BLANKS)  # 0|5 1|6 6|6 2|5 5|0, two tiles left in the boneyard
    result = result_of(m)
    assert (result.outcome, result.team, result.seat) == (BLOCK, 3, None)
    # Seat 3 holds 8 pips; the others 16, 85 and 15.
    assert result.points == 16 + 85 + 15
    assert m.scores == (0, 0, 116, 0)


def test_a_block_with_the_lowest_count_shared_is_a_tie_and_the_highest_double_leads():
    m = new_match(
        four_blocked("4-0 3-3 4-1", "1-0 3-0 3-1 2-2", "1-1 2-0 2-1 3-2"),
        deal("5-5 6-5 6-4 6-3 6-2", "4-4 1-0 2-0 3-0 4-0", "6-6 5-0 5-1 5-2 5-3", "1-1 2-1"),
        seats=4,
    )
    play(m, CLOSE_ON_BLANKS)
    result = result_of(m)
    assert (result.outcome, result.team, result.points) == (TIE, None, 0)  # 12 and 12
    assert m.scores == (0, 0, 0, 0)
    assert (m.turn, m.required) == (3, Tile.of(6, 6))


def test_the_first_to_100_wins_the_match():
    # The block above takes seat 3 to 116 in one hand.
    m = new_match(four_blocked("3-2 3-3 4-1", "1-0 1-1 2-0 3-0", "2-1 2-2 3-1 4-0"), seats=4)
    play(m, CLOSE_ON_BLANKS)
    assert m.over and m.winner == 3
    v = Matador(goal=150)
    assert v.match_winner((149, 120)) is None
    assert v.match_winner((149, 150)) == 2


def test_a_turned_play_is_recorded_and_replayed_with_the_number_it_leaves_open():
    m = new_match(OPENING)
    play(m, "1:6-6L 2:6-1L/6 1:draw")
    record = json.loads(json.dumps(to_record(m, {1: "random", 2: "random"})))
    entry = record["hands"][0]["actions"][1]
    assert entry == {"seat": 2, "tile": [6, 1], "end": "left", "shows": 6}
    again = replay(record, load_plugins().variants)
    assert again.actions == m.actions


def test_the_sevens_line_keeps_its_class_as_tiles_are_laid():
    layout = SevensLine().play(Tile.of(6, 6), LEFT).play(Tile.of(6, 1), RIGHT, 1)
    assert isinstance(layout, SevensLine) and str(layout) == "6|6 6|1"
    assert layout.ways(Tile.of(5, 2), LEFT) == (5, 2)
    assert layout.ways(Tile.of(6, 5), RIGHT) == (5,)
    assert layout.ways(Tile.of(6, 5), LEFT) == ()


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.slow  # 1.6 s at load average 9 (-n 2): over 0.5 s alone
def test_matador_keeps_capicuas_invariants(seats):
    report = check_variant(functools.partial(Matador, seats=seats), matches=2)
    assert report.matches == 2 and report.hands > 2


def test_the_computer_players_play_matador_hands_as_the_engine_does():
    report = check_simulator(Matador, positions=20)
    assert report.playouts == 2 * report.hands > 0


def test_every_player_can_play_matador():
    check_player(RandomPlayer, [Matador, functools.partial(Matador, seats=4)], time_limit=None)
    check_player(HeuristicPlayer, [Matador], time_limit=None)


def test_the_expert_weighs_a_draw_beside_its_plays():
    m = new_match(OPENING)
    play(m, "1:6-6L")
    view = m.view(2)
    analysis = analyse_rules(view, random.Random(1), samples=24)
    assert DRAW in [c.action for c in analysis.candidates]
    assert ExpertPlayer(random.Random(1), samples=24).act(view) in m.legal_actions()


def test_a_hint_weighs_the_draw_and_says_a_matadors_way_round():
    m = new_match(OPENING)
    play(m, "1:6-6L")
    for level in ("heuristic", "fast"):
        advice = hint(m.view(2), level)
        assert advice.action in m.legal_actions()
        if getattr(advice.action, "shows", None) is not None:
            assert f"{advice.action.tile}/{advice.action.shows}" in advice.reason


def test_a_draw_at_will_is_judged_like_any_other_decision():
    m = new_match(OPENING)
    play(m, "1:6-6L")
    verdict = judge(m.view(2), DRAW, level="fast")
    assert verdict.played.action is DRAW
    assert {o.action for o in verdict.options} >= {DRAW, parse_action("2-1R")}


@pytest.mark.parametrize("seed", [3, 4])
def test_a_seeded_match_of_matador_repeats(seed):
    first, second = random_match(Matador, seed), random_match(Matador, seed)
    assert first.actions == second.actions and first.outcome == second.outcome
    assert PASS in first.actions or DRAW in first.actions
