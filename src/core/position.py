"""A hand in play as the rules see it, and one step of play: the rules' own state machine.

:class:`Position` holds what the rules of a hand need: every hand, the boneyard, the
layout, the scores, whose turn it is and the hand's history. :func:`step` takes one action
of the play phase through the variant's rule methods (:class:`~capicua.core.variant.Variant`:
``legal_plays``, ``next_layout``, ``play_points``, ``next_turn``, ``blocked``) and says how
the hand ended, if it did.

The :class:`~capicua.core.match.Match` plays every hand of a variant with rules of its own
through these two, and so does the expert's look-ahead (:mod:`capicua.players.general`): the
playouts draw, score and end hands exactly as the engine does, because they are the same
code. A position is the engine's truth, with every hand in it; players never get one, only
a :class:`~capicua.core.view.View` (the expert builds its own from a guess of the hidden
tiles).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import NamedTuple

from .actions import DRAW, Action, Play
from .layout import Layout
from .tiles import Tile
from .variant import BLOCK, DOMINO, GOAL, TIE, Variant


@dataclass(slots=True, eq=False)
class Position:
    """A hand being played: hands by seat (``hands[0]`` is unused), the boneyard (the next
    tile drawn first), the layout, every team's score, the seat to move, the tile the hand
    must open with (if any) and the hand's actions so far."""

    variant: Variant
    number: int
    hands: list[list[Tile]]
    boneyard: list[Tile]
    layout: Layout
    scores: tuple[int, ...]
    leader: int
    turn: int
    required: Tile | None = None
    history: list[tuple[int, Action]] = field(default_factory=list)

    def copy(self) -> Position:
        """An independent copy (for look-ahead): its own hands, boneyard and history."""
        return Position(
            self.variant,
            self.number,
            [list(h) for h in self.hands],
            list(self.boneyard),
            self.layout,
            self.scores,
            self.leader,
            self.turn,
            self.required,
            list(self.history),
        )

    def drew_last(self, seat: int) -> bool:
        """True when ``seat``'s last action, taken just now, was a draw from the boneyard."""
        return bool(self.history) and self.history[-1] == (seat, DRAW)

    def remaining(self) -> dict[int, tuple[Tile, ...]]:
        """Each seat's tiles, seat 1 first."""
        return {s: tuple(self.hands[s]) for s in range(1, len(self.hands))}


class Ending(NamedTuple):
    """How a hand ended: the outcome's word, the winning team (``None`` on a tie) and the
    seat that went out or reached the goal (``None`` on a block)."""

    outcome: str
    team: int | None
    seat: int | None


def step(pos: Position, action: Action) -> Ending | None:
    """Take ``action`` (legal: the caller checked) for the seat to move; return how the hand
    ended, or ``None`` while it goes on (then :attr:`Position.turn` is the next to move)."""
    v = pos.variant
    seat = pos.turn
    pos.history.append((seat, action))
    own = _own_rules(type(v))
    play = action if isinstance(action, Play) else None  # a Play, for mypy
    if action is DRAW:
        pos.hands[seat].append(pos.boneyard.pop(0))
    elif play is not None:
        hand = pos.hands[seat]
        tile = play.tile
        for i, held in enumerate(hand):  # by identity, as the engine's fast path does
            if held is tile:
                del hand[i]
                break
        pos.required = None
    # The defaults of next_layout, play_points and next_turn are taken here without the
    # call where the variant keeps them (the step of every action pays for each call).
    if own[0]:
        pos.layout = v.next_layout(pos.layout, seat, action)
    elif play is not None:
        if play.shows is None:
            pos.layout = pos.layout.play(play.tile, play.end)
        else:
            pos.layout = pos.layout.play(play.tile, play.end, play.shows)
    if play is not None:
        points = v.play_points(pos.layout, seat, play) if own[1] else 0
        if points:
            team = v.team_of[seat]
            pos.scores = tuple(s + points if t == team else s for t, s in enumerate(pos.scores, 1))
            if v.winners(pos.scores, pos.number - 1):
                return Ending(GOAL, team, seat)
        if not pos.hands[seat]:
            return Ending(DOMINO, v.team_of[seat], seat)
    if own[2]:
        pos.turn = v.next_turn(pos, seat, action)
    else:
        pos.turn = seat if action is DRAW else seat % v.seats + 1
    if v.blocked(pos):
        winner = v.block_winner(pos.remaining())
        return Ending(BLOCK if winner is not None else TIE, winner, None)
    return None


@functools.cache
def _own_rules(cls: type[Variant]) -> tuple[bool, bool, bool]:
    """Whether ``cls`` has rules of its own for ``next_layout``, ``play_points`` and
    ``next_turn`` (else :func:`step` takes the defaults itself)."""
    return (
        cls.next_layout is not Variant.next_layout,
        cls.play_points is not Variant.play_points,
        cls.next_turn is not Variant.next_turn,
    )
