"""Placing a spinner and trains on the felt, and 2 to 8 seats around it: plain values."""

from __future__ import annotations

import random

import pytest

from capicua.core.actions import DOWN, LEFT, MEXICAN, RIGHT, UP, train
from capicua.core.layout import Spinner, Trains
from capicua.core.tiles import Tile, tile_set
from capicua.gui.geometry import (
    MIN_TOUCH,
    EndSpot,
    Rect,
    end_mark_centre,
    layout_line,
    table_layout,
)
from capicua.gui.layouts import MIN_READABLE, Felt, layout_spinner, layout_trains

FELTS = [Rect(60, 90, 640, 400), Rect(100, 150, 1500, 850), Rect(40, 60, 480, 330)]


def grown(layout, tiles: int, seed: int, ends=None):
    """``layout`` after up to ``tiles`` random legal plays of double-twelve tiles, on the
    ends ``ends(layout)`` allows (all open ends by default)."""
    rng = random.Random(seed)
    pool = list(tile_set(12))
    rng.shuffle(pool)
    for _ in range(tiles):
        options = [
            (t, e)
            for t in pool
            for e in layout.fits(t)
            if ends is None or e in ends(layout) or not layout.placed
        ]
        if not options:
            break
        t, e = rng.choice(options)
        pool.remove(t)
        layout = layout.play(t, e)
    return layout


def four_arms(per_arm: int, seed: int = 1) -> Spinner:
    """A spinner (5-5 led) with about ``per_arm`` tiles on each of its four arms."""
    layout = Spinner().play(Tile.of(5, 5), LEFT)
    rng = random.Random(seed)
    pool = [t for t in tile_set(12) if t != Tile.of(5, 5)]
    rng.shuffle(pool)
    for _round in range(per_arm):
        for end in (LEFT, RIGHT, UP, DOWN):
            n = layout.number(end)
            if n is None:
                continue
            tile = next((t for t in pool if t.has(n)), None)
            if tile is not None:
                pool.remove(tile)
                layout = layout.play(tile, end)
    return layout


def check_whole(felt: Felt, table: Rect, ends, placed: int | None = None) -> None:
    """Every tile, fold and open end's spot inside the felt, none overlapping, each end's
    target finger-sized (where the felt allows) and inside the felt; with ``placed``, every
    tile either drawn or counted in a fold."""
    rects = [p.rect for p in felt.placements] + [s.rect for s in felt.ends.values()]
    rects += [f.rect for f in felt.folds]
    if placed is not None:
        assert felt.laid == placed
        assert len({p.index for p in felt.placements}) == len(felt.placements)
    assert all(table.contains(r) for r in rects)
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.overlaps(b), (a, b)
    assert set(felt.ends) == set(ends)
    for spot in felt.ends.values():
        assert table.contains(spot.target)
        assert spot.target.width >= min(MIN_TOUCH, table.width) - 1e-6


@pytest.mark.parametrize("table", FELTS)
@pytest.mark.parametrize("per_arm", [0, 1, 3, 5, 7])
def test_a_spinner_branches_four_ways_and_stays_on_the_felt(table, per_arm):
    layout = four_arms(per_arm)
    felt = layout_spinner(layout, layout.first, table, 40)
    ends = [e for e, _n in layout.open_ends()]
    check_whole(felt, table, ends, layout.placed)
    assert felt.tile_size >= MIN_READABLE
    if per_arm:
        spinner = next(p for p in felt.placements if p.index == layout.spinner)
        up, down = felt.ends[UP].rect, felt.ends[DOWN].rect
        assert up.y1 <= spinner.rect.y0 + 1e-6 and down.y0 >= spinner.rect.y1 - 1e-6
        # The arms leave the spinner the four ways: its first tile on each side touches it.
        line = layout.line
        beside = [p for p in felt.placements if p.index in (layout.spinner - 1, layout.spinner + 1)]
        for p in beside:  # unless folded away
            assert p.rect.x1 <= spinner.rect.x0 or p.rect.x0 >= spinner.rect.x1
        assert len(line) == layout.spinner + 1 + (len(line) - layout.spinner - 1)


def test_a_long_cross_arm_turns_at_the_felts_edge_instead_of_leaving_it():
    table = Rect(0, 0, 900, 260)
    layout = Spinner().play(Tile.of(5, 5), LEFT)
    layout = layout.play(Tile.of(5, 1), LEFT).play(Tile.of(5, 2), RIGHT)
    chain = [(5, 0), (0, 6), (6, 3), (3, 4), (4, 1), (1, 6), (6, 6), (6, 2)]
    for a, b in chain:
        layout = layout.play(Tile.of(a, b), UP)
    felt = layout_spinner(layout, 1, table, 30)
    check_whole(felt, table, [LEFT, RIGHT, UP, DOWN], layout.placed)
    arm = [p for p in felt.placements if p.index >= len(layout.line)]
    assert {p.direction for p in arm} >= {"up", "right"}  # it turned right at the top
    assert felt.tile_size >= MIN_READABLE  # turned, not shrunk


def test_before_a_spinner_the_line_grows_from_its_first_tile():
    layout = Spinner().play(Tile.of(6, 4), LEFT).play(Tile.of(4, 2), RIGHT)
    layout = layout.play(Tile.of(6, 1), LEFT)
    felt = layout_spinner(layout, 1, FELTS[0], 40)
    check_whole(felt, FELTS[0], [LEFT, RIGHT], layout.placed)
    xs = [p.rect.x0 for p in sorted(felt.placements, key=lambda p: p.index)]
    assert xs == sorted(xs)  # one row, left to right


def test_an_empty_spinner_layout_offers_the_centre():
    felt = layout_spinner(Spinner(), 0, FELTS[0], 40)
    assert list(felt.ends) == [LEFT] and FELTS[0].contains(felt.ends[LEFT].rect)


def big_round(seats: int, tiles: int, seed: int = 2) -> Trains:
    return grown(Trains.start(12, seats), tiles, seed)


@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("table", FELTS)
@pytest.mark.slow  # 2 s at load average 18 (--durations): over 0.5 s alone
def test_every_train_has_its_row_and_its_open_end_on_the_felt(seats, table):
    for tiles in (0, 10, 66):
        layout = big_round(seats, tiles)
        felt = layout_trains(layout, table, 40)
        ends = [train(s) for s in range(1, seats + 1)] + [MEXICAN]
        check_whole(felt, table, ends, layout.placed)
        assert felt.hub is not None and felt.tile_size >= MIN_READABLE
        # The hub and the trains' heads clear of the tiles; the targets of two trains
        # never overlap, so a tap reaches the train it is on.
        heads = [h for _e, h in felt.heads]
        for r in [*heads, felt.hub]:
            assert table.contains(r)
            assert not any(r.overlaps(p.rect) for p in felt.placements)
        targets = [s.target for s in felt.ends.values()]
        for i, a in enumerate(targets):
            assert not any(a.overlaps(b) for b in targets[i + 1 :])


def test_a_train_that_reaches_the_felts_edge_folds_its_oldest_tiles_and_keeps_its_way():
    layout = Trains.start(12, 2)
    pool = [t for t in tile_set(12) if not t.is_double]
    n = 12
    for _ in range(14):
        tile = next(t for t in pool if t.has(n))
        pool.remove(tile)
        layout = layout.play(tile, train(1))
        n = tile.other(n)
    table = Rect(0, 0, 800, 420)
    felt = layout_trains(layout, table, 36)
    check_whole(felt, table, [train(1), train(2), MEXICAN], layout.placed)
    assert {p.direction for p in felt.placements} == {"right"}
    (fold,) = felt.folds
    assert fold.end == train(1) and fold.count > 0
    # The newest tile shows, last before the open end, and the fold lies before the tiles.
    shown = sorted(felt.placements, key=lambda p: p.index)
    assert shown[-1].index == layout.placed - 1
    assert fold.rect.x1 <= shown[0].rect.x0 <= shown[-1].rect.x1 <= felt.ends[train(1)].rect.x0


def moves_of(layout, tiles: int, seed: int):
    """``layout`` and every layout on the way to :func:`grown`'s after ``tiles`` plays."""
    out = [layout]
    rng = random.Random(seed)
    pool = list(tile_set(12))
    rng.shuffle(pool)
    for _ in range(tiles):
        options = [(t, e) for t in pool for e in layout.fits(t)]
        if not options:
            break
        t, e = rng.choice(options)
        pool.remove(t)
        layout = layout.play(t, e)
        out.append(layout)
    return out


def arm_folds(felt: Felt) -> dict[str, int]:
    return {f.end: f.count for f in felt.folds}


def tiles_stay(before: Felt, after: Felt, layout) -> None:
    """Every tile ``before`` shows lies where and as it lay ``after`` one more play on
    ``layout``, unless its arm folded more between the two."""
    arm_of = {frozenset(t): arm.end for arm in layout.arms() for t in arm.tiles}
    now = {frozenset(p.tile): p for p in after.placements}
    folded, was = arm_folds(after), arm_folds(before)
    for p in before.placements:
        arm = arm_of.get(frozenset(p.tile))
        if arm is None or folded.get(arm, 0) != was.get(arm, 0):
            continue  # the layout's origin (laid where it lies), or an arm that folded
        q = now.get(frozenset(p.tile))
        assert q is not None, p
        assert (q.rect, q.direction, q.a_side) == (p.rect, p.direction, p.a_side), p


@pytest.mark.parametrize("seats", [2, 4, 6, 8])
@pytest.mark.parametrize("table", FELTS)
def test_a_trains_tiles_keep_their_places_and_way_move_after_move(seats, table):
    layouts = moves_of(Trains.start(12, seats), 70, seats)
    felts = [layout_trains(x, table, 40) for x in layouts]
    right = (seats + 2) // 2
    for layout, felt in zip(layouts, felts, strict=True):
        check_whole(felt, table, [e for e, _n in layout.open_ends()], layout.placed)
        # Every train runs one way, straight out from its head.
        at = 0
        for i, t in enumerate(layout.trains):
            ways = {p.direction for p in felt.placements if at <= p.index < at + len(t.tiles)}
            assert ways <= {"right" if i < right else "left"}
            at += len(t.tiles)
    assert len({f.tile_size for f in felts}) == 1  # the felt's size, not the tiles'
    assert felts[-1].folds  # the round outgrew the felt
    for before, after, layout in zip(felts, felts[1:], layouts[1:], strict=False):
        tiles_stay(before, after, layout)


@pytest.mark.parametrize("table", FELTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_spinners_tiles_keep_their_places_move_after_move(table, seed):
    layouts = moves_of(Spinner(), 40, seed)
    felts = [layout_spinner(x, x.first, table, 40) for x in layouts]
    for x, felt in zip(layouts, felts, strict=True):
        check_whole(felt, table, [e for e, _n in x.open_ends()] or [LEFT], x.placed)
        assert felt.tile_size >= MIN_READABLE
    for before, after, layout in zip(felts, felts[1:], layouts[1:], strict=False):
        tiles_stay(before, after, layout)


@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1920, 1080)])
def test_two_to_eight_seats_sit_round_the_table_apart(seats, size):
    tl = table_layout(*size, seats=seats)
    window = Rect(0, 0, *size)
    areas = list(tl.seats.values())
    assert [a.seat for a in areas] == list(range(1, seats + 1))
    assert areas[0].side == "bottom" and areas[0].face_up
    for i, a in enumerate(areas):
        assert window.contains(a.rect) and a.rect.width > 20 and a.rect.height > 20
        assert not a.rect.overlaps(tl.table)
        assert not any(a.rect.overlaps(b.rect) for b in areas[i + 1 :])
    # Counter-clockwise from the person: up the right, along the top right to left, down
    # the left.
    order = [a.side for a in areas]
    assert order == sorted(order, key=["bottom", "right", "top", "left"].index)
    tops = [a.rect.x0 for a in areas if a.side == "top"]
    assert tops == sorted(tops, reverse=True)


def test_an_ends_letter_sits_clear_of_the_last_tile_once_the_line_has_turned():
    tiles = [(i % 10, (i + 1) % 10) for i in range(30)]
    table = Rect(0, 0, 700, 300)
    lay = layout_line(tiles, 15, table, 40)
    turned = {p.direction for p in lay.placements} - {"left", "right"}
    assert turned  # both arms have turned
    r = 10.0
    for end in ("left", "right"):
        spot: EndSpot = lay.ends[end]
        x, y = end_mark_centre(spot, table, r)
        disc = Rect(x - r, y - r, x + r, y + r)
        assert table.contains(disc)
        assert not any(disc.overlaps(p.rect) for p in lay.placements), end
