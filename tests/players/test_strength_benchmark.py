"""benchmarks/strength.py: the duplicate pairs it plays and its oracle measuring device."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def strength():
    spec = importlib.util.spec_from_file_location("strength", ROOT / "benchmarks" / "strength.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_pair_plays_each_deal_twice_with_the_sides_swapped(strength):
    out = strength.play_pair(("chiva", "heuristic", "random", 11))
    assert sum(out["matches"]) == 2
    assert sum(out["hands"]) + out["ties"] == out["deals"] > 0
    assert out["times"][0] and out["times"][1]


def test_the_oracle_sees_the_real_hands_and_wins_most_hands_against_random(strength):
    won = deals = 0
    for seed in (1, 2, 3):
        out = strength.play_pair(("chiva", "oracle", "random", seed))
        won += out["hands"][0]
        deals += out["deals"]
    assert won / deals > 0.7


def test_spec_parsing_reads_numbers_and_booleans(strength):
    assert strength.parse_spec("expert:samples=400,level=fast,x=true") == {
        "player": "expert", "samples": 400, "level": "fast", "x": True}
    assert strength.parse_spec("oracle") == "oracle"
