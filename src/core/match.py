"""The match: one state machine from the draw for first lead to the last hand.

Phases (:class:`Phase`), in order: ``draw`` (draw for first lead, variants that have one),
``lead`` (the entitled team's chooser names the leader, blind), the deal (a chance event, no
decision), ``claim`` (players holding enough doubles keep the hand or demand a redeal),
``play`` (plays, draws and passes until a domino, a block or a goal), then the hand's
result, and either the next hand or ``over``. Every decision is an
:class:`~capicua.core.actions.Action` applied through :meth:`Match.apply`; chance comes
from the injected :class:`~capicua.core.rng.Dealer`. A match is made by its variant
(:meth:`Variant.new_match <capicua.core.variant.Variant.new_match>`).

The play phase follows the variant's rules (:mod:`capicua.core.position`); a variant that
keeps the block game's rules of play is played here on a fast path of plain ints and a
deque, with the same results.

The match is the one mechanism for play, look-ahead, undo and replay (python-chess's
``push``/``pop``): :meth:`undo` rewinds the dealer and replays every action but the last, so
the deals come back exactly and no state is copied on the hot path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from . import actions as A
from .actions import KEEP, LEFT, PASS, PICKS, PLAYS_BY_TILE, REDEAL, Action, ChooseLeader, Play
from .errors import IllegalAction, MatchOver, NobodyToMove, NothingToUndo
from .layout import Layout, Spinner
from .line import Line, first_of, plays_on, showing
from .position import Position, step
from .rng import Dealer, fresh_seed
from .tiles import Tile, tile_set
from .variant import BLOCK, DOMINO, GOAL, TIE, HandResult, Variant

if TYPE_CHECKING:
    from .view import PastHand, View


class Phase(StrEnum):
    """Where a match stands; the values are the words views and messages use."""

    #: The draw for first lead.
    DRAW = "draw"
    #: The entitled team's chooser names the leader.
    LEAD = "lead"
    #: Players with enough doubles keep the hand or demand a redeal.
    CLAIM = "claim"
    #: Plays, draws and passes.
    PLAY = "play"
    #: The match is over.
    OVER = "over"


DRAW = Phase.DRAW
LEAD = Phase.LEAD
CLAIM = Phase.CLAIM
PLAY = Phase.PLAY
OVER = Phase.OVER


def _main_tiles(layout: Layout) -> tuple[tuple[int, int], ...]:
    """The tiles of :func:`~capicua.core.line.main_line`'s line of ``layout``, without
    making the line: read after every play."""
    # The classes themselves first: isinstance of an ABC's subclass costs more.
    if type(layout) is Spinner:
        return layout.line
    if type(layout) is Line:
        return layout.tiles
    if isinstance(layout, Line):
        return layout.tiles
    if isinstance(layout, Spinner):
        return layout.line
    return ()


#: Deals in a row a variant's rules may refuse (hand_leader answering None) before the
#: engine gives up: a rule that never accepts a deal is a bug in the variant.
_MOST_REDEALS = 1000


@dataclass(slots=True)
class Redealt:
    """A deal abandoned by a redeal claim (the deal, who claimed, the doubles shown), or by
    the rules themselves (``claimant`` ``None``: Draw's deal with no double)."""

    deal: dict[int | str, tuple[Tile, ...]]
    claimant: int | None
    shown: tuple[Tile, ...]


@dataclass(slots=True)
class HandLog:
    """Everything that happened in one hand, as the record keeps it."""

    number: int
    chooser: int | None
    leader: int
    deal: dict[int | str, tuple[Tile, ...]]
    redeals: list[Redealt] = field(default_factory=list)
    required: Tile | None = None
    actions: list[tuple[int, Action]] = field(default_factory=list)
    result: HandResult | None = None
    #: What each pass or draw the rules forced told: ``(its index in actions, the tiles
    #: its seat showed it lacks)`` (:meth:`Variant.lacking`). Public, and a tuple made anew
    #: at each such action, so the views share it as it is (not kept in records: the rules
    #: say it again on replay).
    told: tuple[tuple[int, frozenset[Tile]], ...] = ()


@dataclass(slots=True)
class Published:
    """What a match has made public that every seat's view shares, kept between actions so
    that a view is cheap to build (:func:`capicua.core.view.build_view` fills it in): the
    fields that change only with an action other than a play or a pass, or at a hand's end
    (``shared``: dropped then, made again when next needed; a play that scores gives it
    its new scores), the finished hands' summaries
    (``past``) and the draw for first lead once it is over (``draw``)."""

    shared: tuple[Mapping[str, Any], HandLog | None] | None = None
    past: tuple[PastHand, ...] = ()
    draw: tuple[tuple[tuple[int, Tile], ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: the winning team (``None`` for a win shared by several teams,
    which ``winners`` lists), the match's name ("chiva", "pollona", ...) and the scores."""

    winner: int | None
    label: str | None
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()


class Match:
    """A match of one variant, driven by :meth:`apply`.

    ``seed`` fixes every chance event (``None``: a fresh one, kept in :attr:`seed`).
    ``script`` fixes the first chance events (shuffles of the whole set), for replaying
    records and for tests written on explicit deals; ``fixed`` fixes them by kind (the
    draws for first lead, the deals), for a deal file's deal (:mod:`capicua.core.deals`).

    :attr:`turn` is the seat to move, ``None`` once the match is over; :attr:`to_move` is
    the same seat for code that knows the match is running, typed ``int``.
    """

    #: legal_actions()'s cache, dropped by every action (set in _start, like the state).
    _legal: list[Action] | None

    def __init__(
        self,
        variant: Variant,
        seed: int | None = None,
        script: Sequence[Sequence[Tile]] = (),
        fixed: Mapping[str, Sequence[Sequence[Tile]]] | None = None,
    ) -> None:
        self.variant = variant
        self.seed = fresh_seed() if seed is None else seed
        self.tiles = tile_set(variant.max_pip)
        self.dealer = Dealer(self.seed, self.tiles, script, fixed)
        self._done: list[Action] = []  # every action applied, in order (the move stack)
        self._movers: list[int] = []  # the seat that took each of them
        self._undone: list[Action] = []  # redo stack, most recently undone last
        self._n = variant.seats
        self._next = [0] + [s % self._n + 1 for s in range(1, self._n + 1)]
        self._team_of = [0] + [variant.team_of[s] for s in range(1, self._n + 1)]
        self._fits = plays_on(variant.max_pip)
        self._lacking = showing(variant.max_pip)
        #: Whether hands are played through the variant's rule methods (position.step)
        #: rather than the fast path of the block game's rules.
        self._by_rules = not variant.plays_fast()
        self.info = variant.info()
        self._start()

    # -- public state -------------------------------------------------------------------

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order."""
        return tuple(self._done)

    @property
    def moves(self) -> tuple[tuple[int, Action], ...]:
        """Every action applied so far with the seat that took it, in order."""
        return tuple(zip(self._movers, self._done, strict=True))

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def outcome(self) -> Outcome | None:
        """The match's outcome, ``None`` while it runs."""
        if self.phase != OVER:
            return None
        return Outcome(self.winner, self.label, self.scores, self.winners)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles face down in the boneyard, the next to be drawn first (the engine's
        truth; views get only their number). Empty where the game does not draw."""
        pos = self.position
        return tuple(pos.boneyard) if pos is not None and self.variant.drawing else ()

    @property
    def hand(self) -> HandLog | None:
        """The current hand (the last one once the match is over); ``None`` before a deal."""
        return self.hands_log[-1] if self.hands_log else None

    @property
    def hand_number(self) -> int:
        """1-based number of the hand being played or about to be dealt."""
        n = len(self.hands_log)
        if self.phase == OVER or (n and self.hands_log[-1].result is None):
            return n
        return n + 1

    @property
    def ends(self) -> tuple[int, int] | None:
        """The numbers open on the left and right end of the line (a spinner's line too),
        ``None`` on an empty line and in a game of trains (see :attr:`layout`)."""
        return (self.left, self.right) if self.line else None

    @property
    def layout(self) -> Layout:
        """The tiles on the table (:class:`~capicua.core.layout.Layout`)."""
        pos = self.position
        if pos is not None:
            return pos.layout
        return Line(tuple(self.line), first_of(self._history))

    @property
    def face_down(self) -> tuple[Tile, ...]:
        """The tiles face down to draw from in the draw for first lead (empty otherwise);
        the engine's truth, hidden from views, which get only their number."""
        return tuple(self._face_down) if self.phase == DRAW else ()

    @property
    def chooser(self) -> int | None:
        """The seat that chooses (or chose) the leader of the hand to be dealt, where the
        variant has a leader choice."""
        return self._chooser

    @property
    def to_move(self) -> int:
        """The seat to move: :attr:`turn` where it is not ``None``, else
        :class:`~capicua.core.errors.NobodyToMove` (the match is over)."""
        seat = self.turn
        if seat is None:
            raise NobodyToMove("the match is over: nobody is to move")
        return seat

    def held(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds now (the engine's truth; players get views instead)."""
        return tuple(self.hands[seat])

    # -- rules ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the player to move may take; empty once the match is over.

        The list is cached until the next action and must not be modified.
        """
        legal = self._legal
        if legal is not None:
            return legal
        phase, seat = self.phase, self.turn
        if phase == PLAY:
            pos = self.position
            if pos is not None:  # a game played by its variant's rule methods
                legal = self.variant.legal_plays(pos)
            else:
                # Someone is to move in every phase but "over" (a bare assert: the hot path).
                assert seat is not None
                hand = self.hands[seat]
                if not self.line:
                    if self.required is not None:
                        legal = [PLAYS_BY_TILE[self.required.index][0]]
                    else:
                        legal = [PLAYS_BY_TILE[t.index][0] for t in hand]
                else:
                    # Each tile's plays on these ends, in hand order: left before right.
                    fits = self._fits[self.left][self.right]
                    legal = []
                    for t in hand:
                        legal += fits[t]
                    if not legal:
                        legal = [PASS]
        elif phase == CLAIM:
            legal = [KEEP, REDEAL]
        elif phase == LEAD:
            assert seat is not None  # as in the play phase
            legal = [ChooseLeader.of(s) for s in self.variant.partners(seat)]
        elif phase == DRAW:
            legal = list(PICKS[: len(self._face_down)])  # a list[Action], not list[Pick]
        else:
            legal = []
        self._legal = legal
        return legal

    def is_legal(self, action: Action) -> bool:
        # Actions are interned (core.actions), so identity is equality, and cheaper. A loop
        # rather than any(): the driver asks once a decision, and a generator costs more.
        for a in self._legal or self.legal_actions():  # noqa: SIM110
            if a is action:
                return True
        return False

    def apply(self, action: Action) -> None:
        """Take ``action`` for the player to move, or raise :class:`IllegalAction` saying why."""
        for a in self._legal or self.legal_actions():
            if a is action:
                break
        else:
            raise self._why_illegal(action)
        self._done.append(action)
        seat = self.turn
        assert seat is not None  # the action was legal, so someone is to move
        self._movers.append(seat)
        if self._undone:
            self._undone.clear()
        self._do(action)

    def undo(self, count: int = 1) -> Action:
        """Take back the last ``count`` actions (they go on the redo stack, to be redone in
        order); returns the earliest of them. The match is rebuilt once, whatever ``count``."""
        if not 1 <= count <= len(self._done):
            raise NothingToUndo(
                f"there are {len(self._done)} actions to undo, not {count}"
                if self._done
                else "there is no action to undo"
            )
        taken = self._done[-count:]
        del self._done[-count:]
        del self._movers[-count:]
        self._undone.extend(reversed(taken))
        self._rebuild()
        return taken[0]

    def redo(self) -> Action:
        """Apply again the action most recently undone. Returns it."""
        if not self._undone:
            raise NothingToUndo("there is no undone action to redo")
        action = self._undone.pop()
        self._check(action)
        self._done.append(action)
        seat = self.turn
        assert seat is not None  # the action was legal, so someone is to move
        self._movers.append(seat)
        self._do(action)
        return action

    def restart_hand(self) -> int:
        """Take back every play and pass of the current hand (docs/rules.md's *restart*): the
        same deal, leader and scores as before its first tile. Returns how many actions were
        taken back; they go on the redo stack."""
        log = self.hand
        if log is None or log.result is not None:
            return 0
        k = len(log.actions)
        if k:
            self.undo(k)
        return k

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def redo_stack(self) -> tuple[Action, ...]:
        """The undone actions, the next one to redo last."""
        return tuple(self._undone)

    # -- internals ------------------------------------------------------------------------

    def _check(self, action: Action) -> None:
        for a in self.legal_actions():
            if a is action:
                return
        raise self._why_illegal(action)

    def _why_illegal(self, action: Action) -> IllegalAction:
        if self.phase == OVER:
            return MatchOver(action, "the match is over")
        phase, seat = self.phase, self.to_move
        if phase == PLAY:
            legal = self.legal_actions()
            if not isinstance(action, (Play, A.Pass, A.DrawTile)):
                return IllegalAction(action, f"seat {seat} must play a tile, draw or pass now")
            plays = any(isinstance(a, Play) for a in legal)
            if isinstance(action, A.Pass):
                if plays and A.DRAW in legal:
                    return IllegalAction(action, f"seat {seat} must play a tile or draw")
                if A.DRAW in legal:
                    return IllegalAction(action, f"seat {seat} cannot play and must draw")
                return IllegalAction(action, f"seat {seat} has a tile that fits and must play it")
            if isinstance(action, A.DrawTile):
                if PASS in legal:
                    return IllegalAction(action, "nothing can be drawn now: the only move is pass")
                return IllegalAction(action, f"seat {seat} has a tile that fits and must play it")
            tile = action.tile
            if tile not in self.hands[seat]:
                return IllegalAction(action, f"seat {seat} does not hold {tile}")
            if not self.layout and self.required is not None:
                return IllegalAction(action, f"this hand must be opened with {self.required}")
            if any(isinstance(a, Play) and a.tile is tile and a.end == action.end for a in legal):
                ways = [str(a) for a in legal if isinstance(a, Play) and a.tile is tile]
                return IllegalAction(
                    action, f"{tile} goes on the {action.end} end as {' or '.join(ways)}"
                )
            end = self.layout.number(action.end)
            if end is None:
                return IllegalAction(action, f"there is no open {action.end} end to play on")
            if tile.has(end):
                return IllegalAction(
                    action, f"seat {seat} may not play on the {action.end} end now"
                )
            return IllegalAction(action, f"{tile} does not match the {action.end} end ({end})")
        expected = {
            CLAIM: "keep or redeal",
            LEAD: "lead N for a seat of the team",
            DRAW: f"pick N with N from 0 to {len(self._face_down) - 1}",
        }[phase]
        return IllegalAction(action, f"seat {seat} must choose {expected} now")

    def _rebuild(self) -> None:
        """Replay the move stack from the start, with the same chance events."""
        self.dealer.rewind()
        self._start()
        for action in self._done:
            self._legal = None
            self._do(action)

    def _start(self) -> None:
        v = self.variant
        self.scores: tuple[int, ...] = (0,) * len(v.teams)
        self.hands_log: list[HandLog] = []
        self.draw_rounds: list[dict[int, Tile]] = []
        self.draw_winner: int | None = None
        self.winner: int | None = None
        self.winners: tuple[int, ...] = ()
        self.label: str | None = None
        self.hands: list[list[Tile]] = [[] for _ in range(self._n + 1)]
        #: The tiles not dealt this hand, as dealt: unused, or the boneyard before any draw
        #: (:attr:`boneyard` is what is left of it).
        self.unused: tuple[Tile, ...] = ()
        #: The line's tiles left to right, each as it lies: what readers of a line game's
        #: ends take (a spinner's line too). The fast path lays its tiles on a deque of its
        #: own (``_line``); the general path gives the layout's line itself, a tuple.
        self._line: deque[tuple[int, int]] = deque()
        self.line: Sequence[tuple[int, int]] = self._line
        self.left = self.right = -1
        self.required: Tile | None = None
        #: The hand in play as the variant's rules see it (every hand: the engine's truth),
        #: for variants played by their rule methods; ``None`` on the fast path.
        self.position: Position | None = None
        self.turn: int | None = None
        self.phase = Phase.OVER  # until the first phase begins, below
        self._legal = None
        self._history: list[tuple[int, Action]] = []  # the current hand's plays and passes
        self._face_down: list[Tile] = []
        self._claims: list[int] = []
        self._chooser: int | None = None
        #: What the match has made public that every view shares (core.view builds it).
        self.published = Published()
        if v.draw_for_lead:
            self._new_draw_round()
        else:
            self._next_hand(None)

    # The draw for first lead: the first seat of each team draws in team order.
    def _new_draw_round(self) -> None:
        self.phase = DRAW
        self._face_down = list(self.dealer.next_shuffle("draw"))
        self.draw_rounds.append({})
        self.turn = self.variant.teams[0][0]

    def _next_hand(self, previous: HandResult | None) -> None:
        v = self.variant
        if v.choose_leader:
            team = v.entitled_team(previous, self.draw_winner)
            self._chooser = min(v.teams[team - 1])
            self.phase = LEAD
            self.turn = self._chooser
        else:
            self._deal(None, None, previous)

    def _deal(self, chooser: int | None, leader: int | None, previous: HandResult | None) -> None:
        v = self.variant
        redeal = bool(self.hands_log) and self.hands_log[-1].result is None
        number = len(self.hands_log) + (0 if redeal else 1)
        size = v.hand_size
        aside = v.set_aside(number)
        abandoned: list[Redealt] = []
        required = None
        while True:
            order = self.dealer.next_shuffle("deal")
            if aside:
                order = tuple(t for t in order if t not in aside)
            hands: list[list[Tile]] = [[]]
            dealt: dict[int, tuple[Tile, ...]] = {}
            # The record's deal: the hands, and the rest (unused, or the boneyard in the
            # order it is drawn) under "unused".
            deal: dict[int | str, tuple[Tile, ...]] = {}
            for s in range(1, self._n + 1):
                dealt[s] = deal[s] = order[(s - 1) * size : s * size]
                hands.append(list(dealt[s]))
            deal["unused"] = order[self._n * size :]
            if leader is not None:
                break
            opening = v.hand_leader(number, previous, dealt)
            if opening is not None:
                leader, required = opening
                break
            # The rules ask for a new deal (Draw: no double to lead with).
            abandoned.append(Redealt(deal, None, ()))
            if len(abandoned) > _MOST_REDEALS:
                raise RuntimeError(f"{v.name}: {_MOST_REDEALS} deals in a row were refused")
        self.hands = hands
        self.unused = deal["unused"]
        if redeal:
            # A redeal: the hand goes on with the same leader and a new deal.
            log = self.hands_log[-1]
            log.deal = deal
            required = log.required
        else:
            log = HandLog(len(self.hands_log) + 1, chooser, leader, deal, required=required)
            log.redeals.extend(abandoned)
            self.hands_log.append(log)
            self._history = log.actions
        self.required = required
        self.line = self._line = deque()
        self.left = self.right = -1
        if self._by_rules:
            self.position = Position(
                v,
                number,
                hands,
                list(self.unused),
                v.new_layout(number),
                self.scores,
                leader,
                leader,
                required,
                log.actions,
            )
        else:
            # How many tiles in the hands have each number: the set but the unused tiles.
            counts = [v.max_pip + 1] * (v.max_pip + 1)
            for t in self.unused:
                counts[t.hi] -= 1
                if not t.is_double:
                    counts[t.lo] -= 1
            self._held_with = counts
        self._open_claims(leader)

    def _open_claims(self, leader: int) -> None:
        need = self.variant.redeal_doubles
        claims = []
        if need is not None:
            seat = leader
            for _ in range(self._n):
                if sum(1 for t in self.hands[seat] if t.is_double) >= need:
                    claims.append(seat)
                seat = self._next[seat]
        self._claims = claims
        if claims:
            self.phase = CLAIM
            self.turn = claims[0]
        else:
            self.phase = PLAY
            self.turn = leader

    def _do(self, action: Action) -> None:
        legal = self._legal
        self._legal = None
        seat = self.turn
        if seat is None:  # nobody is to move: only once the match is over
            raise MatchOver(action, "the match is over")
        phase = self.phase
        pos = self.position if phase == PLAY else None
        if pos is not None:
            if not isinstance(action, Play):
                if legal is None:  # replaying the move stack (undo) asks nothing before
                    legal = self.variant.legal_plays(pos)
                for a in legal:  # a loop, not any(): a generator costs more
                    if isinstance(a, Play):
                        break
                else:
                    # Drawn or passed for want of a play: what that shows, in the rules'
                    # words, before the action changes anything.
                    log = self.hands_log[-1]
                    log.told += ((len(log.actions), self.variant.lacking(pos)),)
            before = pos.layout
            ending = step(pos, action)
            if pos.scores is not self.scores:
                # What views share holds the scores; the rest of what an action changes
                # (counts, the layout, the history) each view is given itself. A play that
                # scores (All Fives' counts) changes nothing else they share: the mapping
                # is copied with the new scores rather than made again.
                self.scores = pos.scores
                shared = self.published.shared
                if shared is not None:
                    # Copied through the proxy's own copy: dict() of a proxy reads it
                    # key by key.
                    fields = cast(MappingProxyType[str, Any], shared[0]).copy()
                    fields["scores"] = self.scores
                    self.published.shared = (MappingProxyType(fields), shared[1])
            self.required = pos.required
            layout = pos.layout
            if layout is not before:
                # The line, for readers of a line game's ends: the layout's own tuple,
                # taken when a play changed it (a draw or pass does not).
                main = _main_tiles(layout)
                if main and main is not self.line:  # a play across a spinner leaves it
                    self.line = main
                    self.left, self.right = main[0][0], main[-1][1]
            if ending is None:
                self.turn = pos.turn
            else:
                self._end_hand(*ending)
            return
        if phase == PLAY:
            self._history.append((seat, action))
            # A legal action of the play phase is a play or PASS; isinstance rather than
            # `is PASS` tells mypy which, at no extra cost on the hot path.
            if not isinstance(action, Play):
                # A pass (the fast path's only other action, always for want of a play).
                log = self.hands_log[-1]
                log.told += ((len(self._history) - 1, self._lacking[self.left][self.right]),)
                self.turn = self._next[seat]
                return
            tile = action.tile
            hand = self.hands[seat]
            # By identity: list.remove compares with ==, which Tile, ordered by __lt__, answers
            # through a slow path (a play took most of its time removing the tile).
            for i, held_tile in enumerate(hand):
                if held_tile is tile:
                    del hand[i]
                    break
            hi, lo = tile.hi, tile.lo
            line = self._line
            if not line:
                line.append((hi, lo))
                self.left, self.right = hi, lo
            elif action.end == LEFT:
                end = self.left
                self.left = new = lo if hi == end else hi
                line.appendleft((new, end))
            else:
                end = self.right
                self.right = new = lo if hi == end else hi
                line.append((end, new))
            held = self._held_with
            held[hi] -= 1
            if lo != hi:
                held[lo] -= 1
            if not hand:
                self._end_hand(DOMINO, self._team_of[seat], seat)
            elif held[self.left] == 0 and held[self.right] == 0:
                remaining = {s: self.hands[s] for s in range(1, self._n + 1)}
                team = self.variant.block_winner(remaining)
                self._end_hand(BLOCK if team is not None else TIE, team, None)
            else:
                self.turn = self._next[seat]
            return
        # What views share changes with any action but a play or pass.
        self.published.shared = None
        if phase == CLAIM:
            if action is REDEAL:
                log = self.hands_log[-1]
                shown = tuple(t for t in self.hands[seat] if t.is_double)
                log.redeals.append(Redealt(log.deal, seat, shown))
                self._deal(log.chooser, log.leader, None)
            else:
                self._claims.pop(0)
                if self._claims:
                    self.turn = self._claims[0]
                else:
                    self.phase = PLAY
                    self.turn = self.hands_log[-1].leader
        elif phase == LEAD:
            assert isinstance(action, ChooseLeader)  # the only legal action of the phase
            self._deal(self._chooser, action.seat, None)
        elif phase == DRAW:
            assert isinstance(action, A.Pick)  # the only legal action of the phase
            tile = self._face_down.pop(action.index)
            drawn = self.draw_rounds[-1]
            drawn[seat] = tile
            teams = self.variant.teams
            if len(drawn) < len(teams):
                self.turn = teams[len(drawn)][0]
                return
            totals = sorted((t.pips for t in drawn.values()), reverse=True)
            if totals[0] == totals[1]:
                self._new_draw_round()
                return
            best = max(drawn, key=lambda s: drawn[s].pips)
            self.draw_winner = self._team_of[best]
            self._next_hand(None)
        else:
            raise MatchOver(action, "the match is over")

    def _end_hand(self, outcome: str, team: int | None, seat: int | None) -> None:
        v = self.variant
        self.published.shared = None  # what views share changes with the hand's end
        log = self.hands_log[-1]
        # Read-only: the result is shared with every view built afterwards.
        remaining = MappingProxyType({s: tuple(self.hands[s]) for s in range(1, self._n + 1)})
        before = self.scores
        if outcome == GOAL:  # the goal was reached during play: no end-of-hand scoring
            points, after = 0, before
        else:
            points, after = v.score_hand(before, outcome, team, remaining)
        self.scores = after
        result = HandResult(outcome, team, seat, points, after, log.leader, remaining)
        log.result = result
        winners = v.winners(after, len(self.hands_log))
        if winners:
            self.winners = winners
            self.winner = winners[0] if len(winners) == 1 else None
            if self.winner is not None:
                self.label = v.label(before, after, self.winner)
            self.phase = OVER
            self.turn = None
            return
        self._next_hand(result)

    def view(self, seat: int) -> View:
        """What ``seat`` may see now, as a :class:`~capicua.core.view.View`."""
        from .view import build_view  # here: view.py imports this module

        return build_view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<Match {self.variant.name} seed={self.seed} hand={self.hand_number} "
            f"phase={self.phase} turn={self.turn} scores={self.scores}>"
        )
