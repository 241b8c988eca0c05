"""The computer players' choices over seeded positions, pinned.

Each position is a match of an installed game played at random from a seed to a play
decision after a pass or a draw (:func:`player_positions.random_position`); the expert (24
samples), the heuristic and, in the built-in games, the fast hint choose from the view of
the seat to move, each with a stream seeded by the same number. The choices were recorded
before passes were read as tiles rather than numbers (issue 43): the expert's sampler must
take the same deals from its stream, so its choices, and with them its figures, stay the
same. In the games with rules of their own the expert's choices were recorded again when
its sampler began to read each tile a seat drew (capicua.players.general.hand_slots) and
``samples`` began to count deals, as in the built-in games, and again when its playout
policy began to keep back the tiles with more ways to be played (``general.WAY``).
"""

from __future__ import annotations

import random

import pytest
from player_positions import random_position

from capicua.core.actions import Action
from capicua.players.hints import hint
from capicua.plugins import load_plugins

#: By game: (seed, expert, heuristic[, fast hint]) as recorded.
PINNED: dict[str, list[tuple]] = {
    "chiva": [
        (3, "2-1L", "2-1R", "2-1L"),
        (12, "3-2R", "4-4L", "4-4L"),
        (18, "2-2R", "2-2R", "2-2R"),
        (21, "4-2L", "4-2L", "2-1L"),
        (22, "1-0L", "0-0L", "1-0L"),
        (23, "0-0R", "1-0R", "0-0R"),
        (27, "5-0L", "6-5R", "5-0L"),
        (34, "6-1L", "6-1R", "6-1L"),
        (36, "5-2L", "5-2R", "5-2L"),
        (45, "6-3L", "6-3R", "6-3L"),
        (56, "6-1R", "1-1L", "6-1R"),
        (60, "0-0R", "0-0R", "0-0R"),
        (65, "3-2L", "3-2L", "3-2L"),
        (68, "6-2R", "6-2R", "6-2R"),
        (72, "4-4L", "4-4L", "4-4L"),
        (75, "5-5L", "5-5L", "5-5L"),
    ],
    "double-nine-100": [
        (9, "9-2L", "9-2L", "9-2L"),
        (11, "3-0R", "6-0L", "6-0L"),
        (13, "5-2R", "5-2R", "4-2R"),
        (15, "5-2R", "5-2R", "4-2L"),
        (16, "8-3L", "8-3R", "8-3L"),
        (17, "8-3L", "8-3L", "8-3L"),
        (18, "6-2R", "6-1R", "6-2R"),
        (19, "1-1L", "1-1R", "1-1L"),
        (29, "9-2L", "9-2L", "9-2L"),
        (43, "9-9L", "9-9L", "9-9L"),
        (44, "8-3R", "8-3R", "8-3R"),
        (53, "0-0R", "0-0R", "8-4L"),
        (57, "4-3L", "8-3L", "4-3L"),
        (58, "8-7R", "8-7R", "8-7R"),
        (59, "9-2L", "9-2L", "3-2R"),
        (67, "4-3L", "4-3L", "4-3L"),
    ],
    "draw": [
        (9, "3-3L", "3-3L"),
        (10, "6-5L", "6-5L"),
        (17, "6-3L", "6-3L"),
        (19, "2-0L", "2-2L"),
        (22, "6-2L", "6-2L"),
        (27, "5-2R", "5-2R"),
    ],
    "all-fives": [
        (5, "3-3L", "3-3L"),
        (11, "6-0D", "6-0D"),
        (17, "6-5L", "6-5L"),
        (19, "3-3L", "3-3L"),
        (21, "4-2R", "4-2U"),
        (22, "6-2L", "5-4R"),
    ],
    "mexican-train": [
        (10, "8-4T2", "9-8T2"),
        (12, "4-2M", "4-2M"),
        (18, "10-7M", "10-7M"),
        (19, "4-3M", "3-3M"),
        (25, "7-0M", "7-0M"),
        (29, "5-3T2", "5-3T2"),
    ],
    "block": [
        (9, "5-3L", "5-3L"),
        (18, "0-0R", "0-0R"),
        (21, "5-2R", "6-2R"),
        (22, "5-4L", "5-4L"),
        (27, "6-2R", "6-2R"),
        (32, "6-1L", "6-3L"),
    ],
}


def after_a_pass_or_draw(variant, seed: int):
    """The position of ``seed``, or ``None`` where no pass or draw precedes it."""
    m = random_position(variant, seed)
    view = m.view(m.to_move)
    return view if any(not hasattr(a, "tile") for _, a in view.history) else None


@pytest.mark.parametrize("name", sorted(PINNED))
@pytest.mark.slow  # 6 s at load average 18 (--durations): over 0.5 s alone
def test_the_players_choose_as_pinned_after_passes_and_draws(name):
    plugins = load_plugins()
    variant = plugins.variants.create(name)
    players = plugins.players
    seeds = [row[0] for row in PINNED[name]]
    chosen = []
    for seed in range(1, seeds[-1] + 1):
        view = after_a_pass_or_draw(variant, seed)
        if view is None:
            continue
        row: list[int | str] = [seed]
        for spec in ({"player": "expert", "samples": 24}, "heuristic"):
            action: Action = players.create(spec, random.Random(seed)).act(view)
            row.append(str(action))
        if name in ("chiva", "double-nine-100"):
            row.append(str(hint(view, "fast", random.Random(seed)).action))
        chosen.append(tuple(row))
    assert chosen == PINNED[name]
