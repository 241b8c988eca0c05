"""``capicua join``'s window: the table of ``capicua play``, playing one seat at a host.

:class:`JoinApp` is the Tk :class:`~capicua.gui.app.TableApp` with a
:class:`~capicua.net.remote.RemoteSession` for its model. What differs is only what a
shared match needs: nothing is computed or scheduled here (the host plays the computers),
the person's action goes to the host, the host's messages are taken from the network
thread's queue every :data:`POLL_MS` ms with Tk's ``after`` (the window never waits on the
network), an undo is asked of every other person on their felt, and the controls that
would otherwise change the shared match (redo, restart, a new match, the settings of the
next match) say why they are not there. Hints, the log, the rules and the languages are the
table's own.
"""

from __future__ import annotations

import queue
import time
import tkinter as tk
from typing import Any

from ..core.actions import Action
from ..gui.app import TableApp
from ..gui.board_words import counts_rounds
from ..gui.dialogs import TextWindow
from ..gui.reviewing import summary as review_summary
from ..gui.settings import Settings
from ..gui.state import Choice
from ..gui.texts import NO_REVIEW, REVIEWING, hand_head
from ..i18n import N_, _
from .remote import FINAL, Link, RemoteSession
from .reviews import review_of
from .wire import WireError

POLL_MS = 40

#: Why a spectator's Hint and Undo are greyed: they are for the people playing.
WATCHING = {
    "hint": N_("You are watching: hints are for the people playing."),
    "undo": N_("You are watching: only the people playing can take a move back."),
}

#: What the table says while the host is out of reach (the line stays until it is back).
LOST = N_(
    "The host is out of reach: nothing can be played until the connection is back. Joining again…"
)


class JoinApp(TableApp):
    """A table window playing the seat of ``session`` (already joined: its first messages
    taken in)."""

    def __init__(self, root: tk.Tk, plugins: Any, session: RemoteSession) -> None:
        assert session.variant is not None
        seats = {s: "human" if s == session.human else "random" for s in session.seats}
        settings = Settings(session.variant.name, seats, delay=0.0, animate=False)
        assert session.link is not None, "a window's session has its connection"
        self.remote = session
        self.net: Link = session.link
        self._undo_id: int | None = None
        super().__init__(
            root,
            plugins,
            settings,
            saving=False,
            offer_resume=False,
            session=session,  # type: ignore[arg-type]
        )
        seat = session.human
        root.title(
            _("capicua · {table}, seat {seat}").format(table=session.table, seat=seat)
            if seat is not None
            else _("capicua · {table}, watching").format(table=session.table)
        )
        self._net_after: str | None = self.root.after(POLL_MS, self._net)

    # -- the host's messages ------------------------------------------------------------

    def _net(self) -> None:
        """Take in what the host sent since the last look, then draw once."""
        self._net_after = None
        changed = False
        link = self.net
        while True:
            try:
                message = link.inbox.get_nowait()
            except queue.Empty:
                break
            if message is None:  # the client ended: the matches are over, or it failed
                self.ui.error = link.problem or (
                    _("The table's matches are over.") if self.remote.ended else None
                )
                changed = True
                self.refresh()
                return
            if message["type"] == "lost":  # the connection is gone: nothing acts until back
                if self.ui.blocked is None:
                    self.ctl.reset()  # a tile picked is put back: it cannot be played now
                    self._reviewing = False
                    if self.ui.question_kind == "undo":
                        self._unask()  # the host drops an undo whose voter left
                    self.ui.blocked = _(LOST)
                    changed = True
            elif message["type"] == "error":  # a refusal
                self.ui.message = message.get("message")
                changed = True
                self._reviewing = False  # a review refused, if one was asked
            elif message["type"] in ("proposal", "proposal_ended"):
                self._proposal(message)
                changed = True
            elif message["type"] == "welcome":
                self.ui.blocked = None  # back at the table: the host says where it stands
                if self.remote.ready:
                    self.ui.message = None
            elif message["type"] == "review":
                self._reviewed(message)
                changed = True
            elif message["type"] == "new_match" and message.get("match") != self.remote.number:
                self.reviews.clear()
            if self.remote.absorb(message):
                changed = True
                if message["type"] == "decide":
                    self.ctl.reset()
        changed = self.remote.tick(time.monotonic()) or changed
        if changed:
            self.refresh()
        if self.canvas.winfo_exists():
            self._net_after = self.root.after(POLL_MS, self._net)

    # -- an undo, with every person's agreement -----------------------------------------

    def _proposal(self, message: dict[str, Any]) -> None:
        if message["type"] == "proposal":
            if message["by"] == self.remote.human:
                self.ui.message = _("The others are asked to agree to take back your move…")
                return
            self._undo_id = message["id"]
            who = message.get("name") or self.remote.who(message["by"])
            self.ctl.reset()
            self._ask(
                "undo",
                lambda: (
                    # Translators: {who} is the person's name, else "Seat 3".
                    _("{who} asks to take back their last move. Agree?").format(who=who),
                    (Choice("choice:cancel", _("Refuse")), Choice("choice:confirm", _("Agree"))),
                ),
            )
            return
        if self.ui.question_kind == "undo":
            self._unask()
        result = message["result"]
        if result == "agreed":
            self.ui.message = _("Taken back, as every person agreed.")
        elif result == "refused":
            who = message.get("name") or self.remote.who(message["seat"])
            # Translators: {who} is the person's name, else "Seat 3".
            self.ui.message = _("{who} refused the undo.").format(who=who)
        else:
            self.ui.message = _("The undo was dropped: someone left the table.")

    def do_confirm(self) -> None:
        if self.ui.question_kind == "undo":
            self.net.send({"type": "agree", "id": self._undo_id})
            self._unask()
            self.refresh()

    def do_cancel(self) -> None:
        if self.ui.question_kind == "undo":
            self.net.send({"type": "refuse", "id": self._undo_id})
            self._unask()
            self.refresh()

    # -- what differs from the local table -----------------------------------------------

    def pump(self) -> None:
        """Nothing to start here: the host moves the match."""

    def _buttons(self) -> dict[str, bool]:
        """The table's buttons, less what a shared match leaves to the host: a new match
        and the settings (the host's), an undo while the host is out of reach."""
        return {
            **super()._buttons(),
            "new": False,
            "settings": False,
            **({"undo": False} if self.ui.blocked else {}),
        }

    def disabled_reason(self, name: str) -> str:
        if self.remote.human is None and name in WATCHING:
            return _(WATCHING[name])  # a spectator has no turn and no move of their own
        return super().disabled_reason(name)

    def person_acts(self, action: Action) -> None:
        if self.person_view() is None:
            return
        if not self.remote.send(action):
            self.ui.message = _("not now: the host has not asked this seat a decision")
        else:
            self.ctl.reset()
            self.ui.message = None
        self.refresh()

    def _save(self) -> None:
        """A networked match is the host's to keep."""

    def _final(self) -> None:
        self.ui.message = _(FINAL)
        self.redraw()

    def do_new(self) -> None:
        self._final()

    def do_settings(self) -> None:
        self._final()

    def do_review(self) -> None:
        """Ask the host for the review of this seat's decisions in the finished hand on
        show (the host has the whole hand; it sends the review to this seat only)."""
        s = self.remote
        hand = s.held_hand
        if hand is None or s.human is None or self.ui.question is not None or self._reviewing:
            return
        if self.reviews.of(s.match, hand) is not None:  # type: ignore[arg-type]
            self.do_log()
            return
        self._reviewing = True
        self.net.send({"type": "review", "match": s.number, "hand": hand})
        self.ui.message = _(REVIEWING).format(hand=hand)
        self.redraw()

    def _reviewed(self, message: dict[str, Any]) -> None:
        """The host's review of this seat's decisions: marks on the log, as at the table."""
        self._reviewing = False
        s = self.remote
        hand = message.get("hand")
        if message.get("match") != s.number or not isinstance(hand, int):
            return  # of a match no longer at the table
        try:
            review = review_of(message.get("review"))
        except WireError as exc:
            self.ui.message = _(NO_REVIEW).format(reason=exc)
            return
        self.reviews.add(s.match, hand, review)  # type: ignore[arg-type]
        self.ui.message = review_summary(review, s)  # type: ignore[arg-type]
        if s.held_hand == hand:  # still on the hand: show the marks
            self.do_log()
            log = self.windows.get("log")
            if isinstance(log, TextWindow):
                log.scroll_to(hand_head(hand, rounds=counts_rounds(s.variant)))

    def shutdown(self) -> None:
        if self._net_after is not None:
            self.root.after_cancel(self._net_after)
            self._net_after = None
        super().shutdown()
