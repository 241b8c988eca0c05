"""Property tests over random matches of both variants (hypothesis picks seeds and choices)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capicua.core.actions import PASS, Play
from capicua.core.match import PLAY, Match
from capicua.core.tiles import tile_set
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

VARIANTS = st.sampled_from([Chiva(), DoubleNine100()])
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 20_000  # far above any real match: a match that runs past it does not end


def run(variant, seed: int, choices: int, check) -> Match:
    m = Match(variant, seed)
    rng = random.Random(choices)
    for _ in range(MAX_ACTIONS):
        if m.turn is None:
            return m
        check(m)
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("the match did not end")


@SETTINGS
@given(VARIANTS, st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_every_tile_is_in_exactly_one_place(variant, seed, choices):
    full = set(tile_set(variant.max_pip))

    def check(m: Match) -> None:
        if m.phase != PLAY:
            return
        places = [t for s in range(1, 5) for t in m.hands[s]] + list(m.unused)
        places += [a.tile for _, a in m.hand.actions if isinstance(a, Play)]
        assert len(places) == len(full) and set(places) == full

    run(variant, seed, choices, check)


@SETTINGS
@given(VARIANTS, st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_no_pass_while_a_play_exists(variant, seed, choices):
    def check(m: Match) -> None:
        if m.phase != PLAY or not m.line:
            return
        fits = any(t.has(m.left) or t.has(m.right) for t in m.hands[m.turn])
        assert (m.legal_actions() == [PASS]) == (not fits)

    run(variant, seed, choices, check)


@SETTINGS
@given(VARIANTS, st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_scores_follow_from_the_hand_results(variant, seed, choices):
    m = run(variant, seed, choices, lambda m: None)
    scores = (0, 0)
    for log in m.hands_log:
        r = log.result
        if variant.name == "double-nine-100" and r.team is not None:
            opponents = [s for s in range(1, 5) if variant.team_of[s] != r.team]
            assert r.points == sum(t.pips for s in opponents for t in r.remaining[s])
        scores = variant.next_scores(scores, r.team, r.points)
        assert r.scores == scores
    assert m.winner == variant.match_winner(scores) is not None
    assert max(scores) == 4 if variant.name == "chiva" else max(scores) >= 100
    before_last = m.hands_log[-2].result.scores if len(m.hands_log) > 1 else (0, 0)
    assert variant.match_winner(before_last) is None  # the match ended at its first win


@SETTINGS
@given(VARIANTS, st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_hands_end_by_domino_or_block_exactly_when_the_rules_say(variant, seed, choices):
    m = run(variant, seed, choices, lambda m: None)
    for log in m.hands_log:
        r = log.result
        empty = [s for s, ts in r.remaining.items() if not ts]
        if r.outcome == "domino":
            assert empty == [r.seat] and log.actions[-1][0] == r.seat
        else:
            assert not empty and not isinstance(log.actions[-1][1], type(PASS))
            line = [a.tile for _, a in log.actions if isinstance(a, Play)]
            left, right = line[0].hi, line[0].lo
            for _, a in log.actions[1:]:
                if isinstance(a, Play):
                    if a.end == "left":
                        left = a.tile.other(left)
                    else:
                        right = a.tile.other(right)
            assert not any(t.has(left) or t.has(right) for ts in r.remaining.values() for t in ts)
