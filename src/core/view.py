"""Per-seat views: everything one seat may know, and nothing else.

The engine builds a :class:`View` for a seat from the match (OpenSpiel's observers). It is
made of immutable values only: the seat's own hand, the layout (the line, a spinner's arms,
the trains), the public history (plays, draws without their tiles, passes and what the
rules say each told, shown doubles, the draw for first lead, finished hands with their
hands revealed), tile counts, the
boneyard's size, scores, whose turn it is and the legal actions. It holds no reference to
the match, other hands, the boneyard's or the unused tiles, the dealer or its random
stream, so a player cannot peek even by accident. ``tests/core/test_view.py`` walks the
object graph to prove it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .actions import DRAW, Action, Play
from .layout import Layout
from .line import Line, first_of, main_line
from .tiles import Tile, tile_set
from .variant import HandResult, VariantInfo

if TYPE_CHECKING:
    from .match import HandLog, Match  # match.py imports this module when it builds a view

#: A view made without a layout takes its line as its layout (View.__post_init__).
_AS_LINE = Line()

# The phases, as core.match names them (not imported from there: match.py imports this).
PICKING = "draw"  # the draw for first lead
OVER = "over"


@dataclass(frozen=True, slots=True)
class PastHand:
    """A finished hand as everyone may see it afterwards: all hands revealed, not the unused
    tiles."""

    number: int
    chooser: int | None
    leader: int
    dealt: tuple[tuple[Tile, ...], ...]  # each seat's hand as dealt, seat 1 first
    shown: tuple[tuple[int, tuple[Tile, ...]], ...]  # redeal claims: (claimant, doubles)
    history: tuple[tuple[int, Action], ...]
    result: HandResult


@dataclass(frozen=True)
class View:
    """What ``seat`` may see at one moment of a match.

    Frozen; not slotted, so that :func:`build_view` can give it its fields in one step. A
    view it builds computes ``hand``, ``line`` and ``counts`` when they are first read (from
    copies it took of the seat's tiles, the line and the hand's history) and keeps them: the
    same values, paid for only by the players that read them.
    """

    seat: int
    team: int
    variant: VariantInfo
    phase: str  # "draw", "lead", "claim", "play" or "over"
    turn: int | None
    hand: tuple[Tile, ...]
    line: Line  # tiles left to right, each as (left number, right number)
    ends: tuple[int, int] | None
    counts: tuple[int, ...]  # tiles held, seat 1 first
    scores: tuple[int, ...]
    hand_number: int
    leader: int | None
    chooser: int | None
    required: Tile | None  # the tile the leader must open with, if the rules say so
    #: The tile the rules made this hand open with, all hand long (``required`` is gone once
    #: the line has a tile). Public: a forced lead says nothing about the leader's choices.
    forced_opening: Tile | None
    history: tuple[tuple[int, Action], ...]  # this hand's plays and passes, in order
    shown: tuple[tuple[int, tuple[Tile, ...]], ...]  # this hand's redeal claims
    draw: tuple[tuple[tuple[int, Tile], ...], ...]  # the draw for first lead, round by round
    face_down: int  # tiles face down to draw from (draw phase)
    past: tuple[PastHand, ...]
    legal: tuple[Action, ...]  # empty unless it is this seat's turn
    winner: int | None
    label: str | None
    #: The tiles on the table with their open ends (``line`` is the same for a line game;
    #: a spinner's or the trains' layout otherwise). Not given: the line.
    layout: Layout = field(default_factory=lambda: _AS_LINE)
    #: Tiles face down in the boneyard (0 where the game does not draw).
    boneyard: int = 0
    #: What this hand's passes and draws forced by having no play told, in order:
    #: ``(the action's index in history, the tiles its seat showed it lacks then)``, as the
    #: rules say it (:meth:`Variant.lacking <capicua.core.variant.Variant.lacking>`). A
    #: pass or draw beside a play tells nothing and is not here. :meth:`lacks` reads it.
    told: tuple[tuple[int, frozenset[Tile]], ...] = ()

    def __post_init__(self) -> None:
        if self.layout is _AS_LINE:
            object.__setattr__(self, "layout", self.line)

    def __reduce__(self) -> tuple[type[View], tuple[Any, ...]]:
        # Copied or pickled, a view is the view its fields make (build_view's shared part,
        # read-only, stays behind).
        return View, tuple(getattr(self, f.name) for f in dataclasses.fields(self))

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and bool(self.legal)

    def partner_seats(self) -> tuple[int, ...]:
        """The other seats of this seat's team."""
        return tuple(s for s in self.variant.teams[self.team - 1] if s != self.seat)

    def played(self) -> tuple[Tile, ...]:
        """Tiles on the line this hand, in the order played."""
        return tuple(a.tile for _, a in self.history if isinstance(a, Play))

    def steps(self) -> tuple[tuple[int, Action, int, int], ...]:
        """This hand's history with the open ends of the line after each action:
        ``(seat, action, left, right)`` (-1 before the first tile). A pass or a draw leaves
        the ends as they were: the ends it was taken on, a fact about the table (what it
        shows of the seat's tiles is :meth:`lacks`)."""
        out = []
        left = right = -1
        for seat, action in self.history:
            if isinstance(action, Play):
                t = action.tile
                if left < 0:
                    left, right = t.hi, t.lo
                elif action.end == "left":
                    left = t.other(left)
                else:
                    right = t.other(right)
            out.append((seat, action, left, right))
        return tuple(out)

    def lacks(self) -> dict[int, frozenset[Tile]]:
        """For each seat, the tiles it has shown it does not hold this hand, by passing (or
        drawing) for want of a play: the union of what each such action :attr:`told`, as
        the game's rules say it (:meth:`Variant.lacking
        <capicua.core.variant.Variant.lacking>`: the tiles it could have played then).

        Where tiles only leave a hand the lack holds for the rest of the hand; a drawn tile
        may be any tile, so a draw forgets what was known of its seat before it. Tiles on
        the table may be among them (nobody holds those); in the block game a pass on 6 and
        3 gives every tile showing a 6 or a 3.
        """
        lacks: dict[int, frozenset[Tile]] = {
            s: frozenset() for s in range(1, self.variant.seats + 1)
        }
        told = dict(self.told)
        history = self.history
        drew = any(a is DRAW for _, a in history)
        if not drew:  # a pass only adds (the games without drawing: most of them)
            for i, tiles in self.told:
                seat = history[i][0]
                lacks[seat] = lacks[seat] | tiles
            return lacks
        for i, (seat, action) in enumerate(history):
            if action is DRAW:
                lacks[seat] = frozenset()
            elif i in told:
                lacks[seat] = lacks[seat] | told[i]
        return lacks

    def voids(self) -> dict[int, frozenset[int]]:
        """For each seat, the numbers it has shown it holds no tile of: those whose every
        tile is in its :meth:`lacks`. In the block game, the numbers open when it passed; in
        a game where other numbers join (ends summing to seven) the numbers that would have
        joined, never the ones on the table."""
        top = self.variant.max_pip
        return {s: numbers_lacked(top, lacking) for s, lacking in self.lacks().items()}

    def passed_on(self) -> dict[int, frozenset[int]]:
        """For each seat, the numbers open on the ends it could play on when it passed (or
        drew) for want of a play this hand, since its last draw: a fact about the table,
        for words such as "passed on 6, 3". What that shows of its tiles is :meth:`lacks`
        (and :meth:`voids`): the same numbers only where equal numbers join."""
        out: dict[int, frozenset[int]] = {s: frozenset() for s in range(1, self.variant.seats + 1)}
        if not self.told:
            return out
        told = dict(self.told)
        rules = self.variant.variant()
        layout = rules.new_layout(self.hand_number)
        for i, (seat, action) in enumerate(self.history):
            if action is DRAW:
                out[seat] = frozenset()
            elif i in told:
                allowed = rules.open_to(layout, seat)
                out[seat] |= {n for end, n in layout.open_ends() if end in allowed}
            layout = rules.next_layout(layout, seat, action)
        return out

    def unseen(self) -> tuple[Tile, ...]:
        """Tiles this seat has not seen, in set order (so seeded choices never depend on
        set iteration): in other hands or (where the variant has them) unused. Shown
        doubles of an abandoned deal were reshuffled, so they count as unseen."""
        seen = set(self.hand) | set(self.played())
        return tuple(t for t in tile_set(self.variant.max_pip) if t not in seen)


@functools.lru_cache(maxsize=4096)  # the same sets come back pass after pass
def numbers_lacked(max_pip: int, tiles: frozenset[Tile]) -> frozenset[int]:
    """The numbers whose every tile of the double-``max_pip`` set is among ``tiles``: what a
    seat shown to lack ``tiles`` has shown of numbers (:meth:`View.voids`)."""
    if not tiles:
        return frozenset()
    return frozenset(n for n, these in enumerate(_tiles_with(max_pip)) if these <= tiles)


@functools.cache
def _tiles_with(max_pip: int) -> tuple[frozenset[Tile], ...]:
    """By number, the tiles of the set showing it."""
    tiles = tile_set(max_pip)
    return tuple(frozenset(t for t in tiles if t.has(n)) for n in range(max_pip + 1))


def build_view(match: Match, seat: int) -> View:
    """The view of ``seat`` in ``match`` (see :class:`View`).

    Built on every decision, so it holds itself only what changes from one action to the
    next. The fields that change only between hands or with a decision other than a play
    (the scores, the leader, the finished hands' summaries, the draw, ...) are made once, by
    :func:`_shared`, and the views until then read them from there (:class:`_Field`).
    """
    v = match.variant
    if not 1 <= seat <= v.seats:
        raise ValueError(f"no seat {seat} in {v.name} (seats 1 to {v.seats})")
    shared, current = shared_fields(match)
    turn = match.turn
    legal = tuple(match.legal_actions()) if turn == seat else ()
    if current is None:  # between hands
        return _view(
            {"_shared": shared, "seat": seat, "team": v.team_of[seat], "turn": turn, "legal": legal}
        )
    pos = match.position
    if pos is not None:  # a game played by its variant's rule methods
        layout = pos.layout
        required = pos.required
        if required is not None and layout:
            required = None
        # The line and its ends are the layout's, made when first read (_COMPUTED).
        return _view(
            {
                "_shared": shared,
                "seat": seat,
                "team": v.team_of[seat],
                "turn": turn,
                "required": required,
                "history": tuple(current.actions),
                "told": current.told,
                "legal": legal,
                "layout": layout,
                "counts": tuple(map(len, pos.hands))[1:],
                "boneyard": len(pos.boneyard) if v.drawing else 0,
                "_held": tuple(pos.hands[seat]),
            }
        )
    line = match.line
    return _view(
        {
            "_shared": shared,
            "seat": seat,
            "team": v.team_of[seat],
            "turn": turn,
            "ends": (match.left, match.right) if line else None,
            "required": None if line else match.required,
            "history": tuple(current.actions),
            "told": current.told,
            "legal": legal,
            # What hand and line are computed from when read (_COMPUTED).
            "_held": tuple(match.hands[seat]),
            "_line": tuple(line),
        }
    )


def shared_fields(match: Match) -> tuple[Mapping[str, Any], HandLog | None]:
    """The fields every view of ``match`` shares now and the hand being played (``None``
    between hands), made when first asked for after an action that changed them: the same
    object until then, so a reader that keeps what it wrote from them (the learning
    environment's vectors) knows by identity whether it still holds."""
    published = match.published
    if published.shared is None:
        published.shared = _shared(match)
    return published.shared


def _shared(match: Match) -> tuple[Mapping[str, Any], HandLog | None]:
    """The fields every view shares until the next action that is not a play or a pass, or
    that ends a hand (the match drops them then), read-only; and the hand being played."""
    logs = match.hands_log
    current = logs[-1] if logs and logs[-1].result is None else None
    phase = match.phase
    n = match.variant.seats
    shared: dict[str, Any] = {
        "variant": match.info,
        "phase": phase,
        "scores": match.scores,
        "hand_number": len(logs) if current is not None or phase == OVER else len(logs) + 1,
        "draw": _draw(match),
        "face_down": len(match.face_down),
        "past": _past(match),
        "winner": match.winner,
        "label": match.label,
    }
    if current is None:
        shared.update(
            hand=(),
            line=Line(),
            ends=None,
            counts=(0,) * n,
            leader=None,
            chooser=match.chooser,
            required=None,
            forced_opening=None,
            history=(),
            told=(),
            shown=(),
            layout=Line(),
            boneyard=0,
        )
    else:
        shared.update(
            leader=current.leader,
            chooser=current.chooser,
            forced_opening=current.required,
            shown=tuple((r.claimant, r.shown) for r in current.redeals if r.claimant is not None),
            _dealt=tuple(len(current.deal[s]) for s in range(1, n + 1)),  # for counts
        )
    return MappingProxyType(shared), current


def _view(fields: dict[str, Any]) -> View:
    """A view holding ``fields``, made in one step (a frozen dataclass's ``__init__`` sets
    its fields one call at a time, ten times the cost); its other fields are read when
    first asked for (:class:`_Field`)."""
    view = _new(View)
    _set(view, "__dict__", fields)
    return view


_new = object.__new__
_set = object.__setattr__


class _Field:
    """A field of the views :func:`build_view` makes without it: read when first asked for,
    from the fields those views share (``_shared``: the first such read takes them all), or
    else computed from what the view holds (:data:`_COMPUTED`), then kept in the view like
    the others. A view given all its fields, as ``View(...)`` is, never gets here: its own
    values come first."""

    def __init__(self, name: str, compute: Callable[[dict[str, Any]], Any] | None) -> None:
        self.name = name
        self.compute = compute

    def __get__(self, view: View | None, owner: type | None = None) -> Any:
        if view is None:
            raise AttributeError(self.name)  # a field without a default, on the class
        fields = view.__dict__
        shared = fields["_shared"]
        if self.name in shared:
            # In one step, so the other shared fields are plain reads from now on (the view
            # holds none of them itself: build_view gives it only the others).
            fields.update(shared)
            return shared[self.name]
        assert self.compute is not None, f"a view lacks {self.name}"
        value = fields[self.name] = self.compute(fields)
        return value


def _hand(fields: dict[str, Any]) -> tuple[Tile, ...]:
    return tuple(sorted(fields["_held"], key=_SET_ORDER))


def _line(fields: dict[str, Any]) -> Line:
    if "_line" not in fields:  # a game played by its rule methods: its layout's line
        return main_line(fields["layout"])
    line = _new(Line)
    _set(line, "tiles", fields["_line"])
    _set(line, "first", first_of(fields["history"]))
    return line


def _ends(fields: dict[str, Any]) -> tuple[int, int] | None:
    """The line's open numbers (only a view of a game played by its rule methods is made
    without them): read from the line, which the view keeps too."""
    line = fields.get("line")
    if line is None:
        line = fields["line"] = _line(fields)
    return line.ends


def _counts(fields: dict[str, Any]) -> tuple[int, ...]:
    """Each seat's tiles: those dealt to it, less those it has played this hand."""
    counts = list(fields["_shared"]["_dealt"])
    for seat, action in fields["history"]:
        if isinstance(action, Play):
            counts[seat - 1] -= 1
    return tuple(counts)


#: The fields of a hand being played that build_view leaves to be computed when read (a
#: line game's layout is its line).
_COMPUTED = {
    "hand": _hand,
    "line": _line,
    "ends": _ends,
    "counts": _counts,
    "layout": _line,
    "boneyard": lambda fields: 0,
}
for _f in dataclasses.fields(View):
    setattr(View, _f.name, _Field(_f.name, _COMPUTED.get(_f.name)))

#: Tiles in set order (0-0, 1-0, 1-1, 2-0, ...), which is high number first, then low.
_SET_ORDER = attrgetter("index")


def _past(match: Match) -> tuple[PastHand, ...]:
    """The finished hands' public summaries, built once per hand and kept on the match."""
    past = match.published.past
    logs = match.hands_log
    finished = len(logs) if not logs or logs[-1].result is not None else len(logs) - 1
    if len(past) == finished:
        return past
    n = match.variant.seats
    past += tuple(
        PastHand(
            h.number,
            h.chooser,
            h.leader,
            tuple(h.deal[s] for s in range(1, n + 1)),
            tuple((r.claimant, r.shown) for r in h.redeals if r.claimant is not None),
            tuple(h.actions),
            h.result,
        )
        for h in logs[len(past) : finished]
        if h.result is not None  # always (finished), said for mypy
    )
    match.published.past = past
    return past


def _draw(match: Match) -> tuple[tuple[tuple[int, Tile], ...], ...]:
    """The draw for first lead, round by round; kept on the match once the draw is over."""
    draw = match.published.draw
    if draw is None:
        draw = tuple(tuple(sorted(r.items())) for r in match.draw_rounds)
        if match.phase != PICKING:
            match.published.draw = draw
    return draw
