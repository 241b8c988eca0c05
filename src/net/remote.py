"""The table's model for a seat at a host: what ``capicua join`` shows and plays.

:class:`RemoteSession` stands where the table's :class:`~capicua.gui.model.Session` stands,
with the same reading side (the seat's view, who sits where, the finished hand on show,
the log's hands), built from the host's messages only: the seat's view and the finished
hands, so nothing hidden is ever here to be drawn. Its :class:`RemoteMatch` answers what
the table reads of a match (whose turn, the hands so far, the draw for first lead). What
the local session changes itself, this one asks the host: :meth:`RemoteSession.send`.
An undo is a request to the host, which asks every other person to agree; redo and
restart do not exist at a networked table (docs/network.md).

:class:`Link` runs the :class:`~capicua.net.client.Client` in a thread of its own with its
own asyncio loop; the window takes the messages from its queue with Tk's ``after``, so it
never waits on the network.
"""

from __future__ import annotations

import asyncio
import math
import queue
import threading
import time
from dataclasses import dataclass, replace
from typing import Any

from ..core.actions import PASS, Action, Play
from ..core.errors import NothingToUndo
from ..core.match import HandLog, Redealt
from ..core.view import PastHand, View
from ..i18n import N_, _
from ..protocol import messages as M
from .client import Client, NetError
from .invitation import Invitation

#: Seconds a spectator's window shows a finished hand before it follows the next (a
#: spectator has no Continue: the table goes on without them).
SHOWN = 4.0

#: What a networked table says to redo and restart.
FINAL = N_(
    "not at a table played over the network: only an undo every person agrees to takes a move back"
)


class Link:
    """A client in a thread: :attr:`inbox` gets every host message (and, last, ``None``
    with :attr:`problem` set if it failed), :meth:`send_action` answers a decision."""

    def __init__(self, invitation: Invitation, name: str, **options: Any) -> None:
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        # The client's own news (the connection lost, joining again) comes as a "lost".
        say = lambda text: self.inbox.put({"type": "lost", "message": text})  # noqa: E731
        self.client = Client(invitation, name, on_message=self.inbox.put, log=say, **options)
        self.problem: str | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, name="capicua-net", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        loop = self.loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self.client.run())
        except NetError as exc:
            self.problem = str(exc)
        finally:
            self.inbox.put(None)
            loop.close()

    def send(self, message: dict[str, Any]) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.client.send(message), loop)

    def send_action(self, number: int, action: Action) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.client.send_action(number, action), loop)

    def stop(self) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.client.stop)


@dataclass
class _Name:
    """A seat's name as the table shows it (it reads ``bot_name``): a person known by
    name is shown by it (:attr:`person`); one away says so, with the seconds left of the
    hold the host keeps their seat for (counted down from the host's word, ``until``, a
    time.monotonic())."""

    name: str
    person: bool = False
    away: bool = False
    until: float | None = None

    @property
    def bot_name(self) -> str:
        return self.said(time.monotonic())

    @property
    def label(self) -> str:
        return self.bot_name

    def said_as(self, label: str, now: float) -> str:
        """What :meth:`said` says, with ``label`` for the name: a seat's label on the felt
        ("Bea (partner) · away 0:52")."""
        return replace(self, name=label).said(now)

    def said(self, now: float) -> str:
        if not self.away:
            return self.name
        if self.until is None:
            # Translators: a person's seat whose connection is gone: "Alice · away".
            return _("{name} · away").format(name=self.name)
        left = max(0, math.ceil(self.until - now))
        if not left:
            # Translators: a person away whose seat's hold is over: a computer plays it.
            return _("{name} · away: a computer plays").format(name=self.name)
        # Translators: a person away, and how long their seat is held: "Alice · away 0:52".
        return _("{name} · away {time}").format(
            name=self.name, time=f"{left // 60}:{left % 60:02d}"
        )


class RemoteMatch:
    """What the table reads of a match, from one seat's view and the finished hands."""

    def __init__(self, session: RemoteSession) -> None:
        self._s = session
        self.seed: int | None = None  # the host's secret: the deals are not the client's

    @property
    def _view(self) -> View:
        return self._s.view()

    @property
    def variant(self) -> Any:
        return self._s.variant

    @property
    def turn(self) -> int | None:
        return self._view.turn

    @property
    def to_move(self) -> int:
        turn = self._view.turn
        assert turn is not None
        return turn

    @property
    def phase(self) -> str:
        return self._view.phase

    @property
    def over(self) -> bool:
        return self._view.phase == "over"

    @property
    def winner(self) -> int | None:
        return self._view.winner

    @property
    def scores(self) -> tuple[int, ...]:
        return self._view.scores

    @property
    def line(self) -> Any:
        return self._view.line.tiles

    @property
    def draw_rounds(self) -> list[dict[int, Any]]:
        return [dict(r) for r in self._view.draw]

    @property
    def hands_log(self) -> list[HandLog]:
        view = self._view
        logs = [_past_log(p) for p in view.past]
        if view.phase in ("play", "claim") and view.hand_number > len(view.past):
            logs.append(
                HandLog(
                    view.hand_number,
                    view.chooser,
                    view.leader if view.leader is not None else 0,
                    {},
                    [Redealt({}, s, ts) for s, ts in view.shown],
                    view.forced_opening,
                    list(view.history),
                    None,
                    view.told,
                )
            )
        return logs

    @property
    def hand(self) -> HandLog | None:
        logs = self.hands_log
        return logs[-1] if logs else None

    @property
    def moves(self) -> tuple[tuple[int, Action], ...]:
        return tuple(m for log in self.hands_log for m in log.actions)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(a for _s, a in self.moves)

    def legal_actions(self) -> list[Action]:
        return list(self._view.legal)

    def is_legal(self, action: Action) -> bool:
        return action in self._view.legal

    def view(self, seat: int) -> View:
        return self._view


def _past_log(past: PastHand) -> HandLog:
    deal: dict[int | str, Any] = {s: ts for s, ts in enumerate(past.dealt, 1)}
    return HandLog(
        past.number,
        past.chooser,
        past.leader,
        deal,
        [Redealt(deal, s, ts) for s, ts in past.shown],
        None,
        list(past.history),
        past.result,
    )


class RemoteSession:
    """A seat at a host, as the table's model (see the module's docstring)."""

    def __init__(self, link: Link | None, variants: Any) -> None:
        #: The window's connection; ``None`` for a session the host keeps of what one of
        #: its page's connections is told (:mod:`capicua.net.said`), which never acts.
        self.link = link
        self.variants = variants
        self.match = RemoteMatch(self)
        self.human: int | None = None
        self.viewpoint = 1
        self.variant: Any = None
        self.seats: dict[int, Any] = {}
        self.players: dict[int, _Name] = {}
        self.held_hand: int | None = None
        self.held_since = 0.0  # when the finished hand on show was put there
        self.held_draw: int | None = None
        self.streams: dict[int, str] = {}
        self.table = ""
        self.number = 1  # the match being played, as the host counts them
        self.ended = False
        self._view: View | None = None
        self._info: Any = None
        self._past: list[PastHand] = []
        self._asked: int | None = None
        self._said: tuple[str, ...] = ()  # the away countdowns last drawn

    @property
    def ready(self) -> bool:
        """The host has said where this seat is and shown the match."""
        return self._view is not None and self.variant is not None

    def absorb(self, message: dict[str, Any]) -> bool:
        """Take a host message in, in the order they came; whether the table must be drawn
        again. The views are rebuilt here from the messages, in the window's thread."""
        kind = message["type"]
        if kind == "welcome":
            self.table = message["table"]
            self.human = message["seat"]
            self.viewpoint = message["seat"] or 1
            self._asked = None
            self._seats(message["seats"])
        elif kind == "seats":
            self._seats(message["seats"])
        elif kind == "new_match":
            meta = message["variant"]
            self.variant = self.variants.create(meta["name"], meta.get("options") or {})
            self._info = M.variant_info(meta, self.variants)
            self.number = int(message.get("match") or 1)
            self._past = []
            self.held_hand = None
            self.ended = False
        elif kind == "hand_ended":
            self._past.append(M.past_hand(message))
            return False
        elif kind in ("update", "decide"):
            fields = message["view"] if kind == "update" else message
            before = len(self._view.past) if self._view is not None else None
            self._view = view = M.view_of(fields, self._info, self._past)
            if kind == "decide":
                self._asked = int(message["id"])
            elif self._asked is not None and message["seq"] >= self._asked:
                self._asked = None  # decided (by this seat, or for it after a hold)
            if before is not None and len(view.past) > before:
                self.held_hand = len(view.past)  # on show until Continue
                self.held_since = time.monotonic()
        elif kind == "match_ended":
            self.ended = True
        else:
            return False
        return True

    def _seats(self, seats: list[dict[str, Any]]) -> None:
        now = time.monotonic()
        for s in seats:
            self.seats[s["seat"]] = s["kind"]
            name = s["name"] or (_("computer") if s["kind"] == "computer" else s["kind"])
            away = s["kind"] != "computer" and not s["present"]
            held = s.get("away")
            until = now + float(held) if isinstance(held, (int, float)) and away else None
            person = s["kind"] == "person" and bool(s["name"])
            self.players[s["seat"]] = _Name(name, person, away, until)

    def who(self, seat: int) -> str:
        """A seat as a person knows it: its person's name, else "Seat N"."""
        player = self.players.get(seat)
        if player is not None and player.person:
            return player.name
        return _("Seat {seat}").format(seat=seat)

    # -- reading, as the table's Session --------------------------------------------------

    def view(self) -> View:
        assert self._view is not None
        return self._view

    @property
    def actors(self) -> tuple[int, ...]:
        return tuple(s for s, _a in self.match.moves)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat == self.human

    @property
    def asked(self) -> int | None:
        """The id of the decision the host asks of this seat now, if any."""
        return self._asked

    @property
    def waiting_for_person(self) -> bool:
        return self.holding or self.asked is not None

    def automatic(self) -> Action | None:
        """``None`` while the host asks this seat a decision; else what the seat is shown
        doing while it is not asked (the host takes forced actions itself)."""
        if self.asked is not None:
            return None
        legal = self._view.legal if self._view is not None else ()
        return legal[0] if legal else PASS

    def finished(self) -> int:
        return len(self._view.past) if self._view is not None else 0

    def held(self) -> PastHand | None:
        if self.held_hand is None or self._view is None:
            return None
        return self._view.past[self.held_hand - 1]

    @property
    def holding(self) -> bool:
        return self.held_hand is not None or self.held_draw is not None

    def tick(self, now: float) -> bool:
        """Whether the table must be drawn again as time passes: a spectator's window lets
        a finished hand go after :data:`SHOWN` seconds, to follow the hand being played; an
        away person's hold counts down."""
        said = tuple(p.said(now) for p in self.players.values() if p.until is not None)
        changed, self._said = said != self._said, said
        if self.human is None and self.held_hand is not None and now - self.held_since > SHOWN:
            self.held_hand = None
            return True
        return changed

    def proceed(self) -> None:
        self.held_hand = None
        self.held_draw = None

    # -- what cannot be done at a shared table -------------------------------------------

    def undo_span(self) -> int:
        """The actions an undo would take back: back to this seat's last decision of the
        hand being played (the host asks every other person to agree first)."""
        view = self._view
        if self.human is None or view is None or view.phase != "play":
            return 0
        history = view.history
        for back in range(1, len(history) + 1):
            seat, action = history[-back]
            if seat == self.human and action is not PASS:
                return back
        return 0

    def undo(self) -> int:
        """Ask the host to take back this seat's last decision; the others are asked."""
        span = self.undo_span()
        if not span:
            raise NothingToUndo(_("you have made no move in this hand to undo"))
        assert self.link is not None, "the host's session of a page never acts"
        self.link.send({"type": "undo"})
        return span

    def restart_span(self) -> int:
        return 0

    @property
    def can_redo(self) -> bool:
        return False

    def redo(self) -> int:
        raise NothingToUndo(_(FINAL))

    restart = redo

    # -- acting ---------------------------------------------------------------------------

    def send(self, action: Action) -> bool:
        """Answer the decision asked with ``action``; False if none is asked or it is not
        one of the legal actions (the host would refuse it too)."""
        number = self.asked
        if number is None or self._view is None or action not in self._view.legal:
            return False
        assert self.link is not None, "the host's session of a page never acts"
        self._asked = None
        self.link.send_action(number, action)
        return True

    def close(self) -> None:
        if self.link is not None:
            self.link.stop()


__all__ = ["FINAL", "Link", "Play", "RemoteMatch", "RemoteSession"]
