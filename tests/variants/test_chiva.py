"""Chiva's rules (docs/rules.md, "Chiva"), each pinned on an explicit deal."""

from __future__ import annotations

import pytest

from capicua.core.actions import PASS, parse_action
from capicua.core.errors import IllegalAction
from capicua.core.match import Match
from capicua.variants.chiva import Chiva
from deals import SEAT_2_HAS_NO_SIX, deal, play

# One deal that blocks after ten tiles with every six on the line and both ends 6:
#   (6,0)(0,1)(1,6)(6,6)(6,2)(2,3)(3,6)(6,4)(4,5)(5,6)
BLOCK_LINE = "1:6-6L 2:6-1L 3:6-2R 4:1-0L 1:3-2R 2:6-0L 3:6-3R 4:6-4R 1:5-4R 2:6-5R"
SIXES = {1: "6-6 3-2 5-4", 2: "6-1 6-0 6-5", 3: "6-2 6-3", 4: "1-0 6-4"}


def blocking_deal(v: Chiva, rest: dict[int, str]) -> list:
    """The ten-tile block above, with ``rest`` completing each seat's hand."""
    return deal(v, {s: f"{SIXES[s]} {rest[s]}" for s in range(1, 5)})


# Remaining tiles after the block, team totals 45-45 (a tie).
TIE_REST = {
    1: "0-0 5-5 2-0 5-3",
    2: "2-2 3-3 4-0 2-1",
    3: "1-1 4-4 3-0 5-2 4-1",
    4: "5-0 3-1 5-1 4-2 4-3",
}
# Team 1 lighter (39 against 51); seat 1 has 14 pips, seat 3 25.
TEAM1_REST = {
    1: "0-0 2-2 2-0 5-3",
    2: "5-5 3-3 4-0 2-1",
    3: "1-1 4-4 3-0 5-2 4-1",
    4: "5-0 3-1 5-1 4-2 4-3",
}
# Team 1 lighter with seat 3 (19 pips) lighter than seat 1 (20 pips).
SEAT3_LIGHTER_REST = {
    1: "0-0 5-5 1-1 4-4",
    2: "5-0 2-1 3-1 4-1",
    3: "2-2 3-3 2-0 3-0 4-0",
    4: "5-1 4-2 5-2 4-3 5-3",
}
# Team 1 lighter with both partners at 20 pips.
EQUAL_PARTNERS_REST = {
    1: "0-0 5-5 1-1 4-4",
    2: "4-0 2-1 3-1 4-1",
    3: "2-2 3-3 2-0 3-0 5-0",
    4: "5-1 4-2 5-2 4-3 5-3",
}
ANY = {
    1: "0-0 1-1 2-2 3-3 4-4 5-5 6-6",
    2: "1-0 2-0 3-0 4-0 5-0 6-0 2-1",
    3: "3-1 4-1 5-1 6-1 3-2 4-2 5-2",
    4: "6-2 4-3 5-3 6-3 5-4 6-4 6-5",
}


def test_first_hand_holder_of_double_six_leads_and_must_lead_it():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, {3: ANY[1], 1: ANY[2], 2: ANY[3], 4: ANY[4]})])
    assert m.turn == 3
    assert [str(a) for a in m.legal_actions()] == ["6-6L"]


def test_leading_anything_but_double_six_in_the_first_hand_is_refused():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, ANY)])
    with pytest.raises(IllegalAction, match="opened with 6-6"):
        m.apply(parse_action("5-5L"))


def test_forced_play_offers_only_tiles_that_match_an_end():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, TIE_REST)])
    play(m, "1:6-6L")
    # Seat 2 holds 6-1 6-0 6-5 2-2 3-3 4-0 2-1: only the sixes fit, on either end.
    assert sorted(str(a) for a in m.legal_actions()) == [
        "6-0L",
        "6-0R",
        "6-1L",
        "6-1R",
        "6-5L",
        "6-5R",
    ]


def test_forced_pass_is_the_only_action_when_nothing_fits():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, TIE_REST)])
    play(m, "1:6-6L 2:6-1L 3:6-2R")
    play(m, "4:1-0L")  # ends 0 and 2
    play(m, "1:3-2R 2:6-0L 3:6-3R 4:6-4R")  # ends 6 and 4
    assert m.ends == (6, 4)
    # Seat 1 now holds 5-4 and 0-0 5-5 2-0 5-3: 5-4 fits the right end.
    assert [str(a) for a in m.legal_actions()] == ["5-4R"]


def test_no_voluntary_pass_while_a_tile_fits():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, TIE_REST)])
    play(m, "1:6-6L")
    with pytest.raises(IllegalAction, match="has a tile that fits and must play it"):
        m.apply(PASS)


def test_a_pass_is_forced_when_no_tile_matches():
    v = Chiva()
    # Seat 2 holds no six: after 6-6 it must pass.
    hands = SEAT_2_HAS_NO_SIX
    m = Match(v, 1, script=[deal(v, hands)])
    play(m, "1:6-6L")
    assert m.legal_actions() == [PASS]
    play(m, "2:pass 3:6-0L")
    assert m.turn == 4


def test_block_is_detected_at_once_after_the_tile_that_causes_it():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, TIE_REST), deal(v, ANY)])
    play(m, BLOCK_LINE)
    first = m.hands_log[0]
    assert first.result is not None and first.result.outcome in ("block", "tie")
    assert len(first.actions) == 10  # no passes after the blocking tile


def test_block_won_by_lower_team_total():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, TEAM1_REST), deal(v, ANY)])
    play(m, BLOCK_LINE)
    r = m.hands_log[0].result
    assert (r.outcome, r.team, r.seat, r.points, r.scores) == ("block", 1, None, 0, (1, 0))


def test_after_won_block_the_lighter_partner_of_the_winners_leads_any_tile():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, SEAT3_LIGHTER_REST), deal(v, ANY)])
    play(m, BLOCK_LINE)
    assert m.hands_log[0].result.team == 1
    assert m.turn == 3 and m.hand.leader == 3  # 19 pips against seat 1's 20
    assert m.required is None
    assert len(m.legal_actions()) == 7  # any of seat 3's tiles


def test_after_won_block_equal_partners_the_lower_seat_leads():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, EQUAL_PARTNERS_REST), deal(v, ANY)])
    play(m, BLOCK_LINE)
    assert m.hands_log[0].result.team == 1
    assert m.hand.leader == 1


def test_block_tie_keeps_series_and_restarts_with_double_six():
    v = Chiva()
    # Hand 2: seat 4 holds 6-6 and must lead it.
    m = Match(
        v,
        1,
        script=[blocking_deal(v, TIE_REST), deal(v, {4: ANY[1], 1: ANY[2], 2: ANY[3], 3: ANY[4]})],
    )
    play(m, BLOCK_LINE)
    r = m.hands_log[0].result
    assert (r.outcome, r.team, r.scores) == ("tie", None, (0, 0))
    assert m.hand.leader == 4
    assert [str(a) for a in m.legal_actions()] == ["6-6L"]


# A hand that seat 4 ends by playing its last tile (team 2 wins).
DOMINO_BY_4 = {
    1: "6-3 6-0 5-3 1-0 6-1 2-0 5-4",
    2: "6-2 4-2 5-0 6-5 0-0 5-5 3-1",
    3: "5-2 4-0 2-1 5-1 3-3 4-1 4-4",
    4: "1-1 3-0 6-4 4-3 6-6 3-2 2-2",
}
DOMINO_BY_4_PLAY = (
    "4:6-6L 1:6-1R 2:6-2L 3:5-2L 4:1-1R 1:5-4L 2:3-1R 3:3-3R 4:4-3R 1:pass "
    "2:4-2R 3:4-0L 4:3-2R 1:6-0L 2:6-5L 3:5-1L 4:3-0R 1:1-0R 2:pass 3:2-1R "
    "4:2-2R 1:2-0R 2:5-0R 3:4-1L 4:6-4L"
)
# Led by seat 1 after TEAM1_REST's block; seat 2 goes out (team 2 wins).
DOMINO_BY_2 = {
    1: "2-0 4-4 4-0 5-2 2-2 0-0 3-1",
    2: "6-0 5-4 5-3 6-2 6-4 2-1 1-1",
    3: "6-1 3-0 4-1 5-5 3-3 6-5 5-0",
    4: "5-1 3-2 1-0 4-3 6-3 4-2 6-6",
}
DOMINO_BY_2_PLAY = (
    "1:4-0L 2:6-0R 3:4-1L 4:5-1L 1:5-2L 2:6-2R 3:pass 4:3-2L 1:3-1L 2:1-1L "
    "3:6-1L 4:6-6L 1:2-2R 2:2-1R 3:6-5L 4:1-0R 1:0-0R 2:5-4L 3:5-0R 4:4-2L "
    "1:2-0L 2:5-3R 3:3-0L 4:6-3R 1:pass 2:6-4R"
)


def test_domino_ends_the_hand_for_the_team_of_the_player_who_went_out():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, DOMINO_BY_4), deal(v, ANY)])
    play(m, DOMINO_BY_4_PLAY)
    r = m.hands_log[0].result
    assert (r.outcome, r.team, r.seat, r.points, r.scores) == ("domino", 2, 4, 0, (0, 1))


def test_after_domino_the_player_who_went_out_leads_any_tile():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, DOMINO_BY_4), deal(v, ANY)])
    play(m, DOMINO_BY_4_PLAY)
    assert m.hand.number == 2 and m.hand.leader == 4 and m.turn == 4
    assert m.required is None
    assert sorted(str(a) for a in m.legal_actions()) == sorted(f"{t}L" for t in ANY[4].split())


def test_series_win_against_zero_adds_one():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, TEAM1_REST), deal(v, ANY)])
    play(m, BLOCK_LINE)
    assert m.scores == (1, 0)


def test_series_break_sets_both_to_zero_and_the_breaker_starts_no_series():
    v = Chiva()
    m = Match(v, 1, script=[blocking_deal(v, TEAM1_REST), deal(v, DOMINO_BY_2), deal(v, ANY)])
    play(m, BLOCK_LINE)
    assert m.scores == (1, 0)
    play(m, DOMINO_BY_2_PLAY)
    r = m.hands_log[1].result
    assert (r.team, r.seat, r.scores) == (2, 2, (0, 0))


def test_after_a_series_break_the_lead_follows_the_winner_not_double_six():
    v = Chiva()
    # In hand 3 seat 4 holds 6-6, but seat 2 went out and leads any tile.
    m = Match(
        v,
        1,
        script=[
            blocking_deal(v, TEAM1_REST),
            deal(v, DOMINO_BY_2),
            deal(v, {4: ANY[1], 1: ANY[2], 2: ANY[3], 3: ANY[4]}),
        ],
    )
    play(m, BLOCK_LINE + " " + DOMINO_BY_2_PLAY)
    assert m.scores == (0, 0)
    assert m.hand.leader == 2 and m.required is None
    assert len(m.legal_actions()) == 7


@pytest.mark.parametrize(
    "before, team, after",
    [
        ((0, 0), 1, (1, 0)),  # at 0-0 the winner gets 1
        ((0, 0), 2, (0, 1)),
        ((2, 0), 1, (3, 0)),  # the opponents have 0: +1
        ((0, 3), 2, (0, 4)),
        ((2, 0), 2, (0, 0)),  # the winless side breaks the series: both to 0
        ((0, 3), 1, (0, 0)),
        ((1, 0), None, (1, 0)),  # a tie changes nothing
    ],
)
def test_series_arithmetic(before, team, after):
    assert Chiva().next_scores(before, team, 0) == after


def test_four_wins_to_none_is_a_chiva_and_ends_the_match():
    v = Chiva()
    assert v.match_winner((3, 0)) is None
    assert v.match_winner((4, 0)) == 1
    assert v.match_winner((0, 4)) == 2
    assert v.label((3, 0), (4, 0), 1) == "chiva"


def test_a_match_ends_after_the_fourth_consecutive_win():
    v = Chiva()
    # Team 2's seat 4 goes out four times in a row with the same deal turned so that
    # seat 4 always holds the hand that goes out and leads.
    script = [deal(v, DOMINO_BY_4)] * 4
    m = Match(v, 1, script=script)
    play(m, DOMINO_BY_4_PLAY)
    for _ in range(3):
        # Seat 4 leads again: the same plays from 6-6 are legal (6-6 is not required now,
        # but seat 4 chooses it).
        play(m, DOMINO_BY_4_PLAY)
    assert m.over and m.scores == (0, 4)
    assert m.outcome.winner == 2 and m.outcome.label == "chiva"
    assert m.legal_actions() == []


def test_five_doubles_do_not_cancel_a_chiva_hand():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, ANY)])  # seat 1 holds all seven doubles
    assert m.phase == "play" and m.turn == 1
    assert "redeal" not in [str(a) for a in m.legal_actions()]


def test_the_leaders_partner_never_takes_over_the_lead():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, DOMINO_BY_4), deal(v, ANY)])
    play(m, DOMINO_BY_4_PLAY)
    # Seat 4 went out and leads; its partner, seat 2, holds tiles but has no action.
    assert m.turn == 4
    assert m.view(4).legal and m.view(2).legal == ()
