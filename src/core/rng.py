"""Injected randomness: one match seed, separate derived streams, and the dealer.

A match seed derives one stream for chance (shuffles for the draw for first lead, deals and
redeals) and one stream per seat for that seat's player, so a player's choices never shift
the deals and the same seed gives the same match byte for byte. Nothing here touches the
global ``random`` module.
"""

from __future__ import annotations

import random
import secrets
from typing import Sequence

from .tiles import Tile


def fresh_seed() -> int:
    """A new random seed, for matches started without one (it is written into the record)."""
    return secrets.randbits(63)


def derive(seed: int, *labels: object) -> random.Random:
    """An independent stream for ``labels`` under ``seed``.

    String seeds go through SHA-512 in ``random.Random``, so the streams are stable across
    processes and Python runs (unlike ``hash``).
    """
    return random.Random(":".join(str(x) for x in (seed, *labels)))


def seat_stream(seed: int, seat: int) -> random.Random:
    """The random stream of the player in ``seat`` for the match with ``seed``."""
    return derive(seed, "seat", seat)


def derive_seed(seed: int, *labels: object) -> int:
    """A child seed, e.g. a tournament's match seeds from its own seed and the match index."""
    return derive(seed, "seed", *labels).getrandbits(63)


class Dealer:
    """The source of every chance event of a match: a sequence of shuffles of the full set.

    Event ``k`` is the ``k``-th shuffle of the chance stream. A *script* can fix the first
    events (a record being replayed, a test's explicit deal); the seeded stream still
    advances past them so that events after the script are what the seed would have given.
    The dealer remembers every shuffle it handed out, so rewinding (undo) and replaying
    gives the same deals again.
    """

    __slots__ = ("_tiles", "_rng", "_script", "_made", "position")

    def __init__(self, seed: int, tiles: Sequence[Tile], script: Sequence[Sequence[Tile]] = ()):
        self._tiles = list(tiles)
        self._rng = derive(seed, "chance")
        self._script = [tuple(s) for s in script]
        self._made: list[tuple[Tile, ...]] = []
        self.position = 0

    def next_shuffle(self) -> tuple[Tile, ...]:
        """The next chance event: an ordering of the whole set."""
        k = self.position
        if k == len(self._made):
            order = self._tiles[:]
            self._rng.shuffle(order)
            if k < len(self._script):
                order = list(self._script[k])
            self._made.append(tuple(order))
        self.position = k + 1
        return self._made[k]

    def rewind(self) -> None:
        """Start handing out the same events again from the first."""
        self.position = 0

    def used(self) -> list[tuple[Tile, ...]]:
        """The shuffles handed out so far, in order."""
        return self._made[: self.position]
