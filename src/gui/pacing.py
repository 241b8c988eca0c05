"""The computer's pacing at the table: when each step of the match is taken. No Tk.

:class:`Pacing` decides, after every change, what comes next and when, and hands the table
back the step to take (:class:`PacedTable`): a computer's decision, asked in a worker and
applied no earlier than ``delay`` seconds after the previous move; a computer's forced
pass or only move; the person's forced pass, shown for a moment first; a computer table
moving past a finished hand. It schedules through a :class:`Clock` (Tk's ``after()`` at the
table, a hand-driven clock in the tests), so every rule below is tested without a window:

* a generation counter makes any answer that arrives after an undo, restart or new match
  stale; it is dropped, never applied;
* while the table is held back (the rules, the log or the settings are open, the table
  asks the person something, a computer player broke), nothing scheduled is applied: a
  step that comes due then waits and is started again, a full delay later, once the table
  is free;
* in step mode a computer moves only when the person taps Next, and then at once: the
  tap was the pause.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Protocol

from ..core.errors import PlayerError, PlayerFault

if TYPE_CHECKING:
    from ..core.actions import Action
    from .model import Session
    from .scene import Ui
    from .settings import Settings

POLL = 0.015  # seconds between looks for a computer's answer
PASS_SHOW = 0.8  # seconds a person's forced pass stays on screen (when delay > 0)


class Clock(Protocol):
    """Timers: ``after`` runs ``fn`` once in ``seconds`` and returns a handle ``cancel``
    takes; ``now`` is a monotonic time in seconds."""

    def after(self, seconds: float, fn: Callable[[], None]) -> Any: ...

    def cancel(self, handle: Any) -> None: ...

    def now(self) -> float: ...


class PacedTable(Protocol):
    """What the pacing reads of the table, and the steps it has the table take."""

    session: Session
    settings: Settings
    ui: Ui

    def held_back(self) -> bool: ...

    def take(self, action: Action, stream: str | None = None, comment: str = "") -> None: ...

    def proceed(self) -> None: ...

    def broke(self, error: PlayerError) -> None: ...

    def redraw(self) -> None: ...


class Pacing:
    """The pacing of ``table`` on ``clock``; ``submit`` runs a computer's decision job in a
    worker thread and returns its future."""

    def __init__(
        self,
        table: PacedTable,
        clock: Clock,
        submit: Callable[[Callable[[], Any]], Future],
    ) -> None:
        self.table = table
        self.clock = clock
        self.submit = submit
        self.gen = 0  # the position's generation: a step scheduled for an older one is stale
        self.handle: Any = None  # the pending timer
        self.busy = False  # a timer or a computation is pending for this generation
        self.waiting: Callable[[], None] | None = None  # a step held back by a pause
        self.stepped = False  # step mode: the person tapped Next for the coming move

    def invalidate(self) -> None:
        """Drop whatever was scheduled: the position it was for is gone."""
        self.gen += 1
        if self.handle is not None:
            self.clock.cancel(self.handle)
            self.handle = None
        self.busy = False
        self.waiting = None
        self.stepped = False
        self.table.ui.thinking = None
        self.table.ui.step_wait = None

    def later(self, seconds: float, fn: Callable[[], None]) -> None:
        """Run ``fn`` in ``seconds`` unless the position changes first; if the table is
        held back when the time comes, ``fn`` waits for :meth:`pump` to start it again."""
        gen = self.gen

        def run() -> None:
            self.handle = None
            if gen != self.gen:
                return
            if self.table.held_back():
                self.waiting = fn
                self.table.redraw()  # the seat's label says "paused"
                return
            fn()

        self.handle = self.clock.after(max(0.0, seconds), run)

    def pump(self) -> None:
        """Start the next step of the match if nothing is pending and nothing holds it."""
        t = self.table
        s = t.session
        delay = t.settings.delay
        if t.held_back() or s.match.over:
            return
        if self.waiting is not None:
            # A step the pause held back: the person gets a full delay to look first.
            fn, self.waiting = self.waiting, None
            self.later(delay, fn)
            return
        if self.busy:
            return
        if s.holding:
            if s.human is None and self.may_step(None):
                # Nobody to tap Continue: a computer-only table moves on.
                self.busy = True
                self.later(0.0 if t.settings.step else delay * 3, t.proceed)
            return
        seat = s.match.turn
        if seat is None:
            return
        auto = s.automatic()
        if s.is_human(seat):
            if auto is not None:  # a forced pass: shown for a moment, then made
                self.busy = True
                self.later(max(delay, PASS_SHOW) if delay else 0.0, lambda: t.take(auto))
            return
        if not self.may_step(seat):
            return
        self.busy = True
        # In step mode the person's Next was the pause: the move comes at once after it.
        pause = 0.0 if t.settings.step else delay
        if auto is not None:
            self.later(pause, lambda: t.take(auto))
            return
        t.ui.thinking = seat
        future = self.submit(s.decision_job(seat))  # the seat's view, nothing else
        ready = self.clock.now() + pause
        self.later(POLL, lambda: self._poll(future, seat, ready))

    def may_step(self, seat: int | None) -> bool:
        """In step mode a computer's move waits for Next; say so on the felt."""
        ui = self.table.ui
        if not self.table.settings.step or self.stepped:
            ui.step_wait = None
            return True
        ui.step_wait = seat if seat is not None else 0
        return False

    def next(self) -> bool:
        """Step mode: the person tapped Next; False when nothing waited for it."""
        if self.table.ui.step_wait is None:
            return False
        self.stepped = True
        self.table.ui.step_wait = None
        return True

    def _poll(self, future: Future, seat: int, ready: float) -> None:
        if not future.done() or self.clock.now() < ready:
            self.later(POLL, lambda: self._poll(future, seat, ready))
            return
        t = self.table
        t.ui.thinking = None
        player = t.session.players[seat]
        name = getattr(player, "label", "") or type(player).__name__
        try:
            decision = future.result()
        except PlayerFault as exc:  # a bot's process failed: the message is the reason
            self._broke(PlayerError(seat, name, str(exc)))
            return
        except Exception as exc:  # noqa: BLE001 - someone else's player code: report it
            self._broke(PlayerError(seat, name, f"raised {type(exc).__name__}: {exc}"))
            return
        if not t.session.match.is_legal(decision.action):
            self._broke(PlayerError(seat, name, f"answered {decision.action!r}, not legal now"))
            return
        t.take(decision.action, decision.stream, decision.comment or "")

    def _broke(self, error: PlayerError) -> None:
        self.busy = False
        self.table.broke(error)
