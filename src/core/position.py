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
    #: How many held tiles show each number (a double once): counted from the hands when
    #: the default :meth:`Variant.blocked <capicua.core.variant.Variant.blocked>` first
    #: asks, then kept by :func:`step` as tiles leave and join the hands, so that the
    #: block check reads the open numbers' counts and not every held tile (``None`` until
    #: then; not given to a position made anew, which counts again).
    held_with: list[int] | None = field(default=None, init=False, repr=False)

    def copy(self) -> Position:
        """An independent copy (for look-ahead): its own hands, boneyard and history."""
        copied = Position(
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
        if self.held_with is not None:
            copied.held_with = list(self.held_with)
        return copied

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
    # The defaults of next_layout, play_points, next_turn and blocked are taken here
    # without the call where the variant keeps them (the step of every action pays for
    # each call).
    own = _OWN.get(type(v)) or _own_rules(type(v))
    if isinstance(action, Play):
        hand = pos.hands[seat]
        tile = action.tile
        for i, held in enumerate(hand):  # by identity, as the engine's fast path does
            if held is tile:
                del hand[i]
                break
        pos.required = None
        counts = pos.held_with
        if counts is not None:
            counts[tile.hi] -= 1
            if not tile.is_double:
                counts[tile.lo] -= 1
        if own.next_layout:
            pos.layout = v.next_layout(pos.layout, seat, action)
        elif action.shows is None:
            pos.layout = pos.layout.play(tile, action.end)
        else:
            pos.layout = pos.layout.play(tile, action.end, action.shows)
        if own.play_points:
            points = v.play_points(pos.layout, seat, action)
            if points:
                team = v.team_of[seat]
                pos.scores = tuple(
                    s + points if t == team else s for t, s in enumerate(pos.scores, 1)
                )
                if v.winners(pos.scores, pos.number - 1):
                    return Ending(GOAL, team, seat)
        if not hand:
            return Ending(DOMINO, v.team_of[seat], seat)
        pos.turn = v.next_turn(pos, seat, action) if own.next_turn else seat % v.seats + 1
    else:
        if action is DRAW:
            drawn = pos.boneyard.pop(0)
            pos.hands[seat].append(drawn)
            counts = pos.held_with
            if counts is not None:
                counts[drawn.hi] += 1
                if not drawn.is_double:
                    counts[drawn.lo] += 1
        if own.next_layout:
            pos.layout = v.next_layout(pos.layout, seat, action)
        if own.next_turn:
            pos.turn = v.next_turn(pos, seat, action)
        elif action is not DRAW:
            pos.turn = seat % v.seats + 1
    # Nobody is blocked while the boneyard may be drawn from (the default can_draw, which
    # the default blocked asks first): blocked is asked only once it may not.
    drawable = not own.blocked and v.drawing and len(pos.boneyard) > v.boneyard_keeps
    if not drawable and v.blocked(pos):
        winner = v.block_winner(pos.remaining())
        return Ending(BLOCK if winner is not None else TIE, winner, None)
    return None


class _Own(NamedTuple):
    """Which rule methods of :func:`step`'s a variant class has of its own."""

    next_layout: bool
    play_points: bool
    next_turn: bool
    #: blocked, or can_draw (which the default blocked asks first).
    blocked: bool


#: _own_rules's answers by class (a dict read costs less than a cached function's call).
_OWN: dict[type[Variant], _Own] = {}


def _own_rules(cls: type[Variant]) -> _Own:
    """Whether ``cls`` has rules of its own for ``next_layout``, ``play_points``,
    ``next_turn`` and whether a hand is blocked (else :func:`step` takes the defaults
    itself)."""
    own = _OWN[cls] = _Own(
        cls.next_layout is not Variant.next_layout,
        cls.play_points is not Variant.play_points,
        cls.next_turn is not Variant.next_turn,
        cls.blocked is not Variant.blocked or cls.can_draw is not Variant.can_draw,
    )
    return own
