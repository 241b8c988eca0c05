"""The computer players at tables the built-in games never set: three players each for
themselves, and six seats in three partnerships."""

from __future__ import annotations

import pytest

from capicua.core.variant import Variant
from capicua.players.expert import ExpertPlayer
from capicua.players.heuristic import HeuristicPlayer
from capicua.players.sim import rules_for
from capicua.testing import check_player, check_simulator


class Three(Variant):
    """Three players, double-six, seven tiles each (seven unused); the lowest count wins a
    block and every won hand scores the others' pips, to 60."""

    name, title, seats, teams = "three", "Three", 3, ((1,), (2,), (3,))
    goal = 60
    block_winner = Variant.block_by_lowest_count
    points = Variant.score_opponents_pips
    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal


class Six(Variant):
    """Six seats in three partnerships (1+4, 2+5, 3+6), double-nine, seven tiles each;
    Chiva-like: the lowest team total wins a block, won hands counted in a row, three win."""

    name, title, seats, max_pip = "six", "Six", 6, 9
    teams = ((1, 4), (2, 5), (3, 6))
    scoring, goal = "series", 3
    block_winner = Variant.block_by_team_total

    def next_scores(self, scores, team, points):
        if team is None:
            return scores
        return tuple(s + 1 if t == team else 0 for t, s in enumerate(scores, 1))

    def match_winner(self, scores):
        return next((t for t, s in enumerate(scores, 1) if s >= self.goal), None)


@pytest.mark.parametrize("variant", [Three, Six])
def test_the_simulator_scores_as_the_engine_at_other_tables(variant):
    check_simulator(variant, positions=30)


@pytest.mark.slow
@pytest.mark.parametrize("player", [HeuristicPlayer, ExpertPlayer])
def test_the_computer_players_play_other_tables(player):
    options = {"level": "fast"} if player is ExpertPlayer else {}
    report = check_player(
        player, [Three, Six], options=options, matches=1, time_limit=None, max_decisions=80
    )
    assert report.decisions >= 100


def test_partners_are_the_seats_of_the_team_and_none_where_teams_are_single():
    from capicua.players.sim import teammates

    assert teammates(rules_for(Six())) == ((3,), (4,), (5,), (0,), (1,), (2,))
    assert teammates(rules_for(Three())) == ((), (), ())
