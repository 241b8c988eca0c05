"""The expert's reading of plays: each play of another seat is scored by the heuristic's
public terms at that moment, and a seat that shed a light tile while it could have played
a heavier one or a double probably does not hold that tile."""

from __future__ import annotations

import math

import pytest
from deals_for_players import chiva_deal
from hypothesis import given, settings
from hypothesis import strategies as st
from player_positions import random_position

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.players.heuristic import public_scorer, score_plays
from capicua.players.inference import NUMBERS, Reading, hand_value
from capicua.players.knowledge import Knowledge, knowledge
from capicua.players.sim import HI, LO
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100
from deals import LOWEST_SEAT_2, deal, draw, play


def idx(text: str) -> int:
    return Tile.parse(text).index


def after(steps: str) -> Match:
    """The deals_for_players Chiva deal after ``steps`` (seat 1 leads the 6-6)."""
    m = Match(Chiva(), 1, script=[chiva_deal()])
    for a in steps.split():
        m.apply(parse_action(a))
    return m


def reading_of(m: Match, seat: int, strength: float = 0.2) -> Reading:
    view = m.view(seat)
    return Reading(view, knowledge(view), strength)


def hands_of(m: Match) -> list[list[int]]:
    return [[t.index for t in m.hands[s]] for s in range(1, 5)]


def exchanged(hands: list[list[int]], a: str, seat_a: int, b: str, seat_b: int):
    """``hands`` (seats 1-based here) with tile ``a`` of ``seat_a`` and ``b`` of ``seat_b``
    exchanged."""
    out = [h[:] for h in hands]
    out[seat_a - 1][out[seat_a - 1].index(idx(a))] = idx(b)
    out[seat_b - 1][out[seat_b - 1].index(idx(b))] = idx(a)
    return out


def test_a_deal_where_the_seat_held_a_heavier_tile_that_fit_is_less_likely():
    # Seat 2 answered the 6-6 with the 6-2 although it holds the 6-5. From seat 3's view,
    # the deal where the 6-5 is with seat 4 explains that play better, by exactly the
    # model's odds (e(6-2) + e(6-5)) / e(6-2) with e(t) = exp(strength * score(t)), the
    # score being the heuristic's public terms as seat 2 could reckon them then: a line
    # of 6|6 led by seat 1, seat 2 known to hold the 6-2 (it plays it), 6 tiles left in
    # seat 1's hand and 7 in the others', nobody shown to lack anything.
    m = after("6-6L 6-2L")
    reading = reading_of(m, 3)
    real = hands_of(m)
    moved = exchanged(real, "6-5", 2, "5-1", 4)
    then = Knowledge(
        me=1,
        seats=4,
        max_pip=6,
        hand=[idx("6-2")],
        left=6,
        right=6,
        counts=[6, 7, 7, 7],
        void=[0, 0, 0, 0],
        lacks=[0, 0, 0, 0],
        unused=0,
        exposed=[[6, 6], [], [], []],
        end_owner=(0, 0),
        unseen=[t.index for t in tile_set(6) if t.index not in (idx("6-6"), idx("6-2"))],
    )
    score = public_scorer(Chiva().info(), then)

    def e(t):
        return math.exp(0.2 * score(idx(t), "left"))

    assert e("6-5") > e("6-2")  # five more pips: the heavier tile was the likelier play
    assert reading.weight(moved) / reading.weight(real) == pytest.approx(
        (e("6-2") + e("6-5")) / e("6-2")
    )


def test_tiles_that_could_not_have_been_played_tell_nothing():
    # Seat 2 answered the 6-6 with the 6-5. Whether it also held the 3-1 (which cannot
    # follow a six) says nothing about that play: moving the 3-1 to seat 4 and the 4-2
    # back leaves the deal's weight as it was.
    m = after("6-6L 6-5R")
    reading = reading_of(m, 3)
    real = hands_of(m)
    moved = exchanged(real, "3-1", 2, "4-2", 4)
    assert reading.weight(moved) == pytest.approx(reading.weight(real))


def test_own_plays_are_not_read_and_strength_zero_reads_nothing():
    m = after("6-6L 6-2L 3-2L 6-4R")
    reading = reading_of(m, 1)
    # Seat 1's own 6-6 is not read; seats 2, 3 and 4 (0-based 1, 2, 3) are, partner too.
    assert [seat for seat, _, _ in reading.steps] == [1, 2, 3]
    off = reading_of(m, 1, 0.0)
    assert not off and off.weight(hands_of(m)) == 1.0


def test_a_lead_the_rules_forced_is_not_read():
    # The first Chiva hand must open with the 6-6 (docs/rules.md, Chiva), so seat 1's lead
    # was no choice: from seat 2's view, whether seat 1 also holds the 3-3 (a heavy double
    # it would rather have shed) changes nothing. Read as a choice between the 6-6 and
    # seat 1's other tiles, the lead would make a deal with more heavy doubles in seat 1's
    # hand weigh less.
    m = after("6-6L")
    view = m.view(2)
    assert view.forced_opening == Tile.parse("6-6")
    reading = reading_of(m, 2)
    assert not reading.steps
    real = hands_of(m)
    moved = exchanged(real, "3-3", 1, "4-0", 3)
    assert reading.weight(moved) == reading.weight(real)


def test_a_free_lead_is_read():
    # In double-nine the chosen leader opens with any tile it likes (docs/rules.md): its
    # lead is a choice, and read like every other play.
    v = DoubleNine100()
    m = Match(v, 1, script=[draw(v, "6-6", "1-0"), deal(v, LOWEST_SEAT_2)])
    play(m, "1:draw 0 2:draw 0 1:lead 3 3:8-7L")
    view = m.view(4)
    assert view.forced_opening is None
    assert [seat for seat, _, _ in Reading(view, knowledge(view), 0.2).steps] == [2]


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(name=st.sampled_from(["chiva", "double-nine-100"]), seed=st.integers(0, 2**32))
def test_hand_value_is_the_heuristics_terms_about_the_rest_of_the_hand(name, seed):
    # hand_value is the fast twin of the heuristic's "keeps ..." terms (tiles that fit,
    # numbers kept, control), for the better end when a tile fits both.
    m = random_position(Chiva() if name == "chiva" else DoubleNine100(), seed)
    view = m.view(m.turn)
    if view.ends is None:
        return
    k = knowledge(view)
    kept: dict[int, float] = {}
    for s in score_plays(view, k):
        if len(k.hand) == 1:
            return  # going out: no rest of the hand
        value = sum(x.value for x in s.terms if x.words.startswith("keeps "))
        t = s.action.tile.index
        kept[t] = max(kept.get(t, value), value)
    counts = [0] * len(NUMBERS)
    for t in k.hand:
        counts[HI[t]] += 1
        if HI[t] != LO[t]:
            counts[LO[t]] += 1
    before = counts[:]
    for t, value in kept.items():
        assert hand_value(t, k.left, k.right, counts, k.hand) == pytest.approx(value)
    assert counts == before


def test_the_tiles_a_seat_kept_weigh_a_deal_by_the_heuristics_terms_about_the_hand():
    # After 6-6, seat 2 played 6-5 rather than 6-2. Holding 5-5 and 5-2 (as dealt), the
    # 6-5 keeps three tiles that fit (5-5, 6-2, 5-2) and two fives; the 6-2 would have
    # kept as many (6-5, 2-1, 5-2) and two twos: the rest of the hand does not tell the two
    # plays apart. Had seat 2 held 4-2 instead of 5-5, the 6-2 would have kept four tiles
    # that fit and three twos, so its 6-5 is less likely in that deal. The public terms
    # (tiles that fit then: 6-5 and 6-2 either way) weigh both deals the same.
    m = after("6-6L 6-5L pass")
    view = m.view(1)
    reading = Reading(view, knowledge(view), 0.3)
    dealt = hands_of(m)
    other = exchanged(dealt, "5-5", 2, "4-2", 4)
    assert reading.weight(dealt) == reading.weight(other)
    assert reading.hand_ratio(dealt) == pytest.approx(1.0)
    assert reading.hand_ratio(other) < 0.6
