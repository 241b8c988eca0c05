"""The table's side windows: the rules, the log of the match, and the settings.

Each is a small Toplevel the app opens and is told about when it closes (the app pauses the
computer players while the rules or the log are open). They show text and collect choices;
they apply nothing to the match themselves. :func:`log_lines` is plain text from the core's
:func:`~capicua.core.text.describe_hands`, testable without Tk.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass, field
from tkinter import ttk
from typing import Any

from ..core.match import Match
from ..core.text import describe_hands
from .texts import entry_name

PAD = 8


@dataclass
class Settings:
    """What the settings window edits: the next match's variant, seats, seed; the speed."""

    variant: str
    seats: dict[int, Any]
    seed: int | None = None  # None: a fresh seed for every new match
    delay: float = 0.6  # seconds between computer moves
    extra: dict[str, Any] = field(default_factory=dict)


def log_lines(match: Match) -> list[str]:
    """Every action of the match so far, hand by hand, with shown doubles and results."""
    lines = [
        f"{match.variant.title}, seed {match.seed}",
        "(each move is seat:tile and the end it went on, L or R)",
    ]
    for i, rnd in enumerate(match.draw_rounds, 1):
        if rnd:
            drawn = ", ".join(f"seat {s} {t} ({t.pips})" for s, t in sorted(rnd.items()))
            lines.append(f"Draw for first lead, round {i}: {drawn}")
    if match.draw_winner is not None:
        lines.append(f"  team {match.draw_winner} wins the draw")
    lines.extend(describe_hands(match.hands_log, match.variant))
    if match.winner is not None:
        label = match.variant.label_name(match.label) if match.label else None
        lines.append(f"Team {match.winner} wins the match" + (f": {label}" if label else "") + ".")
    return lines


class TextWindow(tk.Toplevel):
    """A read-only text window with a Close button (rules, log)."""

    def __init__(
        self, master: tk.Misc, title: str, text: str, on_close: Callable[[], None]
    ) -> None:
        super().__init__(master)
        self.title(title)
        self.geometry("820x560")
        self._on_close = on_close
        frame = ttk.Frame(self, padding=PAD)
        frame.pack(fill="both", expand=True)
        self.text = tk.Text(frame, wrap="word", font=("DejaVu Sans Mono", 11), padx=PAD, pady=PAD)
        bar = ttk.Scrollbar(frame, command=self.text.yview)
        self.text.configure(yscrollcommand=bar.set)
        bar.pack(side="right", fill="y")
        self.text.pack(side="left", fill="both", expand=True)
        close = tk.Button(self, text="Close", command=self.close, height=2)
        close.pack(fill="x", padx=PAD, pady=PAD)
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.bind("<Escape>", lambda _e: self.close())
        self.set_text(text)

    def set_text(self, text: str) -> None:
        at_end = self.text.yview()[1] >= 0.999
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        self.text.insert("1.0", text)
        self.text.configure(state="disabled")
        if at_end:
            self.text.see("end")  # follow a growing log, unless the person scrolled up

    def close(self) -> None:
        self.destroy()
        self._on_close()


class SettingsWindow(tk.Toplevel):
    """Variant, the player and level in each seat, the seed and the computer's speed.

    ``on_apply(settings)`` returns ``None`` when accepted, else a one-line reason that the
    window shows (e.g. two people at one table).
    """

    def __init__(
        self,
        master: tk.Misc,
        players: Any,
        variants: Any,
        current: Settings,
        on_apply: Callable[[Settings], str | None],
        on_close: Callable[[], None],
    ) -> None:
        super().__init__(master)
        self.title("Settings")
        self.players, self.variants = players, variants
        self.current = current
        self._on_apply, self._on_close = on_apply, on_close
        body = ttk.Frame(self, padding=PAD * 2)
        body.pack(fill="both", expand=True)
        ttk.Label(body, text="Game").grid(row=0, column=0, sticky="w", pady=PAD)
        self.variant = tk.StringVar(value=current.variant)
        box = ttk.Combobox(
            body, textvariable=self.variant, values=variants.names(), state="readonly", width=22
        )
        box.grid(row=0, column=1, columnspan=2, sticky="we")
        box.bind("<<ComboboxSelected>>", lambda _e: self._seat_rows())
        self.seat_frame = ttk.Frame(body)
        self.seat_frame.grid(row=1, column=0, columnspan=3, sticky="we")
        self.rows: dict[int, tuple[tk.StringVar, tk.StringVar, ttk.Combobox]] = {}
        self._seat_rows()
        ttk.Label(body, text="Seed (empty: fresh)").grid(row=2, column=0, sticky="w", pady=PAD)
        self.seed = tk.StringVar(value="" if current.seed is None else str(current.seed))
        ttk.Entry(body, textvariable=self.seed, width=24).grid(
            row=2, column=1, columnspan=2, sticky="we"
        )
        ttk.Label(body, text="Computer delay (s)").grid(row=3, column=0, sticky="w", pady=PAD)
        self.delay = tk.DoubleVar(value=current.delay)
        tk.Scale(
            body,
            variable=self.delay,
            from_=0.0,
            to=3.0,
            resolution=0.1,
            orient="horizontal",
            length=220,
        ).grid(row=3, column=1, columnspan=2, sticky="we")
        ttk.Label(
            body, text="A new game, seats or seed start a new match.", foreground="#555"
        ).grid(row=4, column=0, columnspan=3, sticky="w")
        self.error = ttk.Label(body, text="", foreground="#b00020", wraplength=380)
        self.error.grid(row=5, column=0, columnspan=3, sticky="w", pady=PAD)
        buttons = ttk.Frame(body)
        buttons.grid(row=6, column=0, columnspan=3, sticky="e")
        tk.Button(buttons, text="Cancel", command=self.close, width=10, height=2).pack(
            side="right", padx=PAD
        )
        tk.Button(buttons, text="OK", command=self.apply, width=10, height=2).pack(side="right")
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.bind("<Escape>", lambda _e: self.close())

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
            ttk.Label(self.seat_frame, text=f"Seat {s}").grid(
                row=s, column=0, sticky="w", pady=2, padx=(0, PAD)
            )
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
            raise ValueError(f"the seed must be a whole number from 0 to 2**63-1, not {raw!r}")
        seats: dict[int, Any] = {}
        for s, (who, level, _box) in self.rows.items():
            name, lv = who.get(), level.get()
            old = self.current.seats.get(s)
            keep = dict(old) if isinstance(old, dict) and entry_name(old) == name else {}
            keep.pop("player", None)
            if lv:
                keep["level"] = lv
            seats[s] = {"player": name, **keep} if keep else name
        return Settings(
            self.variant.get(),
            seats,
            int(raw) if raw else None,
            round(float(self.delay.get()), 2),
            dict(self.current.extra),
        )

    def apply(self) -> None:
        try:
            problem = self._on_apply(self.settings())
        except ValueError as exc:
            problem = str(exc)
        if problem:
            self.error.configure(text=problem)
            return
        self.close()

    def close(self) -> None:
        self.destroy()
        self._on_close()
