"""Random positions for the players' tests: matches played at random to a real decision."""

from __future__ import annotations

import random

from capicua.core.match import Match


def random_position(variant, seed: int, *, min_hand: int = 1) -> Match:
    """A match played at random from ``seed`` to a play decision with more than one legal
    move, in hand ``min_hand`` or later (a match ended before that is started over)."""
    rng = random.Random(seed)
    while True:
        m = Match(variant, rng.getrandbits(32))
        stop = rng.random()
        while m.turn is not None:
            legal = m.legal_actions()
            if (
                m.phase == "play"
                and len(legal) > 1
                and m.hand_number >= min_hand
                and rng.random() < stop * 0.3
            ):
                return m
            m.apply(legal[int(rng.random() * len(legal))])
