"""Tiles: notation, interning, sets."""

from __future__ import annotations

import pickle

import pytest

from capicua.core.tiles import Tile, tile_set


def test_tile_prints_high_number_first_and_parses_either_order():
    assert str(Tile.of(4, 6)) == "6-4"
    assert Tile.parse("4-6") is Tile.parse("6-4") is Tile.of(6, 4)
    assert Tile.parse("64") is Tile.of(6, 4)


def test_tile_repr_is_what_you_would_type():
    t = Tile.of(5, 2)
    assert eval(repr(t), {"Tile": Tile}) is t


def test_tiles_are_interned_and_survive_pickling():
    t = Tile.of(9, 3)
    assert pickle.loads(pickle.dumps(t)) is t


def test_tiles_are_immutable():
    with pytest.raises(AttributeError):
        Tile.of(1, 1).hi = 2  # type: ignore[misc]


@pytest.mark.parametrize("text", ["6-", "x-1", "13-1", "", "6-4-2"])
def test_bad_tile_notation_says_how_to_write_a_tile(text):
    with pytest.raises(ValueError, match="tile"):
        Tile.parse(text)


def test_sets_have_the_right_size_and_pips():
    assert len(tile_set(6)) == 28 and sum(t.pips for t in tile_set(6)) == 168
    assert len(tile_set(9)) == 55 and sum(t.pips for t in tile_set(9)) == 495
    assert sum(t.is_double for t in tile_set(9)) == 10
