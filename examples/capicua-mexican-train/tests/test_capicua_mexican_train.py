"""Mexican Train's rules on explicit deals, its registration, and capicua's conformance kit.

Each deal is written out: every seat's hand (seat 1 first) and the top of the boneyard in the
order it is drawn. The engine of the round is taken out of the set before the deal, so the
hands are dealt from the written tiles on. Most deals are for two players (15 tiles each);
their hands pad three tiles that matter with twelve tiles numbered 0 to 6 (``LOW_1``,
``LOW_2``), which fit no train in these tests, whose trains end in 7 to 12.

Where a rule needs an empty boneyard (a pass with nothing to draw, the block), the test
builds the round's position itself (:class:`capicua.core.position.Position`, with the hands,
the trains and an empty boneyard written out) and takes actions through
:func:`capicua.core.position.step`, the step the engine plays every round by.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from capicua_mexican_train import RULES, MexicanTrain

from capicua.core.actions import DRAW, MEXICAN, PASS, Action, parse_action
from capicua.core.errors import IllegalAction
from capicua.core.layout import Layout, Trains
from capicua.core.match import OVER, Match
from capicua.core.position import Ending, Position, step
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import BLOCK, DOMINO, TIE
from capicua.players.heuristic import HeuristicPlayer
from capicua.players.random_player import RandomPlayer
from capicua.plugins import load_plugins
from capicua.testing import check_player, check_simulator, check_variant

#: Padding for a two-player hand: numbers 0 to 6 only.
LOW_1 = "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1"
LOW_2 = "4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5 6-0 6-1 6-2"


def tiles(text: str) -> list[Tile]:
    """``"12-4 11-0"`` as tiles."""
    return [Tile.parse(t) for t in text.split()]


def shuffle(*hands: str, boneyard: str = "") -> list[Tile]:
    """The full-set shuffle that deals ``hands`` (seat 1 first) and puts ``boneyard`` on top
    of the boneyard, first drawn first; the rest of the set (the engine among it, which the
    engine takes out before dealing) follows in set order."""
    written = tiles(" ".join((*hands, boneyard)))
    assert len(set(written)) == len(written), "a tile is written twice"
    return written + [t for t in tile_set(12) if t not in written]


def new_match(*hands: str, boneyard: str = "", **options: int) -> Match:
    """A match of Mexican Train (two players unless ``seats`` says otherwise) whose first
    round is dealt as written."""
    variant = MexicanTrain(**{"seats": len(hands), **options})
    for seat, hand in enumerate(hands, 1):
        assert len(tiles(hand)) == variant.hand_size, f"seat {seat} holds the wrong count"
    return variant.new_match(seed=1, script=[shuffle(*hands, boneyard=boneyard)])


def play(match: Match, steps: str) -> None:
    """Apply ``"1:12-4M 2:draw 2:pass ..."``, checking that each seat is the one to move."""
    for seat, action in re.findall(r"(\d):(\S+)", steps):
        assert match.turn == int(seat), f"{seat}:{action}: it is seat {match.turn}'s turn"
        match.apply(parse_action(action))


def actions(text: str) -> set[Action]:
    """``"12-7T1 12-7M"`` as the set of those actions."""
    return {parse_action(a) for a in text.split()}


def legal(match: Match) -> set[Action]:
    """The legal actions, as a set (their order is not a rule)."""
    return set(match.legal_actions())


def trains(layout: Layout) -> Trains:
    """A round's layout, which is always trains."""
    return MexicanTrain.trains(layout)


def marked(match: Match, end: str) -> bool:
    """True when the train ``end`` carries its owner's marker."""
    return trains(match.layout).train(end).marker


# Seat 1 goes out in the first round, its last tile a double: 12-4 on the Mexican train,
# then its own train 12-11, 11-11 11-10, 10-10 10-9, ... 6-6 6-5, and 5-5 last. Seat 2
# holds no 12 and no 4, so it can play on neither its own train (open at 12) nor the
# Mexican train (open at 4), and draws eight tiles that fit neither.
GOING_OUT = (
    "12-4 12-11 11-11 11-10 10-10 10-9 9-9 9-8 8-8 8-7 7-7 7-6 6-6 6-5 5-5",
    "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 11-0 11-1 11-2 11-3 10-0",
)
GOING_OUT_BONEYARD = "10-1 10-2 10-3 9-0 9-1 9-2 9-3 8-0"
GOING_OUT_PLAY = (
    "1:12-4M 2:draw 2:pass 1:12-11T1 2:draw 2:pass 1:11-11T1 1:11-10T1 2:draw 2:pass "
    "1:10-10T1 1:10-9T1 2:draw 2:pass 1:9-9T1 1:9-8T1 2:draw 2:pass 1:8-8T1 1:8-7T1 "
    "2:draw 2:pass 1:7-7T1 1:7-6T1 2:draw 2:pass 1:6-6T1 1:6-5T1 2:draw 2:pass 1:5-5T1"
)
# What seat 2 keeps: 90 pips dealt and 86 drawn.
GOING_OUT_SEAT_2 = 90 + 86


def going_out(**options: int) -> Match:
    """The match after seat 1 went out in the first round of :data:`GOING_OUT`."""
    m = new_match(*GOING_OUT, boneyard=GOING_OUT_BONEYARD, **options)
    play(m, GOING_OUT_PLAY)
    return m


# -- registration and rules text -------------------------------------------------------------


def test_mexican_train_is_registered_from_its_own_distribution():
    loaded = load_plugins()
    entry = loaded.variants.entries["mexican-train"]
    assert entry.cls is MexicanTrain
    assert (entry.plugin, entry.distribution) == ("mexican-train", "capicua-mexican-train")


@pytest.mark.slow  # starts capicua in a process
def test_capicua_rules_prints_the_rules_text():
    # As a user runs it; wide columns, so that the console does not wrap the text.
    shown = subprocess.run(
        [sys.executable, "-m", "capicua", "rules", "mexican-train"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "200"},
    ).stdout
    assert shown.strip() == RULES.strip()


# -- the set-up of a round --------------------------------------------------------------------


def test_each_rounds_engine_is_set_aside_and_put_in_the_hub():
    v = MexicanTrain()
    assert [v.set_aside(r) for r in (1, 2, 13)] == [
        (Tile.of(12, 12),),
        (Tile.of(11, 11),),
        (Tile.of(0, 0),),
    ]
    m = going_out()
    assert m.hand_number == 2
    layout = m.layout
    assert isinstance(layout, Trains) and layout.engine == 11 and not layout
    assert layout.open_ends() == (("t1", 11), ("t2", 11), (MEXICAN, 11))
    in_play = [t for s in (1, 2) for t in m.held(s)] + list(m.boneyard)
    assert Tile.of(11, 11) not in in_play and len(in_play) == 90
    first = m.hands_log[0].deal
    assert Tile.of(12, 12) not in [t for part in first.values() for t in part]


@pytest.mark.parametrize(
    ("seats", "size"), [(2, 15), (3, 15), (4, 15), (5, 12), (6, 12), (7, 10), (8, 10)]
)
def test_the_deal_size_follows_the_number_of_players(seats, size):
    # The shuffle is the set in set order: the engine (12-12, the last tile) comes out, seat
    # 1 gets the first tiles, and the rest is the boneyard in the same order.
    order = [t for t in tile_set(12) if t != Tile.of(12, 12)]
    m = MexicanTrain(seats=seats).new_match(seed=1, script=[tile_set(12)])
    for seat in range(1, seats + 1):
        assert m.held(seat) == tuple(order[(seat - 1) * size : seat * size])
    assert m.boneyard == tuple(order[seats * size :])
    assert len(m.boneyard) == 90 - seats * size


def test_each_round_is_led_in_turn_by_the_next_seat_with_any_tile():
    four = MexicanTrain()
    leaders = [four.hand_leader(r, None, {})[0] for r in range(1, 14)]
    assert leaders == [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1]
    assert MexicanTrain(seats=5).hand_leader(6, None, {}) == (1, None)
    m = going_out()
    assert (m.hand_number, m.turn, m.required) == (2, 2, None)
    assert m.hands_log[1].leader == 2


def test_the_first_tile_of_every_train_must_match_the_engine():
    m = new_match(f"12-7 9-8 9-7 {LOW_1}", f"12-10 11-9 11-8 {LOW_2}")
    # Seat 1 leads, with no tile required: only 12-7 matches the engine, on its own train
    # or the Mexican train.
    assert (m.turn, m.required) == (1, None)
    assert legal(m) == actions("12-7T1 12-7M")


# -- the trains ---------------------------------------------------------------------------------


def test_a_personal_train_is_private_while_unmarked():
    m = new_match(f"12-7 9-8 9-6 {LOW_1}", f"12-10 9-7 11-8 {LOW_2}")
    play(m, "1:12-7T1")
    # 9-7 matches seat 1's train, which seat 2 may not play on.
    assert legal(m) == actions("12-10T2 12-10M")
    with pytest.raises(IllegalAction):
        m.apply(parse_action("9-7T1"))


def test_the_mexican_train_is_open_to_everyone():
    m = new_match(f"12-7 9-8 9-6 {LOW_1}", f"12-10 9-7 11-8 {LOW_2}")
    play(m, "1:12-7M")
    # 12-10 no longer matches the Mexican train (it ends in 7), 9-7 does, for seat 2 too.
    assert legal(m) == actions("12-10T2 9-7M")
    play(m, "2:9-7M")
    assert legal(m) == actions("9-8M 9-6M")  # and for seat 1 again


def test_a_drawn_tile_that_fits_must_be_played():
    m = new_match(f"9-8 9-7 10-7 {LOW_1}", f"12-10 11-9 11-8 {LOW_2}", boneyard="12-8 6-6")
    assert m.legal_actions() == [DRAW]  # nothing fits: draw one
    play(m, "1:draw")
    assert m.held(1)[-1] == Tile.of(12, 8)
    assert legal(m) == actions("12-8T1 12-8M")  # neither a pass nor another draw
    with pytest.raises(IllegalAction):
        m.apply(PASS)
    play(m, "1:12-8T1")
    assert m.turn == 2 and not marked(m, "t1")  # played, so no marker


def test_a_drawn_tile_that_does_not_fit_ends_the_turn_with_a_marker():
    m = new_match(f"9-8 9-7 10-7 {LOW_1}", f"12-10 11-9 11-8 {LOW_2}", boneyard="6-6 12-8")
    play(m, "1:draw")
    # The boneyard still holds tiles, but a turn draws one: the drawer passes.
    assert m.legal_actions() == [PASS]
    play(m, "1:pass")
    assert marked(m, "t1") and m.turn == 2


def test_anyone_may_play_on_a_marked_train():
    m = new_match(f"9-8 9-7 10-7 {LOW_1}", f"12-10 11-9 11-8 {LOW_2}", boneyard="6-6 12-8")
    play(m, "1:draw 1:pass")
    # Seat 1's train, still empty, is open to seat 2 now.
    assert legal(m) == actions("12-10T1 12-10T2 12-10M")
    play(m, "2:12-10T1")
    assert marked(m, "t1")  # another seat's play leaves the marker where it is


def test_the_owner_playing_on_its_own_train_takes_the_marker_off():
    m = new_match(f"9-8 9-7 10-7 {LOW_1}", f"12-10 11-9 11-8 {LOW_2}", boneyard="6-6 12-8 6-5")
    play(m, "1:draw 1:pass 2:12-10T2 1:draw")
    assert legal(m) == actions("12-8T1 12-8M")
    play(m, "1:12-8M")
    assert marked(m, "t1")  # a play elsewhere keeps the marker
    m.undo()
    play(m, "1:12-8T1")
    assert not marked(m, "t1")


def test_a_pass_with_nothing_to_draw_marks_the_train():
    # Seat 1 passes with an empty boneyard; seat 1's 12-0 fits seat 2's empty train, which
    # is private, so the round is not blocked, and once seat 2 passes too it is open.
    v = MexicanTrain(seats=2)
    layout = Trains.start(12, 2).play(Tile.of(12, 9), "t1").play(Tile.of(12, 8), MEXICAN)
    pos = Position(v, 1, [[], tiles("12-0 1-0"), tiles("2-1 3-1")], [], layout, (0, 0), 1, 1)
    assert v.legal_plays(pos) == [PASS]
    assert step(pos, PASS) is None
    assert trains(pos.layout).train("t1").marker and pos.turn == 2
    assert v.legal_plays(pos) == [PASS]
    assert step(pos, PASS) is None
    assert trains(pos.layout).train("t2").marker and pos.turn == 1
    assert v.legal_plays(pos) == [parse_action("12-0T2")]


# -- doubles ------------------------------------------------------------------------------------


def test_a_double_makes_its_player_play_again_on_it():
    m = new_match(f"12-11 11-11 11-9 {LOW_1}", f"12-10 10-8 9-8 {LOW_2}")
    play(m, "1:12-11T1 2:12-10T2 1:11-11T1")
    assert m.turn == 1  # the same player again, on the double
    assert m.legal_actions() == [parse_action("11-9T1")]
    play(m, "1:11-9T1")
    assert m.turn == 2 and trains(m.layout).pending is None


def test_a_double_its_player_cannot_satisfy_draws_again_even_after_drawing():
    m = new_match(f"12-11 9-8 9-7 {LOW_1}", f"12-10 10-8 11-8 {LOW_2}", boneyard="11-11 6-6 6-5")
    play(m, "1:12-11T1 2:12-10T2 1:draw")
    assert legal(m) == actions("11-11T1")  # the drawn double fits: it must be played
    play(m, "1:11-11T1")
    assert (m.turn, trains(m.layout).pending) == (1, "t1")
    assert m.legal_actions() == [DRAW]  # a second draw in the same turn, for the double
    play(m, "1:draw")
    assert m.legal_actions() == [PASS]  # 6-6 does not fit the double: keep it and mark
    play(m, "1:pass")
    assert marked(m, "t1") and m.turn == 2
    assert Tile.of(6, 6) in m.held(1)


def test_while_a_double_waits_everyone_must_play_on_it():
    m = new_match(f"12-11 9-8 9-7 {LOW_1}", f"12-10 10-8 11-8 {LOW_2}", boneyard="11-11 6-6 6-5")
    play(m, "1:12-11T1 2:12-10T2 1:draw 1:11-11T1 1:draw 1:pass")
    # 10-8 fits seat 2's own train, but the double on seat 1's train takes every play.
    assert m.legal_actions() == [parse_action("11-8T1")]
    play(m, "2:11-8T1")
    assert trains(m.layout).pending is None and m.turn == 1


def test_a_player_who_cannot_play_on_the_waiting_double_draws_then_marks():
    m = new_match(
        f"12-11 9-8 9-7 {LOW_1}", f"12-10 10-8 9-6 {LOW_2}", boneyard="11-11 6-6 10-7 11-7"
    )
    play(m, "1:12-11T1 2:12-10T2 1:draw 1:11-11T1 1:draw 1:pass")
    assert m.legal_actions() == [DRAW]  # 10-8 fits its own train, but not the double
    play(m, "2:draw")
    assert m.legal_actions() == [PASS]  # 10-7 fits its own train too, not the double
    play(m, "2:pass")
    assert marked(m, "t2") and trains(m.layout).pending == "t1"
    play(m, "1:draw")  # 11-7: seat 1 satisfies its own double, taking its marker off
    assert m.legal_actions() == [parse_action("11-7T1")]
    play(m, "1:11-7T1")
    assert trains(m.layout).pending is None and not marked(m, "t1") and marked(m, "t2")


def test_a_double_as_the_last_tile_ends_the_round_unsatisfied():
    m = new_match(*GOING_OUT, boneyard=GOING_OUT_BONEYARD)
    play(m, GOING_OUT_PLAY.rpartition(" ")[0])
    assert m.held(1) == (Tile.of(5, 5),)
    play(m, "1:5-5T1")
    result = m.hands_log[0].result
    assert result is not None
    assert (result.outcome, result.seat, result.team) == (DOMINO, 1, 1)
    assert m.hand_number == 2 and m.turn == 2  # nobody satisfies it: the next round


# -- the block ----------------------------------------------------------------------------------


def test_a_round_is_blocked_when_no_tile_fits_any_train():
    # t1 ends in 3 and the Mexican train in 5; seat 2's train is empty (12). Seat 1 plays
    # 3-6 with the boneyard empty: nobody holds a 6, a 5 or a 12.
    v = MexicanTrain(seats=2)
    layout = Trains.start(12, 2).play(Tile.of(12, 3), "t1").play(Tile.of(12, 5), MEXICAN)
    pos = Position(v, 1, [[], tiles("6-3 1-0"), tiles("2-0 1-1")], [], layout, (0, 0), 1, 1)
    assert step(pos, parse_action("6-3T1")) == Ending(BLOCK, 1, None)  # 1 pip against 4


def test_a_tile_for_a_private_train_keeps_the_round_going():
    # The same, but seat 1 keeps 12-0, which fits only seat 2's train: counted as marked.
    v = MexicanTrain(seats=2)
    layout = Trains.start(12, 2).play(Tile.of(12, 3), "t1").play(Tile.of(12, 5), MEXICAN)
    pos = Position(v, 1, [[], tiles("6-3 12-0"), tiles("2-0 1-1")], [], layout, (0, 0), 1, 1)
    assert step(pos, parse_action("6-3T1")) is None


def test_a_waiting_double_blocks_the_round_when_nobody_holds_its_number():
    # Seat 1 plays 3-3 on its train with the boneyard empty and nobody holds another 3:
    # blocked, though 12-1 and 12-0 would fit the Mexican train.
    v = MexicanTrain(seats=2)
    layout = Trains.start(12, 2).play(Tile.of(12, 3), "t1")
    pos = Position(v, 1, [[], tiles("3-3 12-1"), tiles("12-0 1-0")], [], layout, (0, 0), 1, 1)
    ending = step(pos, parse_action("3-3T1"))
    assert ending == Ending(TIE, None, None)  # 13 pips each: no single lightest hand
    held = Position(v, 1, [[], tiles("3-3 12-1"), tiles("12-0 3-0")], [], layout, (0, 0), 1, 1)
    assert step(held, parse_action("3-3T1")) is None  # seat 2 holds a 3


def test_a_round_is_not_blocked_while_the_boneyard_has_tiles():
    v = MexicanTrain(seats=2)
    layout = Trains.start(12, 2).play(Tile.of(12, 3), "t1").play(Tile.of(12, 5), MEXICAN)
    pos = Position(
        v, 1, [[], tiles("6-3 1-0"), tiles("2-0 1-1")], tiles("4-0"), layout, (0, 0), 1, 1
    )
    assert step(pos, parse_action("6-3T1")) is None
    assert v.legal_plays(pos) == [DRAW]


# -- scoring and the match ----------------------------------------------------------------------


def test_every_player_adds_their_own_pips_each_round():
    m = going_out()
    result = m.hands_log[0].result
    assert result is not None
    assert result.points == 0  # the player who went out adds nothing
    assert m.scores == (0, GOING_OUT_SEAT_2)
    # A blocked round of three: everyone adds their own pips, the lightest hand included.
    v = MexicanTrain(seats=3)
    hands = {1: tiles("6-5"), 2: tiles("1-0"), 3: tiles("12-12")}
    assert v.block_winner(hands) == 2
    assert v.score_hand((10, 20, 30), BLOCK, 2, hands) == (1, (21, 21, 54))


def test_the_lowest_total_after_the_last_round_wins():
    m = going_out(rounds=1)
    assert m.phase == OVER and m.turn is None
    assert (m.winner, m.winners) == (1, (1,))
    assert m.outcome is not None and m.outcome.scores == (0, GOING_OUT_SEAT_2)
    v = MexicanTrain()
    assert v.winners((0, 500, 500, 500), 12) is None  # however far ahead: round 13 is due
    assert v.winners((90, 31, 40, 200), 13) == (2,)


def test_equal_lowest_totals_share_the_win():
    # One round: seat 1 goes out on its train (12-1 2-1 3-2 ... 6-4) while seat 2 plays all
    # but 0-0 on its own (12-3 5-3 7-5 ... 1-0): 0 pips each, so both win the match.
    m = new_match(
        "12-1 2-1 3-2 4-3 5-4 6-5 7-6 8-7 9-8 10-9 11-10 11-0 2-0 4-2 6-4",
        "12-3 5-3 7-5 9-7 11-9 11-1 3-1 6-3 8-6 10-8 10-0 5-0 5-1 1-0 0-0",
        rounds=1,
    )
    play(
        m,
        "1:12-1T1 2:12-3T2 1:2-1T1 2:5-3T2 1:3-2T1 2:7-5T2 1:4-3T1 2:9-7T2 1:5-4T1 "
        "2:11-9T2 1:6-5T1 2:11-1T2 1:7-6T1 2:3-1T2 1:8-7T1 2:6-3T2 1:9-8T1 2:8-6T2 "
        "1:10-9T1 2:10-8T2 1:11-10T1 2:10-0T2 1:11-0T1 2:5-0T2 1:2-0T1 2:5-1T2 1:4-2T1 "
        "2:1-0T2 1:6-4T1",
    )
    assert m.held(2) == (Tile.of(0, 0),)
    assert m.phase == OVER and m.scores == (0, 0)
    assert (m.winner, m.winners) == (None, (1, 2))
    v = MexicanTrain()
    assert v.winners((90, 31, 31, 200), 13) == (2, 3)
    assert MexicanTrain(seats=2).winners((77, 77), 13) == (1, 2)


def test_the_number_of_rounds_is_an_option():
    assert MexicanTrain().rounds == 13
    short = MexicanTrain(rounds=3)
    assert short.winners((5, 9, 7, 8), 2) is None
    assert short.winners((5, 9, 7, 8), 3) == (1,)
    m = going_out(rounds=2)
    assert m.phase != OVER and m.hand_number == 2
    for bad in (0, 14):
        with pytest.raises(ValueError, match="rounds"):
            MexicanTrain(rounds=bad)


def test_the_number_of_players_is_an_option():
    v = MexicanTrain()
    assert (v.seats, v.hand_size, v.teams) == (4, 15, ((1,), (2,), (3,), (4,)))
    six = MexicanTrain(seats=6)
    assert (six.seats, six.hand_size) == (6, 12)
    assert six.teams == tuple((s,) for s in range(1, 7))  # no partners
    assert [t.end for t in trains(six.new_layout(1))] == [
        "t1",
        "t2",
        "t3",
        "t4",
        "t5",
        "t6",
        MEXICAN,
    ]
    assert six.info().seats == 6 and dict(six.info().options) == {"rounds": 13, "seats": 6}
    for bad in (1, 9):
        with pytest.raises(ValueError, match="seats"):
            MexicanTrain(seats=bad)


# -- the conformance kit ------------------------------------------------------------------------


@pytest.mark.slow  # the kit replays each match for its undo checks: a second or more
@pytest.mark.parametrize("seats", [2, 4, 8])
def test_mexican_train_keeps_capicuas_invariants(seats):
    # Two rounds a match keep the kit's undo checks (each replays the match) quick.
    report = check_variant(lambda: MexicanTrain(seats=seats, rounds=2), matches=2)
    assert report.matches == 2 and report.hands == 4


@pytest.mark.parametrize("player", [RandomPlayer, HeuristicPlayer])
def test_capicuas_players_can_play_mexican_train(player):
    # Built-in players; other players are checked by their own packages.
    report = check_player(player, [lambda: MexicanTrain(rounds=3)], time_limit=None)
    assert report.matches == 2 and report.hands == 6


@pytest.mark.parametrize("seats", [2, 5])
@pytest.mark.slow  # 1.4 s at load average 9 (-n 2): over 0.5 s alone
def test_the_computer_players_look_ahead_by_mexican_trains_rules(seats):
    # The look-ahead rebuilds each position from a seat's view and plays it out by the
    # variant's own methods; the engine must end the round the same way.
    report = check_simulator(lambda: MexicanTrain(seats=seats, rounds=2), positions=20)
    assert report.playouts == 2 * report.hands > 0


def test_the_lowest_score_is_the_best_for_the_computer_players():
    # The players read it from the variant: they play to add as few pips as they can.
    assert MexicanTrain.low_score_wins


@pytest.mark.slow  # a tournament in processes
def test_a_tournament_says_that_fewer_points_a_hand_are_better(tmp_path):
    config = tmp_path / "mt.toml"
    config.write_text(
        'variant = "mexican-train"\n[variant_options]\nseats = 2\n'
        '[seats]\n1 = "random"\n2 = "random"\n'
        "[tournament]\nmatches = 2\nseed = 1\nworkers = 1\n"
    )
    shown = subprocess.run(
        [sys.executable, "-m", "capicua", "tournament", str(config)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "COLUMNS": "80", "CAPICUA_LANG": "en"},
        timeout=600,
    )
    assert shown.returncode == 0, shown.stderr
    assert "pts/hand" in shown.stdout
    assert "pts/hand: points against, so the lower the better" in shown.stdout, shown.stdout


def test_the_score_panel_says_one_pip_and_many_pips():
    assert MexicanTrain().score_words((1, 0), 1) == "1 pip · lowest total wins"
    assert MexicanTrain().score_words((1, 0), 2) == "0 pips · lowest total wins"
