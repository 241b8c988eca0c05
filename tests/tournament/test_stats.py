"""The figures: Wilson intervals, and who is counted for what."""

from __future__ import annotations

import pytest

from capicua.tournament.stats import mean_ci, summarize, wilson
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


def test_wilson_matches_the_textbook_values():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(81, 263)
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)


def test_mean_interval_needs_two_values():
    assert mean_ci([]) == {"mean": None, "ci": None, "n": 0}
    assert mean_ci([3.0])["ci"] is None
    m = mean_ci([1.0, 3.0])
    assert m["mean"] == 2.0 and m["ci"][0] < 2.0 < m["ci"][1]


def game(seats, winner, label, hands, time=None, error=None):
    facts = {
        "winner": winner,
        "label": label,
        "hands": hands,
        "seats": {str(s): v for s, v in seats.items()},
        "time": time or {},
    }
    return facts, error


def test_an_entry_counts_for_its_team_and_mirrors_count_for_nobody():
    a = {1: "expert", 2: "random", 3: "expert", 4: "random"}
    swapped = {1: "random", 2: "expert", 3: "random", 4: "expert"}
    mixed = {1: "expert", 2: "random", 3: "random", 4: "random"}
    games = [
        game(
            a, 1, "chiva", [[1, "domino", 0]] * 4, time={"1": [10, 0.01, 0.002], "2": [5, 0.0, 0.0]}
        ),
        game(swapped, 2, "chiva", [[2, "block", 0], [0, "tie", 0]] + [[2, "domino", 0]] * 3),
        game(mixed, 2, "chiva", [[2, "domino", 0]] * 4),
        game(
            a,
            None,
            None,
            [[1, "domino", 0]],
            error={"seat": 2, "player": "random", "reason": "raised X"},
        ),
    ]
    s = summarize(((i, 100 + i, f, e) for i, (f, e) in enumerate(games)), Chiva, planned=6)
    assert (s["planned"], s["played"], s["finished"], s["errors"]) == (6, 4, 3, 1)
    team1, team2 = s["teams"]
    assert team1["matches"] == {**team1["matches"], "won": 1, "of": 3}
    assert team2["matches"]["won"] == 2 and team2["labels"] == {"chiva": 2}
    assert team1["hands"]["won"] == 4 and team1["hands"]["of"] == 13
    players = {p["entry"]: p for p in s["players"]}
    assert players["expert"]["matches"]["won"] == 2 and players["expert"]["matches"]["of"] == 3
    assert players["expert"]["labels"] == {"chiva": 2} and players["expert"]["mirror"] == 0
    assert players["random"]["matches"] == {**players["random"]["matches"], "won": 0, "of": 2}
    assert players["random"]["mirror"] == 1
    assert players["random"]["errors"] == 1
    assert players["expert"]["decisions"] == 10 and players["expert"]["decision_ms"][
        "mean"
    ] == pytest.approx(1.0)
    assert players["expert"]["decision_ms"]["max"] == pytest.approx(2.0)
    assert s["outcomes"] == {"block": 1, "domino": 11, "tie": 1}
    assert s["hands_per_match"]["mean"] == pytest.approx(13 / 3)
    assert s["error_list"] == [
        {"match": 4, "seed": 103, "seat": 2, "player": "random", "reason": "raised X"}
    ]
    assert "points_per_hand" not in team1  # Chiva scores series, not points


def test_points_per_hand_and_names_for_double_nine():
    seats = {1: "a", 2: "b", 3: "a", 4: "b"}
    games = [
        game(seats, 1, "tripollua", [[1, "domino", 104]]),
        game(seats, 2, "pollona", [[1, "block", 30], [2, "domino", 80], [0, "tie", 0]]),
    ]
    s = summarize(((i, i, f, e) for i, (f, e) in enumerate(games)), DoubleNine100, planned=2)
    players = {p["entry"]: p for p in s["players"]}
    assert players["a"]["points_per_hand"] == pytest.approx(134 / 4)
    assert players["b"]["points_per_hand"] == pytest.approx(80 / 4)
    assert players["a"]["labels"] == {"pollona": 0, "tripollua": 1}
    assert s["labels"] == {"pollona": 1, "tripollua": 1}


def test_a_shared_win_counts_for_every_team_that_shares_it():
    from capicua.core.variant import Variant

    class ThreeAlone(Variant):
        name = "three-alone"
        seats = 3
        teams = ((1,), (2,), (3,))
        block_winner = Variant.block_by_lowest_count
        next_scores = Variant.add_points
        match_winner = Variant.first_to_goal

    seats = {1: "a", 2: "b", 3: "c"}
    facts = {
        "winner": None,
        "winners": [1, 3],
        "label": None,
        "hands": [[1, "domino", 0]],
        "seats": {str(s): v for s, v in seats.items()},
    }
    s = summarize([(0, 100, facts, None)], ThreeAlone, planned=1)
    players = {p["entry"]: p for p in s["players"]}
    assert players["a"]["matches"]["won"] == 1 and players["c"]["matches"]["won"] == 1
    assert players["b"]["matches"]["won"] == 0


def test_an_entry_seated_twice_among_players_each_for_themselves_counts_once_a_match():
    from capicua.core.variant import Variant

    class FourAlone(Variant):
        name = "four-alone"
        seats = 4
        teams = ((1,), (2,), (3,), (4,))
        block_winner = Variant.block_by_lowest_count
        next_scores = Variant.add_points
        match_winner = Variant.first_to_goal

    seats = {1: "heuristic", 2: "random", 3: "heuristic", 4: "random"}
    won_by_3 = game(seats, 3, None, [[3, "domino", 0], [2, "domino", 0]])
    s = summarize([(0, 100, *won_by_3)], FourAlone, planned=1)
    players = {p["entry"]: p for p in s["players"]}
    assert players["heuristic"]["matches"]["won"] == 1 and players["heuristic"]["mirror"] == 0
    assert players["random"]["matches"] == {**players["random"]["matches"], "won": 0, "of": 1}
    assert players["heuristic"]["hands"]["won"] == 1 and players["random"]["hands"]["won"] == 1


def test_hands_per_match_never_has_a_bound_below_one_hand():
    seats = {1: "a", 2: "b", 3: "a", 4: "b"}
    games = [
        game(seats, 1, "chiva", [[1, "domino", 0]]),
        game(seats, 2, "chiva", [[2, "block", 0]] * 17),
    ]
    s = summarize(((i, i, f, e) for i, (f, e) in enumerate(games)), Chiva, planned=2)
    low, high = s["hands_per_match"]["ci"]
    assert s["hands_per_match"]["mean"] == 9.0
    assert low == 1.0 and high > 17  # the normal interval alone would go below zero


def test_a_player_kept_in_process_is_the_same_player_in_the_figures():
    # isolation says where a player runs, not who it is: one row, its matches counted.
    seats = {1: {"player": "heuristic", "isolation": "none"}, 2: "random", 3: "heuristic"}
    seats[4] = {"player": "random", "isolation": "process"}
    games = [game(seats, 1, "chiva", [[1, "domino", 0]] * 4)] * 2
    s = summarize(((i, i, f, e) for i, (f, e) in enumerate(games)), Chiva, planned=2)
    players = {p["entry"]: p for p in s["players"]}
    assert set(players) == {"heuristic", "random"}
    assert players["heuristic"]["matches"]["won"] == 2 and players["heuristic"]["mirror"] == 0
