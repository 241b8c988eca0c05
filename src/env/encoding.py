"""The observation and the actions of a seat as fixed-size numbers, for learning agents.

:class:`Encoding` lays out, for one variant, a vector of float32 numbers that encodes one
seat's :class:`~capicua.core.view.View` (``encode(view)``), an action mask over a fixed
numbering of every decision (``mask(legal, seat)``), and the way back from an action number
to the :class:`~capicua.core.actions.Action` (``action(index, seat)``). ``fields(obs)``
names the parts of a vector, shaped. docs/learning.md documents every field.

Seats and teams are written relative to the observing seat: relative seat 0 is the seat
itself, 1 the next to play after it, and so on; relative team 0 is its own team, then the
others in team order after it. A policy shared by every seat thus reads "my partner" at the
same place whatever its seat; the ``seat`` field gives the absolute seat.

Games that keep the block game's rules of play (Chiva, double-nine 100, Block) are laid out
as they always were: a two-ended line, plays on the left or the right. A game with rules of
its own (Draw, All Fives, Mexican Train) gets a slot for every end its layout can have (a
line's two, a spinner's four, every train: the seat's own first), each with its open number,
whether it is open and whether the seat may play there; what its layout shows besides (the
spinner, the trains' markers and the unsatisfied double); the boneyard and the draws; and
history rows that tell plays, draws and passes apart. Its actions are the plays of every
tile on every end, the pass and the draw.

The vector is a function of the view alone, so it cannot carry anything the seat may not
see. The environment keeps each seat's vector in a buffer of the seat's own and brings it
up to date only when that seat is observed, writing what the actions taken since it last
looked changed: :class:`Tracker` for the block game's rules (the plays and passes, the
seat to move and the line's ends), :class:`Following` for the other games (the history,
then the counts, the seat's hand, the layout and the voids from the engine's position, as
the seat's view shows them). Both encode a seat's view afresh when a hand starts or
anything but a play, draw or pass happened, and the tests hold them equal to
``encode(match.view(seat))`` at every step of every installed game, whether a seat is
observed at every step or now and then.
"""

from __future__ import annotations

import array
import functools
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from . import missing_extra

try:
    import numpy as np
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra(exc) from None

from ..core.actions import (
    ANY_END,
    DOWN,
    DRAW,
    KEEP,
    LEFT,
    PASS,
    REDEAL,
    RIGHT,
    UP,
    Action,
    ChooseLeader,
    Pick,
    Play,
)
from ..core.layout import Layout, Spinner, Trains
from ..core.line import Line
from ..core.match import PLAY
from ..core.tiles import Tile, tile_set
from ..core.variant import BLOCK, DOMINO, GOAL, TIE, Variant
from ..core.view import View, build_view, numbers_lacked, shared_fields

if TYPE_CHECKING:
    from ..core.match import HandLog, Match

#: What every view of a match shares and the hand being played (core.view.shared_fields).
Shared = tuple[Mapping[str, Any], "HandLog | None"]
#: Each seat's numbers it has shown it holds no tile of this hand (View.voids: the numbers
#: whose every tile the rules said its passes showed it lacks).
Voids = Mapping[int, Collection[int]]
PHASES = ("draw", "lead", "claim", "play", "over")
OVER = PHASES[-1]
#: How a hand ends, as the block game's rules can end it; a game with rules of its own may
#: also end one at the goal (:data:`~capicua.core.variant.GOAL`).
OUTCOMES = (DOMINO, BLOCK, TIE)
#: The kinds of layout the ends are laid out for (Encoding.kind).
LINE, SPINNER, TRAINS, OTHER = "line", "spinner", "trains", "other"
#: The bound written for counts that have no bound of their own (scores, hand numbers):
#: float32 holds every whole number up to it exactly.
BIG = float(2**24)


@dataclass(frozen=True)
class Field:
    """One part of the observation vector: where it starts, its shape and its bounds."""

    name: str
    offset: int
    shape: tuple[int, ...]
    low: float
    high: float | tuple[float, ...]  # a tuple: the bound of each column of the last axis
    doc: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Encoding:
    """The observation layout and the action numbering of one variant.

    Built from the variant's metadata (set, seats, teams, hand size, and whether it has a
    draw for first lead, a leader choice, redeal claims and match labels) and, for a game
    with rules of play of its own, from its layout and its boneyard; the fields a variant
    has no use for are left out, so a Chiva vector has no draw section.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant_name = variant.name
        #: The rules, asked which ends a seat may play on and who won a shared match: public
        #: rules applied to what the view shows.
        self._rules = variant
        self.tiles = tile_set(variant.max_pip)
        T = self.n_tiles = len(self.tiles)
        S = self.seats = variant.seats
        self.teams = variant.teams
        K = len(self.teams)
        P = self.numbers = variant.max_pip + 1
        H = variant.hand_size
        self.labels = tuple(variant.labels)
        self.has_draw = bool(variant.draw_for_lead)
        self.has_lead = bool(variant.choose_leader)
        self.has_claims = variant.redeal_doubles is not None
        #: Whether the variant keeps the block game's rules of play: its vectors are then
        #: kept current play by play (:class:`Tracker`) and laid out as they always were. A
        #: game with rules of its own gets the fields of its layout (and of its boneyard, if
        #: it draws), its history written as the actions happen and the rest encoded
        #: afresh from the views (:class:`Following`).
        self.tracked = variant.plays_fast()
        #: Whether a seat may draw from the boneyard in play (the ``draw`` action).
        self.drawing = bool(variant.drawing) and not self.tracked
        team_of = {s: i + 1 for i, team in enumerate(self.teams) for s in team}
        #: _rel[o][s]: seat s as seen from seat o; _relteam[o][t]: team t as seen from o.
        self._rel = [[0] * (S + 1)] + [[(s - o) % S for s in range(S + 1)] for o in range(1, S + 1)]
        self._relteam = [[0] * (K + 1)] + [
            [(t - team_of[o]) % K for t in range(K + 1)] for o in range(1, S + 1)
        ]
        self._end_slots(variant)
        E = self.n_ends
        self.outcomes = OUTCOMES if self.tracked else (*OUTCOMES, GOAL)
        if self.tracked:
            #: Rows of the history: at most S - 1 passes follow each play, so S * S * H.
            self.history_rows = S * S * H
            self.history_cols = 3
            held = float(H)
        else:
            # Every tile in play can be played once and every tile of the boneyard drawn
            # once; a seat passes only when nobody can play or draw until some seat can, so
            # a few passes at most follow each play or draw. A longer hand keeps its latest
            # rows (write()).
            in_play = T - len(variant.set_aside(1))
            boneyard = max(0, in_play - S * H) if self.drawing else 0
            plays = in_play if self.drawing else S * H
            draws = max(0, boneyard - variant.boneyard_keeps)
            self.history_rows = S * (plays + draws + 1)
            self.history_cols = 4
            held = float(in_play if self.drawing else H)

        fields: list[Field] = []

        def add(name: str, shape: tuple[int, ...], high, doc: str, low: float = 0.0) -> int:
            offset = sum(f.size for f in fields)
            fields.append(Field(name, offset, shape, low, high, doc))
            return offset

        self.o_phase = add("phase", (5,), 1, "one-hot: draw, lead, claim, play, over")
        self.o_seat = add("seat", (S,), 1, "one-hot: this seat's own number (seat 1 first)")
        self.o_turn = add("to_move", (S,), 1, "one-hot: the relative seat to move (none once over)")
        self.o_hand = add("hand", (T,), 1, "1 for each tile this seat holds, in set order")
        self.o_counts = add("counts", (S,), held, "tiles each relative seat holds")
        if self.tracked:
            self.o_ends = add("ends", (2, P), 1, "one-hot: the left and the right open number")
        else:
            self.o_ends = add("ends", (E, P), 1, "one-hot: the number open at each end")
            self.o_open = add("open", (E,), 1, "1 for each end that is open")
            self.o_may = add("may_play", (E,), 1, "1 for each open end this seat may play on")
            self.o_doubles = add("doubles", (E,), 1, "1 for each open end a double closes")
        self.o_spinner = (
            add("spinner", (P,), 1, "one-hot: the spinner's number") if self.kind == SPINNER else -1
        )
        if self.kind == TRAINS:
            self.o_markers = add("markers", (E,), 1, "1 for each train with a marker")
            self.o_pending = add("pending", (E,), 1, "one-hot: the end of the unsatisfied double")
        if self.drawing:
            bone = float(max(1, T - len(variant.set_aside(1)) - S * H))
            self.o_boneyard = add("boneyard", (1,), bone, "tiles face down in the boneyard")
            self.o_drew = add("drew", (S,), bone, "tiles each relative seat drew this hand")
        self.o_played = add("played", (T, S), 1, "1 at [tile, r]: relative seat r played it")
        if self.tracked:
            self.o_hist = add(
                "history",
                (self.history_rows, 3),
                (float(S), float(T), 2.0),
                "this hand's plays and passes in order: relative seat + 1, tile number + 1 "
                "(0: a pass), end (1 left, 2 right, 0 a pass); rows past the last are 0",
            )
        else:
            self.o_hist = add(
                "history",
                (self.history_rows, 4),
                (float(S), float(T), float(E), 3.0),
                "this hand's actions in order: relative seat + 1, tile number + 1 (0: none), "
                "end + 1 (0: none), what (1 a play, 2 a draw, 3 a pass); rows past the last "
                "are 0",
            )
        self.o_voids = add("voids", (S, P), 1, "1 at [r, n]: relative seat r passed with n open")
        self.o_leader = add("leader", (S,), 1, "one-hot: the relative seat that leads this hand")
        self.o_opening = add(
            "opening", (T,), 1, "one-hot: the tile the rules made this hand open with"
        )
        self.o_scores = add("scores", (K,), BIG, "each relative team's score", low=-BIG)
        self.o_handno = add("hand_number", (1,), BIG, "the hand being played or about to be dealt")
        self.o_last_outcome = add(
            "last_outcome",
            (len(self.outcomes),),
            1,
            "one-hot: how the last hand ended (domino, block, tie"
            + (")" if self.tracked else ", goal)"),
        )
        self.o_last_team = add("last_team", (K,), 1, "one-hot: the relative team that won it")
        self.o_last_seat = add("last_seat", (S,), 1, "one-hot: the relative seat that went out")
        self.o_last_points = add("last_points", (1,), BIG, "what it scored")
        self.o_last_leader = add("last_leader", (S,), 1, "one-hot: the relative seat that led it")
        self.o_winner = add("winner", (K,), 1, "1 for each relative team that won the match")
        self.o_label = (
            add("label", (len(self.labels),), 1, "one-hot: the name of the match won")
            if self.labels
            else -1
        )
        self.o_chooser = (
            add("chooser", (S,), 1, "one-hot: the relative seat that names the leader")
            if self.has_lead
            else -1
        )
        if self.has_claims:
            self.o_redeals = add("redeals", (1,), BIG, "redeal claims made this hand")
            self.o_shown = add("shown", (S, T), 1, "1 at [r, tile]: relative seat r showed it")
        if self.has_draw:
            self.o_draw_round = add("draw_round", (1,), BIG, "rounds of the draw for first lead")
            self.o_drawn = add("drawn", (S, T), 1, "1 at [r, tile]: drawn by r in the last round")
            self.o_face_down = add("face_down", (1,), T, "tiles face down to draw from")
        self.fields = tuple(fields)
        self.size = sum(f.size for f in fields)
        self.low = np.zeros(self.size, np.float32)
        self.high = np.zeros(self.size, np.float32)
        for f in fields:
            self.low[f.offset : f.offset + f.size] = f.low
            span = self.high[f.offset : f.offset + f.size].reshape(f.shape)
            span[...] = np.asarray(f.high, np.float32)

        # -- actions: plays, pass, draw, then each kind of decision the variant has ----------
        #: Ways a tile may lie on an end, each a slot of its own: the one way the matching
        #: allows, and where the game's plays turn (Variant.plays_turn) leaving its high or
        #: its low number open.
        self.ways = 3 if variant.plays_turn else 1
        W = self.ways
        self.a_pass = E * T * W
        n = E * T * W + 1
        #: The draw from the boneyard (-1 where the game does not draw).
        self.a_boneyard = n if self.drawing else -1
        n += 1 if self.drawing else 0
        #: The first pick of the draw for first lead (-1 where the game has none).
        self.a_draw = n if self.has_draw else -1
        n += T if self.has_draw else 0
        self.a_lead = n if self.has_lead else -1
        n += S if self.has_lead else 0
        self.a_claim = n if self.has_claims else -1
        n += 2 if self.has_claims else 0
        self.n_actions = n
        #: _actions[seat][index] and _index[seat][action]: the ends of the seats' trains and
        #: the leads are relative to the seat.
        self._actions: list[list[Action | None]] = [[None] * n]
        self._index: list[dict[Action, int]] = [{}]
        for o in range(1, S + 1):
            mine: list[Action | None] = [None] * n
            ends = self._end_at[o]
            for t in self.tiles:
                for k, end in enumerate(ends):
                    first = (E * t.index + k) * W
                    mine[first] = Play.of(t, end)
                    if W > 1 and not t.is_double:
                        mine[first + 1] = Play.of(t, end, t.hi)
                        mine[first + 2] = Play.of(t, end, t.lo)
            mine[self.a_pass] = PASS
            if self.drawing:
                mine[self.a_boneyard] = DRAW
            if self.has_draw:
                for k in range(T):
                    mine[self.a_draw + k] = Pick.of(k)
            if self.has_lead:
                for s in range(1, S + 1):
                    mine[self.a_lead + self._rel[o][s]] = ChooseLeader.of(s)
            if self.has_claims:
                mine[self.a_claim] = KEEP
                mine[self.a_claim + 1] = REDEAL
            self._actions.append(mine)
            self._index.append({a: i for i, a in enumerate(mine) if a is not None})

    def _end_slots(self, variant: Variant) -> None:
        """The ends a play of the variant can name, in the order of their slots, for each
        seat: the ends the game declares (:meth:`Variant.play_ends
        <capicua.core.variant.Variant.play_ends>`: a line's left and right, a spinner's up
        and down too, its own layout's arms), and for trains every train with the seat's
        own first, then the next seats', then the public ones."""
        S = self.seats
        layout = variant.new_layout(1)
        per_seat: list[tuple[str, ...]]
        if isinstance(layout, Trains):
            self.kind = TRAINS
            owned = [t for t in layout.trains if t.owner is not None]
            public = tuple(t.end for t in layout.trains if t.owner is None)
            per_seat = [
                (*(t.end for t in sorted(owned, key=lambda t: self._rel[o][t.owner or 0])), *public)
                for o in range(1, S + 1)
            ]
        else:
            if isinstance(layout, Spinner):
                self.kind = SPINNER
            elif isinstance(layout, Line):
                self.kind = LINE
            else:  # a layout of a kind capicua does not ship
                self.kind = OTHER
            per_seat = [tuple(variant.play_ends())] * S
        #: _end_at[seat][slot]: the end in that slot; _slot[seat][end]: the way back.
        self._end_at: list[tuple[str, ...]] = [(), *per_seat]
        self._slot: list[dict[str, int]] = [{}] + [
            {end: k for k, end in enumerate(ends)} for ends in per_seat
        ]
        self.n_ends = len(per_seat[0])
        # The slots of a line's and a spinner's ends where they have them (the same for
        # every seat but in trains).
        ends = self._slot[1]
        self._left, self._right = ends.get(LEFT, -1), ends.get(RIGHT, -1)
        self._up, self._down = ends.get(UP, -1), ends.get(DOWN, -1)
        plain: tuple[type, ...] = ()
        if (
            type(variant).open_to is Variant.open_to
            and self.kind != TRAINS
            and self._left >= 0
            and self._right >= 0
        ):
            plain = (Line, Spinner) if self._up >= 0 and self._down >= 0 else (Line,)
        #: The layouts Encoding._write_plain_layout writes: capicua's own line and spinner
        #: (where the slots have their ends) in a game whose rules let every seat play on
        #: every open end.
        self._plain = plain

    def ends_of(self, seat: int) -> tuple[str, ...]:
        """The ends in the slots of ``seat``'s vector and actions, in order (``t1`` ... for
        trains, the seat's own first)."""
        return self._end_at[seat]

    # -- actions -------------------------------------------------------------------------

    def action_index(self, action: Action, seat: int) -> int:
        """The number of ``action`` taken by ``seat`` (KeyError if the variant has none)."""
        return self._index[seat][action]

    def action(self, index: int, seat: int) -> Action:
        """The action numbered ``index`` for ``seat``; ValueError if there is none."""
        a = self._actions[seat][index] if 0 <= index < self.n_actions else None
        if a is None:
            raise ValueError(
                f"{index} is not an action of {self.variant_name} (actions run 0 to "
                f"{self.n_actions - 1})"
            )
        return a

    def describe_action(self, index: int, seat: int) -> str:
        """The action numbered ``index`` for ``seat`` in capicua's notation (``6-4L``)."""
        try:
            return str(self.action(index, seat))
        except ValueError:
            return "no action"

    def mask(self, legal: Sequence[Action], seat: int) -> np.ndarray:
        """The action mask (int8, 1 for each legal action) of ``legal`` for ``seat``."""
        index = self._index[seat]
        # A few actions, item by item, into bytes: a numpy array's items cost more to set.
        out = bytearray(self.n_actions)
        for a in legal:
            out[index[a]] = 1
        return np.frombuffer(out, np.int8)

    # -- observations --------------------------------------------------------------------

    def encode(self, view: View, voids: Voids | None = None) -> np.ndarray:
        """The observation vector (float32) of ``view``: a function of the view alone.
        ``voids`` is ``view.voids()`` where the caller keeps it already (:class:`Following`)."""
        buf = self.blank()
        self.write(buf, view, voids)
        return np.frombuffer(buf, dtype=np.float32).copy()

    def blank(self) -> array.array:
        """A buffer of zeros the size of an observation (what :meth:`write` fills)."""
        return array.array("f", bytes(4 * self.size))

    def fields_of(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        """The named parts of an observation vector, each shaped as documented (views into
        ``obs``, not copies)."""
        return {f.name: obs[f.offset : f.offset + f.size].reshape(f.shape) for f in self.fields}

    def write(
        self,
        b: array.array,
        view: View,
        voids: Voids | None = None,
        history: bool = True,
        tail: bool = True,
    ) -> None:
        """Write ``view`` into the zeroed buffer ``b`` (``voids``: as :meth:`encode`).

        ``history=False`` leaves out, in a game with rules of its own, the rows of the
        hand's actions, the tiles played and the draws (the voids are written): what
        :class:`Following` keeps written as the actions happen. ``tail=False`` leaves out
        the fields :meth:`write_tail` writes."""
        o = view.seat
        rel = self._rel[o]
        b[self.o_phase + PHASES.index(view.phase)] = 1
        b[self.o_seat + o - 1] = 1
        if view.turn is not None:
            b[self.o_turn + rel[view.turn]] = 1
        for t in view.hand:
            b[self.o_hand + t.index] = 1
        for s, c in enumerate(view.counts, 1):
            b[self.o_counts + rel[s]] = c
        if voids is None:
            # Nothing told this hand (a hand just dealt, a game without passes so far):
            # no seat has shown a void, and working that out from the view costs more
            # than the rest of the vector.
            voids = view.voids() if view.told else {}
        if self.tracked:
            if view.ends is not None:
                self._set_ends(b, -1, -1, *view.ends)
            for k, (s, a) in enumerate(view.history):
                self._write_action(b, rel[s], k, a)
            self._write_voids(b, view, voids)
        else:
            self._write_layout(b, o, view.layout, view.boneyard)
            if history:
                self._write_history(b, view, voids)
            else:
                self._write_voids(b, view, voids)
        if tail:
            self.write_tail(b, view)

    def write_tail(self, b: array.array, view: View) -> None:
        """The fields from ``leader`` on (the hand's leader and opening, the scores, the
        last hand, the match's winner and label, the claims and the draw for first lead):
        what changes only with the fields every view shares (Match.published)."""
        o = view.seat
        rel, relteam = self._rel[o], self._relteam[o]
        if view.leader is not None:
            b[self.o_leader + rel[view.leader]] = 1
        if view.forced_opening is not None:
            b[self.o_opening + view.forced_opening.index] = 1
        for team, score in enumerate(view.scores, 1):
            b[self.o_scores + relteam[team]] = score
        b[self.o_handno] = view.hand_number
        if view.past:
            r = view.past[-1].result
            b[self.o_last_outcome + self.outcomes.index(r.outcome)] = 1
            if r.team is not None:
                b[self.o_last_team + relteam[r.team]] = 1
            if r.seat is not None:
                b[self.o_last_seat + rel[r.seat]] = 1
            b[self.o_last_points] = r.points
            b[self.o_last_leader + rel[r.leader]] = 1
        for team in self._winners(view):
            b[self.o_winner + relteam[team]] = 1
        if view.label is not None and view.label in self.labels:
            b[self.o_label + self.labels.index(view.label)] = 1
        if self.has_lead and view.chooser is not None:
            b[self.o_chooser + rel[view.chooser]] = 1
        if self.has_claims:
            b[self.o_redeals] = len(view.shown)
            for claimant, doubles in view.shown:
                for t in doubles:
                    b[self.o_shown + rel[claimant] * self.n_tiles + t.index] = 1
        if self.has_draw:
            b[self.o_draw_round] = len(view.draw)
            if view.draw:
                for s, t in view.draw[-1]:
                    b[self.o_drawn + rel[s] * self.n_tiles + t.index] = 1
            b[self.o_face_down] = view.face_down

    def _winners(self, view: View) -> tuple[int, ...]:
        """The teams that won the match the view shows (several where they share it)."""
        if view.winner is not None:
            return (view.winner,)
        if view.phase != OVER:
            return ()
        # A shared win (Mexican Train's equal lowest totals): the view names no one team,
        # and the rules name them all from the final scores, which the view shows.
        return self._rules.winners(view.scores, len(view.past)) or ()

    def _write_layout(self, b: array.array, o: int, layout: Layout, boneyard: int) -> None:
        """The open ends of a game with rules of its own as seat ``o`` sees them, what its
        layout shows and the tiles in the boneyard."""
        # capicua's own line and spinner, where the rules let every seat play on every open
        # end, read straight from their tiles: this runs whenever a seat observed sees a
        # layout it has not seen, and the general way asks the layout and the rules end by
        # end. The tests hold both ways equal.
        if type(layout) in self._plain:
            self._write_plain_layout(b, cast(Line | Spinner, layout))
            if self.drawing:
                b[self.o_boneyard] = boneyard
            return
        self._write_any_layout(b, o, layout, boneyard)

    def _write_plain_layout(self, b: array.array, layout: Line | Spinner) -> None:
        """The open ends of capicua's :class:`Line` or :class:`Spinner` where every seat may
        play on each (what :meth:`_write_any_layout` writes of them, the boneyard aside)."""
        P = self.numbers
        o_ends, o_open, o_may, o_doubles = self.o_ends, self.o_open, self.o_may, self.o_doubles
        spinner = None
        if type(layout) is Line:
            line = layout.tiles
        else:
            layout = cast(Spinner, layout)
            line = layout.line
            at = layout.spinner
            if at >= 0:
                spinner = line[at][0]
                if 0 < at < len(line) - 1:  # crossed: the cross arms are open
                    for k, arm in ((self._up, layout.up), (self._down, layout.down)):
                        if arm:
                            outer = arm[-1]
                            b[o_ends + k * P + outer[1]] = 1
                            if outer[0] == outer[1]:
                                b[o_doubles + k] = 1
                        else:
                            b[o_ends + k * P + spinner] = 1
                        b[o_open + k] = 1
                        b[o_may + k] = 1
        if line:
            k, outer = self._left, line[0]
            b[o_ends + k * P + outer[0]] = 1
            b[o_open + k] = b[o_may + k] = 1
            if outer[0] == outer[1]:
                b[o_doubles + k] = 1
            k, outer = self._right, line[-1]
            b[o_ends + k * P + outer[1]] = 1
            b[o_open + k] = b[o_may + k] = 1
            if outer[0] == outer[1]:
                b[o_doubles + k] = 1
        if spinner is not None and self.o_spinner >= 0:
            b[self.o_spinner + spinner] = 1

    def _write_any_layout(self, b: array.array, o: int, layout: Layout, boneyard: int) -> None:
        """:meth:`_write_layout` of any layout, asking it and the rules end by end."""
        P = self.numbers
        slot = self._slot[o]
        open_ends = layout.open_ends()
        # The kind of layout by its class, once per class (an abstract class's isinstance
        # costs more than the writes).
        outer_of = _outer_of(type(layout))
        if open_ends:
            allowed = self._rules.open_to(layout, o)
            # Where the rules limit no seat, every open end is one it may play on (asking
            # ANY_END for each end costs more than the rest of the end's fields).
            anywhere = allowed is ANY_END
            o_ends, o_open, o_may, o_doubles = self.o_ends, self.o_open, self.o_may, self.o_doubles
            for end, n in open_ends:
                k = slot[end]
                b[o_ends + k * P + n] = 1
                b[o_open + k] = 1
                if anywhere or end in allowed:
                    b[o_may + k] = 1
                outer = outer_of(layout, end)
                if outer is not None and outer[0] == outer[1]:
                    b[o_doubles + k] = 1
        if outer_of is _spinner_outer and self.o_spinner >= 0:
            spinner = cast(Spinner, layout).spinner_number
            if spinner is not None:
                b[self.o_spinner + spinner] = 1
        elif outer_of is _train_outer and self.kind == TRAINS:
            trains = cast(Trains, layout)
            for t in trains.trains:
                if t.marker:
                    b[self.o_markers + slot[t.end]] = 1
            if trains.pending is not None:
                b[self.o_pending + slot[trains.pending]] = 1
        if self.drawing:
            b[self.o_boneyard] = boneyard

    def _write_history(self, b: array.array, view: View, voids: Voids) -> None:
        """The hand's actions of a game with rules of its own: the rows, the tiles played,
        the draws and the numbers each seat has shown it lacks."""
        o = view.seat
        rel, slot = self._rel[o], self._slot[o]
        S, cols = self.seats, self.history_cols
        history = view.history
        # A hand longer than the rows (passes beyond the bound) keeps its latest rows.
        first = max(0, len(history) - self.history_rows)
        for k, (s, a) in enumerate(history):
            r = rel[s]
            row = self.o_hist + cols * (k - first)
            if isinstance(a, Play):
                i = a.tile.index
                b[self.o_played + i * S + r] = 1
                if k >= first:
                    b[row + 1] = i + 1
                    b[row + 2] = slot[a.end] + 1
                    b[row + 3] = 1
            elif a is DRAW:
                b[self.o_drew + r] += 1
                if k >= first:
                    b[row + 3] = 2
            elif k >= first:
                b[row + 3] = 3
            if k >= first:
                b[row] = r + 1
        self._write_voids(b, view, voids)

    def _write_voids(self, b: array.array, view: View, voids: Voids) -> None:
        self._write_voids_of(b, view.seat, voids)

    def _write_voids_of(self, b: array.array, seat: int, voids: Voids) -> None:
        """The numbers each seat has shown it lacks, as ``seat`` sees them."""
        rel, P = self._rel[seat], self.numbers
        for s, lacks in voids.items():
            at = self.o_voids + rel[s] * P
            for n in lacks:
                b[at + n] = 1

    def _set_ends(
        self, b: array.array, old_left: int, old_right: int, left: int, right: int
    ) -> None:
        P = self.numbers
        if old_left >= 0:
            b[self.o_ends + old_left] = 0
            b[self.o_ends + P + old_right] = 0
        b[self.o_ends + left] = 1
        b[self.o_ends + P + right] = 1

    def _write_action(self, b: array.array, r: int, k: int, action: Action) -> None:
        """Row ``k`` of the history, and the tile played by the relative seat ``r`` (what a
        pass shows goes in with the voids)."""
        row = self.o_hist + 3 * k
        b[row] = r + 1
        if isinstance(action, Play):
            i = action.tile.index
            b[row + 1] = i + 1
            b[row + 2] = 1 if action.end == LEFT else 2
            b[self.o_played + i * self.seats + r] = 1


@functools.cache
def _outer_of(cls: type[Layout]) -> Callable[[Any, str], tuple[int, int] | None]:
    """How to find the outermost tile at an end of a layout of class ``cls`` (as it lies,
    ``None`` for none: an empty cross arm, an empty train, a layout of another kind),
    chosen once per class: an isinstance of an abstract class costs more than the rest of
    the answer, end after end."""
    if issubclass(cls, Line):
        return _line_outer
    if issubclass(cls, Spinner):
        return _spinner_outer
    if issubclass(cls, Trains):
        return _train_outer
    return _no_outer


def _line_outer(layout: Line, end: str) -> tuple[int, int] | None:
    if not layout.tiles:
        return None
    return layout.tiles[0] if end == LEFT else layout.tiles[-1]


def _spinner_outer(layout: Spinner, end: str) -> tuple[int, int] | None:
    return layout.outer(end)


def _train_outer(layout: Trains, end: str) -> tuple[int, int] | None:
    tiles = layout.train(end).tiles
    return tiles[-1] if tiles else None


def _no_outer(layout: Layout, end: str) -> None:
    return None


#: What the views share (core.view.shared_fields) that the vector shows, besides the
#: scores: where these are as they were, only the scores are written again.
_BESIDE_SCORES = (
    "phase",
    "hand_number",
    "leader",
    "forced_opening",
    "past",
    "winner",
    "label",
    "chooser",
    "shown",
    "draw",
    "face_down",
)


class _Kept(ABC):
    """Every seat's observation of one running match, each kept in a buffer of the seat's
    own and brought up to date only when that seat is observed: a seat that is not asked
    for pays nothing, and one that is asked writes only what happened since it last
    looked. The caller says what happened: :meth:`rebuild` after anything that is not a
    play, draw or pass leaving the hand running (each seat's vector is then encoded afresh
    from its view when next asked for), :meth:`step` after such an action."""

    def __init__(self, encoding: Encoding) -> None:
        self.enc = encoding
        S = encoding.seats
        self._match: Match | None = None
        self._zero = encoding.blank()
        self.bufs: list[array.array] = [encoding.blank() for _ in range(S + 1)]
        #: The buffers as numpy arrays (the same memory): what an observation copies.
        self._arrays = [np.frombuffer(b, dtype=np.float32) for b in self.bufs]
        #: Per seat, what its buffer was written from: the fields the views shared
        #: (Match.published.shared; None: nothing valid), the hand's log (None: encode
        #: afresh) and how many of the hand's actions it holds.
        self._shared: list[Shared | None] = [None] * (S + 1)
        self._log: list[HandLog | None] = [None] * (S + 1)
        self._k = [0] * (S + 1)
        #: Zeros to clear the seat to move with (slice assignment from an array of the
        #: same length copies, where a new one would be made at every step).
        self._zero_seats = array.array("f", bytes(4 * S))

    def rebuild(self, match: Match) -> None:
        """Anything happened in ``match``: each vector is encoded anew when next asked for."""
        self._match = match
        S = self.enc.seats
        self._shared = [None] * (S + 1)
        self._log = [None] * (S + 1)

    def step(self, match: Match, seat: int, action: Action) -> None:
        """``seat`` took ``action`` and the hand goes on: nothing is written until a seat
        is observed (each seat then writes the actions it has not seen)."""
        self._match = match

    def observation(self, seat: int) -> np.ndarray:
        """``seat``'s vector, the caller's to keep (a later action does not change it)."""
        self._bring(seat)
        return self._arrays[seat].copy()

    @abstractmethod
    def _bring(self, seat: int) -> None:
        """Bring ``seat``'s buffer up to date with the match."""

    def _afresh(self, seat: int, match: Match, shared: Shared) -> None:
        """Encode ``seat``'s view into its buffer, the whole vector."""
        b = self.bufs[seat]
        b[:] = self._zero  # the same buffer: the numpy array over it stays valid
        self.enc.write(b, build_view(match, seat))
        self._shared[seat] = shared
        log = match.hand
        running = log is not None and log.result is None
        self._log[seat] = log if running else None
        self._k[seat] = len(log.actions) if log is not None and running else 0

    def _dealt(self, seat: int, match: Match, log: HandLog) -> None:
        """Write ``seat``'s vector as the running hand ``log`` was dealt: its tiles and every
        seat's count from the deal, the fields from ``leader`` on from its view; the
        hand's actions are then caught up."""
        enc = self.enc
        b, rel = self.bufs[seat], enc._rel[seat]
        b[:] = self._zero
        b[enc.o_phase + PHASES.index(PLAY)] = 1
        b[enc.o_seat + seat - 1] = 1
        for t in log.deal[seat]:
            b[enc.o_hand + t.index] = 1
        for s in range(1, enc.seats + 1):
            b[enc.o_counts + rel[s]] = len(log.deal[s])
        enc.write_tail(b, build_view(match, seat))


class Tracker(_Kept):
    """Every seat's observation of one running match of the block game's rules, kept
    current play by play.

    A seat observed writes the plays and passes taken since it last looked (each row of the
    history, the tile played, the counts, its own hand, the voids a pass showed), then the
    seat to move and the line's ends as they are now; the vectors are encoded afresh from
    the views when a hand starts or anything but a play or a pass happened. The tests hold
    it equal to ``encode(match.view(seat))`` at every step.
    """

    def __init__(self, encoding: Encoding) -> None:
        super().__init__(encoding)
        self._zero_ends = array.array("f", bytes(4 * 2 * encoding.numbers))

    def _bring(self, seat: int) -> None:
        m = self._match
        assert m is not None, "rebuild() the observations of a match first"
        shared = m.published.shared or shared_fields(m)
        log = self._log[seat]
        if log is None or self._shared[seat] is not shared:
            self._afresh(seat, m, shared)
        elif self._k[seat] < len(log.actions):
            self._catch_up(seat, m, log)

    def _afresh(self, seat: int, match: Match, shared: Shared) -> None:
        log = match.hand
        if match.phase != PLAY or log is None or log.result is not None:
            super()._afresh(seat, match, shared)
            return
        # A hand in play: the vector as the hand was dealt (the fields from ``leader`` on
        # from the view), then every action of the hand caught up.
        self._dealt(seat, match, log)
        self._shared[seat] = shared
        self._log[seat] = log
        self._k[seat] = 0
        self._catch_up(seat, match, log)

    def _catch_up(self, seat: int, m: Match, log: HandLog) -> None:
        """Write the hand's actions ``seat``'s vector does not hold yet, then the seat to
        move and the line's ends as they are now."""
        actions = log.actions
        k, n = self._k[seat], len(actions)
        # The numbers :meth:`Encoding.write` would write for these actions, written out
        # flat: this runs at every step of every agent.
        enc = self.enc
        b, r = self.bufs[seat], enc._rel[seat]
        S, P = enc.seats, enc.numbers
        o_counts, o_played, o_hand = enc.o_counts, enc.o_played, enc.o_hand
        row = enc.o_hist + 3 * k
        tk = 0
        for j, (s, a) in enumerate(actions[k:n], k):
            rs = r[s]
            b[row] = rs + 1
            if isinstance(a, Play):
                i = a.tile.index
                b[row + 1] = i + 1
                b[row + 2] = 1 if a.end == LEFT else 2
                b[o_played + i * S + rs] = 1
                b[o_counts + rs] -= 1
                if s == seat:
                    b[o_hand + i] = 0
            else:
                # The numbers this pass showed the seat holds none of, as the rules told
                # it (a game tracked here passes only for want of a play, so it told).
                told = log.told
                while told[tk][0] < j:
                    tk += 1
                voids = enc.o_voids + rs * P
                for v in numbers_lacked(P - 1, told[tk][1]):
                    b[voids + v] = 1
            row += 3
        o_turn = enc.o_turn
        b[o_turn : o_turn + S] = self._zero_seats
        if m.turn is not None:
            b[o_turn + r[m.turn]] = 1
        o_ends = enc.o_ends
        b[o_ends : o_ends + 2 * P] = self._zero_ends
        if m.line:
            b[o_ends + m.left] = 1
            b[o_ends + P + m.right] = 1
        self._k[seat] = n


class Following(_Kept):
    """Every seat's observation of one running match of a game with rules of its own, kept
    current action by action.

    A seat observed writes the actions taken since it last looked into its history (the
    rows, the tiles played, the draws), then what those actions may have changed, from
    the engine's position as the seat's view shows it: the seat to move, the counts, its
    own hand (the tile it played, or all of it after it drew), the layout's fields (where
    the layout changed: a play may score, mark a train or open a spinner's arms, and the
    rules say which ends the seat may play on), the boneyard and the voids. The voids, the
    same for every seat, follow the actions once for all seats. The fields from ``leader``
    on (:meth:`Encoding.write_tail`) are written from the seat's view when what the views
    share changed (a play that scored). What comes out is what :meth:`Encoding.encode`
    gives of the seat's view; the tests hold them equal at every step of every game.
    """

    def __init__(self, encoding: Encoding) -> None:
        super().__init__(encoding)
        enc = encoding
        S = enc.seats
        #: Per seat, the layout its vector shows (frozen: identity is equality) and the
        #: voids it shows (the number of times they changed, -1: to be written).
        self._layout: list[object] = [None] * (S + 1)
        self._seen_voids = [-1] * (S + 1)
        #: Per seat, the scores it wrote since what the views share was last dropped (the
        #: match's own tuple: identity is equality; None: none written).
        self._scores: list[tuple[int, ...] | None] = [None] * (S + 1)
        #: The hand the voids follow (its log); its lacks and voids (View.lacks,
        #: View.voids) after its first _vk actions, of which the first _tk entries of its
        #: ``told``; and how many times they changed.
        self._vlog: HandLog | None = None
        self._lacks: dict[int, frozenset[Tile]] = {}
        self._voids: dict[int, frozenset[int]] = {}
        self._vk = self._tk = 0
        self._changes = 0
        #: Whether some seat's lacks are not empty (else a draw has nothing to forget).
        self._lacking = False
        #: Where the fields of the layout start and end (the boneyard's among them), and
        #: zeros the length of the fields cleared before they are written again.
        self._layout_span = (enc.o_ends, enc.o_boneyard + 1 if enc.drawing else enc.o_played)
        start, end = self._layout_span
        self._zero_layout = array.array("f", bytes(4 * (end - start)))
        self._zero_hand = array.array("f", bytes(4 * enc.n_tiles))
        self._zero_voids = array.array("f", bytes(4 * S * enc.numbers))
        self._zero_phase = array.array("f", bytes(4 * len(PHASES)))
        self._zero_tail = array.array("f", bytes(4 * (enc.size - enc.o_leader)))

    def _afresh(self, seat: int, match: Match, shared: Shared) -> None:
        super()._afresh(seat, match, shared)
        pos = match.position
        self._layout[seat] = pos.layout if pos is not None else None
        self._seen_voids[seat] = -1
        self._scores[seat] = None
        if self._log[seat] is not None and self._k[seat] > self.enc.history_rows:
            # A hand longer than the rows, which keep its latest: encoded afresh each time.
            self._log[seat] = None

    def _bring(self, seat: int) -> None:
        m = self._match
        assert m is not None, "rebuild() the observations of a match first"
        log = self._log[seat]
        pos = m.position
        enc = self.enc
        b = self.bufs[seat]
        shared = m.published.shared
        if shared is None and (
            log is None or pos is None or log.result is not None or m.hands_log[-1] is not log
        ):
            shared = shared_fields(m)
        # Else what the views share was dropped in the hand this seat's vector holds, which
        # is still in play (the environment rebuilds the vectors after any other action):
        # a play scored, and the match drops them for nothing else in play. The scores
        # are written below, and the fields are not made again for them.
        fresh = log is None or pos is None or (shared is not None and shared[1] is not log)
        if fresh:
            assert shared is not None
            log = shared[1]
            if log is None or pos is None or m.phase != PLAY:
                self._afresh(seat, m, shared)
                return
            # A hand in play: the vector as the hand was dealt (the fields from
            # ``leader`` on from the view), then every action of the hand caught up.
            self._dealt(seat, m, log)
            self._shared[seat] = shared
            self._log[seat] = log
            self._k[seat] = 0
            self._layout[seat] = None
            self._seen_voids[seat] = -1
            self._scores[seat] = None
        assert log is not None and pos is not None
        actions = log.actions
        k, n = self._k[seat], len(actions)
        if n > enc.history_rows:
            self._afresh(seat, m, shared or shared_fields(m))
            return
        if k < n or fresh:
            rel, slot = enc._rel[seat], enc._slot[seat]
            S, cols = enc.seats, enc.history_cols
            o_played, o_hand, o_counts = enc.o_played, enc.o_hand, enc.o_counts
            row = enc.o_hist + cols * k
            drew = False  # this seat drew: its whole hand is written again
            # Actions k onwards, as Encoding._write_history writes them; a play takes a
            # tile from its seat's count and a draw adds one.
            for s, a in actions[k:n]:
                r = rel[s]
                b[row] = r + 1
                if isinstance(a, Play):
                    i = a.tile.index
                    b[o_played + i * S + r] = 1
                    b[row + 1] = i + 1
                    b[row + 2] = slot[a.end] + 1
                    b[row + 3] = 1
                    b[o_counts + r] -= 1
                    if s == seat:
                        b[o_hand + i] = 0
                elif a is DRAW:
                    b[enc.o_drew + r] += 1
                    b[o_counts + r] += 1
                    b[row + 3] = 2
                    drew = drew or s == seat
                else:
                    b[row + 3] = 3
                row += cols
            self._k[seat] = n
            o_turn = enc.o_turn
            b[o_turn : o_turn + S] = self._zero_seats
            if m.turn is not None:
                b[o_turn + rel[m.turn]] = 1
            if drew:
                b[o_hand : o_hand + enc.n_tiles] = self._zero_hand
                for t in pos.hands[seat]:
                    b[o_hand + t.index] = 1
            layout = pos.layout
            if layout is not self._layout[seat]:
                start, end = self._layout_span
                b[start:end] = self._zero_layout
                enc._write_layout(b, seat, layout, len(pos.boneyard) if enc.drawing else 0)
                self._layout[seat] = layout
            elif enc.drawing:
                b[enc.o_boneyard] = len(pos.boneyard)
            if log is not self._vlog or self._lacking or self._tk != len(log.told) or n < self._vk:
                self._follow_voids(log)
            else:  # nothing told since, nothing to forget: the voids stay empty
                self._vk = n
            if self._seen_voids[seat] != self._changes:
                o_voids = enc.o_voids
                b[o_voids : o_voids + len(self._zero_voids)] = self._zero_voids
                enc._write_voids_of(b, seat, self._voids)
                self._seen_voids[seat] = self._changes
        was = self._shared[seat]
        if was is shared:
            return
        if shared is None:  # a play scored: the scores (the views share the match's)
            scores = m.scores
            if self._scores[seat] is not scores:
                relteam, o_scores = enc._relteam[seat], enc.o_scores
                for team, score in enumerate(scores, 1):
                    b[o_scores + relteam[team]] = score
                self._scores[seat] = scores
            return
        fields = shared[0]
        self._scores[seat] = None
        if was is not None and all(fields[f] == was[0][f] for f in _BESIDE_SCORES):
            # A play scored (what the views share changes with the scores): the scores.
            relteam, o_scores = enc._relteam[seat], enc.o_scores
            for team, score in enumerate(fields["scores"], 1):
                b[o_scores + relteam[team]] = score
        else:
            # Anything else the views share: the phase and the fields from ``leader`` on,
            # from the view.
            view = build_view(m, seat)
            o_phase = enc.o_phase
            b[o_phase : o_phase + len(PHASES)] = self._zero_phase
            b[o_phase + PHASES.index(view.phase)] = 1
            b[enc.o_leader :] = self._zero_tail
            enc.write_tail(b, view)
        self._shared[seat] = shared

    def _follow_voids(self, log: HandLog) -> None:
        """The lacks and voids after every action of the hand so far, as View.lacks and
        View.voids give them: a draw forgets what its seat had shown, a told action adds
        to it."""
        actions, told = log.actions, log.told
        if log is not self._vlog or len(actions) < self._vk or len(told) < self._tk:
            self._vlog = log
            self._lacks = {s: frozenset() for s in range(1, self.enc.seats + 1)}
            self._voids = dict.fromkeys(self._lacks, frozenset())
            self._vk = self._tk = 0
            self._lacking = False
            self._changes += 1
        if not self._lacking:
            # Nothing known to forget: a draw changes nothing, and what it told is
            # forgotten with it; only a told action that is not a draw adds.
            tk = self._tk
            while tk < len(told) and actions[told[tk][0]][1] is DRAW:
                tk += 1
            if tk == len(told):
                self._vk, self._tk = len(actions), tk
                return
            self._vk, self._tk = told[tk][0], tk
        top = self.enc.numbers - 1
        changed: set[int] = set()
        tk = self._tk
        for i in range(self._vk, len(actions)):
            s, a = actions[i]
            draw = a is DRAW
            if draw:  # what a draw told is forgotten with the rest (View.lacks)
                self._lacks[s] = frozenset()
                changed.add(s)
            while tk < len(told) and told[tk][0] == i:
                if not draw:
                    self._lacks[s] = self._lacks[s] | told[tk][1]
                    changed.add(s)
                    self._lacking = True
                tk += 1
        self._vk, self._tk = len(actions), tk
        for s in changed:
            voids = numbers_lacked(top, self._lacks[s])
            if voids != self._voids[s]:
                self._voids[s] = voids
                self._changes += 1
