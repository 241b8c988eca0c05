"""Actions: every decision a player makes, as small interned values with a notation.

Playing a tile is not the only decision: the draw for first lead, the choice of leader and
the answer to a five-doubles hand are actions too, so the GUI, the computer players and the
tournament runner all drive the match through one ``apply(action)``.

Notation (what ``str`` prints and :func:`parse_action` reads):

======================  ==========================================================
``6-4L`` / ``6-4R``     play 6-4 on the left / right end (the first tile: ``6-4L``)
``pass``                pass (only when no tile fits)
``draw 7``              draw for first lead: take face-down tile number 7
``lead 3``              the entitled team's chooser names seat 3 as leader
``keep``                keep a hand with five or more doubles
``redeal``              show the doubles and demand a redeal
======================  ==========================================================

Every action object exists once, so the engine compares actions by identity.
"""

from __future__ import annotations

from .tiles import ALL_TILES, Tile

LEFT = "left"
RIGHT = "right"
ENDS = (LEFT, RIGHT)


class Action:
    """Base of all actions. Subclasses are interned; compare with ``==`` or ``is``."""

    __slots__ = ()
    kind: str = "action"

    def __repr__(self) -> str:
        return f"parse_action('{self}')"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")


class Play(Action):
    """Put ``tile`` on ``end`` of the line. On an empty line the end is always ``left``."""

    __slots__ = ("end", "tile")
    kind = "play"
    tile: Tile
    end: str

    def __init__(self, tile: Tile, end: str) -> None:
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "end", end)

    @staticmethod
    def of(tile: Tile, end: str) -> Play:
        try:
            return _PLAYS[tile.index][0 if end == LEFT else 1 if end == RIGHT else 2]
        except IndexError:
            raise ValueError(f"an end is 'left' or 'right', not {end!r}") from None

    def __str__(self) -> str:
        return f"{self.tile}{'L' if self.end == LEFT else 'R'}"

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


class Draw(Action):
    """Draw for first lead: take face-down tile ``index`` (0-based) of those on the table."""

    __slots__ = ("index",)
    kind = "draw"
    index: int

    def __init__(self, index: int) -> None:
        object.__setattr__(self, "index", index)

    @staticmethod
    def of(index: int) -> Draw:
        if not 0 <= index < len(_DRAWS):
            raise ValueError(f"no face-down tile number {index}")
        return _DRAWS[index]

    def __str__(self) -> str:
        return f"draw {self.index}"

    def __reduce__(self) -> tuple:
        return (Draw.of, (self.index,))


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
KEEP = Keep()
REDEAL = Redeal()
_PLAYS = [(Play(t, LEFT), Play(t, RIGHT)) for t in ALL_TILES]
_DRAWS = [Draw(i) for i in range(len(ALL_TILES))]
_LEADS = [ChooseLeader(s) for s in range(0, 17)]


def _singleton(name: str) -> Action:
    return {"pass": PASS, "keep": KEEP, "redeal": REDEAL}[name]


def parse_action(text: str) -> Action:
    """Read an action from its notation (see the module docstring)."""
    s = text.strip()
    low = s.lower()
    if low in ("pass", "keep", "redeal"):
        return _singleton(low)
    word, _, rest = low.partition(" ")
    try:
        if word == "draw":
            return Draw.of(int(rest))
        if word == "lead":
            return ChooseLeader.of(int(rest))
        if low and low[-1] in "lr":
            return Play.of(Tile.parse(s[:-1]), LEFT if low[-1] == "l" else RIGHT)
    except ValueError as exc:
        raise ValueError(f"not an action: {text!r} ({exc})") from None
    raise ValueError(
        f"not an action: {text!r} (write 6-4L, 6-4R, pass, draw N, lead N, keep or redeal)"
    )
