"""Match equity: what a hand's result is worth at a given score, from the variant's goal."""

from __future__ import annotations

import pytest

from capicua.core.variant import Variant
from capicua.players.equity import Equity, MatchModel, race_table, won_points
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


def test_chiva_series_values_follow_the_series_rule():
    model = MatchModel(Chiva(), 1)
    assert model.chance((0, 0)) == pytest.approx(0.5, abs=1e-12)
    assert model.chance((3, 0)) == pytest.approx(0.75, abs=1e-12)
    assert model.chance((0, 3)) == pytest.approx(0.25, abs=1e-12)
    assert model.chance((1, 0)) == pytest.approx(0.5625, abs=1e-12)
    assert model.chance((4, 0)) == 1.0 and model.chance((0, 4)) == 0.0


def test_in_chiva_a_tie_is_worth_half_a_win_at_every_score():
    for scores in [(0, 0), (2, 0), (0, 3), (3, 0)]:
        e = Equity(Chiva(), 1, scores)
        assert abs(e.value(0, 0) - (e.value(1, 0) + e.value(2, 0)) / 2) < 1e-12


def test_double_nine_values_more_points_more_and_near_the_end_only_the_win():
    e = Equity(DoubleNine100(), 1, (50, 50))
    assert e.value(0, 0) == pytest.approx(0.5, abs=1e-9)
    e = Equity(DoubleNine100(), 1, (40, 40))
    assert e.value(1, 60) > e.value(1, 20) > e.value(0, 0) > e.value(2, 20) > e.value(2, 60)
    near = Equity(DoubleNine100(), 1, (95, 10))
    assert near.value(1, 5) == near.value(1, 80) == 1.0


def test_double_nine_race_is_reckoned_from_its_measured_points():
    v = DoubleNine100()
    steps = won_points(v)
    assert sum(q for _, q in steps) == pytest.approx(1.0)
    assert round(sum(p * q for p, q in steps)) == 37  # the mean won hand
    # The side 60 from the goal against the side 40 from it: ours at 40, theirs at 60.
    assert Equity(v, 1, (40, 60)).value(0, 0) == race_table(100, steps)[60][40]


class _NoGoal(Variant):
    name, title, seats, teams = "no-goal", "No goal", 2, ((1,), (2,))
    block_winner = Variant.block_by_lowest_count
    next_scores = Variant.add_points

    def match_winner(self, scores):
        return None


def test_a_variant_without_a_goal_values_the_hand_only():
    e = Equity(_NoGoal(), 2, (7, 3))
    assert (e.value(2, 0), e.value(0, 0), e.value(1, 0)) == (1.0, 0.5, 0.0)


class _FirstToTwenty(Variant):
    name, title, seats, teams = "first-to-twenty", "First to twenty", 2, ((1,), (2,))
    goal = 20
    block_winner = Variant.block_by_lowest_count
    points = Variant.score_opponents_pips
    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal


def test_a_points_game_without_measured_points_is_measured_in_the_simulator():
    steps = won_points(_FirstToTwenty())
    assert steps and all(p >= 0 for p, _ in steps)
    assert sum(q for _, q in steps) == pytest.approx(1.0)
    e = Equity(_FirstToTwenty(), 1, (15, 0))
    assert e.value(1, 5) == 1.0  # reaches the goal
    assert e.value(1, 2) > e.value(0, 0) > e.value(2, 2)
