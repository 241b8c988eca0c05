"""The Tk table application: the window, its event loop wiring, commands and matches.

:class:`TableApp` is the controller half that needs Tk. It owns the canvas and a
:class:`~capicua.gui.table.TableView`, feeds canvas events to the Tk-free
:class:`~capicua.gui.controller.Controller`, applies actions through the
:class:`~capicua.gui.model.Session`, saves the match after every change, and leaves when
the computers move to the Tk-free :class:`~capicua.gui.pacing.Pacing`, on Tk's
``after()``. A computer decision runs in a worker thread that is handed only the seat's
view (and its random stream, set to where it stood at this position); the Tk thread polls
for the answer. A computer's tile slides from its seat to its place in the line
(:mod:`.slide`), a few hundred milliseconds that any tap or key cuts short.

No other thread ever touches Tk.
"""

from __future__ import annotations

import functools
import os
import time
import tkinter as tk
from collections.abc import Callable
from typing import Any

from .. import trust
from ..core.actions import DRAW, Action, Play
from ..core.driver import ask
from ..core.errors import CapicuaError, PlayerError
from ..core.variant import Variant
from ..i18n import ENV, LANGUAGES, _, language, set_language
from ..review import replica
from . import save
from .advice import suggest
from .controller import Response
from .dialogs import CONFIRM, SettingsWindow, TextWindow, log_lines
from .geometry import table_problem
from .model import SeatsError, Session
from .pacing import Pacing
from .reviewing import Reviews, review_job
from .reviewing import summary as review_summary
from .scene import Choice, build_scene
from .settings import Settings, changes_match, kept_options
from .texts import (
    CONFIRM_NEW,
    DISABLED,
    KEY_LEGEND,
    NO_REVIEW,
    REVIEWING,
    counts_rounds,
    hand_head,
    resume_question,
)
from .window import TableWindow

POLL_MS = 15  # how often the Tk thread looks for a hint's or a review's answer
TAP_EVENTS = ("hand", "end", "way", "choice", "facedown", "button", "felt", "line", "boneyard")


class TkClock:
    """The pacing's clock on Tk's event loop (:class:`~capicua.gui.pacing.Clock`)."""

    def __init__(self, root: tk.Misc) -> None:
        self.root = root

    def after(self, seconds: float, fn: Callable[[], None]) -> str:
        return self.root.after(max(0, int(seconds * 1000)), fn)

    def cancel(self, handle: str) -> None:
        self.root.after_cancel(handle)

    def now(self) -> float:
        return time.monotonic()


class TableApp(TableWindow):
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
        session: Session | None = None,
    ) -> None:
        self.plugins = plugins
        self.settings = settings
        self.saving = saving
        if saving:
            self._saved_language()
        super().__init__(root, "capicua", "capicua-computer")
        self.pacing = Pacing(self, TkClock(root), self.pool.submit)
        self._reviewing = False  # a review runs in the worker thread
        self._drag_at: tuple[float, float] | None = None
        self.seen = False  # the match's hidden hands were shown (capicua view --reveal)
        self._question: Callable[[], tuple[str, tuple[Choice, ...]]] | None = None
        self._bind()
        self.reviews = Reviews()  # "Review this hand": the marks on the log
        # A saved match of this game is offered before anything new is dealt: the saved
        # table is what shows behind the question. A session given (play from here in the
        # viewer) is played at once.
        resumable = self._saved() if saving and offer_resume and session is None else None
        if session is not None:
            self.session = session
        elif resumable is not None:
            self.session = resumable
        else:
            self.session = self._new_session(settings.variant, settings.seats, settings.seed)
        self.canvas.focus_set()
        self.refresh()
        if session is not None:
            self._save()

    # -- wiring ----------------------------------------------------------------------------

    def _bind(self) -> None:
        c = self.canvas
        for tag in TAP_EVENTS:
            c.tag_bind(tag, "<ButtonPress-1>", self._on_press)
        c.bind("<B1-Motion>", self._on_motion)
        c.bind("<ButtonRelease-1>", self._on_release)
        for key in ("Left", "Right", "Up", "Down", "Return", "KP_Enter", "space", "Escape"):
            c.bind(f"<KeyPress-{key}>", lambda e: self.key(e.keysym))
        for seq, name in (
            ("<Control-z>", "undo"),
            ("<Control-y>", "redo"),
            ("<Control-Z>", "redo"),
            ("<F1>", "rules"),
            ("<Control-l>", "log"),
            ("<Control-h>", "hint"),
            ("<Control-n>", "new"),
            ("<Control-r>", "restart"),
            ("<Control-comma>", "settings"),
            ("<F2>", "settings"),
            ("<KeyPress-n>", "next"),
            ("<KeyPress-d>", "boneyard"),
        ):
            c.bind(seq, functools.partial(self._shortcut_key, name))

    def key(self, keysym: str) -> None:
        """A key on the canvas: the arrows, Tab, Enter, Space and Escape."""
        self.finish_slide()  # the person acts: a tile still sliding lands at once
        if keysym == "Escape" and self.ctl.hinted is not None:
            self.ctl.reset()  # Escape drops a hint's preview whole, not one step of it
            self.ui.message = None
            self.redraw()
            return
        self._handle(self.ctl.key(keysym, self.table_view(), self._focusable(), self._panel()))

    def _shortcut_key(self, name: str, _event: tk.Event) -> None:
        self._shortcut(name)

    def _shortcut(self, name: str) -> None:
        self.finish_slide()
        if name == "next" and not self.ui.step_wait:
            return
        if name == "boneyard":  # D draws, as a tap on the boneyard does
            self._handle(self.ctl.activate("boneyard", self.table_view()))
            return
        self.command(name)

    def _on_press(self, event: tk.Event) -> None:
        x, y = self.pointer(event)
        self._drag_at = (x, y)
        self.canvas.focus_set()
        self.finish_slide()
        self._handle(self.ctl.press(self.table.target_at(x, y), x, y))

    def _on_motion(self, event: tk.Event) -> None:
        x, y = self.pointer(event)
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
        x, y = self.pointer(event)
        self._drag_at = None
        self._handle(self.ctl.release(self.table.target_at(x, y), x, y, self.table_view()))

    def table_view(self):
        """The person's view for reading taps: ``None`` while the table asks a question or
        shows a finished hand (then only its choices count). The controller itself says
        "wait" when a tile is tapped out of turn."""
        if self.ui.question is not None or self.session.holding or self.ui.blocked:
            return None
        return self.session.view()

    def person_view(self):
        """The person's view while they have a decision to make, else ``None``."""
        s = self.session
        if self.ui.question is not None or s.holding or self.ui.blocked:
            return None
        if not s.is_human(s.match.turn) or s.automatic() is not None:
            return None
        return s.view()

    def _focusable(self) -> list[str]:
        scene = self.table.scene
        return scene.focusable() if scene is not None else []

    def _panel(self) -> list[str]:
        """The side panel's buttons that Tab reaches: the ones that can be pressed now."""
        scene = self.table.scene
        if scene is None:
            return []
        return [f"button:{b.name}" for b in scene.buttons if b.enabled]

    def _handle(self, resp: Response) -> None:
        # One status line: whatever the person does next replaces the last message.
        if resp.message is not None or resp.changed or resp.button or resp.action:
            self.ui.message = resp.message
            self.ui.notice = None
        if resp.button:
            self.command(resp.button)
        elif resp.action is not None:
            self.person_acts(resp.action)
        elif resp.changed or resp.message is not None:
            self.redraw()

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self) -> None:
        self._redraw_pending = False
        if not self.canvas.winfo_exists():
            return
        self.ui.buttons = self._buttons()
        self.ui.paused = self.paused
        self.ui.paused_by = tuple(self.windows)
        scene = build_scene(self.session, self.ctl, self.ui)
        self.ctl.focus = scene.focus  # the felt's button in focus is the controller's too
        self.table.reuse = not self.slider.sliding  # a sliding tile is drawn in place anew
        self.table.draw(scene)
        self.slider.redrawn()  # a frame drawn mid-slide keeps the tile on its way
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
            log.set_text("\n".join(self._log_lines()))

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
        self.pacing.invalidate()

    def held_back(self) -> bool:
        """Nothing scheduled may be applied now: a side window is open, the table asks the
        person something, or a computer player broke."""
        return bool(self.windows) or self.ui.question is not None or self.ui.error is not None

    def pump(self) -> None:
        """Start the next step of the match if nothing is pending and nothing holds it."""
        self.pacing.pump()

    # The steps the pacing has the table take (gui.pacing.PacedTable).

    def take(self, action: Action, stream: str | None = None, comment: str = "") -> None:
        seat = self.session.match.turn
        self._apply(action, stream)
        if comment:  # a bot's commentary, until the next move replaces it
            # Translators: a bot's own commentary on its move (not translated).
            self.ui.message = _("Seat {seat}: {comment}").format(seat=seat, comment=comment)
            self.redraw()

    def proceed(self) -> None:
        self._proceed()

    def broke(self, error: PlayerError) -> None:
        self.ui.error = _("{error}. Change the player in Settings, or undo.").format(error=error)
        self.redraw()

    def _apply(self, action: Action, stream: str | None = None) -> None:
        self._invalidate()
        self.finish_slide()
        s = self.session
        seat = s.match.turn
        held = s.view().hand if action is DRAW and s.is_human(seat) else ()
        yard = self.table.centre_of("boneyard:back") if action is DRAW else None
        s.apply(action, stream)
        self.ctl.reset()
        self.ui.message = None
        self._after_change()
        if seat is None or not self.settings.animate or s.holding:
            return  # the last tile of a hand: the result is what shows
        if isinstance(action, Play) and not s.is_human(seat):
            self._start_slide("played:last", self.table.seat_centre(seat))
        elif action is DRAW and yard is not None:
            # A drawn tile travels from the boneyard: face up into the person's hand,
            # face down to another seat.
            new = [t for t in s.view().hand if t not in held]
            tag = f"tile:{new[0]}&&hand" if s.is_human(seat) and new else f"newest:{seat}"
            self._start_slide(tag, yard)

    def _start_slide(self, tag: str, frm: tuple[float, float] | None) -> None:
        to = self.table.centre_of(tag)
        if to is not None and frm is not None:
            self.slider.start(tag, frm, to)

    def finish_slide(self) -> None:
        """Put a sliding tile in its place now (the person acted, or the next move came)."""
        self.slider.finish()

    @property
    def sliding(self) -> bool:
        return self.slider.sliding

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
        s = self.session
        try:
            save.write(s.match, s.seats, s.streams, save.save_path(s.variant.name), self.seen)
        except OSError as exc:
            self.ui.notice = _("Could not save the match: {error}.").format(
                error=exc.strerror or exc
            )

    @property
    def paused(self) -> bool:
        return bool(self.windows)

    # -- commands ------------------------------------------------------------------------

    def command(self, name: str) -> None:
        """A button, a key shortcut or a table choice that is not a match action."""
        enabled = self._buttons()
        if name in enabled and not enabled[name]:
            self.ui.message = self.disabled_reason(name)
            self.redraw()
            return
        handler = getattr(self, f"do_{name}", None)
        if handler is not None:
            handler()

    def disabled_reason(self, name: str) -> str:
        """Why the control ``name`` is greyed, said when it is tapped anyway."""
        return _(DISABLED[name])

    def do_hint(self) -> None:
        view = self.person_view()
        if view is None:
            return
        gen = self.pacing.gen
        self.ui.message = _("looking for a hint…")
        self.redraw()
        future = self.pool.submit(suggest, view)

        def poll() -> None:
            if gen != self.pacing.gen:
                return
            if not future.done():
                self.root.after(POLL_MS, poll)
                return
            try:
                action, reason = future.result()
            except Exception as exc:  # noqa: BLE001 - a hint failing must not stop play
                self.ui.message = _("no hint: {error}").format(error=exc)
            else:
                self.ctl.preview(action)
                self.ui.message = _("Hint: {reason}").format(reason=reason)
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
        if self.session.holding:
            self._proceed()

    def do_next(self) -> None:
        """Step mode: let the computer to move make its move."""
        if self.ui.step_wait is None:
            return
        self.pacing.next()
        self.ctl.reset()
        self.refresh()

    def in_progress(self) -> bool:
        """A match with moves that a new one would throw away."""
        m = self.session.match
        return bool(m.actions) and not m.over

    def do_new(self) -> None:
        """New match: asked on the felt first when it would end a match in progress."""
        if self.ui.question is not None:
            return  # the felt already asks something; its own choices answer it
        if not self.in_progress():
            self.start(self.settings.variant, self.settings.seats, None)
            return
        self.ctl.reset()
        self.ui.message = None
        self._ask(
            "new",
            lambda: (
                _(CONFIRM_NEW),
                (
                    Choice("choice:cancel", _("Keep playing")),
                    Choice("choice:confirm", _("New match")),
                ),
            ),
        )
        self.redraw()

    def do_cancel(self) -> None:
        if self.ui.question_kind == "new":
            self._unask()
            self.refresh()

    def do_confirm(self) -> None:
        if self.ui.question_kind == "new":
            self._unask()
            self.start(self.settings.variant, self.settings.seats, None)

    def do_fresh(self) -> None:
        """Declined the saved match: deal the match asked for."""
        if self.ui.question_kind == "resume":
            self._unask()
            self.start(self.settings.variant, self.settings.seats, self.settings.seed)

    def do_resume(self) -> None:
        if self.ui.question_kind != "resume":
            return
        self._unask()
        s = self.session
        self.settings.variant, self.settings.seats = s.variant.name, dict(s.seats)
        # The match on the table is the saved one: Settings shows its options, not the
        # ones the command line asked for.
        self.settings.options = kept_options(
            s.variant.options, self.settings.options, dict(s.variant.chosen)
        )
        self.refresh()

    def _ask(self, kind: str, make: Callable[[], tuple[str, tuple[Choice, ...]]]) -> None:
        """Ask on the felt what ``make`` words (it is asked again after a change of
        language); the keyboard starts on the first choice (the safe one)."""
        self._question = make
        self.ui.question = make()
        self.ui.question_kind = kind
        self.ctl.focus = self.ui.question[1][0].target

    def _unask(self) -> None:
        self._question = None
        self.ui.question = None
        self.ui.question_kind = None
        self.ctl.reset()

    def _rules(self) -> tuple[str, str]:
        """The rules window's title and text, in the language in use."""
        v = self.session.variant
        text = f"{v.rules_in(language()).rstrip()}\n\n{_(KEY_LEGEND)}"
        return _("Rules: {title}").format(title=_(v.title)), text

    def do_rules(self) -> None:
        title, text = self._rules()
        self.open_window(
            "rules",
            lambda: TextWindow(
                self.root, title, text, lambda: self.closed_window("rules"), reflowed=True
            ),
        )

    def do_log(self) -> None:
        text = "\n".join(self._log_lines())
        self.open_window(
            "log", lambda: TextWindow(self.root, _("Log"), text, lambda: self.closed_window("log"))
        )

    def _log_lines(self) -> list[str]:
        return log_lines(self.session, self.reviews.notes(self.session))

    def do_review(self) -> None:
        """Review the finished hand on show: the expert judges each of the person's
        decisions from their view, in the worker thread; the log opens with the marks."""
        s = self.session
        hand = s.held_hand
        if hand is None or self.ui.question is not None or self._reviewing:
            return
        if self.reviews.of(s.match, hand) is not None:
            self.do_log()
            return
        seat = s.human if s.human is not None else s.viewpoint
        review_copy = replica(s.match)  # the worker's own; the table may go on meanwhile
        job = review_job(review_copy, hand, (seat,))
        gen = self.pacing.gen
        self._reviewing = True
        self.ui.message = _(REVIEWING).format(hand=hand)
        self.redraw()
        future = self.pool.submit(job)

        def poll() -> None:
            if not future.done():
                self.root.after(POLL_MS, poll)
                return
            self._reviewing = False
            if s is not self.session or not self.canvas.winfo_exists():
                return  # another match is at the table now
            try:
                review = future.result()
            except Exception as exc:  # noqa: BLE001 - a failed review must not stop play
                self.ui.message = _(NO_REVIEW).format(reason=exc)
                self.redraw()
                return
            # Kept with the moves it judged: an undo that changes them drops its marks.
            self.reviews.add(review_copy, hand, review)
            self.ui.message = review_summary(review, s)
            if gen == self.pacing.gen:  # still on the hand: show the marks
                self.do_log()
                log = self.windows.get("log")
                if isinstance(log, TextWindow):
                    log.scroll_to(hand_head(hand, rounds=counts_rounds(s.variant)))
            else:
                self.redraw()

        self.root.after(POLL_MS, poll)

    def do_settings(self) -> None:
        self.open_window(
            "settings",
            lambda: SettingsWindow(
                self.root,
                self.plugins.players,
                self.plugins.variants,
                self.settings,
                self.apply_settings,
                lambda: self.closed_window("settings"),
            ),
        )

    def window_opened(self) -> None:
        self.redraw()  # the status line says the computers wait

    def window_closed(self) -> None:
        self.refresh()  # what waited goes on

    def apply_settings(self, new: Settings, confirmed: bool = False) -> str | None:
        """Take the settings window's values; a new game, seed or players start a new match
        (:func:`~.settings.changes_match`); the pace, step mode and language never do.

        Returns ``None`` when taken, a one-line reason when refused, or :data:`CONFIRM` when
        the settings are sound but would end the match in progress and ``confirmed`` is
        not set (the window then asks)."""
        if new.variant not in self.plugins.variants:
            return _("unknown game {name}").format(name=repr(new.variant))
        try:
            problem = table_problem(self.plugins.variants.create(new.variant, new.options))
        except ValueError as exc:  # options each valid that the game refuses together
            return str(exc)
        if problem is not None:
            return problem
        restart = changes_match(self.plugins.players, self.settings, new)
        session = None
        if restart:
            try:
                session = self._new_session(new.variant, new.seats, new.seed, new.options)
            except (SeatsError, CapicuaError, ValueError) as exc:
                return str(exc)
            if self.in_progress() and not confirmed:
                session.close()  # made only to check the seats: its bots end now
                return CONFIRM
        self.settings.delay = new.delay
        self.settings.step, self.settings.animate = new.step, new.animate
        if new.language is not None and new.language != self.settings.language:
            self.settings.language = new.language
            self._keep_language(new.language)
        if new.language is not None and new.language != language():
            self.speak(new.language)
        if not new.step:
            self.ui.step_wait = None
        if session is not None:  # a restart
            self.settings.variant, self.settings.seats = new.variant, new.seats
            self.settings.seed, self.settings.options = new.seed, dict(new.options)
            self.install(session)
        return None

    # -- the language ----------------------------------------------------------------------

    def _saved_language(self) -> None:
        """Speak the language chosen in Settings at an earlier table, unless capicua was
        told one for this run (``--lang``, or ``CAPICUA_LANG`` in the environment): that
        wins, for this run, over the saved choice."""
        chosen = save.read_preferences().get("language")
        if not isinstance(chosen, str) or chosen not in LANGUAGES:
            return
        self.settings.language = chosen
        if not os.environ.get(ENV):
            set_language(chosen)

    def _keep_language(self, code: str) -> None:
        if not self.saving:
            return
        try:
            save.write_preferences({**save.read_preferences(), "language": code})
        except OSError as exc:
            self.ui.notice = _("Could not save the settings: {error}.").format(
                error=exc.strerror or exc
            )

    def speak(self, code: str) -> None:
        """Speak ``code`` from now on: every text on the table, the open windows and any
        question on the felt are said again in it."""
        set_language(code)
        os.environ[ENV] = language()  # computer players started from now on speak it too
        self.ui.message = None  # said in the old language; the next change says anew
        if self._question is not None:
            self.ui.question = self._question()
        for name, window in self.windows.items():
            if not isinstance(window, TextWindow):
                continue
            if name == "rules":
                window.relabel(*self._rules())
            elif name == "log":
                window.relabel(_("Log"), "\n".join(self._log_lines()))
        self.redraw()

    # -- matches -------------------------------------------------------------------------

    def _new_session(
        self,
        variant: str,
        seats: dict[int, Any],
        seed: int | None,
        options: dict[str, Any] | None = None,
    ) -> Session:
        """A match of ``variant`` with ``options`` (default: the settings' own, for their
        game) for ``seats``."""
        if options is None:
            options = self.settings.options if variant == self.settings.variant else {}
        v = self.plugins.variants.create(variant, options)
        return Session(v.new_match(seed), seats, self.plugins.players)

    def start(self, variant: str, seats: dict[int, Any], seed: int | None) -> None:
        """A new match: Chiva from 6-6, double-nine from a new draw for first lead."""
        self.install(self._new_session(variant, seats, seed))

    def install(self, session: Session) -> None:
        self._invalidate()
        self.finish_slide()
        if session is not self.session:
            self.session.close()  # its bots' processes end with it
        self.session = session
        self.seen = False  # a match of its own (play from here starts anew too)
        self.reviews.clear()
        self.ui.error = self.ui.message = None
        self.ctl.reset()
        self._after_change()

    def _saved(self) -> Session | None:
        """The saved, unfinished match of the game asked for, as a session put on hold by
        the resume question; ``None`` when there is none (a damaged save is reported)."""
        variant = self.settings.variant
        loaded = save.load(self.plugins.variants, save.save_path(variant))
        if loaded.match is None and not loaded.damaged and not save.save_path(variant).exists():
            older = save.load(self.plugins.variants, save.save_path())  # an older table's file
            if older.damaged or (older.match is not None and older.match.variant.name == variant):
                loaded = older
        if loaded.damaged:
            self.ui.notice = loaded.damaged
        if loaded.match is None:
            return None
        players = self.plugins.players
        agreed = (*self.settings.seats.values(), *self.settings.agreed)
        seats, stopped = trust.guard(players, loaded.seats or {}, agreed)
        if stopped:
            self.ui.notice = trust.stopped_notice(
                stopped, trust.built_in(players), "capicua play --trust-commands"
            )
        try:
            session = Session(loaded.match, seats, players, loaded.streams)
        except (SeatsError, CapicuaError) as exc:
            self.ui.notice = _("The saved match cannot be resumed: {error}").format(error=exc)
            return None
        m = loaded.match
        self.seen = loaded.seen
        other = self._other_options(m.variant)
        # The hand the panel shows: a finished hand on show is "the" hand, not the next.
        hand = session.held_hand or m.hand_number
        self._ask(
            "resume",
            lambda: (
                resume_question(_(m.variant.title), hand, m.scores, loaded.seen, other),
                (Choice("choice:resume", _("Resume")), Choice("choice:fresh", _("New match"))),
            ),
        )
        return session

    def _other_options(self, saved: Variant) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The saved game's options and the ones asked for, those of each that differ;
        ``None`` when the save is played as asked."""
        try:
            asked = dict(self.plugins.variants.create(saved.name, self.settings.options).chosen)
        except ValueError:
            return None  # the table says so when it deals the match asked for
        had = dict(saved.chosen)
        keys = [k for k in had if asked.get(k, had[k]) != had[k]]
        if not keys:
            return None
        return {k: had[k] for k in keys}, {k: asked[k] for k in keys}

    def advance(self, actions: int) -> int:
        """Play ``actions`` actions at once (the person's by the hint), then on to the
        person's next decision, stopping early at the end of a hand (a finished round of the
        draw for first lead shows when the count ends on it); for rendering a position
        (``--screenshot --moves``). Returns how many were played."""
        self._invalidate()
        self.finish_slide()  # a picture of a position shows no tile on its way
        s = self.session
        done = 0
        while not s.match.over and s.held_hand is None:
            if s.held_draw is not None:
                if done >= actions:
                    break  # the count ends on the draw's result: show it
                s.proceed()
                continue
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
            self.ui.message = _("Hint: {reason}").format(reason=reason)
        self.redraw()
        return done

    def shutdown(self) -> None:
        """Stop scheduling and let the worker thread end; the window stays."""
        self._invalidate()
        self.finish_slide()
        super().shutdown()
        self.session.close()
