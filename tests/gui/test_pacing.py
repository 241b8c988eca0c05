"""The computer's pacing without Tk, on a clock the test moves by hand: a move comes a
delay after the last, step mode waits for Next and then moves at once, a pause holds a
step that comes due and gives a full delay after it, a stale answer is dropped, and the
person's forced pass shows for a moment."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from table_helpers import CHOICES, FORCED_PASS, session

from capicua.core.actions import PASS
from capicua.gui.pacing import PASS_SHOW, POLL, Pacing
from capicua.gui.scene import Ui
from capicua.gui.settings import Settings


class HandClock:
    """Timers that fire only when the test moves the time on."""

    def __init__(self) -> None:
        self.time = 0.0
        self.timers: dict[int, tuple[float, Callable[[], None]]] = {}
        self.count = 0

    def after(self, seconds: float, fn: Callable[[], None]) -> int:
        self.count += 1
        self.timers[self.count] = (self.time + seconds, fn)
        return self.count

    def cancel(self, handle: int) -> None:
        self.timers.pop(handle, None)

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        end = self.time + seconds
        while True:
            due = [(t, h) for h, (t, _fn) in self.timers.items() if t <= end + 1e-9]
            if not due:
                break
            t, h = min(due)
            self.time = max(self.time, t)
            _t, fn = self.timers.pop(h)
            fn()
        self.time = end


def at_once(job: Callable[[], Any]) -> Future:
    future: Future = Future()
    future.set_result(job())
    return future


class Table:
    """The table's side of the pacing: takes steps as the app does (apply, then pump)."""

    def __init__(self, s, delay: float = 0.6, step: bool = False) -> None:
        self.session = s
        self.settings = Settings("chiva", dict(s.seats), None, delay, step=step)
        self.ui = Ui()
        self.held = False
        self.clock = HandClock()
        self.pacing = Pacing(self, self.clock, at_once)
        self.broken: list[Any] = []

    def held_back(self) -> bool:
        return self.held

    def take(self, action, stream=None, comment="") -> None:
        self.pacing.invalidate()
        self.session.apply(action, stream)
        self.pacing.pump()

    def proceed(self) -> None:
        self.pacing.invalidate()
        self.session.proceed()
        self.pacing.pump()

    def broke(self, error) -> None:
        self.broken.append(error)

    def redraw(self) -> None:
        pass

    def moves(self) -> int:
        return len(self.session.match.actions)


def test_a_computer_moves_a_delay_after_the_last_move():
    t = Table(session(hands=CHOICES, steps="1:6-6L"), delay=0.6)
    t.pacing.pump()
    before = t.moves()
    t.clock.advance(0.5)
    assert t.moves() == before and t.ui.thinking == 2
    t.clock.advance(0.2)
    assert t.moves() == before + 1 and t.session.match.hand.actions[-1][0] == 2


def test_step_mode_waits_for_next_then_moves_at_once():
    t = Table(session(hands=CHOICES, steps="1:6-6L"), delay=3.0, step=True)
    t.pacing.pump()
    before = t.moves()
    t.clock.advance(10)
    assert t.moves() == before and t.ui.step_wait == 2  # "tap Next" on the felt
    assert t.pacing.next()
    t.pacing.pump()
    t.clock.advance(2 * POLL)  # Next was the pause: no delay after it
    assert t.moves() == before + 1
    t.clock.advance(10)
    assert t.moves() == before + 1 and t.ui.step_wait == 3  # the next one waits again


def test_a_step_that_comes_due_during_a_pause_waits_and_gets_a_full_delay_after():
    t = Table(session(hands=CHOICES, steps="1:6-6L"), delay=0.6)
    t.pacing.pump()
    before = t.moves()
    t.held = True  # the rules open
    t.clock.advance(5)
    assert t.moves() == before and t.pacing.waiting is not None
    t.held = False
    t.pacing.pump()
    t.clock.advance(0.5)
    assert t.moves() == before  # a full delay to look first
    t.clock.advance(0.2)
    assert t.moves() == before + 1


def test_an_answer_for_a_position_that_is_gone_is_dropped():
    t = Table(session(hands=CHOICES, steps="1:6-6L"), delay=0.6)
    t.pacing.pump()
    before = t.moves()
    t.pacing.invalidate()  # an undo, a restart, a new match
    t.clock.advance(5)
    assert t.moves() == before and not t.clock.timers


def test_the_persons_forced_pass_shows_for_a_moment_first():
    t = Table(session(hands=FORCED_PASS, steps="1:6-6L 2:6-5L 3:6-4R 4:5-3L"), delay=0.2)
    t.pacing.pump()
    before = t.moves()
    t.clock.advance(PASS_SHOW - 0.05)
    assert t.moves() == before
    t.clock.advance(0.1)
    assert t.session.match.actions[before] is PASS
