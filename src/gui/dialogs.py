"""The table's side windows: the rules, the log of the match, and the settings.

Each is a small Toplevel the app opens and is told about when it closes (the app holds the
computer players while any of them is open). They show text and collect choices; they apply
nothing to the match themselves. They wear the table's colours and type, and their text
wraps to the window: the rules, hard-wrapped for a terminal, are reflowed first
(:func:`~capicua.gui.texts.reflow`). The log's sentences are :func:`~capicua.gui.texts.log_lines`.
"""

from __future__ import annotations

import itertools
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk
from typing import Any

from ..i18n import LANGUAGES, _, language
from .geometry import table_problem
from .settings import (
    Settings,
    control_kind,
    kept_options,
    read_option,
    seat_count,
    seat_player,
)
from .table import GOLD, PANEL, PANEL_EDGE, TEXT, WOOD, font_family
from .texts import CONFIRM_SETTINGS, entry_name, level_word, log_lines, player_word, reflow

__all__ = ["CONFIRM", "Settings", "SettingsWindow", "TextWindow", "log_lines"]

CONFIRM = "confirm"  # what on_apply answers for settings that would end the match

PAD = 8
TOUCH = 48  # pixels: the least height of a control a finger uses (about 9 mm)
ERROR_TEXT = "#ff8a80"
FIELD = "#3b2a1e"  # entry and list backgrounds: the table's wood


def table_style(master: tk.Misc) -> str:
    """Give ttk widgets the table's look under the style prefix returned ("Table.")."""
    style = ttk.Style(master)
    FONT = font_family(master)
    style.configure("Table.TFrame", background=PANEL)
    style.configure("Table.TLabel", background=PANEL, foreground=TEXT, font=(FONT, 11))
    style.configure("Muted.Table.TLabel", background=PANEL, foreground="#bfae93", font=(FONT, 10))
    style.configure("Error.Table.TLabel", background=PANEL, foreground=ERROR_TEXT, font=(FONT, 10))
    style.configure("Table.TCheckbutton", background=PANEL, foreground=TEXT, font=(FONT, 11))
    style.map("Table.TCheckbutton", background=[("active", PANEL_EDGE)])
    # Finger-sized fields: the padding makes a combobox or an entry TOUCH pixels tall.
    style.configure("Table.TCombobox", padding=(6, 11), arrowsize=22)
    style.configure("Table.TEntry", padding=(6, 11))
    style.configure("Table.TSpinbox", padding=(6, 11), arrowsize=22)
    return "Table."


def tick_images(master: tk.Misc, size: int = 30) -> tuple[tk.PhotoImage, tk.PhotoImage]:
    """A checkbox's two faces, ``size`` pixels square: an empty box, and the box with a
    gold tick (drawn here: Tk's own indicator is a few pixels, too small for a finger)."""
    faces = []
    for ticked in (False, True):
        img = tk.PhotoImage(master=master, width=size, height=size)
        img.put(FIELD, to=(0, 0, size, size))
        edge = max(2, size // 12)
        for box in ((0, 0, size, edge), (0, size - edge, size, size)):
            img.put(TEXT, to=box)
        for box in ((0, 0, edge, size), (size - edge, 0, size, size)):
            img.put(TEXT, to=box)
        if ticked:
            w = max(2, size // 8)
            points = ((0.2, 0.52), (0.42, 0.74), (0.8, 0.28))
            for (ax, ay), (bx, by) in itertools.pairwise(points):
                steps = size
                for i in range(steps + 1):
                    x = int((ax + (bx - ax) * i / steps) * size)
                    y = int((ay + (by - ay) * i / steps) * size)
                    img.put(GOLD, to=(x - w // 2, y - w // 2, x + w - w // 2, y + w - w // 2))
        faces.append(img)
    return faces[0], faces[1]


def text_window_size(screen_width: int, screen_height: int) -> tuple[int, int]:
    """The rules' and the log's window: 820x560, never larger than the screen (less a
    task bar's 40 px in height)."""
    return min(820, screen_width), min(560, screen_height - 40)


def _fit_screen(window: tk.Toplevel) -> None:
    """Keep ``window`` on a small screen: no larger than the screen, placed inside it."""
    window.update_idletasks()
    sw, sh = window.winfo_screenwidth(), window.winfo_screenheight()
    w = min(window.winfo_reqwidth(), sw)
    h = min(window.winfo_reqheight(), sh)
    x = max(0, min(window.winfo_rootx(), sw - w))
    y = max(0, min(window.winfo_rooty(), sh - h))
    window.geometry(f"{w}x{h}+{x}+{y}")


def table_button(master: tk.Misc, text: str, command: Callable[[], None], **kw: Any) -> tk.Button:
    """A button in the colours of the felt's panel buttons."""
    FONT = font_family(master)
    return tk.Button(
        master,
        text=text,
        command=command,
        background="#6b4f36",
        foreground=TEXT,
        activebackground=PANEL_EDGE,
        activeforeground=TEXT,
        highlightbackground=PANEL,
        highlightcolor=GOLD,
        highlightthickness=2,
        relief="flat",
        font=(FONT, 11, "bold"),
        height=2,
        **kw,
    )


class TextWindow(tk.Toplevel):
    """A read-only text window with a Close button (rules, log), in the table's look. Each
    line wraps to the window, items with a hanging indent; ``reflowed`` text (the rules,
    hard-wrapped in the source) has its paragraphs joined first."""

    def __init__(
        self,
        master: tk.Misc,
        title: str,
        text: str,
        on_close: Callable[[], None],
        reflowed: bool = False,
    ) -> None:
        super().__init__(master, background=PANEL)
        self.reflowed = reflowed
        self.title(title)
        width, height = text_window_size(self.winfo_screenwidth(), self.winfo_screenheight())
        self.geometry(f"{width}x{height}")
        self.minsize(min(420, width), min(300, height))
        self._on_close = on_close
        table_style(self)
        FONT = font_family(self)
        # The button first: a small window then shrinks the text, never the way to close it.
        close = table_button(self, _("Close"), self.close)
        close.pack(side="bottom", fill="x", padx=PAD, pady=PAD)
        self.close_button = close
        frame = ttk.Frame(self, padding=PAD, style="Table.TFrame")
        frame.pack(fill="both", expand=True)
        self.text = tk.Text(
            frame,
            wrap="word",
            font=(FONT, 12),
            padx=PAD * 2,
            pady=PAD,
            background=WOOD,
            foreground=TEXT,
            insertbackground=TEXT,
            selectbackground=PANEL_EDGE,
            relief="flat",
            highlightthickness=0,
            spacing1=2,
            spacing3=4,
        )
        self.text.tag_configure("item", lmargin1=18, lmargin2=42)
        self.text.tag_configure("head", font=(FONT, 13, "bold"), foreground=GOLD)
        bar = ttk.Scrollbar(frame, command=self.text.yview)
        self.text.configure(yscrollcommand=bar.set)
        bar.pack(side="right", fill="y")
        self.text.pack(side="left", fill="both", expand=True)
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.bind("<Escape>", lambda _e: self.close())
        self.set_text(text)
        close.focus_set()

    def relabel(self, title: str, text: str) -> None:
        """The window in the language in use: its title, its button and ``text``."""
        self.title(title)
        self.close_button.configure(text=_("Close"))
        self.set_text(text)

    def set_text(self, text: str) -> None:
        at_end = self.text.yview()[1] >= 0.999
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        paragraphs = (reflow(text) if self.reflowed else text).split("\n")
        for i, line in enumerate(paragraphs):
            tags: tuple[str, ...] = ()
            if line.startswith(" "):
                tags, line = ("item",), line.strip()
            elif i == 0 or (paragraphs[i - 1] == "" and len(line) < 60 and not line.endswith(".")):
                tags = ("head",)  # a title line of its own
            self.text.insert("end", line + ("\n" if i < len(paragraphs) - 1 else ""), tags)
        self.text.configure(state="disabled")
        if at_end:
            self.text.see("end")  # follow a growing log, unless the person scrolled up

    def scroll_to(self, text: str) -> None:
        """Scroll so that the first line starting with ``text`` is at the top."""
        at = self.text.search(text, "1.0", stopindex="end")
        if at:
            self.update_idletasks()  # a window just made has no height to scroll in yet
            self.text.yview(f"{at} linestart")

    def close(self) -> None:
        self.destroy()
        self._on_close()


class SettingsWindow(tk.Toplevel):
    """Variant and its options, the player and level in each seat, the seed and the
    computer's pace (delay, step mode, the sliding tile), and the language.

    The game's options are controls made from its declared options (a spinbox for a whole
    number between bounds, a checkbox for a flag, a menu for a choice, a field for the
    rest); the seats listed follow them as they change (Mexican Train for six lists six).

    ``on_apply(settings, confirmed)`` returns ``None`` when accepted, a one-line reason that
    the window shows (e.g. two people at one table), or :data:`CONFIRM` when the settings
    would end the match in progress: the window says so and the button becomes "Start new
    match"; pressed again, the settings are applied with ``confirmed``.

    Every name is shown in the language in use (games by their titles, players and levels
    in words) and mapped back to its code. Every control a finger uses is at least
    :data:`TOUCH` pixels tall: the checkboxes are large boxes with a tick, the slider's
    handle is finger-sized. The match's settings and the table's stand side by side, so
    the window fits an 800x600 screen.
    """

    def __init__(
        self,
        master: tk.Misc,
        players: Any,
        variants: Any,
        current: Settings,
        on_apply: Callable[[Settings, bool], str | None],
        on_close: Callable[[], None],
    ) -> None:
        super().__init__(master, background=PANEL)
        self.title(_("Settings"))
        self.minsize(360, 300)
        self.players, self.variants = players, variants
        self.current = current
        self._on_apply, self._on_close = on_apply, on_close
        self.confirming = False
        table_style(self)
        FONT = font_family(self)
        self.option_add("*TCombobox*Listbox.font", (FONT, 14))  # the open list, finger-sized
        self.boxes = tick_images(self)
        body = ttk.Frame(self, padding=PAD * 2, style="Table.TFrame")
        body.pack(fill="both", expand=True)
        body.columnconfigure(0, weight=1)
        body.columnconfigure(1, weight=1)
        match = ttk.Frame(body, style="Table.TFrame")
        match.grid(row=0, column=0, sticky="nwe", padx=(0, PAD * 2))
        match.columnconfigure(1, weight=1)
        table = ttk.Frame(body, style="Table.TFrame")
        table.grid(row=0, column=1, sticky="nwe")
        table.columnconfigure(0, weight=1)
        label = "Table.TLabel"
        # The match: the game, who sits where, the seed.
        ttk.Label(match, text=_("Game"), style=label).grid(row=0, column=0, sticky="w", pady=PAD)
        # Only the games the table can seat a person at.
        games = [n for n in variants.names() if table_problem(variants.create(n)) is None]
        self.games = {n: _(variants.get(n).title) for n in games}
        self.variant = tk.StringVar(value=self.games.get(current.variant, current.variant))
        self.match_box = self._combobox(match, self.variant, list(self.games.values()), 18)
        self.match_box.grid(row=0, column=1, columnspan=2, sticky="we")
        self.match_box.bind("<<ComboboxSelected>>", lambda _e: self._game_picked())
        self.option_frame = ttk.Frame(match, style="Table.TFrame")
        self.option_frame.grid(row=1, column=0, columnspan=3, sticky="we")
        #: The game's options: each one's variable (its control's value) and its control.
        self.option_vars: dict[str, tuple[tk.Variable, tk.Widget]] = {}
        self.seat_frame = ttk.Frame(match, style="Table.TFrame")
        self.seat_frame.grid(row=2, column=0, columnspan=3, sticky="we")
        self.rows: dict[int, tuple[tk.StringVar, tk.StringVar, ttk.Combobox]] = {}
        self._option_rows()
        self._seat_rows()
        ttk.Label(match, text=_("Seed (empty: fresh)"), style=label, wraplength=140).grid(
            row=3, column=0, sticky="w", pady=PAD
        )
        self.seed = tk.StringVar(value="" if current.seed is None else str(current.seed))
        self.seed_entry = ttk.Entry(
            match, textvariable=self.seed, width=14, style="Table.TEntry", font=(FONT, 12)
        )
        self.seed_entry.grid(row=3, column=1, columnspan=2, sticky="we")
        # The table: the computers' pace, step mode, the sliding tile, the language.
        ttk.Label(table, text=_("Computer delay (s)"), style=label).grid(
            row=0, column=0, sticky="w", pady=(PAD, 0)
        )
        self.delay = tk.DoubleVar(value=current.delay)
        self.slider = tk.Scale(
            table,
            variable=self.delay,
            from_=0.0,
            to=3.0,
            resolution=0.1,
            orient="horizontal",
            length=220,
            width=TOUCH,  # the trough's thickness: the handle is a finger's size
            sliderlength=TOUCH + 12,
            sliderrelief="raised",
            background="#6b4f36",  # the handle, in the buttons' colour: it reads as one
            highlightbackground=PANEL,
            foreground=TEXT,
            troughcolor=FIELD,
            highlightthickness=0,
            activebackground=GOLD,
            borderwidth=0,
            font=(FONT, 11),
        )
        self.slider.grid(row=1, column=0, sticky="we")
        self.step = tk.BooleanVar(value=current.step)
        self.step_box = self._checkbox(
            table, _("Step mode: a computer moves when I tap Next"), self.step
        )
        self.step_box.grid(row=2, column=0, sticky="we", pady=(PAD, 0))
        self.animate = tk.BooleanVar(value=current.animate)
        self.animate_box = self._checkbox(
            table, _("Show each computer tile sliding to its place"), self.animate
        )
        self.animate_box.grid(row=3, column=0, sticky="we", pady=(PAD, 0))
        # The language: every language in its own name; the change shows at once.
        ttk.Label(table, text=_("Language"), style=label).grid(
            row=4, column=0, sticky="w", pady=(PAD, 0)
        )
        self.shown_language = current.language or language()
        self.language = tk.StringVar(value=LANGUAGES.get(self.shown_language, ""))
        self._combobox(table, self.language, list(LANGUAGES.values()), 18).grid(
            row=5, column=0, sticky="we"
        )
        self.note = ttk.Label(
            body,
            text=_("A new game, seats or seed start a new match."),
            style="Muted.Table.TLabel",
            wraplength=420,
        )
        self.note.grid(row=1, column=0, columnspan=2, sticky="we", pady=(PAD, 0))
        self.error = ttk.Label(body, text="", style="Error.Table.TLabel", wraplength=420)
        self.error.grid(row=2, column=0, columnspan=2, sticky="we", pady=PAD)
        # The reason's lines wrap to the window as it is resized.
        body.bind("<Configure>", self._wrap)
        buttons = ttk.Frame(body, style="Table.TFrame")
        buttons.grid(row=3, column=0, columnspan=2, sticky="e")
        # Sized by their words (a long translation widens them), never narrower than before.
        self.cancel = table_button(buttons, _("Cancel"), self.close)
        self.cancel.configure(width=max(10, len(_("Cancel")) + 1))
        self.cancel.pack(side="right", padx=PAD)
        self.ok = table_button(buttons, _("OK"), self.apply)
        self.ok.configure(width=max(16, len(_("Start new match")) + 1))
        self.ok.pack(side="right")
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.bind("<Escape>", lambda _e: self.close())
        self.bind("<Return>", lambda _e: self.apply())
        _fit_screen(self)

    def _combobox(
        self, master: tk.Misc, var: tk.StringVar, values: list[str], width: int
    ) -> ttk.Combobox:
        return ttk.Combobox(
            master,
            textvariable=var,
            values=values,
            state="readonly",
            width=width,
            style="Table.TCombobox",
            font=(font_family(self), 12),
        )

    def _checkbox(self, master: tk.Misc, text: str, var: tk.BooleanVar) -> tk.Checkbutton:
        """A checkbox a finger can hit: a large box with a tick, its words beside it."""
        off, on = self.boxes
        return tk.Checkbutton(
            master,
            text=text,
            variable=var,
            image=off,
            selectimage=on,
            compound="left",
            indicatoron=False,
            anchor="w",
            justify="left",
            wraplength=300,
            padx=PAD,
            pady=(TOUCH - off.height()) // 2,
            background=PANEL,
            foreground=TEXT,
            selectcolor=PANEL,
            activebackground=PANEL_EDGE,
            activeforeground=TEXT,
            highlightthickness=2,
            highlightbackground=PANEL,
            highlightcolor=GOLD,
            relief="flat",
            offrelief="flat",
            overrelief="flat",
            borderwidth=0,
            font=(font_family(self), 12),
        )

    def _wrap(self, event: tk.Event) -> None:
        for label in (self.error, self.note):
            label.configure(wraplength=max(200, event.width - 40))

    def chosen_language(self) -> str | None:
        """The code of the language picked (None if nothing is)."""
        name = self.language.get()
        return next((code for code, shown in LANGUAGES.items() if shown == name), None)

    def chosen_variant(self) -> str:
        """The name of the game picked."""
        shown = self.variant.get()
        return next((n for n, title in self.games.items() if title == shown), shown)

    def _language_setting(self) -> str | None:
        # A language picked is kept; the one shown at opening, left as it was, stays what
        # it was (not chosen: the table goes on following --lang or the environment).
        picked = self.chosen_language()
        return picked if picked != self.shown_language else self.current.language

    def _levels(self, name: str) -> tuple[str, ...]:
        if name not in self.players:
            return ()
        opt = getattr(self.players.get(name), "options", {}).get("level")
        return tuple(opt.choices) if opt is not None and opt.choices else ()

    def _game_picked(self) -> None:
        self._option_rows()
        self._seat_rows()

    def _option_rows(self) -> None:
        """A control for each option of the game picked, at the value the settings give
        it (for the game they are for), else its default."""
        for child in self.option_frame.winfo_children():
            child.destroy()
        self.option_vars.clear()
        name = self.chosen_variant()
        if name not in self.variants:
            return
        given = self.current.options if name == self.current.variant else {}
        FONT = font_family(self)
        for row, (key, opt) in enumerate(sorted(self.variants.get(name).options.items())):
            value = given.get(key, opt.default)
            words = key.replace("_", " ").capitalize()
            kind = control_kind(opt)
            var: tk.Variable
            widget: tk.Widget
            if kind == "check":
                var = tk.BooleanVar(value=bool(value))
                widget = self._checkbox(self.option_frame, words, var)
                widget.configure(command=self._options_changed)
                widget.grid(row=row, column=0, columnspan=2, sticky="we", pady=2)
                self.option_vars[key] = (var, widget)
                continue
            ttk.Label(self.option_frame, text=words, style="Table.TLabel").grid(
                row=row, column=0, sticky="w", pady=2, padx=(0, PAD)
            )
            var = tk.StringVar(value=str(value))
            if kind == "menu":
                choices = [str(c) for c in opt.choices or ()]
                widget = self._combobox(self.option_frame, var, choices, 11)
                widget.bind("<<ComboboxSelected>>", lambda _e: self._options_changed())
            elif kind == "spin":
                widget = ttk.Spinbox(
                    self.option_frame,
                    textvariable=var,
                    from_=opt.min or 0,
                    to=opt.max or 0,
                    increment=1,
                    width=6,
                    style="Table.TSpinbox",
                    font=(FONT, 12),
                    command=self._options_changed,
                )
                widget.bind("<KeyRelease>", lambda _e: self._options_changed())
            else:
                widget = ttk.Entry(
                    self.option_frame,
                    textvariable=var,
                    width=8,
                    style="Table.TEntry",
                    font=(FONT, 12),
                )
                widget.bind("<KeyRelease>", lambda _e: self._options_changed())
            widget.grid(row=row, column=1, sticky="we", pady=2)
            self.option_vars[key] = (var, widget)

    def chosen_options(self) -> dict[str, Any]:
        """The game's options as the controls set them, those left as they were and at
        their defaults left out; ValueError naming an option that takes another value."""
        name = self.chosen_variant()
        if name not in self.variants:
            return {}
        declared = self.variants.get(name).options
        chosen = {
            key: read_option(key, declared[key], var.get())
            for key, (var, _widget) in self.option_vars.items()
        }
        before = self.current.options if name == self.current.variant else {}
        return kept_options(declared, before, chosen)

    def _options_changed(self) -> None:
        """The seats follow the options: as many rows as the game has with them."""
        try:
            options = self.chosen_options()
        except ValueError as exc:
            self.error.configure(text=str(exc))
            return
        self.error.configure(text="")
        if seat_count(self.variants, self.chosen_variant(), options) != len(self.rows):
            self._seat_rows()

    def _seat_rows(self) -> None:
        # The rows already shown keep what was picked in them.
        picked = {s: (who.get(), level.get()) for s, (who, level, _box) in self.rows.items()}
        for child in self.seat_frame.winfo_children():
            child.destroy()
        self.rows.clear()
        name = self.chosen_variant()
        try:
            options = self.chosen_options()
        except ValueError:
            options = {}
        seats = seat_count(self.variants, name, options) or seat_count(self.variants, name, {})
        names = [player_word(n) for n in self.players.names()]
        for s in range(1, (seats or 4) + 1):
            entry = self.current.seats.get(s, "heuristic")
            who = tk.StringVar(value=player_word(entry_name(entry)))
            raw = entry.get("level", "") if isinstance(entry, dict) else ""
            level = tk.StringVar(value=level_word(raw) if raw else "")
            if s in picked:
                who.set(picked[s][0])
                level.set(picked[s][1])
            ttk.Label(
                self.seat_frame, text=_("Seat {seat}").format(seat=s), style="Table.TLabel"
            ).grid(row=s, column=0, sticky="w", pady=2, padx=(0, PAD))
            pick = self._combobox(self.seat_frame, who, names, 11)
            pick.grid(row=s, column=1, sticky="we", pady=2)
            lv = self._combobox(self.seat_frame, level, [], 9)
            lv.grid(row=s, column=2, sticky="we", padx=(PAD, 0), pady=2)

            def on_pick(_e: tk.Event, seat: int = s) -> None:
                self._level_choices(seat)

            pick.bind("<<ComboboxSelected>>", on_pick)
            self.rows[s] = (who, level, lv)
            self._level_choices(s)

    def _player(self, shown: str) -> str:
        return next((n for n in self.players.names() if player_word(n) == shown), shown)

    def _level(self, player: str, shown: str) -> str:
        return next((lv for lv in self._levels(player) if level_word(lv) == shown), shown)

    def _level_choices(self, seat: int) -> None:
        who, level, box = self.rows[seat]
        player = self._player(who.get())
        levels = self._levels(player)
        box.configure(
            values=[level_word(lv) for lv in levels], state="readonly" if levels else "disabled"
        )
        if not levels:
            level.set("")
        elif self._level(player, level.get()) not in levels:
            opt = self.players.get(player).options["level"]
            level.set(level_word(opt.default))

    def settings(self) -> Settings:
        """The settings as entered; ValueError for a seed that is not a number."""
        raw = self.seed.get().strip()
        if raw and (not raw.isdigit() or int(raw) >= 2**63):
            raise ValueError(
                _("the seed must be a whole number from 0 to 2**63-1, not {seed}").format(
                    seed=repr(raw)
                )
            )
        seats: dict[int, Any] = {}
        for s, (who, level, _box) in self.rows.items():
            name = self._player(who.get())
            lv = self._level(name, level.get()) if level.get() else ""
            old = self.current.seats.get(s)
            keep = dict(old) if isinstance(old, dict) and entry_name(old) == name else {}
            keep.pop("player", None)
            if lv:
                keep["level"] = lv
            seats[s] = {"player": name, **keep} if keep else name
            if old is not None and seat_player(self.players, old) == seat_player(
                self.players, seats[s]
            ):
                seats[s] = old  # the same player: its entry stays as it was written
        return Settings(
            self.chosen_variant(),
            seats,
            int(raw) if raw else None,
            round(float(self.delay.get()), 2),
            dict(self.current.extra),
            bool(self.step.get()),
            bool(self.animate.get()),
            self._language_setting(),
            options=self.chosen_options(),
        )

    def apply(self) -> None:
        try:
            chosen = self.settings()
        except ValueError as exc:
            self.error.configure(text=str(exc))
            return
        problem = self._on_apply(chosen, self.confirming)
        if problem == CONFIRM:
            # Ask once, here: the second press of the same button goes on.
            self.confirming = True
            self.error.configure(text=_(CONFIRM_SETTINGS))
            self.ok.configure(text=_("Start new match"))
            return
        if problem:
            self.error.configure(text=problem)
            return
        self.close()

    def close(self) -> None:
        self.destroy()
        self._on_close()
