"""The table's model without Tk: what undo, redo and restart take back, and holding a hand."""

from __future__ import annotations

import pytest
from table_helpers import (
    CHOICES,
    FORCED_PASS,
    PLUGINS,
    SEATS,
    TEAM1_REST,
    MustNotBeAsked,
    chiva_block,
    double_nine_at_claim,
    drive,
    session,
)

from capicua.core.actions import KEEP, PASS, REDEAL, parse_action
from capicua.core.errors import NothingToUndo
from capicua.core.records import replay, to_record
from capicua.gui.board import line_of
from capicua.gui.model import SeatsError, Session


def test_undo_takes_back_the_persons_move_and_every_computer_reply_after_it():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    before = s.match.actions
    s.apply(parse_action("5-0L"))
    drive(s)
    assert len(s.match.actions) > len(before) + 1  # the computers replied
    assert s.undo_span() == len(s.match.actions) - len(before)
    s.undo()
    assert s.match.actions == before
    assert s.match.turn == 1


def test_undo_goes_past_a_forced_pass_to_the_last_tile_the_person_chose():
    s = session(hands=FORCED_PASS, steps="")
    s.apply(parse_action("6-6L"))
    for step in ("6-5L", "6-4R", "5-3L"):
        s.apply(parse_action(step))
    assert s.automatic() is PASS  # seat 1 has no 3 or 4
    s.apply(PASS)
    s.apply(parse_action("4-4R"))
    assert s.undo_span() == 6
    s.undo()
    assert s.match.actions == ()


def test_redo_restores_exactly_the_undone_replies_without_asking_anyone():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    s.apply(parse_action("4-1R"))
    drive(s)
    after = s.match.actions
    s.undo()
    s.players = {seat: MustNotBeAsked() for seat in s.players}
    assert s.can_redo
    s.redo()
    assert s.match.actions == after
    assert not s.can_redo


def test_a_new_move_after_undo_forgets_the_redo():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    s.apply(parse_action("4-1R"))
    s.undo()
    s.apply(parse_action("5-0L"))
    assert not s.can_redo
    with pytest.raises(NothingToUndo):
        s.redo()


def test_nothing_to_undo_before_the_person_has_decided_anything():
    s = session(hands=CHOICES, steps="")
    assert s.undo_span() == 0
    with pytest.raises(NothingToUndo):
        s.undo()


def test_a_computer_only_table_has_no_person_and_no_undo():
    s = session(hands=CHOICES, seats={1: "random", 2: "random", 3: "random", 4: "random"})
    assert s.human is None and s.viewpoint == 1
    drive(s)
    assert s.held_hand == 1 and s.undo_span() == 0


def test_a_finished_hand_is_held_until_the_person_continues():
    s = session(seed=4)
    while s.held_hand is None:
        drive(s)
        if s.held_hand is None:
            s.apply(s.match.legal_actions()[0])
    assert s.held_hand == 1 and s.waiting_for_person
    assert s.held().result is s.match.hands_log[0].result
    s.proceed()
    assert s.held_hand is None


def test_restart_replays_the_deal_from_its_first_tile_with_the_scores_before_it():
    s = session(seed=4)
    while s.finished() < 1:
        drive(s)
        if s.held_hand is None and s.finished() < 1:
            s.apply(s.match.legal_actions()[0])
    scores_after_hand_1 = s.match.scores
    s.proceed()
    drive(s)
    s.apply(s.match.legal_actions()[0])
    drive(s)
    if s.held_hand is not None:  # hand 2 ended at once: restart that one
        s.restart()
    else:
        deal = s.match.hand.deal
        s.restart()
        assert s.match.hand.deal == deal and s.match.hand.actions == []
        assert s.match.scores == scores_after_hand_1
    assert s.match.hand_number == 2 and s.held_hand is None


def test_restart_on_a_finished_hand_takes_its_result_back_and_redo_restores_it():
    s = session(seed=4)
    while s.held_hand is None:
        drive(s)
        if s.held_hand is None:
            s.apply(s.match.legal_actions()[0])
    done = s.match.actions
    s.restart()
    assert s.match.scores == (0, 0) and s.match.hand.result is None
    assert s.match.hand.actions == []
    s.redo()
    assert s.match.actions == done and s.held_hand == 1


def test_restart_keeps_the_redeal_claims_and_the_leader_of_the_deal():
    s = double_nine_at_claim()
    s.apply(KEEP)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    s.restart()
    assert s.match.phase == "play" and s.match.turn == 1
    assert s.match.actions[-1] is KEEP


def test_a_redeal_claim_is_a_decision_undo_takes_back():
    s = double_nine_at_claim()
    s.apply(REDEAL)
    assert s.match.hand.redeals[0].claimant == 1
    assert s.undo_span() >= 1
    s.undo()
    assert s.match.phase == "claim" and s.match.turn == 1


def test_who_moved_is_recovered_for_a_match_rebuilt_from_its_record():
    s = session(seed=9)
    for _ in range(3):
        drive(s)
        if s.held_hand is not None:
            s.proceed()
        elif not s.match.over:
            s.apply(s.match.legal_actions()[0])
    again = replay(to_record(s.match, SEATS), PLUGINS.variants)
    assert [seat for seat, _ in again.moves] == list(s.actors)


def test_two_people_cannot_sit_at_one_table():
    with pytest.raises(SeatsError, match="seats 1 and 3 are both people"):
        session(seats={1: "human", 2: "random", 3: "human", 4: "random"})


def test_the_table_is_seen_from_the_persons_seat():
    s = session(seats={1: "random", 2: "random", 3: "human", 4: "random"})
    assert s.human == 3 and s.viewpoint == 3 and s.view().seat == 3


def test_the_line_drawn_is_the_engines_with_its_opening_and_last_tile():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass 1:5-0L")
    view = s.view()
    line = line_of(view.layout, view.history)
    assert line.tiles == ((0, 5), (5, 6), (6, 6), (6, 4)) == view.layout.tiles
    assert line.opening == 2 and line.last == 0


def test_a_persons_single_tile_is_not_played_for_them_but_a_forced_pass_is():
    s = session(hands=FORCED_PASS)
    assert s.match.legal_actions() == [parse_action("6-6L")]
    assert s.automatic() is None  # the 6-6 lead is still theirs to put down
    for step in ("6-6L", "6-5L", "6-4R", "5-3L"):
        s.apply(parse_action(step))
    assert s.automatic() is PASS and not s.waiting_for_person


def test_a_match_resumed_right_after_a_hands_last_tile_shows_that_hand_first():
    s = chiva_block(TEAM1_REST)
    again = Session(replay(to_record(s.match, SEATS), PLUGINS.variants), SEATS, PLUGINS.players)
    assert again.held_hand == 1
    s.proceed()
    s.apply(s.match.legal_actions()[0])  # seat 1, the lighter winner, leads hand 2
    assert s.match.hand.number == 2 and s.match.hand.actions
    later = Session(replay(to_record(s.match, SEATS), PLUGINS.variants), SEATS, PLUGINS.players)
    assert later.held_hand is None


def test_a_persons_forced_draw_is_theirs_to_make_by_a_tap():
    pytest.importorskip("capicua_draw", reason="Draw is an example plugin under examples/")
    from capicua.core.actions import DRAW
    from capicua.core.tiles import Tile, tile_set
    from capicua.plugins import load_plugins

    plugins = load_plugins()
    # The person (seat 1) opens with 6-6; seat 2 answers 6-0; the person then holds no 0
    # and no 6, and the boneyard has tiles to draw: the draw is theirs, made by a tap.
    person = "6-6 5-5 5-4 4-4 5-3 4-3 3-3"
    other = "6-0 2-1 2-0 1-0 2-2 1-1 0-0"
    dealt = [Tile.parse(t) for t in f"{person} {other}".split()]
    order = dealt + [t for t in tile_set(6) if t not in dealt]
    match = plugins.variants.create("draw").new_match(1, [order])
    s = Session(match, {1: "human", 2: "random"}, plugins.players)
    s.apply(parse_action("6-6L"))
    s.apply(parse_action("6-0L"))
    assert s.match.turn == 1 and s.match.legal_actions() == [DRAW]
    assert s.automatic() is None and s.waiting_for_person
