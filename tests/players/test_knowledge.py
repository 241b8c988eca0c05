"""What a seat knows from its view, and the deals sampled from it."""

from __future__ import annotations

import random

import pytest
from deals_for_players import chiva_deal
from hypothesis import given, settings
from hypothesis import strategies as st
from player_positions import random_position

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.players.knowledge import Knowledge, knowledge, sample_deal, tiles_mask
from capicua.players.sim import HI, LO
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

VARIANTS = {"chiva": Chiva(), "double-nine-100": DoubleNine100()}


def idx(text: str) -> list[int]:
    return [Tile.parse(x).index for x in text.split()]


def showing(*numbers: int) -> int:
    """The bit mask of the double-six tiles showing any of ``numbers``."""
    return tiles_mask(frozenset(t for t in tile_set(6) if any(t.has(n) for n in numbers)))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32))
def test_sampled_deals_keep_counts_voids_and_own_hand(name, seed):
    v = VARIANTS[name]
    m: Match = random_position(v, seed)
    k = knowledge(m.view(m.turn))
    rng = random.Random(seed)
    for _ in range(5):
        hands = sample_deal(k, rng)
        assert hands[k.me] == k.hand
        dealt = [t for s, h in enumerate(hands) if s != k.me for t in h]
        assert len(dealt) == len(set(dealt)) and set(dealt) <= set(k.unseen)
        assert len(k.unseen) - len(dealt) == k.unused
        for s, h in enumerate(hands):
            assert len(h) == k.counts[s]
            for t in h:
                assert not k.lacks[s] >> t & 1, (s, t)
                assert not (k.void[s] >> HI[t] & 1 or k.void[s] >> LO[t] & 1), (s, t)


def test_the_real_hands_are_among_what_the_view_allows():
    v = Chiva()
    m = random_position(v, 7)
    k = knowledge(m.view(m.turn))
    assert sorted(k.unseen) == sorted(
        t.index for s in range(1, 5) if s != m.turn for t in m.hands[s]
    )


def test_a_tight_deal_is_found_by_moving_tiles_along_a_chain():
    # Seat 2 lacks fives and sixes, seat 3 lacks sixes: the one six left must go to seat 4,
    # and 5-1 can only go to seat 3 or 4. Whatever the order of placement, every sample
    # must put 6-0 with seat 4 and respect the rest.
    k = Knowledge(
        me=0,
        seats=4,
        max_pip=6,
        hand=idx("1-1"),
        left=2,
        right=3,
        counts=[1, 1, 1, 1],
        void=[0, (1 << 5) | (1 << 6), 1 << 6, 0],
        lacks=[0, showing(5, 6), showing(6), 0],
        unseen=sorted(idx("6-0 5-1 2-0")),
        unused=0,
        exposed=[[], [], [], []],
    )
    for seed in range(50):
        hands = sample_deal(k, random.Random(seed))
        assert hands[3] == idx("6-0")
        assert hands[1] == idx("2-0") and hands[2] == idx("5-1")


def test_lacks_and_voids_come_from_passes_and_exposed_numbers_from_plays():
    m = Match(Chiva(), 1, script=[chiva_deal()])
    for a in ("6-6L", "6-5R", "pass", "6-4L"):
        m.apply(parse_action(a))
    k = knowledge(m.view(1))
    assert k.void[2] == (1 << 6) | (1 << 5)  # seat 3 passed on 6 and 5
    assert k.lacks[2] == showing(5, 6)
    assert k.exposed[1] == [5] and k.exposed[3] == [4] and k.exposed[0] == [6, 6]
