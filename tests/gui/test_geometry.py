"""Layout of the line, the seats and the hands: pure arithmetic, no Tk."""

from __future__ import annotations

import functools
import itertools
import math
import random

import pytest

from capicua.gui.geometry import (
    DECORATIONS,
    MIN_SIZE,
    MIN_TOUCH,
    LineLayout,
    Rect,
    hand_tile_rects,
    layout_line,
    screen_fit,
    table_layout,
    tile_halves,
)

Tile = tuple[int, int]
WINDOWS = [(1024, 768), (800, 600), (640, 480), (1920, 1080), (1280, 720), (600, 900)]


def legal_line(count: int, seed: int, top: int = 9) -> tuple[list[Tile], int]:
    """A line of ``count`` tiles as play would build it: grown at both ends, each ``(a, b)``
    with ``a`` facing left and touching numbers equal. Returns the line and the opening."""
    rng = random.Random(seed)
    pool = [(a, b) for a in range(top + 1) for b in range(a, top + 1)]
    rng.shuffle(pool)
    line, opening = [pool.pop()], 0
    while len(line) < count:
        right = rng.random() < 0.5
        for side in (right, not right):
            end = line[-1][1] if side else line[0][0]
            match = next((t for t in pool if end in t), None)
            if match is not None:
                break
        if match is None:
            break
        pool.remove(match)
        other = match[1] if match[0] == end else match[0]
        if side:
            line.append((end, other))
        else:
            line.insert(0, (other, end))
            opening += 1
    return line, opening


def spaced_line(count: int, seed: int) -> list[Tile]:
    """``count`` distinct double-nine tiles with no two doubles side by side.

    A legal line can never hold two doubles in a row, and the layout relies on that; the
    numbers need not match here. (No legal line holds all 55: every number has odd degree.)
    """
    rng = random.Random(seed)
    doubles = [(v, v) for v in range(10)]
    others = [(a, b) if rng.random() < 0.5 else (b, a) for a in range(10) for b in range(a + 1, 10)]
    rng.shuffle(doubles)
    rng.shuffle(others)
    out: list[Tile] = []
    for t in others:
        out.append(t)
        if doubles and rng.random() < 0.3:
            out.append(doubles.pop())
    out.extend(d for pair in zip(doubles, others[: len(doubles)], strict=False) for d in pair[:1])
    # Re-space any leftover doubles that ended up adjacent at the tail.
    line = [t for t in out if t[0] != t[1]]
    dbl = [t for t in out if t[0] == t[1]]
    step = max(2, len(line) // (len(dbl) + 1))
    for k, d in enumerate(dbl):
        line.insert(min(len(line), (k + 1) * step + k), d)
    assert all(not (a[0] == a[1] and b[0] == b[1]) for a, b in itertools.pairwise(line))
    return line[:count]


def lines_up_to_55() -> list[tuple[list[Tile], int]]:
    cases = ((1, 0), (2, 27), (3, 40), (4, 54))  # opening at the left end, middle, right end
    return [(spaced_line(55, seed), opening) for seed, opening in cases]


def gap_between(r: Rect, s: Rect) -> float:
    dx = max(0.0, s.x0 - r.x1, r.x0 - s.x1)
    dy = max(0.0, s.y0 - r.y1, r.y0 - s.y1)
    return math.hypot(dx, dy)


def dist(p: tuple[float, float], q: tuple[float, float]) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


@functools.cache
def all_layouts() -> tuple[tuple[tuple[int, int], Rect, list[Tile], LineLayout], ...]:
    """Lines of 1..55 tiles in every window size: for each length, the stretch of a full
    line around its opening that n plays would have laid (the opening always inside)."""
    out = []
    for width, height in WINDOWS:
        table = table_layout(width, height).table
        for line, opening in lines_up_to_55():
            for n in range(1, 56):
                lo = min(max(opening - n // 2, opening - n + 1, 0), opening, len(line) - n)
                part = line[lo : lo + n]
                lay = layout_line(part, opening - lo, table, 40)
                out.append(((width, height), table, part, lay))
    return tuple(out)


@pytest.mark.slow
def test_every_tile_and_end_lies_inside_the_table_for_lines_of_1_to_55():
    for _, table, part, lay in all_layouts():
        assert len(lay.placements) == len(part)
        for p in lay.placements:
            assert table.contains(p.rect), (len(part), p)
        for spot in lay.ends.values():
            assert table.contains(spot.rect)
            assert table.contains(spot.target)


@pytest.mark.slow  # lays out hundreds of lines
def test_tiles_and_end_spots_never_overlap():
    for _, _, part, lay in all_layouts():
        rects = [p.rect for p in lay.placements] + [s.rect for s in lay.ends.values()]
        for i, r in enumerate(rects):
            for s in rects[i + 1 :]:
                assert not r.overlaps(s), (len(part), r, s)


@pytest.mark.slow  # 14 s at load average 18 (--durations): over 0.5 s alone
def test_doubles_lie_crosswise_and_others_along_the_line():
    for _, _, _part, lay in all_layouts():
        ps = lay.placements
        for i, p in enumerate(ps):
            long_vertical = p.rect.height > p.rect.width
            assert long_vertical == p.vertical
            for j in (i - 1, i + 1):
                if not 0 <= j < len(ps):
                    continue
                dx = abs(ps[j].centre[0] - p.centre[0])
                dy = abs(ps[j].centre[1] - p.centre[1])
                if p.is_double:
                    # The neighbour sits off the double's long side, not off its end.
                    assert (dx > dy) == p.vertical, (i, p, ps[j])


@pytest.mark.slow  # lays out hundreds of lines
def test_consecutive_tiles_touch():
    for _, _, _part, lay in all_layouts():
        for left, right in itertools.pairwise(lay.placements):
            assert gap_between(left.rect, right.rect) <= lay.gap + 1e-6


@pytest.mark.parametrize("width,height", WINDOWS)
def test_matching_numbers_of_neighbours_face_each_other(width, height):
    table = table_layout(width, height).table
    for seed in range(6):
        line, opening = legal_line(60, seed)
        assert len(line) > 30
        lay = layout_line(line, opening, table, 40)
        ps = lay.placements
        for left, right in itertools.pairwise(ps):
            assert left.tile[1] == right.tile[0]
            if left.is_double or right.is_double:
                continue
            # left's b half and right's a half are the closest pair of halves.
            la, lb = tile_halves(left.rect, left.vertical, left.a_side)
            ra, rb = tile_halves(right.rect, right.vertical, right.a_side)
            assert dist(lb.centre, ra.centre) < dist(lb.centre, rb.centre)
            assert dist(lb.centre, ra.centre) < dist(la.centre, ra.centre)


@pytest.mark.slow  # 11.4 s at load average 9 (-n 2): over 0.5 s alone
def test_end_spots_sit_at_the_two_extremes_of_the_line():
    for _, _, _part, lay in all_layouts():
        ps = lay.placements
        left, right = lay.ends["left"].rect, lay.ends["right"].rect
        assert gap_between(left, ps[0].rect) <= lay.gap + 1e-6
        assert gap_between(right, ps[-1].rect) <= lay.gap + 1e-6
        # Each spot is at least as near its own extreme tile as to any other tile.
        nearest_left = min(dist(p.centre, left.centre) for p in ps)
        nearest_right = min(dist(p.centre, right.centre) for p in ps)
        assert dist(ps[0].centre, left.centre) <= nearest_left + 1e-6
        assert dist(ps[-1].centre, right.centre) <= nearest_right + 1e-6


def test_end_targets_are_finger_sized_on_a_1024x768_window():
    table = table_layout(1024, 768).table
    for line, opening in lines_up_to_55():
        lay = layout_line(line, opening, table, 40)
        for spot in lay.ends.values():
            assert spot.target.width >= MIN_TOUCH and spot.target.height >= MIN_TOUCH
            assert spot.target.contains(spot.rect)


def test_a_short_line_keeps_the_requested_size_and_a_long_one_shrinks_to_fit():
    table = table_layout(800, 600).table
    short = layout_line([(6, 6), (6, 4)], 0, table, 30)
    assert short.tile_size == 30
    line, opening = lines_up_to_55()[0]
    long = layout_line(line, opening, table, 60)
    assert long.tile_size < 60
    assert all(table.contains(p.rect) for p in long.placements)


def test_the_opening_tile_sits_at_the_table_centre_while_the_line_is_short():
    table = Rect(0, 0, 1000, 600)
    lay = layout_line([(5, 3), (3, 3), (3, 1)], 1, table, 30)
    assert lay.placements[1].centre == pytest.approx((500, 300))
    assert lay.placements[1].vertical  # a double, across the horizontal line


def test_an_empty_line_offers_the_centre_for_the_first_tile():
    table = Rect(100, 100, 900, 700)
    lay: LineLayout = layout_line([], 0, table, 30)
    assert lay.placements == ()
    assert lay.ends["left"].rect == lay.ends["right"].rect
    assert lay.ends["left"].rect.centre == pytest.approx(table.centre)


def test_an_opening_index_outside_the_line_is_refused():
    with pytest.raises(ValueError):
        layout_line([(1, 2)], 1, Rect(0, 0, 100, 100), 10)


@pytest.mark.parametrize("width,height", [(1024, 768), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("count", [7, 10])
def test_seat_one_hand_tiles_are_at_least_48px_from_1024x768(width, height, count):
    tl = table_layout(width, height)
    area = tl.seats[1]
    rects = hand_tile_rects(area.rect, count, area.side, tl.hand_tile_size)
    assert len(rects) == count
    for r in rects:
        assert min(r.width, r.height) >= 48
        assert r.height == pytest.approx(2 * r.width)  # upright
        assert area.rect.contains(r)
    for r, s in itertools.pairwise(rects):
        assert not r.overlaps(s) and r.x1 <= s.x0


@pytest.mark.parametrize("width,height", WINDOWS)
def test_every_seat_hand_fits_its_strip(width, height):
    tl = table_layout(width, height)
    for seat, area in tl.seats.items():
        size = tl.hand_tile_size if area.face_up else tl.back_tile_size
        rects = hand_tile_rects(area.rect, 10, area.side, size, label=12)
        for r in rects:
            assert area.rect.contains(r), (seat, r)
        for i, r in enumerate(rects):
            assert not any(r.overlaps(s) for s in rects[i + 1 :])
        # Left and right seats lie their tiles across the strip.
        assert all((r.width > r.height) == (area.side in ("left", "right")) for r in rects)


@pytest.mark.parametrize("width,height", WINDOWS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_table_seats_and_score_panel_do_not_overlap(width, height, seats):
    tl = table_layout(width, height, seats)
    window = Rect(0, 0, width, height)
    regions = [tl.table, tl.score, *(a.rect for a in tl.seats.values())]
    for i, r in enumerate(regions):
        assert window.contains(r)
        for s in regions[i + 1 :]:
            assert not r.overlaps(s)


def test_seat_sides_follow_the_table_of_rules_md():
    assert {s: a.side for s, a in table_layout(1024, 768).seats.items()} == {
        1: "bottom",
        2: "right",
        3: "top",
        4: "left",
    }
    two = table_layout(1024, 768, seats=2)
    assert {s: a.side for s, a in two.seats.items()} == {1: "bottom", 2: "top"}
    assert [s for s, a in two.seats.items() if a.face_up] == [1]
    three = table_layout(1024, 768, seats=3)
    assert {s: a.side for s, a in three.seats.items()} == {1: "bottom", 2: "right", 3: "left"}
    with pytest.raises(ValueError, match="seats must be 2 to 8, not 9"):
        table_layout(1024, 768, seats=9)


def test_everything_rescales_with_the_window():
    small, big = table_layout(800, 600), table_layout(1600, 1200)
    assert big.table.width > small.table.width and big.table.height > small.table.height
    assert big.hand_tile_size > small.hand_tile_size


def _bbox(rects):
    rects = list(rects)
    return Rect(
        min(r.x0 for r in rects),
        min(r.y0 for r in rects),
        max(r.x1 for r in rects),
        max(r.y1 for r in rects),
    )


def test_the_whole_line_with_its_end_spots_is_centred_on_the_table():
    for _, table, _part, lay in all_layouts():
        box = _bbox([p.rect for p in lay.placements] + [e.rect for e in lay.ends.values()])
        assert box.centre == pytest.approx(table.centre, abs=1e-6)


def test_a_line_of_30_and_more_tiles_fits_with_its_two_ends_at_its_two_far_ends():
    for width, height in WINDOWS:
        table = table_layout(width, height).table
        for seed in range(6):
            line, opening = legal_line(40, seed)
            for n in (30, 35, len(line)):
                part = line[:n]
                lay = layout_line(part, min(opening, n - 1), table, 40)
                rects = [p.rect for p in lay.placements]
                assert all(table.contains(r) for r in rects)
                left, right = lay.ends["left"].rect, lay.ends["right"].rect
                assert table.contains(left) and table.contains(right)
                top = min(r.y0 for r in rects)
                bottom = max(r.y1 for r in rects)
                rows = len({round(p.rect.centre[1]) for p in lay.placements if not p.vertical})
                if rows > 1:  # the left end in the highest row, the right end in the lowest
                    assert left.y1 <= top + lay.tile_size * 2 + 1e-6
                    assert right.y0 >= bottom - lay.tile_size * 2 - 1e-6
                else:  # one row: the ends are its two far ends
                    assert left.x1 <= min(r.x0 for r in rects) + 1e-6
                    assert right.x0 >= max(r.x1 for r in rects) - 1e-6


def test_a_line_that_one_row_holds_is_laid_in_one_row():
    table = Rect(0, 0, 1000, 400)
    line = [(1, 2), (2, 3), (3, 4), (4, 4), (4, 5), (5, 6)]
    for opening in range(len(line)):  # however lopsided the arms
        lay = layout_line(line, opening, table, 30)
        assert {p.direction for p in lay.placements} <= {"left", "right"}
        assert lay.tile_size == 30


def test_an_arm_turns_only_where_it_reaches_the_edge_of_the_table():
    for _, table, _part, lay in all_layouts():
        u, gap = lay.tile_size, lay.gap
        by_index = {p.index: p for p in lay.placements}
        for p in lay.placements:
            if p.direction not in ("up", "down"):
                continue
            # The first tile of a column: the one before it, toward the opening, ran along a
            # row. The column stands where one more tile would not have fitted the row:
            # less than two tile lengths from the table's edge.
            before = by_index.get(p.index - 1 if p.direction == "down" else p.index + 1)
            if before is None or before.direction not in ("left", "right"):
                continue
            edge = min(p.rect.x0 - table.x0, table.x1 - p.rect.x1)
            assert edge <= 2 * (2 * u + gap) + 1e-6, (edge, u)


def test_long_double_nine_lines_keep_tiles_readable_in_the_default_window():
    table = table_layout(1180, 820).table
    for seed in range(6):
        line, opening = legal_line(40, seed)
        lay = layout_line(line, opening, table, table_layout(1180, 820).line_tile_size)
        assert lay.tile_size >= 28  # pips of a 9 stay apart at this size


def test_tiles_text_and_the_panel_grow_with_the_window_up_to_4k():
    hd, uhd = table_layout(1920, 1080), table_layout(3840, 2160)
    assert uhd.hand_tile_size >= 1.9 * hd.hand_tile_size
    assert uhd.label_size >= 1.9 * hd.label_size
    assert uhd.score.width >= 1.9 * hd.score.width


def test_the_smallest_window_keeps_finger_sized_hand_tiles():
    for width, height in ((800, 600), (1024, 560), MIN_SIZE):
        assert table_layout(width, height).hand_tile_size >= MIN_TOUCH


def test_a_window_without_a_size_is_the_screen_less_its_frame_and_never_below_the_least():
    assert screen_fit(1920, 1080) == (1920 - DECORATIONS[0], 1080 - DECORATIONS[1])
    assert screen_fit(800, 600) == MIN_SIZE
    assert screen_fit(640, 480) == MIN_SIZE
