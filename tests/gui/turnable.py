"""A game whose tiles may go on an end either way round, for the table's tests.

A tile joins an end showing ``n`` by an equal half (``n`` touches ``n``) or by seven (its
``7 - n`` half touches it), so 6-1 on an end showing 6 may leave 1 (equal) or 6 (by seven):
two legal plays of one tile on one end, differing in the number they leave. capicua's
:class:`~capicua.core.actions.Play` gains ``shows`` for this (the ``turn`` work); until
then the test brings :class:`Turned`, a play with ``shows``, which the table reads through
``getattr`` as it will read ``Play.shows``.
"""

from __future__ import annotations

from dataclasses import dataclass

from capicua.core.actions import LEFT, PASS, Action, Play
from capicua.core.line import Line
from capicua.core.tiles import Tile
from capicua.core.variant import Variant


class Turned(Play):
    """A play that names the number it leaves open (``6-1L/6``); interned by :func:`turned`."""

    __slots__ = ("shows",)
    shows: int

    def __init__(self, tile: Tile, end: str, shows: int) -> None:
        super().__init__(tile, end)
        object.__setattr__(self, "shows", shows)

    def __str__(self) -> str:
        return f"{super().__str__()}/{self.shows}"


_TURNED: dict[tuple[Tile, str, int], Turned] = {}


def turned(tile: Tile, end: str, shows: int) -> Turned:
    key = (tile, end, shows)
    if key not in _TURNED:
        _TURNED[key] = Turned(tile, end, shows)
    return _TURNED[key]


@dataclass(frozen=True, slots=True)
class EitherWay(Line):
    """A line whose tiles join by an equal half or by seven."""

    def leaves(self, tile: Tile, end: str) -> tuple[int, ...]:
        """The numbers ``tile`` may leave open on ``end`` (none: it does not fit)."""
        n = self.number(end)
        if n is None:
            return ()
        out = []
        if tile.has(n):
            out.append(tile.other(n))
        if 0 <= 7 - n <= 6 and tile.has(7 - n):
            out.append(tile.other(7 - n))
        return tuple(dict.fromkeys(out))

    def fits(self, tile: Tile) -> tuple[str, ...]:
        if not self.tiles:
            return (LEFT,)
        return tuple(end for end, _n in self.open_ends() if self.leaves(tile, end))

    def lay(self, tile: Tile, end: str, shows: int | None = None) -> EitherWay:
        """The line after ``tile`` goes on ``end`` leaving ``shows`` (the one way it goes
        when ``None``)."""
        if not self.tiles:
            return EitherWay(((tile.hi, tile.lo),))
        ways = self.leaves(tile, end)
        if not ways or (shows is not None and shows not in ways):
            raise ValueError(f"{tile} does not go on the {end} end leaving {shows}")
        out = ways[0] if shows is None else shows
        touch = tile.other(out)
        if end == LEFT:
            return EitherWay(((out, touch), *self.tiles), self.first + 1)
        return EitherWay((*self.tiles, (touch, out)), self.first)

    def play(self, tile: Tile, end: str) -> EitherWay:
        return self.lay(tile, end)


class EitherWayGame(Variant):
    """Two players, double-six, seven tiles each, a block game on :class:`EitherWay`."""

    name = "either-way-test"
    title = "Either way (test)"
    max_pip = 6
    hand_size = 7
    seats = 2
    teams = ((1,), (2,))

    def new_layout(self, number: int) -> Line:
        return EitherWay()

    def legal_plays(self, pos) -> list[Action]:
        layout = pos.layout
        if pos.required is not None and not layout:
            return [Play.of(pos.required, LEFT)]
        legal: list[Action] = []
        for t in pos.hands[pos.turn]:
            for end in layout.fits(t):
                ways = layout.leaves(t, end) if layout else ()
                if len(ways) > 1:
                    legal += [turned(t, end, n) for n in ways]
                else:
                    legal.append(Play.of(t, end))
        return legal or [PASS]

    def next_layout(self, layout, seat, action):
        if isinstance(action, Play):
            return layout.lay(action.tile, action.end, getattr(action, "shows", None))
        return layout

    def block_winner(self, hands):
        counts = {s: sum(t.pips for t in ts) for s, ts in hands.items()}
        low = min(counts.values())
        lowest = [s for s, c in counts.items() if c == low]
        return self.team_of[lowest[0]] if len(lowest) == 1 else None

    def next_scores(self, scores, team, points):
        return tuple(s + (1 if t == team else 0) for t, s in enumerate(scores, 1))

    def match_winner(self, scores):
        return next((t for t, s in enumerate(scores, 1) if s >= 3), None)


#: Seat 1 leads 6-6; seat 2 plays 6-3 (leaving 3); seat 1 holds 6-1, which goes on the
#: 6 end either way round: by equal (leaves 1) or by seven (1 touches 6, leaves 6).
HANDS = {1: "6-6 6-1 5-5 4-0 3-0 2-0 1-0", 2: "6-3 5-4 5-3 5-2 5-1 4-4 2-2"}
