"""Actions: notation round trip, interning, bad notation."""

from __future__ import annotations

import pickle

import pytest

from capicua.core.actions import (
    KEEP,
    LEFT,
    PASS,
    REDEAL,
    RIGHT,
    ChooseLeader,
    Draw,
    Play,
    parse_action,
)
from capicua.core.tiles import Tile


@pytest.mark.parametrize(
    "text", ["6-4L", "6-4R", "0-0L", "pass", "draw 0", "draw 54", "lead 3", "keep", "redeal"]
)
def test_notation_round_trips(text):
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) is action


def test_play_notation_accepts_either_tile_order():
    assert parse_action("4-6r") is Play.of(Tile.of(6, 4), RIGHT)


def test_actions_are_interned_and_survive_pickling():
    for action in (
        Play.of(Tile.of(3, 2), LEFT),
        PASS,
        KEEP,
        REDEAL,
        Draw.of(7),
        ChooseLeader.of(2),
    ):
        assert pickle.loads(pickle.dumps(action)) is action


@pytest.mark.parametrize("text", ["", "6-4", "6-4X", "draw", "draw x", "lead", "jump"])
def test_bad_notation_names_the_text(text):
    with pytest.raises(ValueError, match="not an action"):
        parse_action(text)
