"""benchmarks/simulator.py: a playout's cost in every installed variant, and the fast path's."""

from __future__ import annotations

import subprocess
import sys

import pytest
from benchmark_scripts import BENCHMARKS, load_benchmark


def test_positions_are_play_decisions_with_the_line_started():
    bench = load_benchmark("simulator")
    from capicua.variants.chiva import Chiva

    for hands, held, left, right, turn in bench.positions(Chiva(), 5, 3):
        assert left >= 0 and right >= 0 and hands[turn]
        assert sum(held) > 0


@pytest.mark.slow
def test_the_script_times_every_installed_variant_and_refuses_an_unknown_one():
    script = str(BENCHMARKS / "simulator.py")
    run = subprocess.run(
        [sys.executable, script, "--positions", "5", "--rounds", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = run.stdout.splitlines()
    assert any(line.startswith("chiva") and "times as long" in line for line in lines)
    assert any(line.startswith("block") and "called back" in line for line in lines)
    bad = subprocess.run(
        [sys.executable, script, "--variant", "nope"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "unknown variant 'nope'" in bad.stderr
