"""Layouts: open ends with identities, what fits where, and what a play does."""

from __future__ import annotations

import dataclasses
import random

import pytest

from capicua.core.actions import DOWN, LEFT, MEXICAN, RIGHT, UP, Play, train
from capicua.core.layout import Arm, Layout, Spinner, Trains
from capicua.core.line import Line
from capicua.core.tiles import Tile, tile_set


def lay(layout, *plays: str):
    for p in plays:
        tile, end = p.split("@")
        layout = layout.play(Tile.parse(tile), end)
    return layout


def test_a_line_has_a_left_and_a_right_end():
    line = lay(Line(), "6-4@left", "4-2@right")
    assert line.open_ends() == ((LEFT, 6), (RIGHT, 2))
    assert line.pairs() == ((6, 4), (4, 2))


def test_an_empty_layout_takes_any_first_tile_on_the_left():
    assert Line().fits(Tile.of(3, 1)) == (LEFT,)
    assert Spinner().fits(Tile.of(3, 1)) == (LEFT,)


def test_the_first_double_led_is_the_spinner():
    s = lay(Spinner(), "5-5@left")
    assert (s.spinner, s.spinner_number, s.crossed) == (0, 5, False)
    assert s.open_ends() == ((LEFT, 5), (RIGHT, 5))


def test_the_first_double_played_later_is_the_spinner_and_keeps_its_place():
    s = lay(Spinner(), "6-4@left", "4-4@right", "6-6@left")
    assert s.line == ((6, 6), (6, 4), (4, 4))
    assert s.spinner_number == 4  # 6-6 came later: an ordinary double
    assert s.spinner == 2


def test_the_spinner_opens_up_and_down_once_both_line_sides_are_taken():
    s = lay(Spinner(), "5-5@left", "5-3@right")
    assert [end for end, _ in s.open_ends()] == [LEFT, RIGHT]
    s = lay(s, "5-1@left")
    assert s.crossed
    assert s.open_ends() == ((LEFT, 1), (RIGHT, 3), (UP, 5), (DOWN, 5))
    s = lay(s, "5-2@up")
    assert s.open_ends()[2] == (UP, 2)
    assert s.outer(UP) == (5, 2)
    assert s.outer(DOWN) is None


def test_a_tile_that_does_not_fit_an_end_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        lay(Spinner(), "5-5@left", "6-1@right")
    with pytest.raises(ValueError, match="does not fit"):
        lay(Spinner(), "5-5@left", "5-1@up")  # the cross arms are not open yet


def test_trains_start_at_the_hub_with_a_train_per_seat_and_the_mexican_train():
    t = Trains.start(12, 3)
    assert t.open_ends() == (
        (train(1), 12),
        (train(2), 12),
        (train(3), 12),
        (MEXICAN, 12),
    )
    assert t.fits(Tile.of(12, 5)) == (train(1), train(2), train(3), MEXICAN)
    assert t.fits(Tile.of(5, 3)) == ()
    assert not t


def test_a_double_on_a_train_waits_to_be_satisfied():
    t = lay(Trains.start(12, 2), "12-4@t1", "4-4@t1")
    assert t.pending == train(1)
    t = lay(t, "4-0@t1")
    assert t.pending is None
    assert t.train(train(1)).tiles == ((12, 4), (4, 4), (4, 0))


def test_a_marker_is_set_and_taken_off_a_train():
    t = Trains.start(9, 2).marked(train(2), True)
    assert t.train(train(2)).marker
    assert not t.marked(train(2), False).train(train(2)).marker


def test_tiles_joined_by_equal_numbers_lie_one_way_on_an_end():
    line = Line.parse("6|2")
    assert line.ways(Tile.of(2, 5), RIGHT) == (5,)
    assert line.ways(Tile.of(6, 6), LEFT) == (6,)
    assert line.ways(Tile.of(3, 4), LEFT) == ()


def test_a_play_that_names_the_one_way_it_goes_lays_the_same_tile():
    line = Line.parse("6|2")
    assert line.play(Tile.of(2, 5), RIGHT, 5) == line.play(Tile.of(2, 5), RIGHT)
    with pytest.raises(ValueError, match="cannot leave 2 open"):
        line.play(Tile.of(2, 5), RIGHT, 2)


class _AnyWayLine(Line):
    """A line on which 6-1 goes on any end either way round (a matador, as in Matador)."""

    __slots__ = ()

    def ways(self, tile, end):
        if tile is Tile.of(6, 1) and self.tiles:
            return (6, 1)
        return Line.ways(self, tile, end)


def test_a_tile_that_lies_either_way_round_must_say_which_number_it_leaves_open():
    line = _AnyWayLine(((3, 3),))
    assert line.play(Tile.of(6, 1), LEFT, 6).tiles == ((6, 1), (3, 3))
    assert line.play(Tile.of(6, 1), RIGHT, 6).tiles == ((3, 3), (1, 6))
    assert isinstance(line.play(Tile.of(6, 1), RIGHT, 1), _AnyWayLine)
    with pytest.raises(ValueError, match="either way round"):
        line.play(Tile.of(6, 1), LEFT)


def test_each_layout_names_the_ends_it_can_ever_open():
    assert Line().end_names() == (LEFT, RIGHT)
    assert Spinner().end_names() == (LEFT, RIGHT, UP, DOWN)
    assert Trains.start(6, 2).end_names() == (train(1), train(2), MEXICAN)


# -- how a layout runs: origin() and arms() ------------------------------------------------


def test_a_line_runs_left_and_right_from_its_first_tile():
    line = lay(Line(), "6-4@left", "4-2@right", "6-1@left", "1-1@left")
    assert line.origin() == (6, 4)
    assert line.arms() == (
        Arm(LEFT, ((6, 1), (1, 1)), 1),  # outward: each tile's inner number first
        Arm(RIGHT, ((4, 2),), 2),
    )


def test_an_empty_layout_has_no_origin_and_no_arms():
    assert (Line().origin(), Line().arms()) == (None, ())
    assert (Spinner().origin(), Spinner().arms()) == (None, ())


def test_a_line_keeps_its_first_tile_but_equals_a_line_of_the_same_tiles():
    line = lay(Line(), "3-2@left", "3-3@left")
    assert line.first == 1
    assert line == Line(((3, 3), (3, 2)))


def test_a_spinner_laid_after_the_lead_sends_its_cross_arms_from_its_own_tile():
    s = lay(Spinner(), "6-4@left", "4-4@right", "6-1@left", "4-3@right", "4-5@up")
    assert s.origin() == (6, 4)
    assert s.arms() == (
        Arm(LEFT, ((6, 1),), 1),
        Arm(RIGHT, ((4, 4), (4, 3)), 3),
        Arm(UP, ((4, 5),), 5, at=(1, 0)),  # from the first tile of the right arm: 4-4
        Arm(DOWN, (), 4, at=(1, 0)),
    )


def test_a_spinner_that_leads_sends_every_arm_from_the_origin():
    s = lay(Spinner(), "5-5@left", "5-3@right", "5-1@left", "5-0@down")
    assert s.origin() == (5, 5)
    assert [(a.end, a.at, a.open) for a in s.arms()] == [
        (LEFT, None, 1),
        (RIGHT, None, 3),
        (UP, None, 5),
        (DOWN, None, 0),
    ]


def test_trains_run_from_the_hub_one_arm_a_train():
    t = lay(Trains.start(9, 2), "9-3@t1", "3-3@t1", "9-8@mexican")
    assert t.origin() == (9, 9)
    assert t.arms() == (
        Arm(train(1), ((9, 3), (3, 3)), 3),
        Arm(train(2), (), 9),
        Arm(MEXICAN, ((9, 8),), 8),
    )


@pytest.mark.parametrize(
    "layout",
    [
        lay(Line(), "6-4@left", "4-2@right", "6-1@left"),
        lay(Spinner(), "6-4@left", "4-4@right", "6-1@left", "4-3@right", "4-5@up"),
        lay(Trains.start(12, 3), "12-3@t2", "12-5@mexican", "5-5@mexican"),
    ],
)
def test_every_tile_is_the_origin_or_in_one_arm_and_every_open_end_ends_one(layout):
    laid = [p for arm in layout.arms() for p in arm.tiles]
    own = layout.pairs()
    if not isinstance(layout, Trains):  # the hub is set aside, not played
        laid.append(layout.origin())
    assert sorted(tuple(sorted(p)) for p in laid) == sorted(tuple(sorted(p)) for p in own)
    assert {(a.end, a.open) for a in layout.arms() if a.end is not None} == set(layout.open_ends())


def test_a_layout_of_its_own_that_does_not_say_how_it_runs_says_so():
    class Bare(Layout):
        placed = 0

        def open_ends(self):
            return ()

        def play(self, tile, end):
            return self

        def pairs(self):
            return ()

    with pytest.raises(NotImplementedError, match="Bare does not say how it is drawn"):
        Bare().arms()


def random_layouts(start: Layout, seed: int, max_pip: int = 6):
    """Every layout along a random hand's worth of plays on ``start``."""
    rng = random.Random(seed)
    tiles = list(tile_set(max_pip))
    rng.shuffle(tiles)
    layout = start
    yield layout
    while True:
        plays = [(t, end) for t in tiles for end in layout.fits(t)]
        if not plays:
            return
        tile, end = plays[rng.randrange(len(plays))]
        tiles.remove(tile)
        layout = layout.play(tile, end)
        yield layout


@pytest.mark.parametrize("start", [Line(), Spinner()], ids=["line", "spinner"])
def test_a_played_layout_is_the_value_its_class_makes_and_stays_frozen(start):
    for seed in range(20):
        for layout in random_layouts(start, seed):
            fields = {f.name: getattr(layout, f.name) for f in dataclasses.fields(layout)}
            made = type(layout)(
                **{f.name: fields[f.name] for f in dataclasses.fields(layout) if f.init}
            )
            assert made == layout and made.first == layout.first
            assert made.open_ends() == layout.open_ends()
            with pytest.raises(dataclasses.FrozenInstanceError):
                layout.first = 0  # type: ignore[misc]


@pytest.mark.parametrize("max_pip", [6, 9])
def test_a_spinners_plays_by_tile_are_each_tiles_plays_on_its_open_ends(max_pip):
    for seed in range(40):
        for layout in random_layouts(Spinner(), seed, max_pip):
            if not layout:
                continue
            kept = layout.plays_by_tile(max_pip)
            assert kept is not None and layout.plays_by_tile(max_pip) is kept
            for t in tile_set(max_pip):
                made = tuple(Play.of(t, end) for end, n in layout.open_ends() if t.has(n))
                assert kept[t.index] == made, (layout, t)


@pytest.mark.parametrize("seats", [2, 4, 8])
def test_played_trains_index_their_open_ends_as_trains_made_afresh_do(seats):
    # Trains.play carries the index of open ends over from the layout played on; it must
    # be the index the same trains make from nothing, after every play, marker and double.
    rng = random.Random(seats)
    tiles = list(tile_set(12))
    layout = Trains.start(12, seats)
    for _ in range(400):
        fitting = [(t, end) for t in tiles for end in layout.fits(t)]
        if not fitting:
            break
        tile, end = rng.choice(fitting)
        tiles.remove(tile)
        layout = layout.play(tile, end)
        if rng.random() < 0.3:
            layout = layout.marked(rng.choice(layout.end_names()), rng.random() < 0.5)
        fresh = Trains(layout.engine, layout.trains, layout.pending)
        assert layout.open_ends() == fresh.open_ends()
        assert all(layout.fits(t) == fresh.fits(t) for t in tile_set(12))
