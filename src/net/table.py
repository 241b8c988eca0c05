"""A table at a host: one match after another of a variant, its seats, and who follows it.

The table is the only thing that changes its match, and it does so in one asyncio task
(:meth:`Table.run`): it finds the seat to move, gets the decision from whoever plays that
seat now, applies it, stores it, and tells every listener (a seat's client, a spectator)
what its seat may now see. Who plays a seat:

* a computer seat: its computer player, unless a person took it over (``capicua join``
  with its code), which counts from the next hand, so that nobody takes over a hand half
  played by someone else;
* a person or a bot: its client, while connected. Away, the seat is *held* for ``hold``
  seconds (the match waits); after that the table's stand-in computer plays it until the
  client is back, from the very next decision.

A decision is asked with capicua-bot/1's ``decide``; its ``id`` is the number the action
will have in the match (1 for the first), the same after a host restart, so that a client
that answered just before the host died answers the same question again. Only the seat's
own client, only on its turn, only with that id and a legal action, is heard: anything else
is refused with a reason and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.actions import PASS, Action, Play
from ..core.driver import ask, imposed
from ..core.errors import CapicuaError, PlayerError
from ..core.match import Match
from ..core.records import dumps, to_record
from ..core.rng import derive_seed, seat_stream
from ..core.variant import Variant
from ..core.view import build_view
from ..i18n import _, in_language
from ..players.command import bot_seed, make_player
from ..protocol import messages as M
from ..review import DEFAULT_LEVEL, replica, review_match
from . import wire as W
from .config import BOT, PERSON, REMOTE, TableSpec
from .reviews import review_json
from .store import HostStore

Log = Callable[[str], None]
#: The level of a seat's review, as at the local table: a hand of one seat in about a second.
REVIEW_LEVEL = DEFAULT_LEVEL


class Listener(Protocol):
    """A client as a table sees it: a seat (``None``: a spectator), and a way to be told."""

    seat: int | None
    role: str
    name: str
    lang: str  # the language its refusals and errors are told in

    def send(self, message: dict[str, Any]) -> None: ...

    def cut(self, code: int, reason: str) -> None: ...


class _Person:
    """Stands for a person in :func:`imposed`: a person may keep a hand of five doubles."""

    interactive = True


@dataclass
class Seat:
    """One seat of a table: how it is configured and who plays it now."""

    number: int
    entry: Any  # "person", "bot" or a computer player's entry
    code: str
    client: Listener | None = None
    name: str = ""
    #: A person took over this computer seat; they play it from this hand number on.
    taken_from: int | None = None
    #: When its client left (time.monotonic()); ``None``: here, or never came.
    away_since: float | None = None
    computer: Any = None  # the computer player (or stand-in) playing it, made when needed
    joined: bool = False  # its person or bot has come once: the table may start
    #: The client last asked a decision and the decision's id (asked again on a rejoin).
    asked: tuple[Any, int] = (None, 0)
    since: float = 0.0  # when that decision was asked (the time limit runs from there)

    @property
    def kind(self) -> str:
        return self.entry if self.entry in REMOTE else "computer"

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.number,
            "kind": self.kind,
            "name": self.name,
            "present": self.client is not None,
            "taken": self.taken_from is not None,
        }


@dataclass
class _Follower:
    """What one listener has been told of the match in play."""

    listener: Listener
    match: int = 0  # the match number its new_match was for
    past: int = 0  # finished hands it has been told of


@dataclass
class Table:
    """A table of a host (see the module's docstring)."""

    spec: TableSpec
    variant: Variant
    seed: int
    codes: dict[str, str]  # seat number (as text) or "watch": its code
    plugins: Any
    store: HostStore
    hold: float = 60.0
    pace: float = 0.8
    #: Seconds a connected seat has for a decision before the stand-in takes it (0: none).
    time_limit: float = 0.0
    stand_in: Any = "heuristic"
    log: Log = print
    #: Hears every message as it is sent, with the listener and the match as it stands
    #: (the leak test reads every message against what its seat may see).
    tap: Callable[[Listener, dict[str, Any], Match], None] | None = None
    clock: Callable[[], float] = time.monotonic
    seats: dict[int, Seat] = field(default_factory=dict)
    followers: list[_Follower] = field(default_factory=list)
    number: int = 1  # the match being played, from 1
    match: Match | None = None
    done: bool = False
    problem: str | None = None  # why the table stopped, if it did
    _wake: asyncio.Future[None] | None = None
    _waiting: tuple[int, int, asyncio.Future[Action]] | None = None  # seat, id, answer
    #: An undo proposed and not yet decided: its id, its seat, the seats still to agree.
    proposal: tuple[int, int, set[int]] | None = None
    _proposals: int = 0
    #: The actions (their places in the match) a person at the table did not choose: a
    #: computer's, a bot's, a stand-in's. An undo never takes one back: asked again, the
    #: same seat would be asked the same decision, and a person would see two answers.
    _machine: set[int] = field(default_factory=set)
    _by_person: bool = False  # whether the decision just returned was a person's
    #: The match before this one, finished: its hands may still be reviewed.
    previous: Match | None = None
    #: The listeners a review is being made for (one at a time each), and the table's turn
    #: to make one (one at a time: a review keeps a core busy for a second or so).
    _reviewing: set[int] = field(default_factory=set)
    _review_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def __post_init__(self) -> None:
        for s, entry in self.spec.seats.items():
            self.seats[s] = Seat(s, entry, self.codes[str(s)])

    @property
    def name(self) -> str:
        return self.spec.name

    # -- resuming -----------------------------------------------------------------------------

    def resume(self) -> None:
        """Set the table where its stored actions leave it (a new table: its first match)."""
        stored = self.store.actions(self.name)
        finished = self.store.records(self.name)
        self.number = max(finished, default=0) + 1
        if self.number > self.spec.matches:
            self.done = True
            self.number = self.spec.matches
        self.match = self.variant.new_match(self._seed(self.number))
        if stored or finished:  # begun before a restart: everyone had come; seats are held
            for s in self.seats.values():
                s.joined = True
                if s.kind in REMOTE:
                    s.away_since = self.clock()
        for seat, text in stored.get(self.number, []):
            try:
                action = M.action_of(text)
                if self.match.turn != seat:
                    raise ValueError(text)
                if self.seats[seat].kind != PERSON:  # who chose it is not stored: a machine
                    self._machine.add(len(self.match.actions))
                self.match.apply(action)
            except (ValueError, CapicuaError):
                raise CapicuaError(
                    _(
                        "{path}: table {name}'s stored actions do not replay ({action} by seat "
                        "{seat}); give another --store"
                    ).format(path=self.store.path, name=self.name, action=text, seat=seat)
                ) from None

    def _seed(self, number: int) -> int:
        return derive_seed(self.seed, number)

    # -- listeners ----------------------------------------------------------------------------

    def seat_of_code(self, code: str) -> tuple[int | None, bool]:
        """The seat ``code`` opens (``None``: the spectators' code) and whether any does;
        every code is compared, in constant time (invitation.same_code)."""
        from .invitation import same_code

        found: int | None = None
        hit = False
        for key, mine in self.codes.items():
            if same_code(code, mine):
                hit = True
                found = None if key == "watch" else int(key)
        return found, hit

    def attach(self, listener: Listener) -> None:
        """A client joins: told the table and the match as it stands; a seat's client takes
        the seat (a person a computer's seat from the next hand)."""
        seat = listener.seat
        if seat is not None:
            s = self.seats[seat]
            old = s.client
            if old is not None:
                self._drop(old)
                with in_language(old.lang):
                    reason = _("this seat joined from another connection")
                old.cut(W.CLOSE_REPLACED, reason)
            s.client, s.away_since, s.name, s.joined = listener, None, listener.name, True
            if s.kind == "computer" and s.taken_from is None:
                s.taken_from = self._next_hand()
            self.log(
                _("table {table}: seat {seat} ({kind}) {name} joined").format(
                    table=self.name, seat=seat, kind=s.kind, name=listener.name or "?"
                )
            )
        follower = _Follower(listener)
        self.followers.append(follower)
        self._send(
            listener,
            W.welcome(self.name, seat, listener.role, self._seats(), self.hold, self.spec.matches),
        )
        self._tell(follower, None)
        self._presence()
        self._poke()

    def detach(self, listener: Listener) -> None:
        """A client is gone: its seat is held (:attr:`hold` seconds), then a computer plays."""
        self._drop(listener)
        seat = listener.seat
        if seat is not None and self.seats[seat].client is listener:
            s = self.seats[seat]
            s.client, s.away_since = None, self.clock()
            self.log(
                _("table {table}: seat {seat} {name} left; held {hold:g} s").format(
                    table=self.name, seat=seat, name=s.name or "?", hold=self.hold
                )
            )
            self._presence()
        self._poke()

    def _drop(self, listener: Listener) -> None:
        self.followers = [f for f in self.followers if f.listener is not listener]

    def answer(self, listener: Listener, message: dict[str, Any]) -> str | None:
        """A client's ``action``: taken if it is its seat's, on its turn, answering the
        decision asked and legal; else the reason it is refused."""
        waiting = self._waiting
        seat = listener.seat
        if seat is None:
            return _("a spectator does not play")
        if self.seats[seat].client is not listener or not self._remote(seat):
            return _("this seat is played by the computer until the next hand")
        if self.proposal is not None:
            return _("an undo is being decided; you are asked again after it")
        if waiting is None or waiting[0] != seat:
            return _("it is not your turn")
        number = message.get("id")
        if number != waiting[1]:
            return _("decision {got} is not the one asked ({asked})").format(
                got=M.one_line(repr(number), 20), asked=waiting[1]
            )
        text = message.get("action")
        assert self.match is not None
        try:
            action = M.action_of(text) if isinstance(text, str) else None
        except ValueError:
            action = None
        if action is None or not self.match.is_legal(action):
            legal = " ".join(M.action_text(a) for a in self.match.legal_actions()[:12])
            return _("{action} is not legal now (legal: {legal})").format(
                action=M.one_line(repr(text), 30), legal=legal
            )
        if not waiting[2].done():
            waiting[2].set_result(action)
        return None

    # -- the match ----------------------------------------------------------------------------

    async def run(self) -> None:
        """Play the table's matches to their end; stored and told action by action."""
        try:
            while not all(s.joined for s in self.seats.values() if s.kind in REMOTE):
                await self._sleep(None)  # a table starts once every invited seat has come
            while not self.done:
                match = self.match
                assert match is not None
                while match.turn is not None:
                    await self._settle()
                    seat = match.turn
                    person = self._person(seat)
                    forced = imposed(match, _Person() if person else None)
                    if person and isinstance(forced, Play):
                        forced = None  # a person plays their only tile: their move to make
                    self._by_person = False
                    action = forced if forced is not None else await self._decision(seat)
                    if action is None or self.proposal is not None:
                        continue  # an undo is proposed: decided first, then play goes on
                    self._take(seat, action)
                    if forced is None and not self._by_person:
                        self._machine.add(len(match.actions) - 1)
                self._finished()
        except CapicuaError as exc:  # storage failed: the table stops, what was stored stays
            self.problem = str(exc)
            self.log(_("table {table} stopped: {problem}").format(table=self.name, problem=exc))
        except Exception as exc:  # noqa: BLE001 - one table's fault never stops the host
            self.problem = M.one_line(f"{type(exc).__name__}: {exc}")
            self.log(
                _("table {table} stopped: {problem}").format(table=self.name, problem=self.problem)
            )
        finally:
            self.done = True
            for s in self.seats.values():
                self._close_computer(s)

    async def _decision(self, seat: int) -> Action | None:
        match = self.match
        assert match is not None
        number = len(match.actions) + 1
        while True:
            s = self.seats[seat]
            if self._remote(seat):
                client = s.client
                if client is not None:
                    answer: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
                    self._waiting = (seat, number, answer)
                    if s.asked[0] is not client or s.asked[1] != number:
                        s.asked, s.since = (client, number), self.clock()
                        self._send(client, M.decide(match.view(seat), number))
                    left = None
                    if self.time_limit:
                        left = s.since + self.time_limit - self.clock()
                    try:
                        if left is None or left > 0:
                            await self._sleep(left, answer)
                    finally:
                        self._waiting = None
                    if answer.done():
                        self._by_person = self._person(seat)
                        return answer.result()
                    if self.proposal is not None:
                        return None
                    if left is not None and s.since + self.time_limit <= self.clock():
                        with in_language(client.lang):
                            late = _(
                                "no answer to decision {number} within {seconds:g} s: "
                                "the computer played it"
                            ).format(number=number, seconds=self.time_limit)
                        self._send(client, W.error(late))
                        return await self._computer(seat)
                    continue
                if s.away_since is not None:
                    left = s.away_since + self.hold - self.clock()
                    if left > 0:
                        await self._sleep(left)
                        if self.proposal is not None:
                            return None
                        continue
            return await self._computer(seat)

    async def _computer(self, seat: int) -> Action:
        match = self.match
        assert match is not None
        s = self.seats[seat]
        if s.computer is None:
            entry = s.entry if s.kind == "computer" else self.stand_in
            try:
                s.computer = await asyncio.to_thread(self._make_computer, entry, seat)
            except (CapicuaError, OSError) as exc:
                # A bot that fails to start (or says something no reader takes) loses its
                # seat to the stand-in; the table and the host go on.
                if entry is self.stand_in:
                    raise
                self.log(
                    _("table {table}: seat {seat}: {problem}; {stand_in} plays it").format(
                        table=self.name,
                        seat=seat,
                        problem=M.one_line(str(exc)),
                        stand_in=M.one_line(str(self.stand_in), 40),
                    )
                )
                s.computer = await asyncio.to_thread(self._make_computer, self.stand_in, seat)
        if self.pace and any(self._person(o) and x.client for o, x in self.seats.items()):
            await asyncio.sleep(self.pace)  # a person watching sees each move
        try:
            return await asyncio.to_thread(ask, match, seat, s.computer)
        except PlayerError as exc:  # a computer that fails: the first legal action instead
            self.log(_("table {table}: {problem}").format(table=self.name, problem=exc))
            return match.legal_actions()[0]

    def _make_computer(self, entry: Any, seat: int) -> Any:
        registry = self.plugins.players
        seed = self._seed(self.number)
        return make_player(
            registry, entry, seat_stream(seed, seat), variant=self.variant, seat=seat, seed=seed
        )

    def _close_computer(self, s: Seat) -> None:
        player, s.computer = s.computer, None
        if player is not None:
            with contextlib.suppress(Exception):
                if hasattr(player, "finish"):
                    player.finish(None, "the host closed the table")
                if hasattr(player, "close"):
                    player.close()

    def _take(self, seat: int, action: Action) -> None:
        match = self.match
        assert match is not None
        before = len(match.hands_log)
        match.apply(action)
        self.store.add_action(
            self.name, self.number, len(match.actions), seat, M.action_text(action)
        )
        for f in list(self.followers):
            self._tell(f, (seat, action))
        if len(match.hands_log) != before:  # a new hand: a seat taken over is the person's now
            self._presence()

    def _finished(self) -> None:
        match = self.match
        assert match is not None
        names = {s: x.entry if x.kind == "computer" else x.kind for s, x in self.seats.items()}
        self.store.add_record(self.name, self.number, dumps(to_record(match, names)))
        outcome = match.outcome
        assert outcome is not None
        ended = M.match_ended(outcome.winner, outcome.label, outcome.scores, None)
        for f in list(self.followers):
            self._send(f.listener, ended)
        self.log(
            _("table {table}: match {number} over, scores {scores}").format(
                table=self.name, number=self.number, scores=" ".join(map(str, outcome.scores))
            )
        )
        for s in self.seats.values():
            self._close_computer(s)
        if self.number >= self.spec.matches:
            self.done = True
            return
        self.number += 1
        self.previous = match
        self.match = self.variant.new_match(self._seed(self.number))
        self._machine = set()
        for f in list(self.followers):
            self._tell(f, None)

    # -- a seat's review of its own decisions, once the hand is over ---------------------------

    def ask_review(self, listener: Listener, message: dict[str, Any]) -> str | None:
        """A seat's client asks for the review of its own decisions in a finished hand of
        this match or the one before; made in a thread, sent to that client only. The
        reason, if refused."""
        seat = listener.seat
        if seat is None or self.seats[seat].client is not listener:
            return _("only a seat at the table may ask for the review of its decisions")
        number, hand = message.get("match"), message.get("hand")
        match = {self.number: self.match, self.number - 1: self.previous}.get(
            number if isinstance(number, int) and not isinstance(number, bool) else 0
        )
        logs = match.hands_log if match is not None else []
        if not isinstance(hand, int) or not 1 <= hand <= len(logs):
            return _("there is no such hand to review")
        if logs[hand - 1].result is None:
            return _("a hand is reviewed once it is over")
        if id(listener) in self._reviewing:
            return _("your review is being made; it comes when it is ready")
        assert match is not None and isinstance(number, int)
        self._reviewing.add(id(listener))
        copy = replica(match)  # the thread's own: the table goes on with the match
        asyncio.get_running_loop().create_task(self._review(listener, copy, number, hand))
        return None

    async def _review(self, listener: Listener, copy: Match, number: int, hand: int) -> None:
        seat = listener.seat
        assert seat is not None
        try:
            async with self._review_lock:
                made = await asyncio.to_thread(
                    review_match, copy, seats=(seat,), hands=(hand,), level=REVIEW_LEVEL
                )
            message = {
                "type": "review",
                "match": number,
                "hand": hand,
                "seat": seat,
                "review": review_json(made),
            }
        except Exception as exc:  # noqa: BLE001 - a review that fails must not stop the table
            with in_language(listener.lang):
                problem = _("the review failed: {problem}").format(problem=exc)
            message = W.error(problem)
        finally:
            self._reviewing.discard(id(listener))
        if any(f.listener is listener for f in self.followers):  # to the seat that asked only
            self._send(listener, message, copy)

    # -- undo, with every person's agreement -------------------------------------------------

    def propose_undo(self, listener: Listener) -> str | None:
        """A person asks to take back their last decision of this hand (and every action
        after it); every other person at the table must agree. The reason, if refused."""
        seat = listener.seat
        if seat is None or self.seats[seat].client is not listener or not self._person(seat):
            return _("only a person at the table may ask for an undo")
        if self.proposal is not None:
            return _("an undo is being decided already")
        if not self._undo_span(seat):
            return _("you have made no move in this hand to undo")
        answered = self._answered_since(seat)
        if answered is not None:
            return _(
                "seat {seat} has answered since your move, and is not a person at the "
                "table; an undo would ask it again"
            ).format(seat=answered)
        voters = {o for o in self.seats if o != seat and self._person(o)}
        away = sorted(o for o in voters if self.seats[o].client is None)
        if away:
            return _("seat {seat} is away; an undo needs every person's agreement").format(
                seat=away[0]
            )
        self._proposals += 1
        self.proposal = (self._proposals, seat, voters)
        message = {
            "type": "proposal",
            "what": "undo",
            "id": self._proposals,
            "by": seat,
            "name": self.seats[seat].name,
            "voters": sorted(voters),
        }
        for f in self.followers:
            if f.listener.seat is not None and self._person(f.listener.seat):
                self._send(f.listener, message)
        self._poke()
        return None

    def vote(self, listener: Listener, message: dict[str, Any]) -> str | None:
        """A person's ``agree`` or ``refuse`` of the undo proposed; the reason, if refused."""
        proposal = self.proposal
        seat = listener.seat
        if proposal is None or message.get("id") != proposal[0]:
            return _("no such undo is being decided")
        if seat is None or seat not in proposal[2] or self.seats[seat].client is not listener:
            return _("this undo is not yours to decide")
        if message["type"] == "refuse":
            self._end_proposal("refused", seat)
        else:
            proposal[2].discard(seat)
        self._poke()
        return None

    def _end_proposal(self, result: str, seat: int | None) -> None:
        proposal, self.proposal = self.proposal, None
        if proposal is None:
            return
        for s in self.seats.values():
            s.asked = (None, 0)  # the decision open before it is asked again
        message = {
            "type": "proposal_ended",
            "id": proposal[0],
            "result": result,
            "seat": seat,
            "name": self.seats[seat].name if seat is not None else "",
        }
        for f in self.followers:
            if f.listener.seat is not None and self._person(f.listener.seat):
                self._send(f.listener, message)
        self._poke()

    async def _settle(self) -> None:
        """Wait while an undo is being decided; take it back once everyone agreed."""
        while self.proposal is not None:
            _id, seat, waiting = self.proposal
            if self.seats[seat].client is None or any(
                self.seats[o].client is None for o in waiting
            ):
                self._end_proposal("withdrawn", None)  # someone left: nothing is decided
                return
            if not waiting:
                self._undo(seat)
                self._end_proposal("agreed", seat)
                return
            await self._sleep(None)

    def _undo_span(self, seat: int) -> int:
        """The actions an undo of ``seat`` takes back: back to its last decision of the hand
        being played (a forced pass is not one), 0 if it has none."""
        assert self.match is not None
        log = self.match.hand
        if log is None or log.result is not None:
            return 0
        for back in range(1, len(log.actions) + 1):
            mover, action = log.actions[-back]
            if mover == seat and action is not PASS:
                return back
        return 0

    def _answered_since(self, seat: int) -> int | None:
        """The first seat whose answer an undo of ``seat`` would take back and that is not a
        person at the table (a computer, a bot, a stand-in), or ``None``."""
        match = self.match
        assert match is not None and match.hand is not None
        span, total = self._undo_span(seat), len(match.actions)
        for back in range(span, 0, -1):
            mover, _action = match.hand.actions[-back]
            if mover != seat and total - back in self._machine:
                return mover
        return None

    def _undo(self, seat: int) -> None:
        match = self.match
        assert match is not None
        span = self._undo_span(seat)
        if not span:
            return
        match.undo(span)
        self._machine = {i for i in self._machine if i < len(match.actions)}
        self.store.delete_actions(self.name, self.number, len(match.actions))
        self.log(
            _("table {table}: {count} actions taken back, as every person agreed").format(
                table=self.name, count=span
            )
        )
        for f in self.followers:  # the match as it stands again, told from its start
            f.match = 0
            self._tell(f, None)

    # -- telling --------------------------------------------------------------------------------

    def _tell(self, follower: _Follower, last: tuple[int, Action] | None) -> None:
        """Tell ``follower`` what changed: a new match, finished hands, the view, a decision
        it is asked for (again, on a rejoin: the same id)."""
        match = self.match
        assert match is not None
        listener = follower.listener
        seat = listener.seat
        if follower.match != self.number:
            follower.match, follower.past = self.number, 0
            self._send(listener, self._new_match(seat))
            last = None
        waiting = self._waiting
        asked = None
        if seat is not None and waiting is not None and waiting[0] == seat:
            s = self.seats[seat]
            if s.client is listener and (s.asked[0] is not listener or s.asked[1] != waiting[1]):
                s.asked, s.since = (listener, waiting[1]), self.clock()
                asked = waiting[1]
        logs = match.hands_log
        finished = len(logs) - (1 if logs and logs[-1].result is None else 0)
        bot = listener.role == BOT  # a bot hears capicua-bot/1's messages only, as at home
        if bot and asked is None and finished == follower.past:
            return  # nothing a bot hears: no view built (a bot league's host is busy)
        view = build_view(match, seat or 1)
        for hand in view.past[follower.past :]:
            self._send(listener, M.hand_ended(hand))
        follower.past = len(view.past)
        if not bot:
            self._send(listener, W.update(view, len(match.actions), last, spectator=seat is None))
        if asked is not None:
            self._send(listener, M.decide(view, asked))

    def _new_match(self, seat: int | None) -> dict[str, Any]:
        rules = M.rules_metadata(self.variant)
        seed = self._seed(self.number)
        if seat is None:
            return {
                "type": "new_match",
                "match": self.number,
                "variant": rules,
                "seat": None,
                "team": None,
                "options": {},
                "seed": 0,
            }
        return M.new_match(rules, seat, {}, bot_seed(seed, seat), self.number)

    def _send(
        self, listener: Listener, message: dict[str, Any], match: Match | None = None
    ) -> None:
        """Send ``message`` to ``listener``; ``match``: the one it tells of (default the one
        in play), for the tap."""
        match = match if match is not None else self.match
        if self.tap is not None and match is not None:
            self.tap(listener, message, match)
        listener.send(message)

    def _seats(self) -> list[dict[str, Any]]:
        """Who sits where; a seat away within its hold says the seconds left of it
        (``away``), so a table can count the hold down without knowing the host's clock."""
        out = []
        for s in self.seats.values():
            public = s.public()
            if s.client is None and s.away_since is not None:
                public["away"] = round(max(0.0, s.away_since + self.hold - self.clock()), 1)
            out.append(public)
        return out

    def _presence(self) -> None:
        message = W.seats_message(self._seats())
        for f in self.followers:
            self._send(f.listener, message)

    # -- who plays --------------------------------------------------------------------------------

    def _remote(self, seat: int) -> bool:
        """Whether the seat is played by its client now (when it has one)."""
        s = self.seats[seat]
        if s.kind in REMOTE:
            return True
        if s.taken_from is None:
            return False
        assert self.match is not None
        if len(self.match.hands_log) >= s.taken_from:
            return s.client is not None or s.away_since is not None
        return False

    def _person(self, seat: int) -> bool:
        s = self.seats[seat]
        return (s.kind == PERSON or s.taken_from is not None) and self._remote(seat)

    def _next_hand(self) -> int:
        """The number of hands the match must have for a takeover to count: this one if none
        of its tiles is played yet, else the next."""
        assert self.match is not None
        log = self.match.hand
        started = log is not None and log.result is None and bool(log.actions)
        return len(self.match.hands_log) + (1 if started else 0)

    async def _sleep(
        self, timeout: float | None, answer: asyncio.Future[Any] | None = None
    ) -> None:
        """Wait for a client to come, go or answer, or ``timeout`` seconds."""
        wake = asyncio.get_running_loop().create_future()
        self._wake = wake
        waits: list[asyncio.Future[Any]] = [wake] + ([answer] if answer is not None else [])
        try:
            await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._wake = None
            wake.cancel()

    def _poke(self) -> None:
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    def record(self, number: int) -> dict[str, Any] | None:
        """The stored record of match ``number``, if it is over."""
        text = self.store.records(self.name).get(number)
        return None if text is None else json.loads(text)


def new_codes(spec: TableSpec) -> dict[str, str]:
    """A fresh code for every seat (a computer's: a person may take it over) and one for the
    spectators."""
    from .invitation import new_code

    codes = {str(s): new_code() for s in spec.seats}
    codes["watch"] = new_code()
    return codes


def table_seed(spec: TableSpec) -> int:
    return spec.seed if spec.seed is not None else random.SystemRandom().getrandbits(63)


__all__ = ["BOT", "PERSON", "Listener", "Seat", "Table", "new_codes", "table_seed"]
