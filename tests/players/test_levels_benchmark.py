"""benchmarks/levels.py: the positions it times, and its answer to an unknown level."""

from __future__ import annotations

import pytest

from capicua.plugins import load_plugins


def test_positions_are_real_decisions_and_the_same_each_time(levels):
    plugins = load_plugins(third_party=False)
    first = levels.positions(plugins, "double-nine-100", 5, 3)
    again = levels.positions(plugins, "double-nine-100", 5, 3)
    assert len(first) == 5
    for view in first:
        plays = [a for a in view.legal if a.kind == "play"]
        assert len(plays) > 1 and len(view.hand) > 1
    assert [(v.seat, v.hand, v.history) for v in first] == [
        (v.seat, v.hand, v.history) for v in again
    ]


@pytest.mark.parametrize("clock", [[], ["--cpu"]], ids=["wall", "cpu"])
def test_prints_one_row_per_variant_and_level(levels, capsys, clock):
    levels.main(["--decisions", "2", "--levels", "fast", "--variant", "chiva", *clock])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:2] == ["variant", "level"]
    assert rows[1].split()[:2] == ["chiva", "fast"] and len(rows) == 2
    assert all(float(ms) > 0 for ms in rows[1].split()[2:6])


def test_an_unknown_level_is_refused_by_name(levels, capsys):
    with pytest.raises(SystemExit) as exit_:
        levels.main(["--levels", "fast,quick"])
    assert exit_.value.code == 2
    assert "unknown level 'quick'" in capsys.readouterr().err


@pytest.mark.slow
def test_costs_prints_the_parts_of_a_decision_beside_what_is_charged(levels, capsys):
    levels.main(["--costs", "--decisions", "3", "--variant", "double-nine-100"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:3] == ["variant", "unit", "us"] and len(rows) == 2
    name, unit, read, _read_units, charged, *rest = rows[1].split()
    assert name == "double-nine-100" and float(unit) > 0 and float(read) > 0
    assert float(charged) == levels.READ_COST
    _, _, proposal_charged, hand, _, hand_charged = rest
    assert float(proposal_charged) == levels.PROPOSAL_COST
    assert float(hand) > 0 and float(hand_charged) == levels.HAND_COST


def test_another_player_is_timed_on_the_same_positions(levels, capsys):
    base = ["--decisions", "2", "--levels", "fast", "--variant", "chiva"]
    levels.main([*base, "--player", "ismcts:simulations=20", "--player", "heuristic"])
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 4
    assert rows[2].startswith("chiva") and "ismcts:simulations=20: median" in rows[2]
    assert "heuristic: median" in rows[3]


def test_an_unknown_player_is_refused_by_name(levels, capsys):
    with pytest.raises(SystemExit) as exit_:
        levels.main(["--variant", "chiva", "--player", "grandmaster"])
    assert exit_.value.code == 2
    assert "unknown player 'grandmaster'" in capsys.readouterr().err


@pytest.mark.slow
def test_costs_of_a_game_with_rules_of_its_own_are_its_actions_and_deals(levels, capsys):
    levels.main(["--costs", "--decisions", "2", "--variant", "all-fives"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("a unit (a tile played out in Chiva): ")
    assert rows[1].split() == ["variant", "action", "us", "units", "charged", "tile", "us", "units"]
    name, action, _units, charged, tile, _tile_units = rows[2].split()
    assert name == "all-fives" and float(action) > 0 and float(tile) > 0
    # Four units an action, and twelve per play the policy counts: All Fives scores plays.
    assert float(charged) > 4.0
