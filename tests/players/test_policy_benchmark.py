"""benchmarks/policy.py: the playout policy against other weights, inside the simulator."""

from __future__ import annotations

import subprocess
import sys

import pytest
from benchmark_scripts import BENCHMARKS

from capicua.players.sim import POLICY


def test_a_policy_against_itself_wins_exactly_half_since_each_deal_is_played_both_ways(policy):
    # Each deal is played twice with the teams swapped; with the same weights on both
    # sides the two games are one game with the teams' names exchanged.
    won, hands, _ = policy.duel("double-nine-100", POLICY, POLICY, 50, 3)
    assert hands == 100
    assert won == 50


@pytest.mark.slow
def test_the_shipped_weights_beat_a_policy_without_the_rules_they_add(policy):
    # (0, 0, 0) is the static weight alone: heavy tiles and doubles first.
    for variant in ("chiva", "double-nine-100"):
        won, hands, _ = policy.duel(variant, POLICY, (0.0, 0.0, 0.0), 300, 5)
        assert won / hands > 0.55, variant


@pytest.mark.slow
def test_the_script_prints_the_share_and_rejects_malformed_weights():
    script = str(BENCHMARKS / "policy.py")
    run = subprocess.run(
        [sys.executable, script, "--deals", "20", "--variant", "chiva"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "chiva" in run.stdout and "A wins" in run.stdout
    bad = subprocess.run(
        [sys.executable, script, "--a", "60,20"], capture_output=True, text=True, timeout=120
    )
    assert bad.returncode == 2
    assert "give three numbers, tempo,partner,keep" in bad.stderr
    assert "Traceback" not in bad.stderr
