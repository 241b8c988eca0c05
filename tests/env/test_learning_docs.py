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


def test_every_field_is_documented_with_its_size_in_each_game():
    block = pytest.importorskip("capicua_block", reason="the example plugin Block").Block
    rows = table("The observation, field by field")
    layouts = [Encoding(v()) for v in (Chiva, DoubleNine100, block)]
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
