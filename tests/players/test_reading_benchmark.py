"""benchmarks/reading.py: what the weights by the rest of the hand say about the deal."""

from __future__ import annotations

import pytest


def test_the_weights_point_at_the_true_deal_of_heuristic_players(reading, capsys):
    # Heuristic seats choose by exactly the terms the weights add, so the true deal must
    # weigh more than most sampled ones (50% would mean the weights say nothing).
    reading.main(["--positions", "8", "--samples", "60", "--variant", "double-nine-100"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split() == ["variant", "positions", "ess", "share", "true", "deal"]
    name, positions, share, true = rows[1].split()
    assert name == "double-nine-100" and positions == "8"
    assert 0 < float(share.rstrip("%")) <= 100
    assert float(true.rstrip("%")) > 60


def test_a_bad_count_is_one_line_and_exit_2(reading, capsys):
    with pytest.raises(SystemExit) as exit_:
        reading.main(["--samples", "0"])
    assert exit_.value.code == 2
    assert "must be at least 1" in capsys.readouterr().err
