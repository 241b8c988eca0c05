"""Match equity: what a hand's result is worth at a given score."""

from __future__ import annotations

from capicua.players.equity import Equity, chiva_values, double_nine_value


def test_chiva_series_values_follow_the_series_rule():
    v = chiva_values()
    assert v[(0, 0)] == 0.5
    assert v[(3, 0)] == 0.75 and v[(0, 3)] == 0.25
    assert v[(1, 0)] == 0.5625


def test_in_chiva_a_tie_is_worth_half_a_win_at_every_score():
    for scores in [(0, 0), (2, 0), (0, 3), (3, 0)]:
        e = Equity("chiva", 1, scores)
        assert abs(e.value(0, 0) - (e.value(1, 0) + e.value(2, 0)) / 2) < 1e-12


def test_double_nine_values_more_points_more_and_near_the_end_only_the_win():
    assert double_nine_value(50, 50) == 0.5 or abs(double_nine_value(50, 50) - 0.5) < 1e-9
    e = Equity("double-nine-100", 1, (40, 40))
    assert e.value(1, 60) > e.value(1, 20) > e.value(0, 0) > e.value(2, 20) > e.value(2, 60)
    near = Equity("double-nine-100", 1, (95, 10))
    assert near.value(1, 5) == near.value(1, 80) == 1.0


def test_an_unknown_variant_values_the_hand_only():
    e = Equity("some-plugin-game", 2, (7, 3))
    assert (e.value(2, 0), e.value(0, 0), e.value(1, 0)) == (1.0, 0.5, 0.0)
