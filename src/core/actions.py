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
``t8`` for the seats' trains, ``mexican`` for the public train, and ``a1`` ... ``a16`` for
the numbered arms of a layout a game brings of its own. Every action object
exists once, so the engine compares actions by identity.
"""

from __future__ import annotations

import re
from enum import StrEnum

from .tiles import ALL_TILES, Tile


class End(StrEnum):
    """The identity of an open end of a layout (:mod:`capicua.core.layout`); the values are
    the words records and messages use."""

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
    #: The numbered arms of a layout a game brings of its own (``arm(5)``).
    A1 = "a1"
    A2 = "a2"
    A3 = "a3"
    A4 = "a4"
    A5 = "a5"
    A6 = "a6"
    A7 = "a7"
    A8 = "a8"
    A9 = "a9"
    A10 = "a10"
    A11 = "a11"
    A12 = "a12"
    A13 = "a13"
    A14 = "a14"
    A15 = "a15"
    A16 = "a16"


LEFT = End.LEFT
RIGHT = End.RIGHT
UP = End.UP
DOWN = End.DOWN
MEXICAN = End.MEXICAN
#: The two ends of a line.
ENDS = (LEFT, RIGHT)
#: The most trains a layout has: one per seat, eight seats at most.
MAX_TRAINS = 8
#: The most arms a layout of a game's own may number (``arm(1)`` ... ``arm(16)``): a
#: double-six game in which every double spins has fourteen cross arms.
MAX_ARMS = 16


def train(seat: int) -> End:
    """The end of ``seat``'s personal train (``t3``)."""
    return End(f"t{seat}")


def arm(number: int) -> End:
    """The end of a layout's numbered arm (``a5``), for layouts of a game's own that have
    more ends than a line, a spinner or trains name."""
    return End(f"a{number}")


#: Every end an action can name, in a fixed order (a play's index among a tile's plays).
ALL_ENDS = tuple(End)
_END_INDEX: dict[str, int] = {end: i for i, end in enumerate(ALL_ENDS)}
#: Each end's letter(s) in the notation (``6-4L``, ``6-4T3``, ``6-4A12``), and back.
_END_CODE = (
    {LEFT: "L", RIGHT: "R", UP: "U", DOWN: "D", MEXICAN: "M"}
    | {train(s): f"T{s}" for s in range(1, MAX_TRAINS + 1)}
    | {arm(n): f"A{n}" for n in range(1, MAX_ARMS + 1)}
)
_CODE_END = {code: end for end, code in _END_CODE.items()}


def end_code(end: str) -> str:
    """An end's letters in the notation: ``L``, ``R``, ``U``, ``D``, ``M``, ``T3``, ``A5``."""
    return _END_CODE[End(end)]


class Action:
    """Base of all actions. Subclasses are interned; compare with ``==`` or ``is``."""

    __slots__ = ()
    kind: str = "action"

    def __repr__(self) -> str:
        return f"parse_action('{self}')"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")


class Play(Action):
    """Put ``tile`` on ``end`` of the layout. On an empty line the end is always ``left``."""

    __slots__ = ("end", "tile")
    kind = "play"
    tile: Tile
    end: End

    def __init__(self, tile: Tile, end: str) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "end", end)

    @staticmethod
    def of(tile: Tile, end: str) -> Play:
        try:
            return PLAYS_BY_TILE[tile.index][_END_INDEX[end]]
        except (KeyError, TypeError):
            raise ValueError(
                f"an end is left, right, up, down, mexican, t1 to t{MAX_TRAINS} or a1 to "
                f"a{MAX_ARMS}, not {end!r}"
            ) from None

    def __str__(self) -> str:
        return f"{self.tile}{_END_CODE[self.end]}"

    def __reduce__(self) -> tuple:
        return (Play.of, (self.tile, self.end))


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
#: Every play, by tile index and then end index (left 0, right 1: the hot path's lookup).
PLAYS_BY_TILE = [tuple(Play(t, end) for end in ALL_ENDS) for t in ALL_TILES]
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
            return Play.of(Tile.parse(played[1]), _CODE_END[played[2].upper()])
    except ValueError as exc:
        raise ValueError(f"not an action: {text!r} ({exc})") from None
    raise ValueError(
        f"not an action: {text!r} (write 6-4L, 6-4R, 6-4U, 6-4T3, 6-4M, draw, pass, "
        "pick N, lead N, keep or redeal)"
    )


# A play: the tile, then its end's code (L, R, U, D, M, or T and a seat number).
_PLAY_TEXT = re.compile(r"^(.*?\d)\s*([LRUDM]|T[1-8]|A(?:1[0-6]|[1-9]))$", re.IGNORECASE)
