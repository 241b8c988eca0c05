"""What a pass or a draw tells of the seat's tiles: what the rules say it could have played.

The engine records, for each pass or draw the rules forced, the tiles the seat showed it
does not hold (:meth:`Variant.lacking`), and :meth:`View.lacks` reads them. The tests here
write their deals out; two tiny games of their own show that the answer comes from the
rules, not from the numbers at the open ends: one where tiles join when the touching
numbers sum to seven, and one that draws.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Collection

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capicua.core.actions import DRAW, LEFT, MEXICAN, Action, Play, train
from capicua.core.layout import Trains
from capicua.core.line import Line
from capicua.core.match import PLAY, Match
from capicua.core.position import Position
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import Variant
from capicua.plugins import load_plugins
from capicua.variants.chiva import Chiva
from deals import SEAT_2_HAS_NO_SIX, deal, play, tiles
from sevens import SEVENS_HANDS, Sevens, SevensLine


def showing(*numbers: int, max_pip: int = 6) -> frozenset[Tile]:
    return frozenset(t for t in tile_set(max_pip) if any(t.has(n) for n in numbers))


def test_a_pass_in_the_block_game_tells_every_tile_showing_an_open_number():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, SEAT_2_HAS_NO_SIX)])
    play(m, "1:6-6L 2:pass")
    lacks = m.view(4).lacks()
    assert lacks[2] == showing(6)
    assert lacks[1] == lacks[3] == lacks[4] == frozenset()
    assert m.view(4).voids()[2] == frozenset({6})


def test_a_pass_where_ends_sum_to_seven_tells_the_tiles_that_would_have_joined():
    v = Sevens()
    m = Match(v, 1, script=[deal(v, SEVENS_HANDS)])  # seat 2: sixes, but no one
    play(m, "1:6-6L 2:pass")
    view = m.view(4)
    assert view.lacks()[2] == showing(1)
    assert view.voids()[2] == frozenset({1})  # not the 6 on the table: it holds four
    assert view.passed_on()[2] == frozenset({6})  # what it passed on, a fact of the table


def test_a_sevens_pass_is_what_the_variant_says_not_what_the_ends_show():
    v = Sevens()
    layout = SevensLine().play(Tile.parse("5-2"), LEFT)  # ends 5 and 2: 2s and 5s join
    pos = Position(v, 1, [[], [], [], [], []], [], layout, (0, 0), 1, 2)
    assert v.lacking(pos) == showing(2, 5)


def test_the_engines_fast_path_tells_what_the_variants_rule_says():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, SEAT_2_HAS_NO_SIX)])
    play(m, "1:6-6L 2:pass")
    pos = Position(v, 1, [[], [], [], [], []], [], Line(((6, 6),)), (0, 0), 1, 2)
    assert m.view(1).told == ((1, v.lacking(pos)),)


# -- Mexican Train: only the trains the seat may play on --------------------------------------


def mexican_train() -> Variant:
    return load_plugins().variants.create("mexican-train")


def trains_position(v: Variant, layout: Trains, seat: int) -> Position:
    hands: list[list[Tile]] = [[] for _ in range(v.seats + 1)]
    return Position(v, 1, hands, [], layout, (0,) * v.seats, 1, seat)


def test_a_mexican_train_pass_tells_only_the_trains_the_seat_may_play_on():
    v = mexican_train()
    layout = Trains.start(12, 4)
    layout = layout.play(Tile.parse("12-5"), train(2))  # its own train: 5
    layout = layout.play(Tile.parse("12-3"), MEXICAN)  # the Mexican train: 3
    layout = layout.play(Tile.parse("12-9"), train(3))  # another's, unmarked: 9
    layout = layout.play(Tile.parse("12-8"), train(4)).marked(train(4), True)  # marked: 8
    told = v.lacking(trains_position(v, layout, 2))
    # Seat 1's empty train shows the engine's 12; it is not open to seat 2 either.
    assert told == showing(5, 3, 8, max_pip=12)


def test_a_mexican_train_pass_under_a_double_tells_only_the_doubles_end():
    v = mexican_train()
    layout = Trains.start(12, 4).play(Tile.parse("12-5"), train(2))
    layout = layout.play(Tile.parse("5-5"), train(2))  # unsatisfied: every play goes there
    assert v.lacking(trains_position(v, layout, 3)) == showing(5, max_pip=12)


# -- drawing: a forced draw forgets, a draw beside a play tells nothing -----------------------


class Drawing(Variant):
    """Two seats, three tiles each, two draws at most (the boneyard keeps 20)."""

    name = "drawing"
    title = "Drawing"
    seats = 2
    teams = ((1,), (2,))
    hand_size = 3
    drawing = True
    boneyard_keeps = 20
    goal = 100
    block_winner = Variant.block_by_lowest_count
    points = Variant.score_opponents_pips
    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal


class FreeDrawing(Drawing):
    """Drawing where a seat may draw even when it has a play."""

    name = "free-drawing"

    def legal_plays(self, pos: Position) -> list[Action]:
        legal = super().legal_plays(pos)
        if self.can_draw(pos) and DRAW not in legal:
            legal.append(DRAW)
        return legal


def drawing_match(v: Variant, hand_2: str) -> Match:
    hands = tiles("6-6 6-5 4-4") + tiles(hand_2)
    boneyard = tiles("5-0 4-0")
    rest = [t for t in tile_set(6) if t not in hands and t not in boneyard]
    return Match(v, 1, script=[hands + boneyard + rest])


def test_a_forced_draw_forgets_what_was_known_and_a_pass_after_it_tells_again():
    m = drawing_match(Drawing(), "3-2 2-1 3-0")
    play(m, "1:6-6L 2:draw")
    assert [i for i, _ in m.view(1).told] == [1]  # the draw was for want of a play...
    assert m.view(1).lacks()[2] == frozenset()  # ...but the drawn tile may be a six
    play(m, "2:draw 2:pass")
    view = m.view(1)
    assert [i for i, _ in view.told] == [1, 2, 3]
    assert view.lacks()[2] == showing(6)


def test_a_draw_beside_a_play_tells_nothing():
    m = drawing_match(FreeDrawing(), "6-1 2-1 3-0")
    play(m, "1:6-6L")
    assert Play.of(Tile.parse("6-1"), LEFT) in m.legal_actions() and DRAW in m.legal_actions()
    play(m, "2:draw")
    view = m.view(1)
    assert view.told == () and view.lacks()[2] == frozenset()


def test_an_undone_pass_takes_back_what_it_told():
    v = Sevens()
    m = Match(v, 1, script=[deal(v, SEVENS_HANDS)])
    play(m, "1:6-6L 2:pass")
    m.undo()
    assert m.view(1).told == () and m.view(1).lacks()[2] == frozenset()
    m.redo()
    assert m.view(1).lacks()[2] == showing(1)


# -- every installed game: a real hand never holds a tile its seat is said to lack ---------


def installed() -> list[Variant]:
    registry = load_plugins().variants
    return [registry.create(name) for name in registry.names()] + [Sevens(), FreeDrawing()]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**32))
@pytest.mark.slow  # 10 s at load average 18 (--durations): over 0.5 s alone
def test_no_hand_ever_holds_a_tile_its_seat_is_said_to_lack(data, seed):
    v = data.draw(st.sampled_from(installed()), label="variant")
    m = Match(v, seed)
    rng = random.Random(seed)
    for _ in range(600):  # a few hands: enough passes and draws, short enough to run
        if m.turn is None:
            break
        if m.phase == PLAY:
            lacks = m.view(1).lacks()
            for s in range(1, v.seats + 1):
                assert not set(m.hands[s]) & lacks[s], f"seat {s} holds a tile it lacks"
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])


def test_a_view_says_the_same_lacks_to_every_seat():
    v = Sevens()
    m = Match(v, 1, script=[deal(v, SEVENS_HANDS)])
    play(m, "1:6-6L 2:pass")
    assert len({tuple(sorted(m.view(s).lacks()[2])) for s in range(1, 5)}) == 1


def test_a_pass_tells_nothing_of_an_end_the_seat_may_not_play_on():

    class OneEnd(Sevens):
        name = "one-end"

        def open_to(self, layout, seat: int) -> Collection[str]:
            return (LEFT,)

    v = OneEnd()
    layout = SevensLine().play(Tile.parse("5-2"), LEFT)  # left 5 (2s join), right 2
    pos = Position(v, 1, [[], [], [], [], []], [], layout, (0, 0), 1, 2)
    assert v.lacking(pos) == showing(2)


def made_plays_answer(v: Variant, pos: Position) -> frozenset[Tile]:
    """What :meth:`Variant.lacking` says by definition: the tiles of which legal_plays,
    asked with the whole set in the seat's hand, makes a play."""
    hands = list(pos.hands)
    hands[pos.turn] = list(tile_set(v.max_pip))
    legal = v.legal_plays(dataclasses.replace(pos, hands=hands))
    return frozenset(a.tile for a in legal if isinstance(a, Play))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**32))
@pytest.mark.slow  # 14 s at load average 18 (--durations): over 0.5 s alone
def test_lacking_answers_as_the_plays_made_with_the_whole_set_would(data, seed):
    # The default lacking answers from fits, a table or its last answer without making the
    # plays (the general path asks it at every forced draw or pass); it must not differ.
    v = data.draw(st.sampled_from(installed()), label="variant")
    m = Match(v, seed)
    rng = random.Random(seed)
    for _ in range(400):
        if m.turn is None:
            break
        if m.phase == PLAY and m.position is not None:
            pos = m.position
            assert v.lacking(pos) == made_plays_answer(v, pos)
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
