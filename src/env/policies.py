"""Ready-made policies for the ``policy`` player, and the form every policy takes.

A policy is any callable ``policy(observation, mask)`` or ``policy(observation, mask, rng)``
that returns the number of a legal action: ``observation`` is the seat's float32 vector and
``mask`` the int8 action mask, as :class:`~capicua.env.aec.CapicuaEnv` gives them, and
``rng`` the seat's own ``random.Random`` (the only randomness a player may use, so that a
seed replays the same match).
"""

from __future__ import annotations

import random
from typing import Any


def uniform(observation: Any, mask: Any, rng: random.Random) -> int:
    """Any legal action, uniformly, from the seat's stream: the ``random`` player's play
    through the policy interface (the ``policy`` player's default)."""
    legal = mask.nonzero()[0]
    return int(legal[int(rng.random() * len(legal))])
