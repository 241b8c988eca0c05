"""The rules and the log hold the table: at every kind of scheduled action, nothing is
applied while either is open, and it is applied once both are closed.

Each case is a written position whose next step the table schedules with a timer: a
computer's decision (worked out in the worker thread), the 6-6 that must open, a
computer's only tile, a computer's forced pass, the person's forced pass, a computer's draw
for first lead and its choice of leader, and a table of computers moving past a finished
hand and past a finished round of the draw. The windows are opened by real clicks and keys
right after the position is set, before the step is due (the table's clock is held while
they open: on a loaded machine opening them may take longer than the delay).
"""

from __future__ import annotations

import time

import pytest
from table_helpers import (
    BLOCK_LINE,
    CHOICES,
    FIVE_DOUBLES,
    FORCED_PASS,
    PLUGINS,
    SIXES,
    TEAM1_REST,
    deal,
    draw,
    session,
    variant,
)
from test_app import click, settle

from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.pacing import PASS_SHOW

DELAY = 0.1
COMPUTERS = {s: "heuristic" for s in range(1, 5)}
# Chiva: after 6-6, seat 2's only tile that fits is 6-5.
ONLY_MOVE = {
    1: "6-6 5-4 5-0 4-1 2-2 1-1 0-0",
    2: "6-5 5-5 5-1 5-2 4-4 3-3 3-0",
    3: "6-4 6-2 6-3 4-0 4-2 4-3 5-3",
    4: "6-0 6-1 3-2 3-1 2-1 2-0 1-0",
}
# Chiva: seat 2 holds 6-6 and must open with it.
SEAT_2_OPENS = {1: CHOICES[4], 2: CHOICES[1], 3: CHOICES[2], 4: CHOICES[3]}


def opening():
    return session(hands=SEAT_2_OPENS)


def decision():
    return session(hands=CHOICES, steps="1:6-6L")


def only_move():
    return session(hands=ONLY_MOVE, steps="1:6-6L")


def computer_pass():
    return session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R")


def person_pass():
    return session(hands=FORCED_PASS, steps="1:6-6L 2:6-5L 3:6-4R 4:5-3L")


def computer_draws():
    v = variant("double-nine-100")
    script = [draw(v, "9-9", "1-0"), deal(v, FIVE_DOUBLES)]
    return session("double-nine-100", script=script, steps="1:draw 0")


def computer_chooses_leader():
    v = variant("double-nine-100")
    script = [draw(v, "1-0", "9-9"), deal(v, FIVE_DOUBLES)]
    return session("double-nine-100", script=script, steps="1:draw 0 2:draw 0")


def computers_past_a_hand():
    hands = {s: f"{SIXES[s]} {TEAM1_REST[s]}" for s in range(1, 5)}
    s = session(hands=hands, seats=COMPUTERS, steps=BLOCK_LINE)
    assert s.held_hand == 1
    return s


def computers_past_the_draw():
    v = variant("double-nine-100")
    script = [draw(v, "9-9", "1-0"), deal(v, FIVE_DOUBLES)]
    s = session("double-nine-100", script=script, seats=COMPUTERS)
    for _ in range(2):
        s.apply(s.match.legal_actions()[0])
    assert s.held_draw == 1
    return s


KINDS = {
    "a computer's decision": decision,
    "the 6-6 that must open": opening,
    "a computer's only move": only_move,
    "a computer's forced pass": computer_pass,
    "the person's forced pass": person_pass,
    "a computer's draw for first lead": computer_draws,
    "a computer's choice of leader": computer_chooses_leader,
    "a table of computers past a finished hand": computers_past_a_hand,
    "a table of computers past the draw": computers_past_the_draw,
}


@pytest.fixture
def app(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("1180x820+0+0")
    root.update()
    made = TableApp(root, PLUGINS, Settings("chiva", dict(COMPUTERS), 1, DELAY), offer_resume=False)
    root.update()  # mapped: the felt's buttons are where a click finds them
    yield made
    made.shutdown()


class GatedClock:
    """The table's clock with a gate: timers asked for while it is shut start counting only
    when it opens. The test shuts it while it sets the position and opens the windows, so
    the step is scheduled before they open and comes due while they are open, however long
    a loaded machine takes to open them."""

    def __init__(self, real):
        self.real = real
        self.held: list[list] | None = []

    def after(self, seconds, fn):
        if self.held is None:
            return self.real.after(seconds, fn)
        timer = [seconds, fn, None]
        self.held.append(timer)
        return timer

    def cancel(self, handle):
        if not isinstance(handle, list):
            self.real.cancel(handle)
        elif handle[2] is not None:
            self.real.cancel(handle[2])
        else:
            handle[1] = None

    def now(self):
        return self.real.now()

    def open(self):
        held, self.held = self.held or [], None
        for timer in held:
            if timer[1] is not None:
                timer[2] = self.real.after(timer[0], timer[1])


def progress(app: TableApp) -> tuple[int, bool]:
    """What a scheduled step changes: the actions made, or a finished hand or round of the
    draw on show being left."""
    return len(app.session.match.moves), app.session.holding


def hold(app: TableApp, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.root.update()
        time.sleep(0.005)


def due(kind: str) -> float:
    """Comfortably past the moment the step would have been applied: a computer table
    waits three delays on a finished hand, the person's forced pass stays up a while."""
    return (PASS_SHOW if kind == "the person's forced pass" else DELAY * 3) + 0.3


@pytest.mark.parametrize("kind", list(KINDS))
def test_nothing_scheduled_is_applied_while_the_rules_or_the_log_are_open(app, kind):
    s = KINDS[kind]()
    gate = app.pacing.clock = GatedClock(app.pacing.clock)
    app.install(s)  # the next step is scheduled now, DELAY seconds after the gate opens
    before = progress(app)
    click(app, "button:rules")
    app.canvas.focus_force()
    app.canvas.event_generate("<Control-l>")  # the log, by its key
    app.root.update()
    assert set(app.windows) == {"rules", "log"}
    gate.open()
    hold(app, due(kind))
    assert progress(app) == before, f"{kind}: applied while the rules and the log were open"
    assert app.pacing.waiting is not None  # the step came due and was held back, not lost
    seat = s.match.turn
    if not s.holding and not s.is_human(seat):
        label = app.canvas.itemcget(app.canvas.find_withtag(f"label:{seat}&&!pill")[0], "text")
        assert "paused" in label and "thinking" not in label
    app.windows["rules"].close()
    hold(app, due(kind))
    assert progress(app) == before, f"{kind}: applied while the log was open"
    app.windows["log"].close()
    settle(app, lambda: progress(app) != before, f"{kind} after both windows closed")


def test_settings_open_hold_the_table_too(app):
    gate = app.pacing.clock = GatedClock(app.pacing.clock)
    app.install(decision())
    before = progress(app)
    click(app, "button:settings")
    gate.open()
    hold(app, due("a computer's decision"))
    assert progress(app) == before
    texts = [t for t, _ in app.table.scene.panel]
    assert "Paused: the computers wait while Settings is open." in texts
    app.windows["settings"].close()
    settle(app, lambda: progress(app) != before, "the computer after Settings closed")
