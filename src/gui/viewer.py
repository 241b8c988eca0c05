"""The replay viewer: a recorded match at the table, watched move by move.

:class:`ViewerApp` puts a :class:`~capicua.gui.playback.Playback` on a Tk canvas with the
table's own drawing (:class:`~capicua.gui.table.TableView`, from
:func:`~capicua.gui.scene.build_scene`), the same sliding tile for each play and the same
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

import dataclasses
import functools
import gc
import tkinter as tk
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..core.errors import CapicuaError
from ..review import Decision
from . import save
from .app import TableApp
from .controller import Controller, Response
from .dialogs import Settings, TextWindow
from .geometry import MIN_SIZE
from .model import Session, is_person
from .playback import Playback
from .reviewing import Reviews, felt_lines, mark_words, review_job
from .reviewing import summary as review_summary
from .scene import Button, Choice, Scene, Ui, build_scene
from .slide import Slider
from .table import TableView
from .texts import (
    NO_REVIEW,
    REVIEW_HAND,
    cap,
    entry_name,
    last_move,
    log_lines,
    score_text,
    seat_name,
    team_name,
)

POLL_MS = 15
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)  # seconds a move while playing
HOLD = 2.0  # a finished hand (or round of the draw) stays this many moves' time

BUTTONS = (
    ("back", "◀ Back"),
    ("forward", "Forward ▶"),
    ("previous", "◀◀ Hand"),
    ("next", "Hand ▶▶"),
    ("play", "Play"),
    ("speed", ""),
    ("show", ""),
    ("review", "Review hand"),
    ("from_here", "Play from here"),
    ("log", "Log"),
    ("rules", "Rules"),
)
KEYS = """\
Keys in the viewer

  - ← →: one move back, one move on.
  - ↑ ↓ (or Page Up, Page Down): the start of this hand or the one before; the next hand.
  - Home, End: the start of the record, its end.
  - Space: play the record, pause it. + and -: faster, slower.
  - S: which hands are face up (every hand, or one seat's: what that seat knew).
  - R: review this hand. P: play on from here. Ctrl+L: the log. F1: these rules."""
FROM_HERE = "Play on from here: which seat will you take? Computer players take the others."
REPLACE = (
    "Playing from here replaces the unfinished {title} match saved on this computer "
    "(hand {hand}, score {score})."
)
PASS_LEGEND = "PASS: passed since seat {seat}'s last turn · passed on 3, 5: holds no 3 and no 5"
OVER_HERE = "The match is over here: step back to play on from an earlier move."
NOTHING_DEALT = "No hand is dealt yet at this point of the record."


def speed_words(seconds: float) -> str:
    return f"{seconds:g} s a move"


def table_seats(entries: Mapping[int, Any], person: int, players: Any) -> dict[int, Any]:
    """The seats of a table played on from a record: the person in ``person``; every other
    seat keeps its record's player where that player is installed here and is a computer,
    else gets the strongest built-in computer player."""
    fallback = next((n for n in ("expert", "heuristic", "random") if n in players), "random")
    seats: dict[int, Any] = {}
    for s, entry in entries.items():
        if s == person:
            seats[s] = "human"
            continue
        try:
            usable = not is_person(players, entry)
        except (CapicuaError, ValueError, TypeError):
            usable = False  # not installed here, or not a player entry at all
        seats[s] = entry if usable else fallback
    return seats


class ViewerApp:
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
    ) -> None:
        self.root = root
        self.plugins = plugins
        self.playback = playback
        self.source = source
        self.speed = speed
        self.delay = delay
        self.animate = animate
        self.saving = saving
        self.on_table = on_table
        self.playing = False
        self.ui = Ui()
        self.ctl = Controller()
        self.reviews = Reviews()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="capicua-review")
        self._after: str | None = None  # the next move while playing
        self._reviewing: int | None = None  # the hand being reviewed
        self._asking: str | None = None  # the question on the felt: "seat", "replace"
        self._seat: int | None = None  # the seat chosen to play from here
        self._redraw_pending = False
        self.windows: dict[str, tk.Toplevel] = {}
        self.table_app: TableApp | None = None
        root.title(f"capicua: {source}")
        root.minsize(*MIN_SIZE)
        self.canvas = tk.Canvas(root, highlightthickness=0, background="#3b2a1e", takefocus=True)
        self.canvas.pack(fill="both", expand=True)
        self.table = TableView(self.canvas)
        self.slider = Slider(root, self.canvas)
        self._bind()
        root.protocol("WM_DELETE_WINDOW", self.close)
        self.canvas.focus_set()
        self.redraw()

    # -- wiring ----------------------------------------------------------------------------

    def _bind(self) -> None:
        c = self.canvas
        for tag in ("button", "choice", "felt", "hand", "line", "end"):
            c.tag_bind(tag, "<ButtonPress-1>", self._on_press)
        c.bind("<ButtonRelease-1>", self._on_release)
        c.bind("<Configure>", lambda _e: self._schedule_redraw())
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
        c.bind("<Tab>", lambda _e: self._tab("Tab"))
        c.bind("<ISO_Left_Tab>", lambda _e: self._tab("ISO_Left_Tab"))
        c.bind("<Shift-Tab>", lambda _e: self._tab("ISO_Left_Tab"))
        c.bind("<Control-l>", lambda _e: self.command("log"))
        c.bind("<F1>", lambda _e: self.command("rules"))

    def _on_press(self, event: tk.Event) -> None:
        x, y = self.canvas.canvasx(event.x), self.canvas.canvasy(event.y)
        self.canvas.focus_set()
        self.slider.finish()
        self.ctl.press(self.table.target_at(x, y), x, y)

    def _on_release(self, event: tk.Event) -> None:
        x, y = self.canvas.canvasx(event.x), self.canvas.canvasy(event.y)
        self._handle(self.ctl.release(self.table.target_at(x, y), x, y, None))

    def _handle(self, resp: Response) -> None:
        if resp.button:
            self.command(resp.button)
        elif resp.changed:
            self.redraw()

    def _tab(self, keysym: str) -> str:
        self._key(keysym)
        return "break"

    def _key_event(self, key: str, _event: tk.Event) -> None:
        self._key(key)

    def _key(self, key: str) -> None:
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

    def _schedule_redraw(self) -> None:
        if not self._redraw_pending:
            self._redraw_pending = True
            self.root.after_idle(self.redraw)

    def redraw(self) -> None:
        self._redraw_pending = False
        if not self.canvas.winfo_exists():
            return
        scene = self.scene()
        self.ctl.focus = scene.focus
        self.table.draw(scene)
        self.slider.redrawn()
        log = self.windows.get("log")
        if isinstance(log, TextWindow):
            log.set_text("\n".join(self._log_lines()))

    def scene(self) -> Scene:
        """The table's scene of the position shown, dressed for the viewer: the open hands,
        the viewer's buttons and panel, and the review of the move just made."""
        pb = self.playback
        shown = pb.shown
        scene = build_scene(shown, self.ctl, self.ui)
        opened = pb.open_hands()
        seats = tuple(
            dataclasses.replace(x, tiles=opened[x.seat], count=len(opened[x.seat]))
            if x.seat in opened
            else x
            for x in scene.seats
        )
        banner, choices = scene.banner, scene.choices
        if self.ui.question is None:
            if pb.frame.held_hand is not None:
                choices = () if self._reviewing else (Choice("choice:review", REVIEW_HAND),)
            else:
                decision = self._just_reviewed()
                if decision is not None:
                    banner = felt_lines(decision, shown)
        focus = scene.focus if scene.focus in [c.target for c in choices] else None
        legend = PASS_LEGEND.format(seat=shown.viewpoint) if scene.legend else None
        return dataclasses.replace(
            scene,
            seats=seats,
            legend=legend,
            banner=banner,
            choices=choices,
            focus=focus,
            buttons=self._buttons(),
            panel=self._panel(),
        )

    def _buttons(self) -> tuple[Button, ...]:
        pb = self.playback
        labels = {
            "play": "Pause" if self.playing else "Play",
            "speed": speed_words(self.speed),
            "show": "Every hand" if pb.only is None else f"Seat {pb.only}'s hand",
            "review": "Reviewing…" if self._reviewing else "Review hand",
        }
        enabled = {
            "back": not pb.at_start,
            "forward": not pb.at_end,
            "previous": not pb.at_start,
            "next": not pb.at_end,
            "review": self._reviewing is None,
            "from_here": not pb.match.over,
        }
        return tuple(
            Button(name, labels.get(name, label), enabled.get(name, True))
            for name, label in BUTTONS
        )

    def _panel(self) -> tuple[tuple[str, str], ...]:
        pb = self.playback
        s = pb.shown
        v = s.variant
        view = s.view()
        out = [(v.title, "title"), (f"Replay: {self.source}", "muted")]
        out.append((f"Seed {s.match.seed}", "muted"))
        for team in range(1, len(v.teams) + 1):
            players = ", ".join(
                f"{seat_name(s, x)} ({entry_name(s.seats[x])})" for x in v.teams[team - 1]
            )
            out.append((f"{cap(team_name(s, team))}: {players}", "team"))
            out.append((score_text(v, view.scores[team - 1]), "score"))
        out.append((f"Move {pb.count} of {pb.total} · hand {pb.frame.hand} of {pb.hands}", "turn"))
        if self.playing:
            out.append((f"Playing, {speed_words(self.speed)}: Space pauses.", "status"))
        elif pb.at_end:
            out.append(("The end of the record.", "status"))
        else:
            out.append(("Paused: → or Forward steps on, Space plays.", "status"))
        last = last_move(view, s) if not pb.frame.holding else None
        if last:
            out.append((last, "muted"))
        decision = self._just_reviewed()
        if decision is not None:
            out.append((f"Review: {mark_words(decision)}.", "message"))
        if self.ui.message:
            out.append((self.ui.message, "message"))
        face = (
            "Face up: every hand."
            if pb.only is None
            else f"Face up: only seat {pb.only}'s hand, what seat {pb.only} knew."
        )
        out.append((face, "muted"))
        return tuple(out)

    def _just_reviewed(self) -> Decision | None:
        """The reviewed decision the position shown has just made, if any: the last action
        applied is the last play or pass of the hand being played."""
        pb = self.playback
        m = pb.match
        log = m.hand
        if pb.frame.holding or log is None or log.result is not None or not log.actions:
            return None
        if pb.moves[pb.count - 1][1] is not log.actions[-1][1]:
            return None
        return self.reviews.decisions(m).get((log.number, len(log.actions) - 1))

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
        line = self.table.scene.line if self.table.scene is not None else None
        if line is None or line.last is None:
            return
        tag = f"line:{line.last}"
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
        pb.show_only(1 if pb.only is None else pb.only + 1 if pb.only < n else None)
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
            self.ui.message = NOTHING_DEALT
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
                self.ui.message = NO_REVIEW.format(reason=exc)
                self.redraw()
                return
            self.reviews.add(whole, hand, review)
            self.ui.message = review_summary(review, pb.shown)
            self.redraw()
            self.do_log()
            log = self.windows.get("log")
            if isinstance(log, TextWindow):
                log.scroll_to(f"Hand {hand}:")

        self.root.after(POLL_MS, poll)

    @property
    def reviewing(self) -> bool:
        return self._reviewing is not None

    # -- play from here --------------------------------------------------------------------

    def do_from_here(self) -> None:
        pb = self.playback
        if pb.match.over:
            self.ui.message = OVER_HERE
            self.redraw()
            return
        self._stop()
        n = pb.match.variant.seats
        choices = tuple(Choice(f"choice:seat_{s}", f"Seat {s}") for s in range(1, n + 1))
        self._ask("seat", FROM_HERE, (*choices, Choice("choice:cancel", "Cancel")))

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
                REPLACE.format(title=title, hand=hand, score=score),
                (Choice("choice:cancel", "Keep it"), Choice("choice:replace", "Replace it")),
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
        return m.variant.title, m.hand_number, "–".join(map(str, m.scores))

    def play_from_here(self, seat: int) -> TableApp:
        """Open a live table at the position shown, the person in ``seat``: the record up to
        here is its history, the computers play the other seats."""
        pb = self.playback
        match = pb.fork()
        seats = table_seats(pb.shown.seats, seat, self.plugins.players)
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
        if self.on_table is not None:
            self.on_table(app)
        return app

    # -- side windows ----------------------------------------------------------------------

    def do_log(self) -> None:
        text = "\n".join(self._log_lines())
        self._open("log", lambda: TextWindow(self.root, "Log", text, lambda: self._closed("log")))

    def do_rules(self) -> None:
        v = self.playback.match.variant
        text = f"{v.rules.rstrip()}\n\n{KEYS}"
        self._open(
            "rules",
            lambda: TextWindow(
                self.root, f"Rules: {v.title}", text, lambda: self._closed("rules"), reflowed=True
            ),
        )

    def _open(self, name: str, make: Callable[[], tk.Toplevel]) -> None:
        if name in self.windows:
            self.windows[name].lift()
            return
        self.windows[name] = make()

    def _closed(self, name: str) -> None:
        self.windows.pop(name, None)
        gc.collect()  # the closed window's Tk variables, collected in the Tk thread
        if self.canvas.winfo_exists():
            self.canvas.focus_set()

    # -- closing ---------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop playing and let the worker end; the window stays."""
        self._stop()
        self.slider.finish()
        for window in list(self.windows.values()):
            window.destroy()
        self.windows.clear()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self.shutdown()
        self.root.destroy()
