"""The line value: ends, what fits, playing, notation."""

from __future__ import annotations

import pytest

from capicua.core.line import Line
from capicua.core.tiles import Tile


def test_first_tile_opens_both_ends_first_number_left():
    line = Line().play(Tile.of(6, 2), "left")
    assert line.ends == (6, 2) and str(line) == "6|2"


def test_playing_on_each_end_turns_the_tile_to_match():
    line = Line.parse("6|6").play(Tile.of(2, 6), "right").play(Tile.of(6, 1), "left")
    assert str(line) == "1|6 6|6 6|2" and line.ends == (1, 2)


def test_fits_names_the_matching_ends():
    line = Line.parse("1|6 6|2")
    assert line.fits(Tile.of(2, 1)) == ("left", "right")
    assert line.fits(Tile.of(5, 5)) == ()
    with pytest.raises(ValueError, match="does not fit"):
        line.play(Tile.of(5, 5), "left")


def test_notation_round_trips_and_rejects_broken_lines():
    assert str(Line.parse("3|4 4|4 4|0")) == "3|4 4|4 4|0"
    with pytest.raises(ValueError, match="does not match"):
        Line.parse("3|4 5|5")
