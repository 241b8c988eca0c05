"""The sentences that name an end or a number, from the layout before and after the move.

Every sentence here is made on explicit layouts, the one a move was made on and the one it
made, as the engine holds them: All Fives' spinner with its arms, Mexican Train's trains,
and a line of a game's own (a :class:`~capicua.core.line.Line` subclass written here, whose
tiles join by sevens), which no surface could rebuild by matching equal numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from table_helpers import session

from capicua.core.actions import LEFT, MEXICAN, PASS, RIGHT, Play, parse_action, train
from capicua.core.layout import Spinner, Trains
from capicua.core.line import Line
from capicua.core.tiles import Tile
from capicua.gui.texts import move_sentence

T = Tile.parse


def lay(layout, *plays: str):
    for p in plays:
        tile, end = p.split("@")
        layout = layout.play(T(tile), end)
    return layout


@dataclass(frozen=True, slots=True)
class Sevens(Line):
    """A line whose tiles join by sevens: a tile goes on an end showing ``n`` with its
    ``7 - n`` half touching it, and leaves its other half open."""

    def fits(self, tile: Tile) -> tuple[str, ...]:
        if not self.tiles:
            return (LEFT,)
        return tuple(end for end, n in self.open_ends() if tile.has(7 - n))

    def play(self, tile: Tile, end: str) -> Sevens:
        if not self.tiles:
            return Sevens(((tile.hi, tile.lo),))
        if end not in self.fits(tile):
            raise ValueError(f"{tile} does not join the {end} end by seven")
        if end == LEFT:
            touch = 7 - self.tiles[0][0]
            return Sevens(((tile.other(touch), touch), *self.tiles), self.first + 1)
        touch = 7 - self.tiles[-1][1]
        return Sevens((*self.tiles, (touch, tile.other(touch))), self.first)


@pytest.fixture
def s():
    return session()  # Chiva: only its seat names are used (seat 1 is the person)


def said(s, seat: int, move: str, before, after=None) -> str:
    action = parse_action(move)
    if after is None:
        assert isinstance(action, Play)
        after = before.play(action.tile, action.end)
    return move_sentence(s, seat, action, before, after)


def test_a_play_on_the_spinners_line_names_the_end_it_went_on_and_what_it_shows(s):
    # 6-6 spins; 6-4 on its right, 6-5 on its left: R shows 4, L shows 5.
    before = lay(Spinner(), "6-6@left", "6-4@right", "6-5@left")
    assert said(s, 2, "4-0R", before) == ("Seat 2 played 4-0 on the 4 end (R), which now shows 0.")
    assert said(s, 2, "5-1L", before) == ("Seat 2 played 5-1 on the 5 end (L), which now shows 1.")


def test_a_play_on_a_spinners_cross_arm_names_the_arm_and_its_number(s):
    before = lay(Spinner(), "6-6@left", "6-4@right", "6-5@left")
    assert said(s, 2, "6-0U", before) == (
        "Seat 2 played 6-0 on the 6 on the up arm (U), which now shows 0."
    )
    after_up = lay(before, "6-0@up")
    assert said(s, 1, "0-0U", after_up) == (
        "You played 0-0 on the 0 on the up arm (U), which now shows 0."
    )


def test_the_first_tile_on_a_train_is_played_on_it_not_an_opening(s):
    before = Trains.start(12, 4)
    assert said(s, 1, "12-9T1", before) == "You played 12-9 on your train, which now shows 9."
    on_mexican = lay(before, "12-9@t1")
    assert said(s, 3, "12-5M", on_mexican) == (
        "Seat 3 played 12-5 on the Mexican train, which now shows 5."
    )
    assert train(1) != MEXICAN  # the two trains are told apart by the layout alone


def test_the_first_tile_of_a_line_opens_it(s):
    assert said(s, 1, "6-6L", Line()) == "You opened with 6-6."


def test_a_line_of_a_games_own_names_the_numbers_its_layout_shows(s):
    before = lay(Sevens(), "6-1@left")  # 6 open on the left, 1 on the right
    assert before.fits(T("5-6")) == (RIGHT,)  # 6 + 1 is seven
    assert said(s, 2, "5-6R", before) == "Seat 2 played 6-5 on the 1 end (R), which now shows 5."
    assert said(s, 2, "4-1L", before) == "Seat 2 played 4-1 on the 6 end (L), which now shows 4."


def test_a_pass_names_the_numbers_of_the_line_it_passed_on(s):
    before = lay(Line(), "6-4@left", "4-2@right")
    assert move_sentence(s, 3, PASS, before, before) == "Seat 3 passed on 2, 6."
