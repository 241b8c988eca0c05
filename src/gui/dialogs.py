"""The table's side windows: the rules, the log of the match, and the settings.

Each is a small Toplevel the app opens and is told about when it closes (the app holds the
computer players while any of them is open). They show text and collect choices; they apply
nothing to the match themselves. They wear the table's colours and type, and their text
wraps to the window: the rules, hard-wrapped for a terminal, are reflowed first
(:func:`~capicua.gui.texts.reflow`). The log's sentences are :func:`~capicua.gui.texts.log_lines`.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk
from typing import Any

from ..i18n import LANGUAGES, _, language
from .geometry import table_problem
from .settings import Settings, seat_player
from .table import GOLD, PANEL, PANEL_EDGE, TEXT, WOOD, font_family
from .texts import CONFIRM_SETTINGS, entry_name, log_lines, reflow

__all__ = ["CONFIRM", "Settings", "SettingsWindow", "TextWindow", "log_lines"]

CONFIRM = "confirm"  # what on_apply answers for settings that would end the match

PAD = 8
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
    return "Table."


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
        self.geometry("820x560")
        self.minsize(420, 300)
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
    """Variant, the player and level in each seat, the seed and the computer's pace (delay,
    step mode, the sliding tile).

    ``on_apply(settings, confirmed)`` returns ``None`` when accepted, a one-line reason that
    the window shows (e.g. two people at one table), or :data:`CONFIRM` when the settings
    would end the match in progress: the window says so and the button becomes "Start new
    match"; pressed again, the settings are applied with ``confirmed``.
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
        self.minsize(480, 420)
        self.players, self.variants = players, variants
        self.current = current
        self._on_apply, self._on_close = on_apply, on_close
        self.confirming = False
        table_style(self)
        FONT = font_family(self)
        body = ttk.Frame(self, padding=PAD * 2, style="Table.TFrame")
        body.pack(fill="both", expand=True)
        body.columnconfigure(1, weight=1)
        label = "Table.TLabel"
        ttk.Label(body, text=_("Game"), style=label).grid(row=0, column=0, sticky="w", pady=PAD)
        self.variant = tk.StringVar(value=current.variant)
        # Only the games the table can seat a person at (a line, 2 to 4 seats).
        games = [n for n in variants.names() if table_problem(variants.create(n)) is None]
        box = ttk.Combobox(
            body, textvariable=self.variant, values=games, state="readonly", width=22
        )
        box.grid(row=0, column=1, columnspan=2, sticky="we")
        box.bind("<<ComboboxSelected>>", lambda _e: self._seat_rows())
        self.seat_frame = ttk.Frame(body, style="Table.TFrame")
        self.seat_frame.grid(row=1, column=0, columnspan=3, sticky="we")
        self.rows: dict[int, tuple[tk.StringVar, tk.StringVar, ttk.Combobox]] = {}
        self._seat_rows()
        ttk.Label(body, text=_("Seed (empty: fresh)"), style=label).grid(
            row=2, column=0, sticky="w", pady=PAD
        )
        self.seed = tk.StringVar(value="" if current.seed is None else str(current.seed))
        ttk.Entry(body, textvariable=self.seed, width=24).grid(
            row=2, column=1, columnspan=2, sticky="we"
        )
        ttk.Label(body, text=_("Computer delay (s)"), style=label).grid(
            row=3, column=0, sticky="w", pady=PAD
        )
        self.delay = tk.DoubleVar(value=current.delay)
        tk.Scale(
            body,
            variable=self.delay,
            from_=0.0,
            to=3.0,
            resolution=0.1,
            orient="horizontal",
            length=220,
            background=PANEL,
            foreground=TEXT,
            troughcolor=FIELD,
            highlightthickness=0,
            activebackground=GOLD,
            font=(FONT, 10),
        ).grid(row=3, column=1, columnspan=2, sticky="we")
        self.step = tk.BooleanVar(value=current.step)
        ttk.Checkbutton(
            body,
            text=_("Step mode: a computer moves when I tap Next"),
            variable=self.step,
            style="Table.TCheckbutton",
        ).grid(row=4, column=0, columnspan=3, sticky="w", pady=(PAD, 0))
        self.animate = tk.BooleanVar(value=current.animate)
        ttk.Checkbutton(
            body,
            text=_("Show each computer tile sliding to its place"),
            variable=self.animate,
            style="Table.TCheckbutton",
        ).grid(row=5, column=0, columnspan=3, sticky="w", pady=(PAD, 0))
        # The language: every language in its own name; the change shows at once.
        ttk.Label(body, text=_("Language"), style=label).grid(
            row=6, column=0, sticky="w", pady=(PAD * 2, 0)
        )
        self.shown_language = current.language or language()
        self.language = tk.StringVar(value=LANGUAGES.get(self.shown_language, ""))
        ttk.Combobox(
            body,
            textvariable=self.language,
            values=list(LANGUAGES.values()),
            state="readonly",
            width=22,
        ).grid(row=6, column=1, columnspan=2, sticky="we", pady=(PAD * 2, 0))
        self.note = ttk.Label(
            body,
            text=_("A new game, seats or seed start a new match."),
            style="Muted.Table.TLabel",
            wraplength=420,
        )
        self.note.grid(row=7, column=0, columnspan=3, sticky="we", pady=(PAD, 0))
        self.error = ttk.Label(body, text="", style="Error.Table.TLabel", wraplength=420)
        self.error.grid(row=8, column=0, columnspan=3, sticky="we", pady=PAD)
        # The reason's lines wrap to the window as it is resized.
        body.bind("<Configure>", self._wrap)
        buttons = ttk.Frame(body, style="Table.TFrame")
        buttons.grid(row=9, column=0, columnspan=3, sticky="e")
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

    def _wrap(self, event: tk.Event) -> None:
        for label in (self.error, self.note):
            label.configure(wraplength=max(200, event.width - 40))

    def chosen_language(self) -> str | None:
        """The code of the language picked (None if nothing is)."""
        name = self.language.get()
        return next((code for code, shown in LANGUAGES.items() if shown == name), None)

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

    def _seat_rows(self) -> None:
        for child in self.seat_frame.winfo_children():
            child.destroy()
        self.rows.clear()
        name = self.variant.get()
        seats = self.variants.get(name).seats if name in self.variants else 4
        names = self.players.names()
        for s in range(1, seats + 1):
            entry = self.current.seats.get(s, "heuristic")
            who = tk.StringVar(value=entry_name(entry))
            level = tk.StringVar(value=entry.get("level", "") if isinstance(entry, dict) else "")
            ttk.Label(
                self.seat_frame, text=_("Seat {seat}").format(seat=s), style="Table.TLabel"
            ).grid(row=s, column=0, sticky="w", pady=2, padx=(0, PAD))
            pick = ttk.Combobox(
                self.seat_frame, textvariable=who, values=names, state="readonly", width=12
            )
            pick.grid(row=s, column=1, sticky="w")
            lv = ttk.Combobox(self.seat_frame, textvariable=level, state="readonly", width=10)
            lv.grid(row=s, column=2, sticky="w", padx=PAD)

            def on_pick(_e: tk.Event, seat: int = s) -> None:
                self._level_choices(seat)

            pick.bind("<<ComboboxSelected>>", on_pick)
            self.rows[s] = (who, level, lv)
            self._level_choices(s)

    def _level_choices(self, seat: int) -> None:
        who, level, box = self.rows[seat]
        levels = self._levels(who.get())
        box.configure(values=levels, state="readonly" if levels else "disabled")
        if not levels:
            level.set("")
        elif level.get() not in levels:
            opt = self.players.get(who.get()).options["level"]
            level.set(opt.default)

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
            name, lv = who.get(), level.get()
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
            self.variant.get(),
            seats,
            int(raw) if raw else None,
            round(float(self.delay.get()), 2),
            dict(self.current.extra),
            bool(self.step.get()),
            bool(self.animate.get()),
            self._language_setting(),
            # The game's options hold for the game they were given for.
            options=dict(self.current.options)
            if self.variant.get() == self.current.variant
            else {},
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
