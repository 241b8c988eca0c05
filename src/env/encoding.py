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

The vector is a function of the view alone, so it cannot carry anything the seat may not
see. :class:`Tracker` keeps the vectors of every seat of a running match up to date play by
play (the environment's fast path): it encodes the seats' views afresh whenever a hand
starts or anything but a play or a pass happens, writes what a play or a pass changes in
between, and the tests hold it equal to ``encode(match.view(seat))`` at every step.
"""

from __future__ import annotations

import array
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import missing_extra

try:
    import numpy as np
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra(exc) from None

from ..core.actions import KEEP, LEFT, PASS, REDEAL, Action, ChooseLeader, Pick, Play
from ..core.tiles import tile_set
from ..core.variant import BLOCK, DOMINO, TIE, Variant
from ..core.view import View

if TYPE_CHECKING:
    from ..core.match import Match

PHASES = ("draw", "lead", "claim", "play", "over")
OUTCOMES = (DOMINO, BLOCK, TIE)
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
    draw for first lead, a leader choice, redeal claims and match labels); the fields a
    variant has no use for are left out, so a Chiva vector has no draw section.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant_name = variant.name
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
        team_of = {s: i + 1 for i, team in enumerate(self.teams) for s in team}
        #: _rel[o][s]: seat s as seen from seat o; _relteam[o][t]: team t as seen from o.
        self._rel = [[0] * (S + 1)] + [[(s - o) % S for s in range(S + 1)] for o in range(1, S + 1)]
        self._relteam = [[0] * (K + 1)] + [
            [(t - team_of[o]) % K for t in range(K + 1)] for o in range(1, S + 1)
        ]
        #: Rows of the history: at most S - 1 passes follow each play, so S * S * H.
        self.history_rows = S * S * H

        fields: list[Field] = []

        def add(name: str, shape: tuple[int, ...], high, doc: str, low: float = 0.0) -> int:
            offset = sum(f.size for f in fields)
            fields.append(Field(name, offset, shape, low, high, doc))
            return offset

        self.o_phase = add("phase", (5,), 1, "one-hot: draw, lead, claim, play, over")
        self.o_seat = add("seat", (S,), 1, "one-hot: this seat's own number (seat 1 first)")
        self.o_turn = add("to_move", (S,), 1, "one-hot: the relative seat to move (none once over)")
        self.o_hand = add("hand", (T,), 1, "1 for each tile this seat holds, in set order")
        self.o_counts = add("counts", (S,), H, "tiles each relative seat holds")
        self.o_ends = add("ends", (2, P), 1, "one-hot: the left and the right open number")
        self.o_played = add("played", (T, S), 1, "1 at [tile, r]: relative seat r played it")
        self.o_hist = add(
            "history",
            (self.history_rows, 3),
            (float(S), float(T), 2.0),
            "this hand's plays and passes in order: relative seat + 1, tile number + 1 "
            "(0: a pass), end (1 left, 2 right, 0 a pass); rows past the last are 0",
        )
        self.o_voids = add("voids", (S, P), 1, "1 at [r, n]: relative seat r passed with n open")
        self.o_leader = add("leader", (S,), 1, "one-hot: the relative seat that leads this hand")
        self.o_opening = add(
            "opening", (T,), 1, "one-hot: the tile the rules made this hand open with"
        )
        self.o_scores = add("scores", (K,), BIG, "each relative team's score", low=-BIG)
        self.o_handno = add("hand_number", (1,), BIG, "the hand being played or about to be dealt")
        self.o_last_outcome = add(
            "last_outcome", (3,), 1, "one-hot: how the last hand ended (domino, block, tie)"
        )
        self.o_last_team = add("last_team", (K,), 1, "one-hot: the relative team that won it")
        self.o_last_seat = add("last_seat", (S,), 1, "one-hot: the relative seat that went out")
        self.o_last_points = add("last_points", (1,), BIG, "what it scored")
        self.o_last_leader = add("last_leader", (S,), 1, "one-hot: the relative seat that led it")
        self.o_winner = add("winner", (K,), 1, "one-hot: the relative team that won the match")
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

        # -- actions: plays, pass, then each kind of decision the variant has ---------------
        self.a_pass = 2 * T
        n = 2 * T + 1
        self.a_draw = n if self.has_draw else -1
        n += T if self.has_draw else 0
        self.a_lead = n if self.has_lead else -1
        n += S if self.has_lead else 0
        self.a_claim = n if self.has_claims else -1
        n += 2 if self.has_claims else 0
        self.n_actions = n
        shared: list[Action | None] = [None] * n
        for t in self.tiles:
            shared[2 * t.index] = Play.of(t, "left")
            shared[2 * t.index + 1] = Play.of(t, "right")
        shared[self.a_pass] = PASS
        if self.has_draw:
            for k in range(T):
                shared[self.a_draw + k] = Pick.of(k)
        if self.has_claims:
            shared[self.a_claim] = KEEP
            shared[self.a_claim + 1] = REDEAL
        #: _actions[seat][index] and _index[seat][action]: leads are relative to the seat.
        self._actions: list[list[Action | None]] = [shared]
        self._index: list[dict[Action, int]] = [{}]
        for o in range(1, S + 1):
            mine = list(shared)
            if self.has_lead:
                for s in range(1, S + 1):
                    mine[self.a_lead + self._rel[o][s]] = ChooseLeader.of(s)
            self._actions.append(mine)
            self._index.append({a: i for i, a in enumerate(mine) if a is not None})

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
        out = np.zeros(self.n_actions, np.int8)
        for a in legal:  # a few actions: item by item beats building an index array
            out[index[a]] = 1
        return out

    # -- observations --------------------------------------------------------------------

    def encode(self, view: View) -> np.ndarray:
        """The observation vector (float32) of ``view``: a function of the view alone."""
        buf = self.blank()
        self.write(buf, view)
        return np.frombuffer(buf, dtype=np.float32).copy()

    def blank(self) -> array.array:
        """A buffer of zeros the size of an observation (what :meth:`write` fills)."""
        return array.array("f", bytes(4 * self.size))

    def fields_of(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        """The named parts of an observation vector, each shaped as documented (views into
        ``obs``, not copies)."""
        return {f.name: obs[f.offset : f.offset + f.size].reshape(f.shape) for f in self.fields}

    def write(self, b: array.array, view: View) -> None:
        """Write ``view`` into the zeroed buffer ``b``."""
        o = view.seat
        rel, relteam = self._rel[o], self._relteam[o]
        b[self.o_phase + PHASES.index(view.phase)] = 1
        b[self.o_seat + o - 1] = 1
        if view.turn is not None:
            b[self.o_turn + rel[view.turn]] = 1
        for t in view.hand:
            b[self.o_hand + t.index] = 1
        for s, c in enumerate(view.counts, 1):
            b[self.o_counts + rel[s]] = c
        if view.ends is not None:
            self._set_ends(b, -1, -1, *view.ends)
        for k, (s, a, left, right) in enumerate(view.steps()):
            self._write_action(b, rel[s], k, a, left, right)
        if view.leader is not None:
            b[self.o_leader + rel[view.leader]] = 1
        if view.forced_opening is not None:
            b[self.o_opening + view.forced_opening.index] = 1
        for team, score in enumerate(view.scores, 1):
            b[self.o_scores + relteam[team]] = score
        b[self.o_handno] = view.hand_number
        if view.past:
            r = view.past[-1].result
            b[self.o_last_outcome + OUTCOMES.index(r.outcome)] = 1
            if r.team is not None:
                b[self.o_last_team + relteam[r.team]] = 1
            if r.seat is not None:
                b[self.o_last_seat + rel[r.seat]] = 1
            b[self.o_last_points] = r.points
            b[self.o_last_leader + rel[r.leader]] = 1
        if view.winner is not None:
            b[self.o_winner + relteam[view.winner]] = 1
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

    def _set_ends(
        self, b: array.array, old_left: int, old_right: int, left: int, right: int
    ) -> None:
        P = self.numbers
        if old_left >= 0:
            b[self.o_ends + old_left] = 0
            b[self.o_ends + P + old_right] = 0
        b[self.o_ends + left] = 1
        b[self.o_ends + P + right] = 1

    def _write_action(
        self, b: array.array, r: int, k: int, action: Action, left: int, right: int
    ) -> None:
        """Row ``k`` of the history, and what it says elsewhere: the tile played, or the
        numbers ``left`` and ``right`` a pass shows the relative seat ``r`` lacks."""
        row = self.o_hist + 3 * k
        b[row] = r + 1
        if isinstance(action, Play):
            i = action.tile.index
            b[row + 1] = i + 1
            b[row + 2] = 1 if action.end == LEFT else 2
            b[self.o_played + i * self.seats + r] = 1
        else:
            voids = self.o_voids + r * self.numbers
            b[voids + left] = 1
            b[voids + right] = 1


class Tracker:
    """Every seat's observation of one running match, kept current play by play.

    Call :meth:`rebuild` after anything but a play or pass that leaves the hand running
    (it encodes each seat's view afresh), and :meth:`step` after such a play or pass (it
    writes what the action changed into every seat's vector).
    """

    def __init__(self, encoding: Encoding) -> None:
        self.enc = encoding
        self.bufs: list[array.array] = [encoding.blank() for _ in range(encoding.seats + 1)]
        self._zero = bytes(4 * encoding.size)
        self._turn: int | None = None
        self._left = self._right = -1
        self._k = 0

    def rebuild(self, match: Match) -> None:
        enc = self.enc
        for o in range(1, enc.seats + 1):
            buf = array.array("f", self._zero)
            enc.write(buf, match.view(o))
            self.bufs[o] = buf
        self._turn = match.turn
        ends = match.ends
        self._left, self._right = ends if ends is not None else (-1, -1)
        log = match.hand
        self._k = len(log.actions) if log is not None and log.result is None else 0

    def step(self, match: Match, seat: int, action: Action) -> None:
        """``seat`` played or passed with ``action`` and the hand goes on.

        The numbers :meth:`Encoding.write` would write for it, written into every seat's
        vector at once: this runs at every step of every agent, so it is written out flat.
        """
        enc = self.enc
        old_turn, turn = self._turn, match.to_move
        assert old_turn is not None  # a play or a pass was just taken: someone was to move
        left, right = match.left, match.right
        o_turn, o_counts = enc.o_turn, enc.o_counts
        row = enc.o_hist + 3 * self._k
        bufs = self.bufs
        if isinstance(action, Play):
            i = action.tile.index
            side = 1 if action.end == LEFT else 2
            played = enc.o_played + i * enc.seats
            o_left = enc.o_ends
            o_right = o_left + enc.numbers
            was_left, was_right = self._left, self._right
            for o in range(1, enc.seats + 1):
                b, r = bufs[o], enc._rel[o]
                rs = r[seat]
                b[o_turn + r[old_turn]] = 0
                b[o_turn + r[turn]] = 1
                b[row] = rs + 1
                b[row + 1] = i + 1
                b[row + 2] = side
                b[played + rs] = 1
                b[o_counts + rs] -= 1
                if was_left >= 0:
                    b[o_left + was_left] = 0
                    b[o_right + was_right] = 0
                b[o_left + left] = 1
                b[o_right + right] = 1
            bufs[seat][enc.o_hand + i] = 0
            self._left, self._right = left, right
        else:
            P = enc.numbers
            for o in range(1, enc.seats + 1):
                b, r = bufs[o], enc._rel[o]
                rs = r[seat]
                b[o_turn + r[old_turn]] = 0
                b[o_turn + r[turn]] = 1
                b[row] = rs + 1
                voids = enc.o_voids + rs * P
                b[voids + left] = 1
                b[voids + right] = 1
        self._turn = turn
        self._k += 1

    def observation(self, seat: int) -> np.ndarray:
        return np.array(self.bufs[seat], dtype=np.float32)
