"""What one seat knows about the hidden tiles, read from its view, and deals consistent with it.

A player's view says: its own tiles, the line, every play and pass of this hand, and how
many tiles each seat holds. From that follows what this module computes once per
decision: the unseen tiles (in other hands or, in double-nine, face down unused), the
tiles each seat has shown it lacks by passing (what the rules said each pass told,
:meth:`View.lacks`), the numbers of which it has thereby shown it holds no tile (the
heuristic's terms speak of numbers), and which numbers each seat has put on the line.
:func:`sample_deal` then deals the unseen tiles into the other hands and the unused pile at
random, so that every count is right and no seat gets a tile it has shown it lacks: one
*determinization* for the expert's search.

Nothing here sees more than the view; ``tests/players/test_fair_play.py`` proves the
players' choices do not change when the hidden tiles are dealt differently.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass

from ..core.actions import DRAW, Action, Play
from ..core.tiles import Tile, tile_set
from ..core.view import View


@dataclass(slots=True)
class Knowledge:
    """One seat's knowledge at a decision (seats 0-based here, as the simulator uses)."""

    me: int
    seats: int
    max_pip: int
    hand: list[int]  # own tiles as Tile.index ints
    left: int  # open numbers, -1 on an empty line
    right: int
    counts: list[int]  # tiles held by each seat
    void: list[int]  # per seat, a bit mask of the numbers it has shown it holds no tile of
    lacks: list[int]  # per seat, a bit mask (by Tile.index) of the tiles it has shown it lacks
    unseen: list[int]  # tiles in other hands or unused, sorted by index
    unused: int  # how many of the unseen tiles are face down, out of play
    exposed: list[list[int]]  # per seat, the numbers it put on the line this hand, in order
    #: The seat that put down the number open at each end (the lead's seat at both), -1
    #: on an empty line.
    end_owner: tuple[int, int] = (-1, -1)

    @property
    def others(self) -> list[int]:
        return [s for s in range(self.seats) if s != self.me]


class HandWalk:
    """The public state of a hand, action by action, from the line and what the passes
    told (seats 0-based): the open ends, the tiles each seat has shown it lacks and the
    numbers it has thereby shown it holds none of, the numbers each seat put down, and who
    put down each open end. :func:`knowledge` reads it at the end of the history; the
    expert's reading (:mod:`capicua.players.inference`) at every earlier play.

    ``told`` is the view's :attr:`View.told`: what each pass or draw forced by having no
    play showed, by its index in the history, as the rules say it; the walk never works
    out itself what a pass means."""

    def __init__(self, seats: int, max_pip: int, told: Mapping[int, frozenset[Tile]]) -> None:
        self.left = self.right = -1
        self.void = [0] * seats
        self.lacks = [0] * seats
        self.exposed: list[list[int]] = [[] for _ in range(seats)]
        self.owner = (-1, -1)
        self._told = told
        self._with = _number_masks(max_pip)
        self._at = 0  # the index in the history of the next action

    def apply(self, seat: int, action: Action) -> None:
        at = self._at
        self._at = at + 1
        if not isinstance(action, Play):
            if action is DRAW:
                # A drawn tile may be any tile: what was known of the seat is forgotten.
                self.lacks[seat] = self.void[seat] = 0
                return
            told = self._told.get(at)
            if told is not None:  # tiles only leave a hand: it lacks them all hand long
                lacks = self.lacks[seat] = self.lacks[seat] | tiles_mask(told)
                self.void[seat] = sum(
                    1 << n for n, mask in enumerate(self._with) if mask & ~lacks == 0
                )
            return
        t = action.tile
        if self.left < 0:
            self.left, self.right = t.hi, t.lo
            self.exposed[seat] += [t.hi, t.lo]
            self.owner = (seat, seat)
        elif action.end == "left":
            self.left = t.other(self.left)
            self.exposed[seat].append(self.left)
            self.owner = (seat, self.owner[1])
        else:
            self.right = t.other(self.right)
            self.exposed[seat].append(self.right)
            self.owner = (self.owner[0], seat)


@functools.cache
def tiles_mask(tiles: frozenset[Tile]) -> int:
    """``tiles`` as a bit mask by :attr:`Tile.index` (cached: the engine hands out the same
    sets again and again)."""
    return sum(1 << t.index for t in tiles)


@functools.cache
def _number_masks(max_pip: int) -> tuple[int, ...]:
    """By number, the bit mask of the set's tiles showing it."""
    tiles = tile_set(max_pip)
    return tuple(tiles_mask(frozenset(t for t in tiles if t.has(n))) for n in range(max_pip + 1))


def knowledge(view: View) -> Knowledge:
    """Read a view into :class:`Knowledge`. Every order is fixed by tile index, never by
    set iteration, so a seed gives the same choices in every process."""
    info = view.variant
    seats = info.seats
    walk = HandWalk(seats, info.max_pip, dict(view.told))
    for seat, action in view.history:
        walk.apply(seat - 1, action)
    void, exposed, owner = walk.void, walk.exposed, walk.owner
    unseen = [t.index for t in view.unseen()]
    counts = list(view.counts)
    me = view.seat - 1
    hidden = sum(c for s, c in enumerate(counts) if s != me)
    ends = view.ends
    return Knowledge(
        me=me,
        seats=seats,
        max_pip=info.max_pip,
        hand=[t.index for t in view.hand],
        left=ends[0] if ends else -1,
        right=ends[1] if ends else -1,
        counts=counts,
        void=void,
        lacks=walk.lacks,
        unseen=unseen,
        unused=len(unseen) - hidden,
        exposed=exposed,
        end_owner=owner,
    )


def tile_fits(tile: int, mask: int) -> bool:
    """Whether ``tile`` (a :attr:`Tile.index`) may be in a hand that lacks the tiles of bit
    mask ``mask`` (:attr:`Knowledge.lacks`)."""
    return not mask >> tile & 1


def sample_deal(k: Knowledge, rng: random.Random, swaps: int | None = None) -> list[list[int]]:
    """Every seat's hand in one random deal consistent with ``k``: own hand as it is, each
    other seat with exactly its count of unseen tiles and none it has shown it lacks.

    The unused tiles (double-nine) are what is left over. Tiles are placed most
    constrained first, each into an allowed seat with probability proportional to the room
    left; a tile with no room in any allowed seat is placed by moving others along an
    augmenting path (so a consistent deal is always found when one exists, and the real
    one does); then ``swaps`` random exchanges between slots, each kept when both tiles
    may go where they land, spread the deal closer to uniform.
    """
    slots = [*k.others, -1]  # -1: the unused pile, which lacks nothing
    room = [k.counts[s] for s in k.others] + [k.unused]
    masks = [k.lacks[s] for s in k.others] + [0]
    nslots = len(slots)
    tiles = list(k.unseen)
    rng.shuffle(tiles)
    allowed = {t: [i for i in range(nslots) if tile_fits(t, masks[i])] for t in tiles}
    tiles.sort(key=lambda t: len(allowed[t]))  # stable: ties keep the shuffled order
    placed: list[list[int]] = [[] for _ in range(nslots)]
    for t in tiles:
        options = [i for i in allowed[t] if room[i] > 0]
        if options:
            total = sum(room[i] for i in options)
            pick = rng.random() * total
            for i in options:
                pick -= room[i]
                if pick < 0:
                    break
            placed[i].append(t)
            room[i] -= 1
        else:
            _augment(t, allowed, placed, room)
    # Random exchanges between slots: a symmetric chain whose stationary law is uniform
    # over consistent deals, which corrects most of the greedy placement's bias.
    flat = [(i, j) for i in range(nslots) for j in range(len(placed[i]))]
    n = len(flat)
    for _ in range(n if swaps is None else swaps):
        if n < 2:
            break
        a, b = flat[int(rng.random() * n)], flat[int(rng.random() * n)]
        if a[0] == b[0]:
            continue
        ta, tb = placed[a[0]][a[1]], placed[b[0]][b[1]]
        if tile_fits(ta, masks[b[0]]) and tile_fits(tb, masks[a[0]]):
            placed[a[0]][a[1]], placed[b[0]][b[1]] = tb, ta
    hands: list[list[int]] = [[] for _ in range(k.seats)]
    hands[k.me] = list(k.hand)
    for i, s in enumerate(slots[:-1]):
        hands[s] = placed[i]
    return hands


def _augment(
    tile: int, allowed: dict[int, list[int]], placed: list[list[int]], room: list[int]
) -> None:
    """Place ``tile`` by a chain of moves: into a full slot A, moving a tile of A to slot
    B, and so on, until a slot with room (breadth first, so the shortest chain)."""
    parent: dict[int, tuple[int, int] | None] = {}
    queue = []
    for i in allowed[tile]:
        parent[i] = None
        queue.append(i)
    head = 0
    end = -1
    while head < len(queue):
        a = queue[head]
        head += 1
        if room[a] > 0:
            end = a
            break
        for u in placed[a]:
            for b in allowed[u]:
                if b not in parent:
                    parent[b] = (a, u)
                    queue.append(b)
    if end < 0:
        raise ValueError("no deal is consistent with what this seat has seen")
    # Walk back: each step moves tile u from slot a into slot b.
    b = end
    room[b] -= 1
    while (step := parent[b]) is not None:
        a, u = step
        placed[a].remove(u)
        placed[b].append(u)
        b = a
    placed[b].append(tile)
