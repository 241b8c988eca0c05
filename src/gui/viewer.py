"""The replay viewer: a recorded match at the table, watched move by move.

:class:`ViewerApp` puts a :class:`~capicua.gui.playback.Playback` on a Tk canvas with the
table's own drawing (:class:`~capicua.gui.table.TableView`, drawing the scene of
:func:`~capicua.gui.replay_scene.replay_scene`), the same sliding tile for each play and the same
log. The person steps forward and back, jumps to a hand's start, plays the record at a
chosen speed and pauses it, shows every hand face up or only one seat's (what that seat
knew), asks for a review of a hand (the marks go on the log and the verdict on the felt as
each reviewed move is made), and can *play from here*: the viewer turns into a live
:class:`~capicua.gui.app.TableApp` at the position shown, the person in the seat they
choose, the record up to there the match's history.

No rule is decided here: the positions are the engine's (the playback's undo and redo),
the scene is the table's, and the review runs in a worker thread on a match of its own.
"""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable, Sequence
from typing import Any

from .. import trust
from ..core.variant import score_dash
from ..i18n import N_, _, language
from . import save
from .app import TableApp
from .controller import Response
from .dialogs import TextWindow
from .model import Session
from .playback import Playback, table_seats
from .replay_scene import Watching, replay_scene
from .reviewing import Reviews, review_job
from .reviewing import summary as review_summary
from .scene import Choice, Scene
from .settings import Settings
from .texts import NO_REVIEW, counts_rounds, hand_head, log_lines
from .window import TableWindow

POLL_MS = 15
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)  # seconds a move while playing
HOLD = 2.0  # a finished hand (or round of the draw) stays this many moves' time

# Translators: the viewer's keys, under the rules (F1); keep the key names as the
# keyboard labels them.
KEYS = N_("""\
Keys in the viewer

  - ← →: one move back, one move on.
  - ↑ ↓ (or Page Up, Page Down): the start of this hand or the one before; the next hand.
  - Home, End: the start of the record, its end.
  - Space: play the record, pause it. + and -: faster, slower.
  - S: which hands are face up (every hand, or one seat's: what that seat knew).
  - R: review this hand. P: play on from here. Ctrl+L: the log. F1: these rules.""")
FROM_HERE = N_("Play on from here: which seat will you take? Computer players take the others.")
REPLACE = N_(
    "Playing from here replaces the unfinished {title} match saved on this computer "
    "(hand {hand}, score {score})."
)
OVER_HERE = N_("The match is over here: step back to play on from an earlier move.")
SEALED = N_(
    "This match can still be played on: only your hand is shown. capicua view --reveal "
    "shows every hand and marks the saved match as seen."
)
NOTHING_DEALT = N_("No hand is dealt yet at this point of the record.")


class ViewerApp(TableWindow):
    """The viewer of ``playback`` on ``root`` (see the module docstring). ``source`` names
    the record (``records.jsonl, match 2 of 40``); ``delay`` is the computer players' pace
    at a table played on from here; ``on_table`` is told of that table when it opens."""

    def __init__(
        self,
        root: tk.Tk,
        plugins: Any,
        playback: Playback,
        *,
        source: str,
        speed: float = 1.0,
        delay: float = 0.6,
        animate: bool = True,
        saving: bool = True,
        on_table: Callable[[TableApp], None] | None = None,
        agreed: Sequence[Any] = (),
    ) -> None:
        super().__init__(root, f"capicua: {source}", "capicua-review")
        #: The record's seat entries whose programs the person agreed to run (files are
        #: data: no other program of the record starts, see capicua.trust).
        self.agreed = tuple(agreed)
        self.plugins = plugins
        self.playback = playback
        self.source = source
        self.speed = speed
        self.delay = delay
        self.animate = animate
        self.saving = saving
        self.on_table = on_table
        self.playing = False
        self.reviews = Reviews()
        self._after: str | None = None  # the next move while playing
        self._reviewing: int | None = None  # the hand being reviewed
        self._asking: str | None = None  # the question on the felt: "seat", "replace"
        self._seat: int | None = None  # the seat chosen to play from here
        self.table_app: TableApp | None = None
        self._bind()
        self.canvas.focus_set()
        self.redraw()

    # -- wiring ----------------------------------------------------------------------------

    def _bind(self) -> None:
        c = self.canvas
        for tag in ("button", "choice", "felt", "hand", "line", "end"):
            c.tag_bind(tag, "<ButtonPress-1>", self._on_press)
        c.bind("<ButtonRelease-1>", self._on_release)
        for key in (
            "Left",
            "Right",
            "Up",
            "Down",
            "Prior",
            "Next",
            "Home",
            "End",
            "Return",
            "KP_Enter",
            "space",
            "Escape",
            "plus",
            "minus",
            "KP_Add",
            "KP_Subtract",
            "s",
            "r",
            "p",
        ):
            c.bind(f"<KeyPress-{key}>", functools.partial(self._key_event, key))
        c.bind("<Control-l>", lambda _e: self.command("log"))
        c.bind("<F1>", lambda _e: self.command("rules"))

    def _on_press(self, event: tk.Event) -> None:
        x, y = self.pointer(event)
        self.canvas.focus_set()
        self.slider.finish()
        self.ctl.press(self.table.target_at(x, y), x, y)

    def _on_release(self, event: tk.Event) -> None:
        x, y = self.pointer(event)
        self._handle(self.ctl.release(self.table.target_at(x, y), x, y, None))

    def _handle(self, resp: Response) -> None:
        if resp.button:
            self.command(resp.button)
        elif resp.changed:
            self.redraw()

    def _key_event(self, key: str, _event: tk.Event) -> None:
        self.key(key)

    def key(self, key: str) -> None:
        """A key on the canvas: the viewer's commands, or a question's choices."""
        self.slider.finish()
        if self.ui.question is not None:
            # A question on the felt: the keys walk its choices; Escape declines it.
            if key == "Escape":
                self.command("cancel")
                return
            scene = self.table.scene
            self._handle(self.ctl.key(key, None, scene.focusable() if scene else []))
            return
        name = {
            "Left": "back",
            "Right": "forward",
            "Up": "previous",
            "Prior": "previous",
            "Down": "next",
            "Next": "next",
            "Home": "start",
            "End": "end",
            "space": "play",
            "plus": "faster",
            "KP_Add": "faster",
            "minus": "slower",
            "KP_Subtract": "slower",
            "s": "show",
            "r": "review",
            "p": "from_here",
        }.get(key)
        if name is not None:
            self.command(name)

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self) -> None:
        self._redraw_pending = False
        if not self.canvas.winfo_exists():
            return
        scene = self.scene()
        self.ctl.focus = scene.focus
        self.table.reuse = not self.slider.sliding  # a sliding tile is drawn in place anew
        self.table.draw(scene)
        self.slider.redrawn()
        log = self.windows.get("log")
        if isinstance(log, TextWindow):
            log.set_text("\n".join(self._log_lines()))

    def scene(self) -> Scene:
        """The frame to draw now (see :func:`~capicua.gui.replay_scene.replay_scene`)."""
        state = Watching(self.source, self.playing, self.speed, self._reviewing)
        return replay_scene(self.playback, self.ctl, self.ui, self.reviews, state)

    def _log_lines(self) -> list[str]:
        return log_lines(self.playback.shown, self.reviews.notes(self.playback.shown))

    # -- moving ----------------------------------------------------------------------------

    def forward(self) -> bool:
        """One frame on, the tile sliding in from its seat; False at the end."""
        self.slider.finish()
        if not self.playback.step(1):
            return False
        self.redraw()
        moved = self.playback.last_move()
        if moved is not None and self.animate:
            self._slide(moved[0])
        return True

    def _slide(self, seat: int) -> None:
        tag = "played:last"  # the last tile played, on a line or a board
        to = self.table.centre_of(tag)
        frm = self.table.seat_centre(seat)
        if to is not None and frm is not None:
            self.slider.start(tag, frm, to)

    def _moved(self, how: Callable[[], Any]) -> None:
        self.slider.finish()
        how()
        self.redraw()

    def command(self, name: str) -> None:
        """A button, a key or a choice on the felt."""
        if name.startswith("seat_"):
            self._chose_seat(int(name[5:]))
            return
        handler = getattr(self, f"do_{name}", None)
        if handler is not None:
            self.ui.message = None
            handler()

    def do_back(self) -> None:
        self._stop()
        self._moved(lambda: self.playback.step(-1))

    def do_forward(self) -> None:
        self._stop()
        self.forward()

    def do_previous(self) -> None:
        self._stop()
        self._moved(self.playback.previous_hand)

    def do_next(self) -> None:
        self._stop()
        self._moved(self.playback.next_hand)

    def do_start(self) -> None:
        self._stop()
        self._moved(lambda: self.playback.goto(0))

    def do_end(self) -> None:
        self._stop()
        self._moved(lambda: self.playback.goto(len(self.playback.frames) - 1))

    def do_play(self) -> None:
        """Play the record from here at the chosen speed, or pause it."""
        if self.playing:
            self._stop()
            self.redraw()
            return
        if self.playback.at_end:
            self.playback.goto(0)  # played to its end: play it again from the start
        self.playing = True
        self.redraw()
        self._tick_later()

    def _tick_later(self) -> None:
        wait = self.speed * (HOLD if self.playback.frame.holding else 1.0)
        self._after = self.root.after(int(wait * 1000), self._tick)

    def _tick(self) -> None:
        self._after = None
        if not self.playing:
            return
        if not self.forward() or self.playback.at_end:
            self.playing = False
            self.redraw()
            return
        self._tick_later()

    def _stop(self) -> None:
        self.playing = False
        if self._after is not None:
            self.root.after_cancel(self._after)
            self._after = None

    def do_speed(self) -> None:
        """The next speed, round to the first after the slowest."""
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
        self.speed = SPEEDS[(i + 1) % len(SPEEDS)]
        self.redraw()

    def do_faster(self) -> None:
        self.speed = max((s for s in SPEEDS if s < self.speed), default=SPEEDS[0])
        self.redraw()

    def do_slower(self) -> None:
        self.speed = min((s for s in SPEEDS if s > self.speed), default=SPEEDS[-1])
        self.redraw()

    def do_show(self) -> None:
        """Every hand face up, then each seat's alone in turn, then every hand again."""
        pb = self.playback
        n = pb.match.variant.seats
        if not pb.show_only(1 if pb.only is None else pb.only + 1 if pb.only < n else None):
            self.ui.message = _(SEALED)
        self.redraw()

    # -- the review ------------------------------------------------------------------------

    def review_seats(self) -> tuple[int, ...]:
        """The seats a review covers: the one face up, or every seat."""
        pb = self.playback
        return (pb.only,) if pb.only is not None else tuple(range(1, pb.match.variant.seats + 1))

    def do_review(self) -> None:
        """Review the hand shown (from each reviewed seat's view), in the worker thread; the
        log opens with the marks, and the felt tells each reviewed move as it is made."""
        pb = self.playback
        hand = pb.frame.held_hand or pb.frame.hand
        if self._reviewing is not None:
            return
        if hand not in pb.hand_starts:
            self.ui.message = _(NOTHING_DEALT)
            self.redraw()
            return
        seats = self.review_seats()
        done = self.reviews.of(pb.match, hand)
        if done is not None and set(seats) <= set(done.seats):
            self.do_log()
            return
        whole = pb.whole()
        future = self.pool.submit(review_job(whole, hand, seats))
        self._reviewing = hand
        self.redraw()

        def poll() -> None:
            if not future.done():
                self.root.after(POLL_MS, poll)
                return
            self._reviewing = None
            if not self.canvas.winfo_exists():
                return
            try:
                review = future.result()
            except Exception as exc:  # noqa: BLE001 - a failed review must not stop the viewer
                self.ui.message = _(NO_REVIEW).format(reason=exc)
                self.redraw()
                return
            self.reviews.add(whole, hand, review)
            self.ui.message = review_summary(review, pb.shown)
            self.redraw()
            self.do_log()
            log = self.windows.get("log")
            if isinstance(log, TextWindow):
                log.scroll_to(hand_head(hand, rounds=counts_rounds(pb.shown.variant)))

        self.root.after(POLL_MS, poll)

    @property
    def reviewing(self) -> bool:
        return self._reviewing is not None

    # -- play from here --------------------------------------------------------------------

    def do_from_here(self) -> None:
        pb = self.playback
        if pb.match.over:
            self.ui.message = _(OVER_HERE)
            self.redraw()
            return
        self._stop()
        n = pb.match.variant.seats
        choices = tuple(
            Choice(f"choice:seat_{s}", _("Seat {seat}").format(seat=s)) for s in range(1, n + 1)
        )
        self._ask("seat", _(FROM_HERE), (*choices, Choice("choice:cancel", _("Cancel"))))

    def _chose_seat(self, seat: int) -> None:
        if self._asking != "seat":
            return
        self._unask()
        self._seat = seat
        saved = self._unfinished_save()
        if saved is not None:
            title, hand, score = saved
            self._ask(
                "replace",
                _(REPLACE).format(title=title, hand=hand, score=score),
                (Choice("choice:cancel", _("Keep it")), Choice("choice:replace", _("Replace it"))),
            )
            return
        self.play_from_here(seat)

    def do_replace(self) -> None:
        if self._asking == "replace" and self._seat is not None:
            self._unask()
            self.play_from_here(self._seat)

    def do_cancel(self) -> None:
        if self._asking is not None:
            self._unask()
            self.redraw()

    def _ask(self, kind: str, text: str, choices: tuple[Choice, ...]) -> None:
        self._asking = kind
        self.ui.question = (text, choices)
        self.ui.question_kind = kind
        self.ctl.reset()
        self.ctl.focus = choices[0].target
        self.redraw()

    def _unask(self) -> None:
        self._asking = None
        self.ui.question = None
        self.ui.question_kind = None
        self.ctl.reset()

    def _unfinished_save(self) -> tuple[str, int, str] | None:
        """The game's unfinished saved match that a table played from here would replace:
        its title, hand and score; ``None`` when nothing would be lost."""
        if not self.saving:
            return None
        variant = self.playback.match.variant.name
        loaded = save.load(self.plugins.variants, save.save_path(variant), self.plugins.players)
        m = loaded.match
        if m is None:
            return None
        return _(m.variant.title), m.hand_number, score_dash(m.scores)

    def play_from_here(self, seat: int) -> TableApp:
        """Open a live table at the position shown, the person in ``seat``: the record up to
        here is its history, the computers play the other seats."""
        pb = self.playback
        match = pb.fork()
        safe, stopped = trust.guard(self.plugins.players, pb.shown.seats, self.agreed)
        seats = table_seats(safe, seat, self.plugins.players)
        session = Session(match, seats, self.plugins.players)
        session.held_hand = pb.frame.held_hand
        session.held_draw = pb.frame.held_draw
        settings = Settings(match.variant.name, dict(seats), match.seed, self.delay)
        settings.animate = self.animate
        self.shutdown()
        self.canvas.destroy()
        app = TableApp(
            self.root,
            self.plugins,
            settings,
            saving=self.saving,
            offer_resume=False,
            session=session,
        )
        self.table_app = app
        if stopped:
            app.ui.notice = trust.stopped_notice(
                stopped, trust.built_in(self.plugins.players), "capicua view --trust-commands"
            )
            app.refresh()
        if self.on_table is not None:
            self.on_table(app)
        return app

    # -- side windows ----------------------------------------------------------------------

    def do_log(self) -> None:
        text = "\n".join(self._log_lines())
        self.open_window(
            "log", lambda: TextWindow(self.root, _("Log"), text, lambda: self.closed_window("log"))
        )

    def do_rules(self) -> None:
        v = self.playback.match.variant
        text = f"{v.rules_in(language()).rstrip()}\n\n{_(KEYS)}"
        title = _("Rules: {title}").format(title=_(v.title))
        self.open_window(
            "rules",
            lambda: TextWindow(
                self.root, title, text, lambda: self.closed_window("rules"), reflowed=True
            ),
        )

    # -- closing ---------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop playing and let the worker end; the window stays."""
        self._stop()
        self.slider.finish()
        super().shutdown()
