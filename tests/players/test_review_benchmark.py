"""benchmarks/review.py: one row per match reviewed, and a summary per game."""

from __future__ import annotations

import pytest
from benchmark_scripts import load_benchmark


@pytest.fixture(scope="module")
def review():
    return load_benchmark("review")


@pytest.mark.slow
def test_prints_a_row_per_match_and_the_median_and_longest(review, capsys):
    review.main(
        [
            "--matches",
            "1",
            "--variant",
            "chiva",
            "--level",
            "fast",
            "--seats",
            "heuristic," * 3 + "random",
        ]
    )
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:4] == ["variant", "seed", "hands", "decisions"]
    assert rows[1].split()[:2] == ["chiva", "0"] and int(rows[1].split()[3]) > 0
    assert rows[2].startswith("chiva") and "median" in rows[2] and len(rows) == 3


def test_an_unknown_player_is_refused_by_name(review, capsys):
    with pytest.raises(SystemExit) as exit_:
        review.main(["--seats", "expert,grandmaster,expert,random"])
    assert exit_.value.code == 2
    assert "unknown player 'grandmaster'" in capsys.readouterr().err


@pytest.mark.slow
def test_noise_prints_the_spread_of_the_losses_between_two_seeds(review, capsys):
    seats = "heuristic,heuristic,heuristic,random"
    review.main(
        ["--noise", "--matches", "1", "--variant", "chiva", "--level", "fast", "--seats", seats]
    )
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:3] == ["variant", "decisions", "p50"]
    assert rows[1].split()[0] == "chiva" and len(rows) == 2
