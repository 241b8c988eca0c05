"""Double-nine 100's rules (docs/rules.md, "Double-nine 100"), each on an explicit deal."""

from __future__ import annotations

import pytest

from capicua.core.actions import KEEP, REDEAL, parse_action
from capicua.core.match import Match
from capicua.variants.double_nine import DoubleNine100
from deals import (
    DOMINO_BY_1,
    DOMINO_BY_1_PLAY,
    LOWEST_SEAT_2,
    LOWEST_SHARED_ACROSS_TEAMS,
    deal,
    draw,
    play,
)

# Partners 1 and 3 share the lowest count (75): team 1 wins.
LOWEST_SHARED_BY_PARTNERS = {
    1: "8-8 8-2 8-0 7-1 6-3 6-1 5-3 4-0 3-0 2-0",  # 75
    2: "8-6 8-5 7-7 7-6 6-5 6-2 5-0 4-4 4-1 3-1",  # 95
    3: "8-4 8-1 6-6 6-4 6-0 5-2 5-1 4-3 4-2 9-9",  # 75
    4: "8-7 7-5 7-3 7-2 5-5 5-4 3-2 2-2 2-1 0-0",  # 77
}
# Seat 2 holds five doubles; seat 4 six in the deal after the redeal.
FIVE_DOUBLES_SEAT_2 = {
    1: "9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0 8-7",
    2: "0-0 1-1 2-2 3-3 4-4 8-6 8-5 8-4 8-3 8-2",
    3: "8-1 8-0 7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-5",
    4: "6-4 6-3 6-2 6-1 6-0 5-4 5-3 5-2 5-1 5-0",
}
SIX_DOUBLES_SEAT_4 = {
    1: "9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0 8-7",
    2: "8-6 8-5 8-4 8-3 8-2 8-1 8-0 7-6 7-5 7-4",
    3: "7-3 7-2 7-1 7-0 6-5 6-4 6-3 6-2 6-1 6-0",
    4: "0-0 1-1 2-2 3-3 4-4 5-5 5-4 5-3 5-2 5-1",
}
FOUR_DOUBLES_EACH = {
    1: "0-0 1-1 2-2 3-3 9-8 9-7 9-6 9-5 9-4 9-3",
    2: "4-4 5-5 6-6 7-7 9-2 9-1 9-0 8-7 8-6 8-5",
    3: "8-4 8-3 8-2 8-1 8-0 7-6 7-5 7-4 7-3 7-2",
    4: "7-1 7-0 6-5 6-4 6-3 6-2 6-1 6-0 5-4 5-3",
}
FIVE_DOUBLES_SEATS_1_AND_3 = {
    1: "0-0 1-1 2-2 3-3 4-4 9-8 9-7 9-6 9-5 9-4",
    2: "9-3 9-2 9-1 9-0 8-7 8-6 8-5 8-4 8-3 8-2",
    3: "5-5 6-6 7-7 8-8 9-9 8-1 8-0 7-6 7-5 7-4",
    4: "7-3 7-2 7-1 7-0 6-5 6-4 6-3 6-2 6-1 6-0",
}


def team1_leads(v, *deals, leader=3):
    """A match whose draw team 1 wins (6-6 against 0-1) and whose seat 1 names ``leader``."""
    m = Match(v, 1, script=[draw(v, "6-6", "1-0"), *[deal(v, d) for d in deals]])
    play(m, f"1:draw 0 2:draw 0 1:lead {leader}")
    return m


def test_draw_higher_total_wins_and_its_lower_seat_chooses_the_leader():
    v = DoubleNine100()
    m = Match(v, 1, script=[draw(v, "1-0", "5-4"), deal(v, LOWEST_SEAT_2)])
    play(m, "1:draw 0 2:draw 0")
    assert m.draw_winner == 2
    assert m.phase == "lead" and m.turn == 2
    assert sorted(str(a) for a in m.legal_actions()) == ["lead 2", "lead 4"]


def test_draw_repeats_on_equal_totals_until_they_differ():
    v = DoubleNine100()
    m = Match(
        v,
        1,
        script=[
            draw(v, "4-3", "5-2"),
            draw(v, "6-0", "3-3"),
            draw(v, "9-9", "0-0"),
            deal(v, LOWEST_SEAT_2),
        ],
    )
    play(m, "1:draw 0 2:draw 0")  # 7 against 7
    assert m.phase == "draw" and m.turn == 1
    play(m, "1:draw 0 2:draw 0")  # 6 against 6
    assert m.phase == "draw"
    play(m, "1:draw 0 2:draw 0")  # 18 against 0
    assert m.draw_winner == 1 and len(m.draw_rounds) == 3
    assert m.phase == "lead" and m.turn == 1


def test_draw_for_first_lead_picks_from_all_face_down_tiles():
    v = DoubleNine100()
    m = Match(v, 1)
    assert len(m.legal_actions()) == 55
    m.apply(parse_action("draw 54"))
    assert m.turn == 2 and len(m.legal_actions()) == 54


def test_chosen_leader_plays_any_tile_no_double_required():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SEAT_2, leader=1)
    assert m.hand.chooser == 1 and m.hand.leader == 1 and m.turn == 1
    assert sorted(str(a) for a in m.legal_actions()) == sorted(
        f"{t}L" for t in LOWEST_SEAT_2[1].split()
    )


def test_block_won_by_lowest_individual_count_not_team_sum():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SEAT_2)
    play(m, "3:9-9L")
    r = m.hands_log[0].result
    assert (r.outcome, r.team, r.seat) == ("block", 2, None)


def test_winners_score_both_opponents_remaining_pips_on_a_block():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SEAT_2)
    play(m, "3:9-9L")
    assert m.hands_log[0].result.points == 70 + 73  # seats 1 and 3; not seat 4, not unused


def test_block_lowest_count_in_both_teams_is_a_tie_nobody_scores():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SHARED_ACROSS_TEAMS, LOWEST_SEAT_2)
    play(m, "3:9-9L")
    r = m.hands_log[0].result
    assert (r.outcome, r.team, r.points, r.scores) == ("tie", None, 0, (0, 0))


def test_after_a_tie_the_team_that_did_not_lead_is_entitled():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SHARED_ACROSS_TEAMS, LOWEST_SEAT_2)  # seat 3 (team 1) led
    play(m, "3:9-9L")
    assert m.phase == "lead" and m.turn == 2
    assert sorted(str(a) for a in m.legal_actions()) == ["lead 2", "lead 4"]


def test_block_partners_sharing_the_lowest_count_win():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SHARED_BY_PARTNERS)
    play(m, "3:9-9L")
    r = m.hands_log[0].result
    assert (r.outcome, r.team, r.points) == ("block", 1, 95 + 77)


def test_domino_scores_the_opponents_pips_only():
    v = DoubleNine100()
    m = team1_leads(v, DOMINO_BY_1, LOWEST_SEAT_2, leader=1)
    play(m, DOMINO_BY_1_PLAY)
    r = m.hands_log[0].result
    # Seat 2 keeps 8-6 (14), seat 4 8-0 0-0 (8); partner seat 3's 21 do not count.
    assert (r.outcome, r.team, r.seat, r.points, r.scores) == ("domino", 1, 1, 22, (22, 0))


def test_after_a_won_hand_the_winners_choose_the_next_leader():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SEAT_2, LOWEST_SEAT_2)
    play(m, "3:9-9L")  # team 2 wins with 143: the match is over
    assert m.over
    m = team1_leads(v, DOMINO_BY_1, LOWEST_SEAT_2, leader=1)
    play(m, DOMINO_BY_1_PLAY)
    assert m.phase == "lead" and m.turn == 1 and m.hand_number == 2


def test_player_with_five_doubles_may_demand_a_redeal():
    v = DoubleNine100()
    m = team1_leads(v, FIVE_DOUBLES_SEAT_2, SIX_DOUBLES_SEAT_4, leader=1)
    assert m.phase == "claim" and m.turn == 2
    assert m.legal_actions() == [KEEP, REDEAL]


def test_player_with_four_doubles_has_no_claim():
    v = DoubleNine100()
    m = team1_leads(v, FOUR_DOUBLES_EACH, leader=1)
    assert m.phase == "play" and m.turn == 1


def test_redeal_shows_only_the_doubles_and_keeps_the_leader():
    v = DoubleNine100()
    m = team1_leads(v, FIVE_DOUBLES_SEAT_2, SIX_DOUBLES_SEAT_4, leader=1)
    play(m, "2:redeal")
    log = m.hand
    assert len(log.redeals) == 1 and log.redeals[0].claimant == 2
    assert " ".join(str(t) for t in log.redeals[0].shown) == "0-0 1-1 2-2 3-3 4-4"
    assert log.leader == 1 and log.number == 1
    assert m.view(1).shown == ((2, log.redeals[0].shown),)


def test_after_a_redeal_the_acceptances_start_over():
    v = DoubleNine100()
    m = team1_leads(v, FIVE_DOUBLES_SEAT_2, SIX_DOUBLES_SEAT_4, FOUR_DOUBLES_EACH, leader=1)
    play(m, "2:redeal")
    assert m.phase == "claim" and m.turn == 4  # seat 4 now holds six doubles
    play(m, "4:redeal")
    assert len(m.hand.redeals) == 2
    assert m.phase == "play" and m.turn == 1  # the same leader, nobody else may claim


def test_keeping_a_five_doubles_hand_starts_play_with_the_leader():
    v = DoubleNine100()
    m = team1_leads(v, FIVE_DOUBLES_SEAT_2, leader=1)
    play(m, "2:keep")
    assert m.phase == "play" and m.turn == 1 and not m.hand.redeals


def test_claims_are_asked_in_turn_order_from_the_leader():
    v = DoubleNine100()
    m = team1_leads(v, FIVE_DOUBLES_SEATS_1_AND_3, leader=3)
    assert m.turn == 3
    play(m, "3:keep")
    assert m.turn == 1
    play(m, "1:keep")
    assert m.phase == "play" and m.turn == 3


@pytest.mark.parametrize(
    "before, team, points, after",
    [((0, 0), 1, 22, (22, 0)), ((22, 40), 2, 35, (22, 75)), ((50, 0), None, 0, (50, 0))],
)
def test_scores_add_up_over_the_match(before, team, points, after):
    assert DoubleNine100().next_scores(before, team, points) == after


def test_a_team_with_100_or_more_after_a_hand_wins():
    v = DoubleNine100()
    assert v.match_winner((99, 98)) is None
    assert v.match_winner((100, 40)) == 1
    assert v.match_winner((12, 131)) == 2


@pytest.mark.parametrize(
    "before, after, winner, label",
    [
        ((60, 0), (104, 0), 1, "pollona"),  # the opponents at 0
        ((0, 0), (143, 0), 1, "tripollua"),  # from 0 to 100 in one hand, against 0
        ((0, 0), (0, 120), 2, "tripollua"),
        ((0, 30), (120, 30), 1, None),  # from 0 in one hand, but not against 0
        ((80, 5), (101, 5), 1, None),
    ],
)
def test_match_names(before, after, winner, label):
    assert DoubleNine100().label(before, after, winner) == label


def test_one_hand_from_zero_to_100_against_zero_is_a_tripollua():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SEAT_2)
    play(m, "3:9-9L")
    assert m.outcome.winner == 2 and m.outcome.label == "tripollua"
    assert m.outcome.scores == (0, 143)


def test_the_fifteen_unused_tiles_are_never_dealt_to_a_hand():
    v = DoubleNine100()
    m = team1_leads(v, LOWEST_SEAT_2)
    assert len(m.unused) == 15
    assert all(t not in m.hands[s] for t in m.unused for s in range(1, 5))
    assert {t.hi for t in m.unused} >= {9}  # every nine but 9-9 is among them
