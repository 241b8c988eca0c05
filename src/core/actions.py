"""Actions: every decision a player makes, as small interned values with a notation.

Playing a tile is not the only decision: drawing from the boneyard, the draw for first lead,
the choice of leader and the answer to a five-doubles hand are actions too, so the GUI, the
computer players and the tournament runner all drive the match through one
``apply(action)``.

Notation (what ``str`` prints and :func:`parse_action` reads):

======================  ==========================================================
``6-4L`` / ``6-4R``     play 6-4 on the left / right end (the first tile: ``6-4L``)
``6-4U`` / ``6-4D``     play 6-4 on a spinner's up / down arm
``6-4T3`` / ``6-4M``    play 6-4 on seat 3's train / on the Mexican train
``6-4A5``               play 6-4 on arm 5 of a layout of a game's own
``6-1L/6``              play 6-1 on the left end leaving 6 open (a tile that goes on
                        that end either way round, as Matador's matadors do)
``draw``                draw a tile from the boneyard
``pass``                pass (only when no tile fits and nothing can be drawn)
``pick 7``              draw for first lead: take face-down tile number 7 (``draw 7``
                        is read as the same, as records and bots wrote it before)
``lead 3``              the entitled team's chooser names seat 3 as leader
``keep``                keep a hand with five or more doubles
``redeal``              show the doubles and demand a redeal
======================  ==========================================================

An *end* is the identity of an open end of the layout (:mod:`capicua.core.layout`):
``left`` and ``right`` on a line, ``up`` and ``down`` on a spinner's cross arms, ``t1`` ...
``t8`` for the seats' trains, ``mexican`` for the public train, and ``a1``, ``a2``, ... (as
many as a game needs, :func:`arm`) for the numbered arms of a layout a game brings of its
own. A play's ``shows`` is the number its tile leaves open at its end, where the layout's
matching lets the tile lie either way round there (:meth:`Layout.ways
<capicua.core.layout.Layout.ways>`); ``None``, as in every play of a game whose tiles lie
one way only, is the one way the matching allows. Every action object exists once, so the
engine compares actions by identity.
"""

from __future__ import annotations

import re
import sys
from enum import StrEnum
from typing import TypeGuard

from .tiles import ALL_TILES, Tile


class End(StrEnum):
    """The named ends of the layouts capicua ships (:mod:`capicua.core.layout`); the values
    are the words records and messages use. A layout of a game's own numbers its arms
    instead (:func:`arm`): an end is any of these words or ``a1``, ``a2``, ..."""

    LEFT = "left"
    RIGHT = "right"
    #: A spinner's cross arms.
    UP = "up"
    DOWN = "down"
    #: The public train of Mexican Train.
    MEXICAN = "mexican"
    #: The seats' personal trains (``train(3)``).
    T1 = "t1"
    T2 = "t2"
    T3 = "t3"
    T4 = "t4"
    T5 = "t5"
    T6 = "t6"
    T7 = "t7"
    T8 = "t8"


LEFT = End.LEFT
RIGHT = End.RIGHT
UP = End.UP
DOWN = End.DOWN
MEXICAN = End.MEXICAN
#: The two ends of a line.
ENDS = (LEFT, RIGHT)
#: The most trains a layout has: one per seat, eight seats at most.
MAX_TRAINS = 8


def train(seat: int) -> End:
    """The end of ``seat``'s personal train (``t3``)."""
    # Asked at every turn of a trains game's playouts: the ends are made once.
    if type(seat) is int and 0 < seat <= MAX_TRAINS:
        return _TRAINS[seat - 1]
    return End(f"t{seat}")


_TRAINS = tuple(End(f"t{s}") for s in range(1, MAX_TRAINS + 1))


def arm(number: int) -> str:
    """The end of a layout's numbered arm (``a5``), for layouts of a game's own that have
    more ends than a line, a spinner or trains name: as many as the game needs, from 1."""
    if type(number) is not int or number < 1:  # a bool is no arm's number
        raise ValueError(f"arms are numbered from 1, not {number!r}")
    return sys.intern(f"a{number}")


def arm_number(end: object) -> int | None:
    """The number of the arm ``end`` names (``a5``: 5), ``None`` for any other word."""
    m = _ARM.fullmatch(end) if isinstance(end, str) else None
    return int(m[1]) if m else None


def is_end(end: object) -> TypeGuard[str]:
    """True when ``end`` names an end: one of :class:`End`'s words or an arm (``a5``)."""
    return isinstance(end, str) and (end in _END_INDEX or arm_number(end) is not None)


class _AnyEnd:
    """Every end there is, named or numbered, as a container: what a seat may play on in a
    game that limits no seat to some ends (:meth:`Variant.open_to
    <capicua.core.variant.Variant.open_to>`'s default)."""

    __slots__ = ()

    def __contains__(self, end: object) -> bool:
        return is_end(end)

    def __repr__(self) -> str:
        return "ANY_END"


_ARM = re.compile(r"a([1-9][0-9]*)")
#: Every named end, in a fixed order (a play's index among a tile's plays; the arms, as
#: many as a game numbers, come after them: :func:`arm`).
ALL_ENDS = tuple(End)
#: Any end, named or an arm: ``end in ANY_END``.
ANY_END = _AnyEnd()
_END_INDEX: dict[str, int] = {end: i for i, end in enumerate(ALL_ENDS)}
#: Each named end's letter(s) in the notation (``6-4L``, ``6-4T3``), and back.
_END_CODE: dict[str, str] = dict(
    [(LEFT, "L"), (RIGHT, "R"), (UP, "U"), (DOWN, "D"), (MEXICAN, "M")]
    + [(train(s), f"T{s}") for s in range(1, MAX_TRAINS + 1)]
)
_CODE_END = {code: end for end, code in _END_CODE.items()}


def end_code(end: str) -> str:
    """An end's letters in the notation: ``L``, ``R``, ``U``, ``D``, ``M``, ``T3``, ``A5``."""
    code = _END_CODE.get(end)
    if code is not None:
        return code
    number = arm_number(end)
    if number is None:
        raise ValueError(f"not an end: {end!r}")
    return f"A{number}"


def _end_of_code(code: str) -> str:
    """The end an end's letters in the notation name (``T3``: ``t3``; ``A5``: ``a5``)."""
    end = _CODE_END.get(code)
    if end is not None:
        return end
    if code[:1] == "A" and code[1:].isdigit():
        return arm(int(code[1:]))
    raise ValueError(f"no end is written {code!r}")


class Action:
    """Base of all actions. Subclasses are interned; compare with ``==`` or ``is``."""

    __slots__ = ()
    kind: str = "action"

    def __repr__(self) -> str:
        return f"parse_action('{self}')"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")


class Play(Action):
    """Put ``tile`` on ``end`` of the layout (on an empty layout the end is always
    ``left``), leaving ``shows`` open there: the number the tile leaves open at that end,
    for a tile the layout's matching lets lie either way round on it
    (:meth:`Layout.ways <capicua.core.layout.Layout.ways>`); ``None`` is the one way the
    matching allows, as in every play of the block game."""

    __slots__ = ("end", "shows", "tile")
    kind = "play"
    tile: Tile
    end: str
    shows: int | None

    def __init__(self, tile: Tile, end: str, shows: int | None = None) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "shows", shows)

    @staticmethod
    def of(tile: Tile, end: str, shows: int | None = None) -> Play:
        """The play of ``tile`` on ``end`` leaving ``shows`` open (``None``: the one way
        there is); every play exists once."""
        if shows is None:
            i = _END_INDEX.get(end)
            if i is not None:
                try:
                    return PLAYS_BY_TILE[tile.index][i]
                except (AttributeError, IndexError, TypeError):
                    pass  # not a tile: said below
        play = _MORE_PLAYS.get((tile, end, shows))
        return play if play is not None else _new_play(tile, end, shows)

    def __str__(self) -> str:
        code = _END_CODE.get(self.end) or end_code(self.end)
        if self.shows is None:
            return f"{self.tile}{code}"
        return f"{self.tile}{code}/{self.shows}"

    def __reduce__(self) -> tuple:
        if self.shows is None:
            return (Play.of, (self.tile, self.end))
        return (Play.of, (self.tile, self.end, self.shows))


def _new_play(tile: Tile, end: str, shows: int | None) -> Play:
    """Make and keep the one play of ``tile`` on ``end`` leaving ``shows`` (an arm's, or
    one that names the way round), or say what is wrong with it."""
    if not isinstance(tile, Tile):
        raise ValueError(f"a play lays a tile, not {tile!r}")
    if not is_end(end):
        raise ValueError(
            f"an end is left, right, up, down, mexican, t1 to t{MAX_TRAINS} or an arm a1, "
            f"a2, ..., not {end!r}"
        )
    if shows is not None and (type(shows) is not int or not tile.has(shows)):
        raise ValueError(f"{tile} can leave {tile.hi} or {tile.lo} open, not {shows!r}")
    # The same string object for every play of an end: ends compare fast by identity too.
    name = _END_BY_NAME.get(end) or sys.intern(str(end))
    play = Play(tile, name, shows)
    _MORE_PLAYS[(tile, end, shows)] = play
    return play


class Pass(Action):
    """Pass: the only action of a player with no tile that fits."""

    __slots__ = ()
    kind = "pass"

    def __str__(self) -> str:
        return "pass"

    def __reduce__(self) -> tuple:
        return (_singleton, ("pass",))


class DrawTile(Action):
    """Draw a tile from the boneyard into the hand: a chance event whose tile only the
    drawer sees (the next tile of the deal's boneyard, so a replay draws the same)."""

    __slots__ = ()
    kind = "draw"

    def __str__(self) -> str:
        return "draw"

    def __reduce__(self) -> tuple:
        return (_singleton, ("draw",))


class Pick(Action):
    """Draw for first lead: take face-down tile ``index`` (0-based) of those on the table."""

    __slots__ = ("index",)
    kind = "pick"
    index: int

    def __init__(self, index: int) -> None:
        object.__setattr__(self, "index", index)

    @staticmethod
    def of(index: int) -> Pick:
        if not 0 <= index < len(PICKS):
            raise ValueError(f"no face-down tile number {index}")
        return PICKS[index]

    def __str__(self) -> str:
        return f"pick {self.index}"

    def __reduce__(self) -> tuple:
        return (Pick.of, (self.index,))


class ChooseLeader(Action):
    """The entitled team's chooser names ``seat`` (a partner of the team) to lead."""

    __slots__ = ("seat",)
    kind = "lead"
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)

    @staticmethod
    def of(seat: int) -> ChooseLeader:
        if not 1 <= seat < len(_LEADS):
            raise ValueError(f"no seat {seat}")
        return _LEADS[seat]

    def __str__(self) -> str:
        return f"lead {self.seat}"

    def __reduce__(self) -> tuple:
        return (ChooseLeader.of, (self.seat,))


class Keep(Action):
    """Keep a hand that holds five or more doubles."""

    __slots__ = ()
    kind = "keep"

    def __str__(self) -> str:
        return "keep"

    def __reduce__(self) -> tuple:
        return (_singleton, ("keep",))


class Redeal(Action):
    """Show the hand's doubles and demand a redeal."""

    __slots__ = ()
    kind = "redeal"

    def __str__(self) -> str:
        return "redeal"

    def __reduce__(self) -> tuple:
        return (_singleton, ("redeal",))


PASS = Pass()
DRAW = DrawTile()
KEEP = Keep()
REDEAL = Redeal()
#: Every play on a named end the one way it goes, by tile index and then end index (left 0,
#: right 1: the hot path's lookup).
PLAYS_BY_TILE = [tuple(Play(t, end) for end in ALL_ENDS) for t in ALL_TILES]
#: The other plays (on an arm, or naming the way round), made when first asked for.
_MORE_PLAYS: dict[tuple[Tile, str, int | None], Play] = {}
_END_BY_NAME: dict[str, str] = {str(end): end for end in ALL_ENDS}
#: Every draw for first lead, by the index of the face-down tile picked.
PICKS = [Pick(i) for i in range(len(ALL_TILES))]
_LEADS = [ChooseLeader(s) for s in range(0, 17)]
_SINGLETONS: dict[str, Action] = {"pass": PASS, "draw": DRAW, "keep": KEEP, "redeal": REDEAL}


def _singleton(name: str) -> Action:
    return _SINGLETONS[name]


def parse_action(text: str) -> Action:
    """Read an action from its notation (see the module docstring)."""
    s = text.strip()
    low = s.lower()
    if low in _SINGLETONS:
        return _SINGLETONS[low]
    word, _, rest = low.partition(" ")
    try:
        if word in ("pick", "draw"):  # "draw N": the draw for first lead's older notation
            return Pick.of(int(rest))
        if word == "lead":
            return ChooseLeader.of(int(rest))
        played = _PLAY_TEXT.match(s)
        if played:
            shows = None if played[3] is None else int(played[3])
            return Play.of(Tile.parse(played[1]), _end_of_code(played[2].upper()), shows)
    except ValueError as exc:
        raise ValueError(f"not an action: {text!r} ({exc})") from None
    raise ValueError(
        f"not an action: {text!r} (write 6-4L, 6-4R, 6-4U, 6-4T3, 6-4M, 6-1L/6, draw, "
        "pass, pick N, lead N, keep or redeal)"
    )


# A play: the tile, then its end's code (L, R, U, D, M, T and a seat number, A and an arm's
# number), then, for a tile that lies either way round there, / and the number left open.
_PLAY_TEXT = re.compile(
    r"^(.*?\d)\s*([LRUDM]|T[1-8]|A[1-9][0-9]{0,5})(?:\s*/\s*(\d{1,2}))?$", re.IGNORECASE
)
