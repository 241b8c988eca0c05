"""docs/learning.md stays true: every field of the observation with its size in each game,
every option of the environment and of the policy player."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

pytest.importorskip(
    "pettingzoo", reason="the environment needs the rl extra: pip install 'capicua[rl]'"
)

from capicua.env.aec import CapicuaEnv
from capicua.env.encoding import Encoding
from capicua.env.player import PolicyPlayer
from capicua.plugins import default_plugins
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

DOC = (Path(__file__).resolve().parents[2] / "docs" / "learning.md").read_text(encoding="utf-8")


def table(heading: str) -> dict[str, list[str]]:
    """The rows of the first table under ``heading``: first cell (unquoted) -> the others."""
    section = DOC.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `"):
            rows[cells[0].strip("`")] = cells[1:]
    return rows


#: The games of the field table's columns, in order, and where the examples among them are.
COLUMNS = {
    "chiva": "",
    "double-nine-100": "",
    "block": "examples/capicua-block",
    "draw": "examples/capicua-draw",
    "all-fives": "examples/capicua-fives",
    "mexican-train": "examples/capicua-mexican-train",
}


def example(name: str) -> Encoding:
    """The encoding of the installed game ``name`` (default options); skip if it is not."""
    variants = default_plugins().variants
    if name not in variants:
        pytest.skip(f"{name} is not installed: pip install ./{COLUMNS[name]}")
    return Encoding(variants.create(name))


def test_every_field_is_documented_with_its_size_in_each_game():
    rows = table("The observation, field by field")
    layouts = [example(name) for name in COLUMNS]
    names = {f.name for enc in layouts for f in enc.fields}
    assert set(rows) == names
    for column, enc in enumerate(layouts):
        shapes = {f.name: "\N{MULTIPLICATION SIGN}".join(map(str, f.shape)) for f in enc.fields}
        for name, cells in rows.items():
            assert cells[column] == shapes.get(name, "–"), (name, enc.variant_name)
        assert f"**{enc.size:,}**" in DOC


def test_every_option_of_the_environment_is_documented():
    options = [p for p in inspect.signature(CapicuaEnv).parameters if p != "variant"]
    assert set(table("Options")) == set(options)


def test_every_option_of_the_policy_player_is_documented():
    rows = table("The policy player")
    assert set(rows) == set(PolicyPlayer.options)
    for name, option in PolicyPlayer.options.items():
        shown = rows[name][0].strip("`")
        assert shown == (option.default if option.default else '""')


def test_the_action_counts_are_those_of_the_layouts():
    counts = re.search(r"(\d+) actions for Chiva\s+and Block, (\d+) for double-nine 100", DOC)
    assert counts is not None
    assert int(counts[1]) == Encoding(Chiva()).n_actions
    assert int(counts[2]) == Encoding(DoubleNine100()).n_actions
    others = re.search(
        r"(\d+) for Draw, (\d+) for All Fives and (\d+) for Mexican\s+Train \(four seats; "
        r"(\d+) for two, (\d+) for eight\)",
        DOC,
    )
    assert others is not None
    assert int(others[1]) == example("draw").n_actions
    assert int(others[2]) == example("all-fives").n_actions
    assert int(others[3]) == example("mexican-train").n_actions
    variants = default_plugins().variants
    for group, seats in ((4, 2), (5, 8)):
        game = variants.create("mexican-train", {"seats": seats})
        assert int(others[group]) == Encoding(game).n_actions
