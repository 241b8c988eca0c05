"""Layouts: the tiles on the table and their open ends, as immutable values.

Every line game lays tiles out from a start and plays on *open ends*, each with an identity
that a :class:`~capicua.core.actions.Play` names (:data:`~capicua.core.actions.ALL_ENDS`):

- :class:`~capicua.core.line.Line`: one line with two ends, ``left`` and ``right`` (Block,
  Draw, Chiva, double-nine 100);
- :class:`Spinner`: a line whose first double is a spinner: once both of its sides along the
  line are taken it opens ``up`` and ``down`` too, four ends at most (All Fives);
- :class:`Trains`: trains from a hub double, one per seat (``t1`` ... ``t8``) and the public
  ``mexican`` train, each with a marker, and at most one unsatisfied double (Mexican Train).

A layout knows geometry only: which numbers lie open where, and what a tile does when played
on an end. Who may play on which end, what a play scores and when a hand is over are rules,
and rules are the variant's (:class:`~capicua.core.variant.Variant`): the variant asks its
layout, never the other way round. Tiles lie as ``(a, b)`` pairs, ``a`` the number that
touches the tile before, ``b`` the number left open (a line reads left to right instead).

Every layout also says how it is drawn, without anyone knowing the game: its
:meth:`~Layout.origin` tile (a line's first tile, the trains' hub) and its :meth:`~Layout.arms`,
each an :class:`Arm` of tiles laid outward from the start or from a tile of another arm,
with the end a play on it names and the number open there. The table, the viewer, the
host's page and the bots' messages draw any layout from these two.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from .actions import ALL_ENDS, DOWN, LEFT, MEXICAN, RIGHT, UP, Play, arm, train
from .tiles import Tile, tile_set

Pairs = tuple[tuple[int, int], ...]
#: The numbers a tile may show, 0 to 12 (the largest set is double-twelve).
_NUMBERS = 13


@dataclass(frozen=True, slots=True)
class Arm:
    """One arm of a layout, as it is drawn: a run of tiles laid outward.

    ``end`` is the end a play on the arm names (``None`` for an arm closed for good);
    ``tiles`` lie outward, each ``(a, b)`` with ``a`` touching the tile before it (the start,
    or the tile the arm leaves from) and ``b`` facing out; ``open`` is the number open at the
    arm's outer end (``None`` when closed); ``at`` is where the arm leaves from: ``None`` for
    the layout's :meth:`~Layout.origin` tile, else ``(arm, tile)``, the index of another arm
    among :meth:`~Layout.arms` (always an earlier one) and of the tile in it.

    Arms leaving the origin go its two ways first (a line's left, then right), then across
    it; an arm leaving a tile of another arm leaves it across, at right angles, the arms
    from one tile taking its two sides in turn, and a third goes straight on. That is how
    the table draws them.
    """

    end: str | None
    tiles: Pairs
    open: int | None
    at: tuple[int, int] | None = None


class Layout(ABC):
    """Base of the layouts: the open ends, what fits where, and a play's result."""

    __slots__ = ()

    @abstractmethod
    def open_ends(self) -> tuple[tuple[str, int], ...]:
        """Every open end as ``(end, number)``; empty before the first tile."""

    @abstractmethod
    def play(self, tile: Tile, end: str, shows: int | None = None) -> Layout:
        """The layout after ``tile`` goes on ``end`` leaving ``shows`` open there
        (ValueError if it does not fit that way). ``shows`` is ``None`` for the one way the
        matching allows; it must be given where :meth:`ways` has two."""

    @property
    @abstractmethod
    def placed(self) -> int:
        """How many tiles lie on the table."""

    @abstractmethod
    def pairs(self) -> Pairs:
        """Every tile on the table as it lies, ``(a, b)``."""

    def origin(self) -> tuple[int, int] | None:
        """The tile everything else is laid from, as it lies (a line's first tile, the
        trains' hub double); ``None`` while there is none. A layout of a game's own answers
        it with :meth:`arms` (NotImplementedError here)."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it is drawn")

    def arms(self) -> tuple[Arm, ...]:
        """How the layout runs: every tile of :meth:`pairs` but the :meth:`origin` in
        exactly one :class:`Arm`, and every open end at the outer end of the one arm that
        names it. Not abstract, so that a layout written before it still plays
        (NotImplementedError here: the table cannot draw it)."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it is drawn")

    def number(self, end: str) -> int | None:
        """The number open at ``end``, ``None`` if there is no such open end."""
        for name, n in self.open_ends():
            if name == end:
                return n
        return None

    def plays_by_tile(self, max_pip: int) -> Kept | None:
        """By tile index, every tile's plays on this layout, where a tile fits the open
        ends showing one of its numbers (:func:`plays_by_ends`), for the default
        :meth:`Variant.legal_plays <capicua.core.variant.Variant.legal_plays>` to look
        a hand's plays up in; ``None`` while nothing is laid (any tile leads) and, by
        default, where they are cheaper made than looked up (a layout whose open ends
        seldom come back, as the trains')."""
        return None

    def fits(self, tile: Tile) -> tuple[str, ...]:
        """The open ends ``tile`` matches (on an empty layout: ``left``, where it opens)."""
        ends = self.open_ends()
        if not ends and not self.placed:
            return (LEFT,)
        return tuple(end for end, n in ends if tile.has(n))

    def ways(self, tile: Tile, end: str) -> tuple[int, ...]:
        """The numbers ``tile`` may leave open on ``end``, one for each way round it may lie
        there: empty where it does not fit, one number where tiles join by equal numbers (a
        tile touches with the end's number and leaves its other one open). A layout whose
        matching lets a tile lie either way round on an end answers two, and a play there
        names the one it takes (:attr:`Play.shows <capicua.core.actions.Play.shows>`). On
        an empty layout, where a lead goes ``left`` one way only: its high number."""
        if not self.placed and not self.open_ends():
            return (tile.hi,) if end == LEFT else ()
        n = self.number(end)
        if n is None or not tile.has(n):
            return ()
        return (tile.other(n),)

    def end_names(self) -> tuple[str, ...]:
        """Every end this layout can ever open as play goes on, in a fixed order: what a
        fixed-size numbering of the plays (the learning environment's) gives a slot. By
        default every named end and the first sixteen arms; a layout says its own."""
        return (*ALL_ENDS, *(arm(n) for n in range(1, 17)))

    def __bool__(self) -> bool:
        return self.placed > 0


@dataclass(frozen=True, slots=True)
class Described(Layout):
    """A layout known by its description alone: what a bot is sent for a layout of a
    game's own (:func:`capicua.protocol.messages.layout_json`'s ``arms`` kind).

    It answers everything a reader asks (open ends, tiles, :meth:`origin`, :meth:`arms`);
    it cannot be played on, as the game's way of laying a tile is not in it.
    """

    start: tuple[int, int] | None = None
    branches: tuple[Arm, ...] = ()
    #: How many tiles lie on the table (the origin is one unless it was set aside).
    count: int = 0

    @property
    def placed(self) -> int:
        return self.count

    def pairs(self) -> Pairs:
        own = tuple(p for arm in self.branches for p in arm.tiles)
        if self.start is not None and len(own) < self.count:
            return (self.start, *own)
        return own

    def origin(self) -> tuple[int, int] | None:
        return self.start

    def arms(self) -> tuple[Arm, ...]:
        return self.branches

    def open_ends(self) -> tuple[tuple[str, int], ...]:
        return tuple(
            (a.end, a.open) for a in self.branches if a.end is not None and a.open is not None
        )

    def play(self, tile: Tile, end: str, shows: int | None = None) -> Layout:
        raise ValueError(f"a layout known by its description cannot be played on ({tile} {end})")


def describes(layout: Layout) -> bool:
    """True when ``layout`` says how it runs: its :meth:`~Layout.origin` and
    :meth:`~Layout.arms` answer (a layout written before they were asked does not)."""
    try:
        layout.origin()
        arms: object = layout.arms()
    except (NotImplementedError, TypeError):  # TypeError: an attribute of its own by that name
        return False
    return isinstance(arms, tuple) and all(isinstance(a, Arm) for a in arms)


def line_arms(line: Pairs, first: int, ends: dict[str, int]) -> tuple[Arm, Arm]:
    """A line's two arms from its ``first`` tile (:class:`~capicua.core.line.Line` and a
    spinner's line): the left arm, each tile turned to lie outward, and the right arm."""
    left = tuple((b, a) for a, b in reversed(line[:first]))
    return Arm(LEFT, left, ends.get(LEFT)), Arm(RIGHT, line[first + 1 :], ends.get(RIGHT))


def _check_fit(layout: Layout, tile: Tile, end: str, shows: int | None = None) -> int:
    """The number open at ``end`` that ``tile`` touches, or ValueError if it does not fit
    there (or not leaving ``shows`` open)."""
    n = layout.number(end)
    if n is None or not tile.has(n):
        raise ValueError(f"{tile} does not fit the {end} end of {layout}")
    if shows is not None and shows != tile.other(n):
        raise ValueError(f"{tile} on the {end} end of {layout} leaves {tile.other(n)} open")
    return n


def _fitting(
    ends: Sequence[tuple[str, int]], on: Sequence[tuple[str, ...]], tile: Tile
) -> tuple[str, ...]:
    """The ends ``tile`` fits, in the order of ``ends``, from ``on``: the ends showing each
    number (a layout's index of its open ends by what they accept)."""
    if tile.is_double:
        return on[tile.hi]
    a, b = on[tile.hi], on[tile.lo]
    if not b:
        return a
    if not a:
        return b
    return tuple(end for end, _ in ends if end in a or end in b)


#: Every tile's plays by tile index (:meth:`Layout.plays_by_tile`).
Kept = tuple[tuple[Play, ...], ...]


@functools.lru_cache(maxsize=4096)
def plays_by_ends(ends: tuple[tuple[str, int], ...], max_pip: int) -> Kept:
    """By tile index, the plays of each tile of the double-``max_pip`` set on a layout with
    these open ``ends`` where a tile fits the ends showing one of its numbers, in the order
    of ``ends``: what :meth:`Layout.plays_by_tile` answers for a spinner's subclass (a
    spinner's own are read from tables made once, two ends at a time).

    Kept for the ends rather than for a layout: a play makes a new layout, but the same
    open ends come back again and again (a spinner's two to four numbers), so the plays a
    seat holds are looked up, not made, at nearly every turn."""
    return tuple(
        tuple(Play.of(t, end) for end, n in ends if t.hi == n or t.lo == n)
        for t in tile_set(max_pip)
    )


def _plays_on_two(max_pip: int, first: str, second: str) -> list[list[Kept]]:
    """``[a][b]``: :func:`plays_by_ends` for two ends, ``first`` showing ``a`` and
    ``second`` showing ``b``, for every pair of numbers."""
    numbers = range(max_pip + 1)
    return [[plays_by_ends(((first, a), (second, b)), max_pip) for b in numbers] for a in numbers]


SpinnerPlays = tuple[list[list[Kept]], list[list[Kept]], dict[int, Kept]]


def _spinner_plays(max_pip: int) -> SpinnerPlays:
    """A spinner's plays by tile for the double-``max_pip`` set, made once (and kept in
    :data:`_SPINNER_PLAYS`): on its line's two ends by their numbers, on its cross arms by
    theirs, and (filled in as they are met) on the four ends of a crossed spinner, by a
    number made of the four."""
    made = _SPINNER_PLAYS[max_pip] = (
        _plays_on_two(max_pip, LEFT, RIGHT),
        _plays_on_two(max_pip, UP, DOWN),
        {},
    )
    return made


#: _spinner_plays's tables by the set's highest number (a list read costs least).
_SPINNER_PLAYS: list[SpinnerPlays | None] = [None] * _NUMBERS


@dataclass(frozen=True, slots=True)
class Spinner(Layout):
    """A line with a spinner: the first double played is the spinner, and once tiles lie on
    both of its sides along the line, tiles may be played on its two cross arms as well.

    ``line`` reads left to right as :class:`~capicua.core.line.Line` does; ``spinner`` is
    the index in ``line`` of the spinner (-1 while no double has been played); ``up`` and
    ``down`` are the cross arms, outward from the spinner; ``first`` is the index in
    ``line`` of the tile laid first (where drawing starts; not part of the value's
    equality).
    """

    line: Pairs = ()
    spinner: int = -1
    up: Pairs = ()
    down: Pairs = ()
    first: int = field(default=0, compare=False)
    # Worked out when first asked, as Trains does: the open ends, and by number the ends
    # open on it (the rules ask what fits for every held tile at every turn).
    _open: tuple[tuple[str, int], ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _on: tuple[tuple[str, ...], ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def plays_by_tile(self, max_pip: int) -> Kept | None:
        # Looked up at each call, not kept in the value: a view holds the layout, and a
        # table of every tile's plays in it would name tiles the seat may not see.
        ends = self.open_ends()
        if not ends:
            return None  # nothing laid yet: any tile leads
        if type(self) is not Spinner:  # a subclass may say its ends otherwise
            return plays_by_ends(ends, max_pip)
        # Left and right, then up and down once crossed: the line's plays, and the cross
        # arms' after them.
        line, arms, crossed = _SPINNER_PLAYS[max_pip] or _spinner_plays(max_pip)
        left, right = ends[0][1], ends[1][1]
        kept = line[left][right]
        if len(ends) == 4:
            up, down = ends[2][1], ends[3][1]
            code = ((left * _NUMBERS + right) * _NUMBERS + up) * _NUMBERS + down
            four = crossed.get(code)
            if four is None:
                four = crossed[code] = tuple(map(operator.add, kept, arms[up][down]))
            kept = four
        return kept

    @property
    def placed(self) -> int:
        return len(self.line) + len(self.up) + len(self.down)

    def pairs(self) -> Pairs:
        return (*self.line, *self.up, *self.down)

    @property
    def spinner_number(self) -> int | None:
        """The spinner's number, ``None`` while there is no spinner."""
        return self.line[self.spinner][0] if self.spinner >= 0 else None

    @property
    def crossed(self) -> bool:
        """True once both of the spinner's sides along the line are taken: its cross arms
        are open."""
        return 0 < self.spinner < len(self.line) - 1

    def open_ends(self) -> tuple[tuple[str, int], ...]:
        ends = self._open
        if ends is None:
            line = self.line
            if not line:
                ends = ()
            elif 0 < self.spinner < len(line) - 1:  # crossed
                s = line[self.spinner][0]
                ends = (
                    (LEFT, line[0][0]),
                    (RIGHT, line[-1][1]),
                    (UP, self.up[-1][1] if self.up else s),
                    (DOWN, self.down[-1][1] if self.down else s),
                )
            else:
                ends = ((LEFT, line[0][0]), (RIGHT, line[-1][1]))
            _SET_OPEN(self, ends)
        return ends

    def _by_number(self) -> tuple[tuple[str, ...], ...]:
        on = self._on
        if on is None:
            by: list[list[str]] = [[] for _ in range(_NUMBERS)]
            for end, n in self.open_ends():
                by[n].append(end)
            on = tuple(tuple(e) for e in by)
            object.__setattr__(self, "_on", on)
        return on

    def __bool__(self) -> bool:
        return bool(self.line)  # every tile laid is on the line first

    def fits(self, tile: Tile) -> tuple[str, ...]:
        # Layout.fits's answer, in the order of the open ends, from the ends by number
        # (a subclass may say its open ends otherwise: Layout.fits asks them).
        if type(self) is not Spinner:
            return Layout.fits(self, tile)
        ends = self.open_ends()
        if not ends:
            return (LEFT,)
        on = self._by_number()
        return _fitting(ends, on, tile)

    def origin(self) -> tuple[int, int] | None:
        return self.line[self.first] if self.line else None

    def arms(self) -> tuple[Arm, ...]:
        if not self.line:
            return ()
        ends = dict(self.open_ends())
        arms = list(line_arms(self.line, self.first, ends))
        if self.crossed:
            # The cross arms leave the spinner: the start, or a tile of the left or right arm.
            at = None
            if self.spinner < self.first:
                at = (0, self.first - 1 - self.spinner)
            elif self.spinner > self.first:
                at = (1, self.spinner - self.first - 1)
            arms += [Arm(UP, self.up, ends[UP], at), Arm(DOWN, self.down, ends[DOWN], at)]
        return tuple(arms)

    def outer(self, end: str) -> tuple[int, int] | None:
        """The outermost tile at ``end`` as it lies (``None`` for an empty cross arm)."""
        if end == LEFT:
            return self.line[0] if self.line else None
        if end == RIGHT:
            return self.line[-1] if self.line else None
        arm = self.up if end == UP else self.down
        return arm[-1] if arm else None

    def end_names(self) -> tuple[str, ...]:
        return (LEFT, RIGHT, UP, DOWN)

    def play(self, tile: Tile, end: str, shows: int | None = None) -> Spinner:
        if not self.line:
            return Spinner(((tile.hi, tile.lo),), 0 if tile.is_double else -1)
        n = None
        if shows is None and type(self) is Spinner:
            # The engine's every play: the number open at the end, from the open ends
            # worked out for this value (a subclass may say its ends otherwise).
            for name, k in self.open_ends():
                if name == end:
                    if tile.hi == k or tile.lo == k:
                        n = k
                    break
        if n is None:
            n = _check_fit(self, tile, end, shows)
        placed = (n, tile.lo if tile.hi == n else tile.hi)
        line, spinner, up, down, first = self.line, self.spinner, self.up, self.down, self.first
        if end == LEFT:
            if spinner >= 0:
                spinner += 1
            elif tile.is_double:
                spinner = 0
            line, first = ((placed[1], placed[0]), *line), first + 1
        elif end == RIGHT:
            if spinner < 0 and tile.is_double:
                spinner = len(line)
            line = (*line, placed)
        elif end == UP:
            up = (*up, placed)
        else:
            down = (*down, placed)
        if type(self) is Spinner:  # dataclasses.replace took a third of a play's time
            return _spinner(line, spinner, up, down, first)
        return replace(self, line=line, spinner=spinner, up=up, down=down, first=first)

    def __str__(self) -> str:
        text = " ".join(f"{a}|{b}" for a, b in self.line)
        for name, cross in ((UP, self.up), (DOWN, self.down)):
            if cross:
                text += f" {name}: " + " ".join(f"{a}|{b}" for a, b in cross)
        return text


_new = object.__new__
# The slots' own setters: a frozen dataclass's __init__ sets each field through
# object.__setattr__, which took as long as the rest of a spinner's play.
_SPINNER_FIELDS = ("line", "spinner", "up", "down", "first", "_open", "_on")
assert tuple(f.name for f in dataclasses.fields(Spinner)) == _SPINNER_FIELDS, "set them all"
_SPINNER_SLOTS = tuple(Spinner.__dict__[name].__set__ for name in _SPINNER_FIELDS)
_SET_OPEN = _SPINNER_SLOTS[5]


def _spinner(line: Pairs, spinner: int, up: Pairs, down: Pairs, first: int) -> Spinner:
    """``Spinner(line, spinner, up, down, first)``, made the cheap way (the value is the
    same: its caches unset)."""
    s_line, s_spinner, s_up, s_down, s_first, s_open, s_on = _SPINNER_SLOTS
    value: Spinner = _new(Spinner)
    s_line(value, line)
    s_spinner(value, spinner)
    s_up(value, up)
    s_down(value, down)
    s_first(value, first)
    s_open(value, None)
    s_on(value, None)
    return value


@dataclass(frozen=True, slots=True)
class Train:
    """One train from the hub: ``end`` names it (``t3``, ``mexican``), ``owner`` is the seat
    whose personal train it is (``None`` for the Mexican train), ``tiles`` lie outward from
    the hub, ``marker`` is set while its owner has marked it open to everyone."""

    end: str
    owner: int | None
    tiles: Pairs = ()
    marker: bool = False


@dataclass(frozen=True, slots=True)
class Trains(Layout):
    """Trains from a hub: the ``engine`` double's number in the hub, every seat's personal
    train and the Mexican train, and ``pending``: the end whose last tile is a double not
    yet satisfied (at most one at a time)."""

    engine: int
    trains: tuple[Train, ...]
    pending: str | None = None

    @staticmethod
    def start(engine: int, seats: int) -> Trains:
        """The empty trains of a round with ``engine`` in the hub, for ``seats`` seats."""
        return Trains(
            engine,
            (*(Train(train(s), s) for s in range(1, seats + 1)), Train(MEXICAN, None)),
        )

    @property
    def placed(self) -> int:
        return sum(len(t.tiles) for t in self.trains)

    def pairs(self) -> Pairs:
        return tuple(p for t in self.trains for p in t.tiles)

    def origin(self) -> tuple[int, int]:
        return (self.engine, self.engine)

    def arms(self) -> tuple[Arm, ...]:
        return tuple(
            Arm(t.end, t.tiles, t.tiles[-1][1] if t.tiles else self.engine) for t in self.trains
        )

    def train(self, end: str) -> Train:
        """The train ``end`` names (KeyError if there is none)."""
        for t in self.trains:
            if t.end == end:
                return t
        raise KeyError(end)

    # Worked out when first asked (a layout is a value: it never changes): the open ends,
    # and the ends open on each number, which the rules and the playouts ask per tile.
    _open: tuple[tuple[str, int], ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # By number, the ends open on it (a tuple: a view holds nothing mutable).
    _on: tuple[tuple[str, ...], ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def _ends(self) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, ...], ...]]:
        ends, on = self._open, self._on
        if ends is None or on is None:
            ends = tuple((t.end, t.tiles[-1][1] if t.tiles else self.engine) for t in self.trains)
            by: list[list[str]] = [[] for _ in range(_NUMBERS)]
            for end, n in ends:
                by[n].append(end)
            on = tuple(tuple(e) for e in by)
            object.__setattr__(self, "_open", ends)
            object.__setattr__(self, "_on", on)
        return ends, on

    def open_ends(self) -> tuple[tuple[str, int], ...]:
        return self._ends()[0]

    def number(self, end: str) -> int | None:
        for name, n in self._ends()[0]:
            if name == end:
                return n
        return None

    def fits(self, tile: Tile) -> tuple[str, ...]:
        # The hub is on the table from the start: an empty layout has every train open.
        ends, on = self._ends()
        return _fitting(ends, on, tile)

    def play(self, tile: Tile, end: str, shows: int | None = None) -> Trains:
        n = _check_fit(self, tile, end, shows)
        shown = tile.other(n)
        # One train's end moves from n to the number shown: the trains and the index of
        # the open ends follow from this layout's (made afresh, the index is most of a
        # playout's step at eight seats). The ends are in the trains' order.
        ends_before, on_before = self._ends()
        i = next(j for j, (e, _) in enumerate(ends_before) if e == end)
        t = self.trains[i]
        moved = Train(t.end, t.owner, (*t.tiles, (n, shown)), t.marker)
        trains = (*self.trains[:i], moved, *self.trains[i + 1 :])
        pending = end if tile.is_double else None if end == self.pending else self.pending
        after = Trains(self.engine, trains, pending)
        ends = (*ends_before[:i], (end, shown), *ends_before[i + 1 :])
        on = list(on_before)
        on[n] = tuple(e for e in on_before[n] if e != end)
        on[shown] = tuple(e for e, k in ends if k == shown)
        object.__setattr__(after, "_open", ends)
        object.__setattr__(after, "_on", tuple(on))
        return after

    def end_names(self) -> tuple[str, ...]:
        return tuple(t.end for t in self.trains)

    def marked(self, end: str, marker: bool) -> Trains:
        """The layout with the train ``end``'s marker set or taken off."""
        trains = tuple(
            Train(t.end, t.owner, t.tiles, marker) if t.end == end else t for t in self.trains
        )
        after = Trains(self.engine, trains, self.pending)
        # A marker moves no end: the index of the open ends is this one's.
        object.__setattr__(after, "_open", self._open)
        object.__setattr__(after, "_on", self._on)
        return after

    def __iter__(self) -> Iterator[Train]:
        return iter(self.trains)

    def __str__(self) -> str:
        parts = [f"hub {self.engine}|{self.engine}"]
        for t in self.trains:
            mark = "*" if t.marker else ""
            parts.append(f"{t.end}{mark}: " + " ".join(f"{a}|{b}" for a, b in t.tiles))
        return "; ".join(parts)


__all__ = [
    "DOWN",
    "LEFT",
    "MEXICAN",
    "RIGHT",
    "UP",
    "Arm",
    "Described",
    "Layout",
    "Spinner",
    "Train",
    "Trains",
    "describes",
]
