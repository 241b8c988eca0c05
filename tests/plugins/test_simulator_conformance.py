"""capicua.testing.check_simulator on every installed variant: the computer players'
simulator scores every playout exactly as the engine does."""

from __future__ import annotations

import pytest

import capicua.players.sim
from capicua.core.variant import Variant
from capicua.plugins import load_plugins
from capicua.testing import ConformanceError, check_simulator

#: Every variant installed where the tests run (Block from examples/ among them), and the
#: Fewest tiles test plugin.
INSTALLED = sorted({*load_plugins().variants.names(), "fewest-tiles"})


@pytest.mark.slow  # plays many playouts
@pytest.mark.parametrize("name", INSTALLED)
def test_the_simulator_scores_every_playout_as_the_engine(name, fewest):
    report = check_simulator(fewest.variants.get(name), positions=40)
    assert report.hands >= 30 and report.playouts == 2 * report.hands


def test_the_installed_variants_include_the_built_ins_and_block():
    assert {"chiva", "double-nine-100", "block"} <= set(INSTALLED)


def test_a_simulator_that_plays_chivas_rule_for_another_game_is_caught(monkeypatch):
    # A simulator that gives any game Chiva's rules (the lower team total wins a block,
    # won hands score nothing) misjudges Block, which scores the pips.
    from capicua_block import Block

    def chivas_rules(variant):
        v = variant.variant() if hasattr(variant, "variant") else variant
        team_of = tuple(v.team_of[s] for s in range(1, v.seats + 1))
        return capicua.players.sim.Rules(v.seats, team_of, capicua.players.sim.TEAM_TOTAL, 0, v)

    monkeypatch.setattr(capicua.players.sim, "rules_for", chivas_rules)
    with pytest.raises(ConformanceError, match="does not score as the variant"):
        check_simulator(Block, positions=20)


def test_a_variant_taking_a_named_rule_gets_the_simulators_own_twin_of_it():
    class Lowest(Variant):
        name, title, max_pip, hand_size = "lowest", "Lowest", 6, 5
        block_winner = Variant.block_by_lowest_count
        points = Variant.score_opponents_pips
        next_scores = Variant.add_points
        match_winner = Variant.first_to_goal
        goal = 50

    rules = capicua.players.sim.rules_for(Lowest())
    assert (rules.block, rules.points) == (
        capicua.players.sim.LOWEST_COUNT,
        capicua.players.sim.OPPONENTS_PIPS,
    )
    check_simulator(Lowest, positions=20)
