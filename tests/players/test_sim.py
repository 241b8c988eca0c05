"""The fast simulator agrees with the Match engine: same legal moves, same hand results."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from player_positions import random_position

from capicua.core.actions import LEFT, PASS, RIGHT, Play
from capicua.core.match import Match
from capicua.core.tiles import Tile
from capicua.players.sim import (
    HandState,
    held_counts,
    legal_moves,
    playout,
    rules_for,
)
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

VARIANTS = {"chiva": Chiva(), "double-nine-100": DoubleNine100()}
TILES = {t.index: t for t in (Tile.of(a, b) for a in range(10) for b in range(a + 1))}


def _state(m: Match) -> HandState:
    v = m.variant
    hands = [[t.index for t in m.hands[s]] for s in range(1, v.seats + 1)]
    left, right = m.ends or (-1, -1)
    return HandState(hands, left, right, m.turn - 1, rules_for(v.info()), v.max_pip)


def _engine_moves(m: Match) -> list[tuple[int, int]]:
    return [(a.tile.index, 0 if a.end == LEFT else 1) for a in m.legal_actions() if a is not PASS]


def _to_action(move: tuple[int, int] | None):
    if move is None:
        return PASS
    return Play.of(TILES[move[0]], LEFT if move[1] == 0 else RIGHT)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32))
def test_simulator_has_the_engines_legal_moves_and_results_through_whole_matches(name, seed):
    v = VARIANTS[name]
    rng = random.Random(seed)
    m = Match(v, seed)
    state = None
    for _ in range(400):
        if m.turn is None:
            break
        if m.phase != "play":
            legal = m.legal_actions()
            m.apply(legal[int(rng.random() * len(legal))])
            state = None
            continue
        if state is None:
            state = _state(m)
        assert state.turn == m.turn - 1
        if m.required is not None and not m.line:
            # A forced opening (6-6 in Chiva) is the engine's rule, not a decision: the
            # simulator only ever starts from positions after it.
            moves = _engine_moves(m)
            assert moves[0] in state.legal()
        else:
            assert state.legal() == _engine_moves(m)
            moves = state.legal()
        move = moves[int(rng.random() * len(moves))] if moves else None
        log = m.hand
        m.apply(_to_action(move))
        state.play(move)
        if log.result is not None:
            r = state.result
            assert r is not None, "the engine ended the hand, the simulator did not"
            assert (r.outcome, r.team, r.points) == (
                log.result.outcome,
                log.result.team,
                log.result.points,
            )
            state = None
        else:
            assert state.result is None


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 2**32),
    noise=st.sampled_from([0.0, 5.0]),
)
def test_playout_moves_replay_legally_in_the_engine_to_the_same_result(name, seed, noise):
    v = VARIANTS[name]
    m = random_position(v, seed)
    hands = [[t.index for t in m.hands[s]] for s in range(1, v.seats + 1)]
    left, right = m.ends or (-1, -1)
    trace: list[tuple[int, int, int]] = []
    team, points = playout(
        [h[:] for h in hands],
        held_counts(hands, v.max_pip),
        left,
        right,
        m.turn - 1,
        rules_for(v.info()),
        random.Random(seed),
        noise,
        trace,
    )
    log = m.hand
    for seat, tile, end in trace:
        assert m.turn == seat + 1
        m.apply(_to_action(None if tile < 0 else (tile, end)))
    assert log.result is not None, "the playout stopped before the engine's hand ended"
    assert (team or None, points) == (log.result.team, log.result.points)


def test_legal_moves_on_an_empty_line_are_every_tile_on_the_left():
    hand = [Tile.parse(x).index for x in ("6-6", "5-3", "2-0")]
    assert legal_moves(hand, -1, -1) == [(t, 0) for t in hand]


def test_a_tile_fitting_both_ends_is_offered_on_both():
    t = Tile.parse("5-3").index
    assert legal_moves([t], 5, 3) == [(t, 0), (t, 1)]


def _idx(text: str) -> list[int]:
    return [Tile.parse(t).index for t in text.split()]


def _first_play(hands: list[str], left: int, right: int) -> str:
    """The tile the playout policy plays first, seat 1 to move in Chiva on ``left|right``."""
    idx = [_idx(h) for h in hands]
    trace: list[tuple[int, int, int]] = []
    playout(
        [h[:] for h in idx],
        held_counts(idx, 6),
        left,
        right,
        0,
        rules_for(Chiva().info()),
        trace=trace,
    )
    assert trace[0][0] == 0
    return str(TILES[trace[0][1]])


def test_playout_policy_makes_the_next_seat_pass_when_it_can():
    # Chiva, line 6|2, seat 1 to play with 6-5 and 2-1 (and 0-0, which fits nowhere). The
    # static weight prefers the heavier 6-5 (ends 5|2); seat 2 holds only threes, fours and
    # blanks, none of 5, 2, 6 or 1, so either play makes it pass, and the heavier is
    # played. Give seat 2 a five and only the 2-1 (ends 6|1) leaves it without a play.
    for seat2, first in (("3-3 4-0 3-0", "6-5"), ("5-3 4-0 3-0", "2-1")):
        hands = ["6-5 2-1 0-0", seat2, "4-4 4-3 4-2", "3-1 4-1 1-1"]
        assert _first_play(hands, 6, 2) == first, seat2


def test_playout_policy_leaves_an_end_the_partner_can_follow():
    # Line 6|2, seat 1 holds 6-1 and 5-2 (7 pips each; 0-0 fits nowhere). Seat 2 can follow
    # either play (6-6, 2-2), and each play leaves seat 1 one tile that still fits. Only
    # the partner, seat 3, tells them apart: with a five it can follow 5-2 (ends 6|5), with
    # a one it can follow 6-1 (ends 1|2).
    for seat3, first in (("5-4 4-4 4-3", "5-2"), ("4-1 4-4 4-3", "6-1")):
        hands = ["6-1 5-2 0-0", "6-6 2-2 3-3", seat3, "3-1 3-0 5-0"]
        assert _first_play(hands, 6, 2) == first, seat3


def test_playout_policy_keeps_tiles_that_fit_the_line():
    # Line 6|2, seat 1 holds 6-1 and 5-2 and a third tile that fits neither end. Seat 2
    # follows either play, the partner neither. With the 5-5, playing 5-2 (ends 6|5)
    # leaves two tiles that fit (6-1, 5-5) against one after 6-1 (ends 1|2: the 5-2); with
    # the 1-1 it is the other way round.
    for third, first in (("5-5", "5-2"), ("1-1", "6-1")):
        hands = [f"6-1 5-2 {third}", "6-6 2-2 3-3", "4-4 4-3 3-0", "4-0 0-0 3-1"]
        assert _first_play(hands, 6, 2) == first, third
