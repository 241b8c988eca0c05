"""The Metropolis chain draws deals in proportion to the reading's likelihood.

Checked on an explicit late Chiva position, small enough to list every deal consistent
with the view: the share of samples that put each tile with each seat must match the
share the likelihood gives it, and differ from what uniform deals give (so the test would
notice a chain that ignored the reading).
"""

from __future__ import annotations

import itertools
import random

import pytest
from deals_for_players import chiva_deal

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.players.chain import DealChain, consistent_deal
from capicua.players.inference import Reading
from capicua.players.knowledge import knowledge, tile_fits
from capicua.variants.chiva import Chiva

# Seat 4 to play, with 7 tiles unseen: seats 1, 2 and 3 hold 2, 2 and 3 of them, and seat
# 3 has shown by passing that it lacks fives and sixes.
PLAYS = (
    "6-6L 6-5L pass 6-4R 5-3L 3-1L 4-4R 5-4R 4-1L 5-5R 4-3L 5-1R 3-3L 2-1R 3-2R pass 6-3L 6-2L 3-0R"
)


@pytest.fixture(scope="module")
def position():
    m = Match(Chiva(), 1, script=[chiva_deal()])
    for a in PLAYS.split():
        m.apply(parse_action(a))
    view = m.view(4)
    k = knowledge(view)
    return k, Reading(view, k, 0.3)


def every_deal(k):
    """Every deal of the unseen tiles to the other seats that the counts and passes allow."""
    others = k.others
    for order in itertools.permutations(k.unseen):
        hands, at = [[] for _ in range(k.seats)], 0
        for s in others:
            hands[s] = sorted(order[at : at + k.counts[s]])
            at += k.counts[s]
        if all(tile_fits(t, k.lacks[s]) for s in others for t in hands[s]):
            yield tuple(tuple(h) for h in hands)


def marginals(deals_and_weights, k):
    """P(tile with seat) for every unseen tile and other seat."""
    total = sum(w for _, w in deals_and_weights)
    out = {(t, s): 0.0 for t in k.unseen for s in k.others}
    for hands, w in deals_and_weights:
        for s in k.others:
            for t in hands[s]:
                out[t, s] += w / total
    return out


def test_the_position_is_small_and_read(position):
    k, reading = position
    assert len(k.unseen) == 7 and [k.counts[s] for s in k.others] == [2, 2, 3]
    assert reading and len(set(every_deal(k))) > 20


@pytest.mark.slow
def test_chain_samples_follow_the_likelihood_of_the_plays(position):
    k, reading = position
    deals = set(every_deal(k))
    exact = marginals([(d, reading.weight([list(h) for h in d])) for d in deals], k)
    uniform = marginals([(d, 1.0) for d in deals], k)
    chain = DealChain(k, reading, random.Random(7))
    drawn = [chain.sample() for _ in range(20_000)]
    seen = marginals([(tuple(tuple(sorted(h)) for h in d), 1.0) for d in drawn], k)
    assert max(abs(seen[x] - exact[x]) for x in exact) < 0.03
    # The reading moves some tile's place by more than the tolerance: a chain that drew
    # uniform deals would fail the line above.
    assert max(abs(uniform[x] - exact[x]) for x in exact) > 0.2


def test_chain_keeps_counts_passes_and_its_running_likelihood(position):
    k, reading = position
    chain = DealChain(k, reading, random.Random(3))
    for _ in range(300):
        hands = chain.sample()
        assert [len(h) for h in hands] == k.counts
        assert sorted(t for s in k.others for t in hands[s]) == k.unseen
        assert all(tile_fits(t, k.lacks[s]) for s in k.others for t in hands[s])
    # The totals it updates proposal by proposal are the ones the deal gives afresh.
    for j, (seat, fit, since) in enumerate(reading.steps):
        assert chain.totals[j] == pytest.approx(since + sum(fit[u] for u in hands[seat]))
    assert 0 < chain.accepted < chain.proposals


def test_chain_is_reproducible_from_its_stream(position):
    k, reading = position
    a = DealChain(k, reading, random.Random(11))
    b = DealChain(k, reading, random.Random(11))
    assert [a.sample() for _ in range(50)] == [b.sample() for _ in range(50)]


def test_a_consistent_deal_respects_counts_and_passes(position):
    k, _ = position
    hands = consistent_deal(k, random.Random(5))
    assert [len(h) for h in hands] == k.counts
    assert all(tile_fits(t, k.lacks[s]) for s in k.others for t in hands[s])
