"""The Tk table application: the window, its event loop wiring, and the computer's pacing.

:class:`TableApp` is the controller half that needs Tk. It owns the canvas and a
:class:`~capicua.gui.table.TableView`, feeds canvas events to the Tk-free
:class:`~capicua.gui.controller.Controller`, applies actions through the
:class:`~capicua.gui.model.Session`, saves the match after every change, and schedules
everything with ``after()``:

* a computer decision runs in a worker thread that is handed only the seat's view (and its
  random stream, set to where it stood at this position); the Tk thread polls for the
  answer and applies it, no earlier than ``delay`` seconds after the previous move, so a
  person can follow the play and the window never freezes;
* a generation counter makes any answer that arrives after an undo, restart or new match
  stale; it is dropped, never applied;
* while the rules, the log or the settings are open, or the table asks the person
  something, the computer players wait.

No other thread ever touches Tk.
"""

from __future__ import annotations

import gc
import time
import tkinter as tk
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ..core.actions import Action
from ..core.driver import ask
from ..core.errors import CapicuaError, PlayerError
from ..core.match import Match
from . import save
from .advice import suggest
from .controller import Controller, Response
from .dialogs import Settings, SettingsWindow, TextWindow, log_lines
from .geometry import SEAT_SIDES
from .model import SeatsError, Session
from .scene import Choice, Ui, build_scene
from .table import TableView
from .texts import scores_text

POLL_MS = 15  # how often the Tk thread looks for a computer's answer
PASS_SHOW = 0.8  # seconds a person's forced pass stays on screen (when delay > 0)
MIN_SIZE = (960, 720)  # from here up the person's tiles are at least 48 px wide
TAP_EVENTS = ("hand", "end", "choice", "facedown", "button", "felt", "line")


class TableApp:
    """One table window on ``root``. ``saving=False`` keeps it off the user's save file
    (screenshots)."""

    def __init__(
        self,
        root: tk.Tk,
        plugins: Any,
        settings: Settings,
        *,
        saving: bool = True,
        offer_resume: bool = True,
    ) -> None:
        self.root = root
        self.plugins = plugins
        self.settings = settings
        self.saving = saving
        self.ui = Ui()
        self.ctl = Controller()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="capicua-computer")
        self._gen = 0
        self._after: str | None = None
        self._busy = False  # a timer or a computation is pending for this generation
        self._redraw_pending = False
        self._drag_at: tuple[float, float] | None = None
        self.windows: dict[str, tk.Toplevel] = {}
        self._resume: save.Loaded | None = None
        root.title("capicua")
        root.minsize(*MIN_SIZE)
        self.canvas = tk.Canvas(root, highlightthickness=0, background="#3b2a1e", takefocus=True)
        self.canvas.pack(fill="both", expand=True)
        self.table = TableView(self.canvas)
        self._bind()
        self.session = self._new_session(settings.variant, settings.seats, settings.seed)
        if saving and offer_resume:
            self._offer_resume()
        root.protocol("WM_DELETE_WINDOW", self.close)
        self.canvas.focus_set()
        self.refresh()

    # -- wiring ----------------------------------------------------------------------------

    def _bind(self) -> None:
        c = self.canvas
        for tag in TAP_EVENTS:
            c.tag_bind(tag, "<ButtonPress-1>", self._on_press)
        c.bind("<B1-Motion>", self._on_motion)
        c.bind("<ButtonRelease-1>", self._on_release)
        c.bind("<Configure>", lambda _e: self._schedule_redraw())
        for key in ("Left", "Right", "Up", "Down", "Return", "KP_Enter", "space", "Escape"):
            c.bind(
                f"<KeyPress-{key}>",
                lambda e: self._handle(
                    self.ctl.key(e.keysym, self.table_view(), self._focusable())
                ),
            )
        for seq, name in (
            ("<Control-z>", "undo"),
            ("<Control-y>", "redo"),
            ("<Control-Z>", "redo"),
            ("<F1>", "rules"),
            ("<Control-l>", "log"),
            ("<Control-h>", "hint"),
        ):

            def on_key(_e: tk.Event, name: str = name) -> None:
                self.command(name)

            c.bind(seq, on_key)

    def _on_press(self, event: tk.Event) -> None:
        x, y = self.canvas.canvasx(event.x), self.canvas.canvasy(event.y)
        self._drag_at = (x, y)
        self.canvas.focus_set()
        self._handle(self.ctl.press(self.table.target_at(x, y), x, y))

    def _on_motion(self, event: tk.Event) -> None:
        x, y = self.canvas.canvasx(event.x), self.canvas.canvasy(event.y)
        was = self.ctl.dragging
        resp = self.ctl.motion(x, y, self.table.target_at(x, y), self.table_view())
        last, self._drag_at = self._drag_at, (x, y)
        if not self.ctl.dragging:
            return
        if resp.changed or not was or last is None:
            self.redraw()  # lit ends or the drop target changed; redraw lifts the tile again
        else:
            self.table.move_drag(x - last[0], y - last[1])

    def _on_release(self, event: tk.Event) -> None:
        x, y = self.canvas.canvasx(event.x), self.canvas.canvasy(event.y)
        self._drag_at = None
        self._handle(self.ctl.release(self.table.target_at(x, y), x, y, self.table_view()))

    def table_view(self):
        """The person's view for reading taps: ``None`` while the table asks a question or
        shows a finished hand (then only its choices count). The controller itself says
        "wait" when a tile is tapped out of turn."""
        if self.ui.question is not None or self.session.held_hand is not None:
            return None
        return self.session.view()

    def person_view(self):
        """The person's view while they have a decision to make, else ``None``."""
        s = self.session
        if self.ui.question is not None or s.held_hand is not None:
            return None
        if not s.is_human(s.match.turn) or s.automatic() is not None:
            return None
        return s.view()

    def _focusable(self) -> list[str]:
        scene = self.table.scene
        return scene.focusable() if scene is not None else []

    def _handle(self, resp: Response) -> None:
        if resp.message is not None:
            self.ui.message = resp.message
        if resp.button:
            self.command(resp.button)
        elif resp.action is not None:
            self.person_acts(resp.action)
        elif resp.changed or resp.message is not None:
            self.redraw()

    # -- drawing ---------------------------------------------------------------------------

    def _schedule_redraw(self) -> None:
        if not self._redraw_pending:
            self._redraw_pending = True
            self.root.after_idle(self.redraw)

    def redraw(self) -> None:
        self._redraw_pending = False
        if not self.canvas.winfo_exists():
            return
        self.ui.buttons = self._buttons()
        self.ui.paused = self.paused
        self.table.draw(build_scene(self.session, self.ctl, self.ui))
        if self.ctl.dragging and self.ctl.drag_from and self._drag_at:
            # A frame drawn mid-drag (a resize, a new drop target) keeps the tile in hand.
            (x0, y0), (x, y) = self.ctl.drag_from, self._drag_at
            self.table.start_drag(f"tile:{self.ctl.selected}", x - x0, y - y0)

    def refresh(self) -> None:
        """After any change: start what comes next, then redraw and update open windows
        (in that order, so the frame already says who is thinking)."""
        self.pump()
        self.redraw()
        log = self.windows.get("log")
        if isinstance(log, TextWindow):  # the log window is one (see do_log)
            log.set_text("\n".join(log_lines(self.session.match)))

    def _buttons(self) -> dict[str, bool]:
        s = self.session
        asking = self.ui.question is not None
        return {
            "hint": not asking and self.person_view() is not None,
            "undo": not asking and s.undo_span() > 0,
            "redo": not asking and s.can_redo,
            "restart": not asking and s.restart_span() > 0,
        }

    # -- the match moving on ------------------------------------------------------------

    def _invalidate(self) -> None:
        """Drop whatever was scheduled: the position it was for is gone."""
        self._gen += 1
        if self._after is not None:
            self.root.after_cancel(self._after)
            self._after = None
        self._busy = False
        self.ui.thinking = None

    def _later(self, seconds: float, fn: Callable[[], None]) -> None:
        gen = self._gen

        def run() -> None:
            self._after = None
            if gen == self._gen:
                fn()

        self._after = self.root.after(max(0, int(seconds * 1000)), run)

    def pump(self) -> None:
        """Start the next step of the match if nothing is pending and nothing holds it."""
        s = self.session
        if self._busy or self.ui.question or self.ui.error or self.paused or s.match.over:
            return
        if s.held_hand is not None:
            if s.human is None:  # nobody to tap Continue: a computer-only table moves on
                self._busy = True
                self._later(self.settings.delay * 3, self._proceed)
            return
        seat = s.match.turn
        if seat is None:
            return
        auto = s.automatic()
        if s.is_human(seat):
            if auto is not None:  # a forced pass: shown for a moment, then made
                self._busy = True
                pause = max(self.settings.delay, PASS_SHOW) if self.settings.delay else 0
                self._later(pause, lambda: self._apply(auto))
            return
        self._busy = True
        if auto is not None:
            self._later(self.settings.delay, lambda: self._apply(auto))
            return
        self.ui.thinking = seat
        future = self.pool.submit(s.decision_job(seat))  # the seat's view, nothing else
        ready = time.monotonic() + self.settings.delay
        self._later(POLL_MS / 1000, lambda: self._poll(future, seat, ready))

    def _poll(self, future: Future, seat: int, ready: float) -> None:
        if not future.done() or time.monotonic() < ready or self.paused:
            self._later(POLL_MS / 1000, lambda: self._poll(future, seat, ready))
            return
        self.ui.thinking = None
        name = type(self.session.players[seat]).__name__
        try:
            decision = future.result()
        except Exception as exc:  # noqa: BLE001 - someone else's player code: report it
            self._player_broke(PlayerError(seat, name, f"raised {type(exc).__name__}: {exc}"))
            return
        if not self.session.match.is_legal(decision.action):
            self._player_broke(
                PlayerError(seat, name, f"answered {decision.action!r}, not legal now")
            )
            return
        self._apply(decision.action, decision.stream)

    def _player_broke(self, exc: PlayerError) -> None:
        self._busy = False
        self.ui.error = f"{exc}. Change the player in Settings, or undo."
        self.redraw()

    def _apply(self, action: Action, stream: str | None = None) -> None:
        self._invalidate()
        self.session.apply(action, stream)
        self.ctl.reset()
        self._after_change()

    def person_acts(self, action: Action) -> None:
        """The person confirmed ``action``: it passes the same check as a computer's."""
        s = self.session
        seat = s.match.turn
        if self.person_view() is None or seat is None:
            return
        player = s.players[seat]
        if hasattr(player, "submit"):
            player.submit(action)
        try:
            checked = ask(s.match, seat, player, "you")
        except PlayerError as exc:
            self.ui.message = exc.reason
            self.redraw()
            return
        self.ui.message = None
        self._apply(checked)

    def _proceed(self) -> None:
        self._invalidate()
        self.session.proceed()
        self._after_change()

    def _after_change(self) -> None:
        self._save()
        self.refresh()

    def _save(self) -> None:
        if not self.saving:
            return
        try:
            save.write(self.session.match, self.session.seats, self.session.streams)
        except OSError as exc:
            self.ui.message = f"could not save the match: {exc.strerror or exc}"

    @property
    def paused(self) -> bool:
        return bool(self.windows)

    # -- commands ------------------------------------------------------------------------

    def command(self, name: str) -> None:
        """A button, a key shortcut or a table choice that is not a match action."""
        enabled = self._buttons()
        if name in enabled and not enabled[name]:
            self.ui.message = {
                "hint": "a hint is for your own decisions",
                "undo": "you have made no move to undo",
                "redo": "nothing to redo",
                "restart": "no tile has been played in this deal yet",
            }[name]
            self.redraw()
            return
        handler = getattr(self, f"do_{name}", None)
        if handler is not None:
            handler()

    def do_hint(self) -> None:
        view = self.person_view()
        if view is None:
            return
        gen = self._gen
        self.ui.message = "looking for a hint…"
        self.redraw()
        future = self.pool.submit(suggest, view)

        def poll() -> None:
            if gen != self._gen:
                return
            if not future.done():
                self.root.after(POLL_MS, poll)
                return
            try:
                action, reason = future.result()
            except Exception as exc:  # noqa: BLE001 - a hint failing must not stop play
                self.ui.message = f"no hint: {exc}"
            else:
                self.ctl.preview(action)
                self.ui.message = f"Hint: {reason}"
            self.redraw()

        self.root.after(POLL_MS, poll)

    def do_undo(self) -> None:
        self._take_back(self.session.undo)

    def do_redo(self) -> None:
        self._take_back(self.session.redo)

    def do_restart(self) -> None:
        self._take_back(self.session.restart)

    def _take_back(self, how: Callable[[], int]) -> None:
        self._invalidate()
        try:
            how()
        except CapicuaError as exc:
            self.ui.message = str(exc)
        else:
            self.ui.message = None
            self.ui.error = None
        self.ctl.reset()
        self._after_change()

    def do_continue(self) -> None:
        if self.session.held_hand is not None:
            self._proceed()

    def do_new(self) -> None:
        if self.ui.question is not None:  # "New match" instead of resuming the saved one
            self.ui.question = None
            self._resume = None
            self._after_change()
            return
        self.start(self.settings.variant, self.settings.seats, None)

    def do_resume(self) -> None:
        loaded, self._resume = self._resume, None
        self.ui.question = None
        if loaded is None or loaded.match is None:
            self.refresh()
            return
        try:
            self.session = Session(
                loaded.match, loaded.seats or {}, self.plugins.players, loaded.streams
            )
        except (SeatsError, CapicuaError) as exc:
            self.ui.message = f"the saved match cannot be resumed: {exc}"
        else:
            m = loaded.match
            self.settings.variant, self.settings.seats = m.variant.name, dict(self.session.seats)
        self._invalidate()
        self.ctl.reset()
        self.refresh()

    def do_rules(self) -> None:
        v = self.session.variant
        self._open(
            "rules",
            lambda: TextWindow(
                self.root, f"Rules: {v.title}", v.rules, lambda: self._closed("rules")
            ),
        )

    def do_log(self) -> None:
        text = "\n".join(log_lines(self.session.match))
        self._open("log", lambda: TextWindow(self.root, "Log", text, lambda: self._closed("log")))

    def do_settings(self) -> None:
        self._open(
            "settings",
            lambda: SettingsWindow(
                self.root,
                self.plugins.players,
                self.plugins.variants,
                self.settings,
                self.apply_settings,
                lambda: self._closed("settings"),
            ),
        )

    def _open(self, name: str, make: Callable[[], tk.Toplevel]) -> None:
        if name in self.windows:
            self.windows[name].lift()
            return
        self.windows[name] = make()
        self.redraw()  # the status line says the computers wait

    def _closed(self, name: str) -> None:
        self.windows.pop(name, None)
        # Collect the closed window's Tk variables here, in the Tk thread: a collection
        # that happened to run in the worker thread would call Tcl from the wrong thread.
        gc.collect()
        if self.canvas.winfo_exists():
            self.canvas.focus_set()  # the keyboard goes back to the table
            self.refresh()

    def apply_settings(self, new: Settings) -> str | None:
        """Take the settings window's values; a new game, seats or seed start a new match."""
        if new.variant not in self.plugins.variants:
            return f"unknown game {new.variant!r}"
        seats = self.plugins.variants.get(new.variant).seats
        if seats not in SEAT_SIDES:
            return f"the table seats 2, 3 or 4 players; {new.variant} has {seats} seats"
        restart = (
            new.variant != self.settings.variant
            or new.seats != self.settings.seats
            or new.seed != self.settings.seed
        )
        session = None
        if restart:
            try:
                session = self._new_session(new.variant, new.seats, new.seed)
            except (SeatsError, CapicuaError, ValueError) as exc:
                return str(exc)
        self.settings.delay = new.delay
        if session is not None:  # a restart
            self.settings.variant, self.settings.seats = new.variant, new.seats
            self.settings.seed = new.seed
            self.install(session)
        return None

    # -- matches -------------------------------------------------------------------------

    def _new_session(self, variant: str, seats: dict[int, Any], seed: int | None) -> Session:
        v = self.plugins.variants.create(variant)
        return Session(Match(v, seed), seats, self.plugins.players)

    def start(self, variant: str, seats: dict[int, Any], seed: int | None) -> None:
        """A new match: Chiva from 6-6, double-nine from a new draw for first lead."""
        self.install(self._new_session(variant, seats, seed))

    def install(self, session: Session) -> None:
        self._invalidate()
        self.session = session
        self.ui.error = self.ui.message = None
        self.ctl.reset()
        self._after_change()

    def _offer_resume(self) -> None:
        loaded = save.load(self.plugins.variants)
        if loaded.damaged:
            self.ui.message = loaded.damaged
        if loaded.match is None:
            return
        m = loaded.match
        self._resume = loaded
        what = f"hand {m.hand_number}, score {scores_text(m.scores)}"
        text = f"An unfinished {m.variant.title} match is saved ({what}). Resume it?"
        self.ui.question = (
            text,
            (Choice("choice:resume", "Resume"), Choice("choice:new", "New match")),
        )

    def advance(self, actions: int) -> int:
        """Play ``actions`` actions at once (the person's by the hint), then on to the
        person's next decision, stopping early at the end of a hand; for rendering a
        position (``--screenshot --moves``). Returns how many were played."""
        self._invalidate()
        s = self.session
        done = 0
        while not s.match.over and s.held_hand is None:
            if done >= actions and (s.human is None or self.person_view() is not None):
                break
            seat = s.match.to_move  # the match is not over
            auto = s.automatic()
            if auto is not None:
                s.apply(auto)
            elif s.is_human(seat):
                s.apply(suggest(s.match.view(seat))[0])
            else:
                decision = s.decision_job(seat)()
                s.apply(decision.action, decision.stream)
            done += 1
        self.ctl.reset()
        if self.person_view() is not None:  # show the hint's preview, lit end and reason
            action, reason = suggest(self.person_view())
            self.ctl.preview(action)
            self.ui.message = f"Hint: {reason}"
        self.redraw()
        return done

    def shutdown(self) -> None:
        """Stop scheduling and let the worker thread end; the window stays."""
        self._invalidate()
        for window in list(self.windows.values()):
            window.destroy()
        self.windows.clear()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self.shutdown()
        self.root.destroy()
