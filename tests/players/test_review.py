"""The expert's verdict on one decision: marks, words, and the seat's view alone.

Positions are written out as explicit Chiva deals and histories. The information-set test
builds, for random positions of both games, a twin match with the same view for the seat to
move and the hidden tiles dealt differently (tests/players/test_fair_play.py's
construction), and checks that the review of the decision is the same in both.
"""

from __future__ import annotations

import random

import pytest
from player_positions import random_position
from test_fair_play import VARIANTS, same_information_set

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.review.judge import (
    BLUNDER,
    hindsight,
    is_decision,
    judge,
    position_stream,
)
from capicua.review.walk import review_match
from capicua.review.words import decision_lines, hindsight_line
from capicua.variants.chiva import Chiva
from deals import deal, play

# Seat 4 to move with 0-0 5-2 6-3, the ends 6 and 3; its partner, seat 2, has passed on 1
# and 6. The 6-3 on the 3 end leaves 6 at both ends: seat 2 cannot play. On the 6 end it
# leaves 3 at both ends, which seat 2 may hold.
PARTNER_PASS = {
    1: "4-1 2-0 5-3 4-0 6-5 6-6 3-1",
    2: "3-2 4-2 4-4 2-2 5-5 6-0 5-0",
    3: "3-0 4-3 5-4 6-1 2-1 1-1 6-2",
    4: "0-0 5-2 3-3 1-0 6-3 5-1 6-4",
}
PARTNER_PASS_PLAY = (
    "1:6-6L 2:6-0R 3:3-0R 4:3-3R 1:6-5L 2:5-5L 3:5-4L 4:6-4L 1:3-1R 2:pass 3:1-1R "
    "4:5-1R 1:5-3R 2:3-2R 3:2-1R 4:1-0R 1:4-0R 2:4-4R 3:4-3R"
)

# Seat 1 to move with 2-1 5-0 5-1 5-2, the ends 6 and 5; seat 3, its partner, holds the
# last tile of the hand that fits and both opponents have passed on 5 and 6: whichever 5
# seat 1 plays, seat 3 goes out next round. Every move wins the hand.
ALL_EQUAL = {
    1: "5-2 2-1 4-4 5-0 1-1 5-1 5-4",
    2: "6-4 3-3 6-1 6-0 4-2 4-0 3-2",
    3: "6-6 6-2 6-3 6-5 3-1 1-0 5-5",
    4: "3-0 2-0 0-0 4-3 4-1 5-3 2-2",
}
ALL_EQUAL_PLAY = (
    "3:6-6L 4:pass 1:pass 2:6-4L 3:6-5R 4:5-3R 1:4-4L 2:3-3R 3:6-3R 4:4-3L 1:pass 2:6-0R "
    "3:3-1L 4:0-0R 1:1-1L 2:6-1L 3:1-0R 4:4-1R 1:5-4R 2:pass 3:5-5R 4:pass"
)


def position(hands: dict[int, str], steps: str, seed: int = 1) -> Match:
    v = Chiva()
    m = Match(v, seed, [deal(v, hands)])
    play(m, steps)
    return m


@pytest.mark.slow
def test_forcing_the_partner_to_pass_when_the_other_end_avoids_it_is_a_blunder():
    m = position(PARTNER_PASS, PARTNER_PASS_PLAY)
    view = m.view(4)
    assert view.ends == (6, 3) and view.voids()[2] == frozenset({1, 6})
    j = judge(view, parse_action("6-3R"))
    assert j.mark == "blunder" and j.loss >= BLUNDER
    assert j.best.words == "6-3 on the 6 end (L)"
    assert j.played.words == "6-3 on the 3 end (R)"
    assert j.best.hand > j.played.hand + BLUNDER
    assert "against 6-3 on the 3 end (R)" in j.reason
    assert "would leave your partner without a play" in j.reason
    lines = decision_lines(review_decision(m, "6-3R"), "seat 4")
    assert lines[0] == (
        f"Seat 4 played 6-3 on the 3 end (R): a blunder (-{j.loss * 100:.0f}%); "
        "6-3 on the 6 end (L) was better."
    )
    assert lines[2].startswith("Why: 6-3 on the 6 end (L): ")


def review_decision(m: Match, action: str):
    """The review of the seat to move's decision ``action`` in ``m``, through a match walk."""
    seat, h = m.turn, m.hand_number
    m.apply(parse_action(action))
    review = review_match(m, seats={seat}, hands={h})
    m.undo()
    return review.decisions[-1]


def test_the_end_that_keeps_the_partner_playing_is_the_experts_choice_and_unmarked():
    view = position(PARTNER_PASS, PARTNER_PASS_PLAY).view(4)
    j = judge(view, parse_action("6-3L"))
    assert j.mark is None and j.loss == 0.0
    assert j.best.action is j.played.action
    assert "without a play" not in j.reason


@pytest.mark.slow
def test_a_position_where_every_move_is_equal_marks_none():
    view = position(ALL_EQUAL, ALL_EQUAL_PLAY).view(1)
    assert len(view.legal) == 3
    for action in view.legal:
        j = judge(view, action)
        assert j.mark is None and j.loss == 0.0, action
        assert {o.hand for o in j.options} == {1.0}


@pytest.mark.slow
def test_what_the_revealed_hands_show_is_a_separate_line():
    m = position(PARTNER_PASS, PARTNER_PASS_PLAY)
    view = m.view(4)
    seen = hindsight(view, parse_action("6-3R"), [m.held(s) for s in range(1, 5)])
    assert seen.better is not None and seen.better.words == "6-3 on the 6 end (L)"
    assert seen.played.winner == 1  # the opponents win the hand on the real deal
    assert hindsight_line(seen, "seat 4") == (
        "Had seat 4 known every hand: 6-3 on the 6 end (L) ties the hand; this play loses the hand."
    )
    assert hindsight_line(seen, "you").startswith("Had you known every hand: ")
    lines = decision_lines(review_decision(m, "6-3R"), "seat 4")
    assert lines[-1].startswith("Had seat 4 known every hand")
    assert not any("known" in line for line in lines[:-1])


def test_a_judgement_is_the_same_for_the_same_view_level_and_seed():
    view = position(PARTNER_PASS, PARTNER_PASS_PLAY).view(4)
    assert judge(view, parse_action("6-3R"), "fast", 3) == judge(
        view, parse_action("6-3R"), "fast", 3
    )
    a = position_stream(view, "normal", 0).random()
    assert a == position_stream(view, "normal", 0).random()
    assert a != position_stream(view, "normal", 1).random()


def test_only_real_choices_are_judged():
    m = position(PARTNER_PASS, "")
    view = m.view(1)  # the 6-6 must open: nothing to choose
    assert not is_decision(view)
    with pytest.raises(ValueError, match="no choice"):
        judge(view, view.legal[0])
    view = position(PARTNER_PASS, PARTNER_PASS_PLAY).view(4)
    with pytest.raises(ValueError, match="level"):
        judge(view, parse_action("6-3R"), "grandmaster")
    with pytest.raises(ValueError, match="not legal"):
        judge(view, parse_action("5-2L"))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "seed"),
    [("chiva", s) for s in (0, 2, 3, 5)] + [("double-nine-100", s) for s in range(1, 5)],
)
def test_the_same_view_with_the_hidden_tiles_dealt_differently_gets_the_same_review(name, seed):
    m = random_position(VARIANTS[name], seed)
    twin = same_information_set(m, random.Random(seed))
    assert twin is not None
    seat = m.turn
    view, other = m.view(seat), twin.view(seat)
    assert view == other
    assert any(sorted(m.hands[s]) != sorted(twin.hands[s]) for s in range(1, 5) if s != seat)
    assert is_decision(view)
    action = view.legal[-1]
    assert judge(view, action, "fast") == judge(other, action, "fast")
    # Through the match walk too: every decision of the seat this hand, judged alike.
    h = m.hand_number
    for match in (m, twin):
        match.apply(action)
    mine = review_match(m, seats={seat}, hands={h}, level="fast", with_hindsight=False)
    theirs = review_match(twin, seats={seat}, hands={h}, level="fast", with_hindsight=False)
    assert mine.decisions and [d.judgement for d in mine.decisions] == [
        d.judgement for d in theirs.decisions
    ]


@pytest.mark.slow
def test_a_match_review_judges_only_the_chosen_seats_and_hands_and_leaves_the_match_be():
    m = position(PARTNER_PASS, PARTNER_PASS_PLAY + " 4:6-3R")
    moves = m.moves
    review = review_match(m, seats={4}, level="fast")
    assert m.moves == moves and m.redo_stack == ()
    assert review.decisions and {d.seat for d in review.decisions} == {4}
    last = review.decisions[-1]
    assert (last.hand, last.move, last.index) == (1, 19, 19)
    assert last.judgement.mark == "blunder" and last.hindsight is not None
    plays_of_4 = sum(1 for s, _a in m.hand.actions if s == 4)
    assert len(review.decisions) + review.forced == plays_of_4
    everyone = review_match(m, level="fast", with_hindsight=False)
    assert {d.seat for d in everyone.decisions} == {1, 2, 3, 4}
    assert all(d.hindsight is None for d in everyone.decisions)
    summary = everyone.summary()
    assert sum(x.decisions for x in summary.values()) == len(everyone.decisions)
    assert summary[4].blunders >= 1


def test_a_match_review_refuses_a_seat_hand_or_level_the_match_has_not():
    m = position(PARTNER_PASS, PARTNER_PASS_PLAY)
    with pytest.raises(ValueError, match="no seat 5"):
        review_match(m, seats={5})
    with pytest.raises(ValueError, match="no hand 2"):
        review_match(m, hands={2})
    with pytest.raises(ValueError, match="level"):
        review_match(m, level="deep")
