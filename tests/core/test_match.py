"""The match state machine: apply/undo/redo, refusals that say why, seeds."""

from __future__ import annotations

import random

import pytest

from capicua.core.actions import PASS, parse_action
from capicua.core.errors import IllegalAction, MatchOver, NobodyToMove, NothingToUndo
from capicua.core.match import Match
from capicua.core.records import dumps, to_record
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100
from deals import SEAT_2_HAS_NO_SIX, deal, play

HANDS = SEAT_2_HAS_NO_SIX  # seat 1 leads 6-6, seat 2 must pass


def random_play(m: Match, rng: random.Random, steps: int | None = None) -> None:
    n = 0
    while m.turn is not None and (steps is None or n < steps):
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
        n += 1


def snapshot(m: Match) -> str:
    return dumps(to_record(m, {})) + repr(m) + str(m.legal_actions())


def test_illegal_play_says_which_end_does_not_match():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, HANDS)])
    play(m, "1:6-6L 2:pass")
    with pytest.raises(IllegalAction, match=r"4-1 does not match the left end \(6\)"):
        m.apply(parse_action("4-1L"))


def test_playing_a_tile_not_held_is_refused():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, HANDS)])
    play(m, "1:6-6L 2:pass")
    with pytest.raises(IllegalAction, match="does not hold 5-4"):
        m.apply(parse_action("5-4L"))


def test_a_decision_of_the_wrong_kind_is_refused():
    v = DoubleNine100()
    m = Match(v, 1)
    with pytest.raises(IllegalAction, match="must choose pick N"):
        m.apply(PASS)


def test_undo_restores_the_exact_state_and_redo_reapplies():
    v = DoubleNine100()
    m = Match(v, 5)
    rng = random.Random(5)
    states = [snapshot(m)]
    for _ in range(80):
        random_play(m, rng, 1)
        states.append(snapshot(m))
    for i in range(80):
        undone = m.undo()
        assert snapshot(m) == states[-2 - i], f"undo {i + 1} ({undone})"
    with pytest.raises(NothingToUndo):
        m.undo()
    for i in range(80):
        m.redo()
        assert snapshot(m) == states[i + 1]
    with pytest.raises(NothingToUndo):
        m.redo()


def test_a_new_action_after_undo_clears_the_redo_stack():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, HANDS)])
    play(m, "1:6-6L 2:pass")
    m.undo()
    assert m.redo_stack == (PASS,)
    play(m, "2:pass")
    assert m.redo_stack == ()


def test_undo_across_the_end_of_a_hand_brings_back_the_same_deal():
    v = Chiva()
    m = Match(v, 11)
    rng = random.Random(11)
    while len(m.hands_log) < 3:
        random_play(m, rng, 1)
    second = m.hands_log[1].deal
    while len(m.hands_log) > 1 or m.hands_log[0].result is not None:
        m.undo()
    while m.redo_stack:
        m.redo()
    assert m.hands_log[1].deal == second


def test_restart_of_a_hand_keeps_the_deal_the_leader_and_the_scores_before_it():
    v = DoubleNine100()
    m = Match(v, 3)
    rng = random.Random(3)
    while len(m.hands_log) < 2 or m.hand.result is not None or len(m.hand.actions) < 5:
        random_play(m, rng, 1)
    log = m.hand
    deal_before, leader, scores = dict(log.deal), log.leader, m.scores
    taken = len(log.actions)
    assert m.restart_hand() == taken
    assert len(m.redo_stack) == taken
    assert m.hand.deal == deal_before and m.hand.leader == leader and m.scores == scores
    assert m.turn == leader and not m.line


def test_same_seed_same_match_byte_for_byte():
    v = DoubleNine100()
    records = []
    for _ in range(2):
        m = Match(v, 1234)
        random_play(m, random.Random(99))
        records.append(dumps(to_record(m, {})))
    assert records[0] == records[1]


def test_different_seeds_deal_differently():
    v = Chiva()
    assert Match(v, 1).hands_log[0].deal != Match(v, 2).hands_log[0].deal


def test_no_seed_draws_a_fresh_one_and_keeps_it_for_the_record():
    v = Chiva()
    a, b = Match(v), Match(v)
    assert a.seed != b.seed
    assert to_record(a, {})["seed"] == a.seed
    assert Match(v, a.seed).hands_log[0].deal == a.hands_log[0].deal


def test_deals_do_not_depend_on_the_players_choices():
    v = Chiva()
    firsts = []
    for choice_seed in (1, 2):
        m = Match(v, 77)
        rng = random.Random(choice_seed)
        while len(m.hands_log) < 3 and m.turn is not None:
            random_play(m, rng, 1)
        firsts.append([h.deal for h in m.hands_log[:3]])
    assert firsts[0][1] == firsts[1][1]


def test_applying_after_the_match_is_over_is_refused():
    v = Chiva()
    m = Match(v, 8)
    random_play(m, random.Random(8))
    assert m.over and m.outcome is not None and m.legal_actions() == []
    with pytest.raises(MatchOver, match="over"):
        m.apply(PASS)


def test_to_move_is_the_turn_while_the_match_runs_and_refused_once_it_is_over():
    v = Chiva()
    m = Match(v, 8)
    rng = random.Random(8)
    while m.turn is not None:
        assert m.to_move == m.turn
        random_play(m, rng, 1)
    with pytest.raises(NobodyToMove, match="over"):
        _ = m.to_move


def test_moves_name_the_seat_of_every_action_through_undo_and_redo():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, HANDS)])
    play(m, "1:6-6L 2:pass 3:6-2R")
    assert [(s, str(a)) for s, a in m.moves] == [(1, "6-6L"), (2, "pass"), (3, "6-2R")]
    assert str(m.undo(2)) == "pass"
    assert [s for s, _ in m.moves] == [1]
    m.redo()
    assert [s for s, _ in m.moves] == [1, 2]


def test_undo_of_more_actions_than_were_taken_is_refused():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, HANDS)])
    play(m, "1:6-6L")
    with pytest.raises(NothingToUndo, match="1 actions to undo, not 2"):
        m.undo(2)
