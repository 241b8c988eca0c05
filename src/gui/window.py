"""The Tk window the live table and the replay viewer share.

:class:`TableWindow` holds what both need and wire alike: the root window at the table's
least size, a canvas drawn by a :class:`~capicua.gui.table.TableView`, the sliding tile
(:class:`~capicua.gui.slide.Slider`), the input :class:`~capicua.gui.controller.Controller`,
the window's own :class:`~capicua.gui.state.Ui`, one worker thread, the side windows
(rules, log, settings) by name, a redraw put off to when Tk is idle, Tab kept on the
canvas, and closing. :class:`~capicua.gui.app.TableApp` and
:class:`~capicua.gui.viewer.ViewerApp` add what they do with it: their keys, their scene,
their commands.
"""

from __future__ import annotations

import gc
import tkinter as tk
from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from .controller import Controller
from .geometry import MIN_SIZE, screen_fit
from .slide import Slider
from .state import Ui
from .table import WOOD, TableView


def size_window(root: tk.Tk, size: tuple[int, int] | None = None) -> None:
    """Give ``root`` the size ``size``, or without one the largest that fits the screen it
    opens on (:func:`~capicua.gui.geometry.screen_fit`), placed at the screen's top left
    so none of it is off-screen."""
    if size is not None:
        root.geometry(f"{size[0]}x{size[1]}")
        return
    width, height = screen_fit(root.winfo_screenwidth(), root.winfo_screenheight())
    root.geometry(f"{width}x{height}+0+0")


class TableWindow(ABC):
    """A table's window on ``root``, titled ``title``; its worker thread is named
    ``worker``. Subclasses draw in :meth:`redraw`, read keys in :meth:`key` and say what
    stops in :meth:`shutdown`."""

    def __init__(self, root: tk.Tk, title: str, worker: str) -> None:
        self.root = root
        self.ui = Ui()
        self.ctl = Controller()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=worker)
        self.windows: dict[str, tk.Toplevel] = {}
        self._redraw_pending = False
        root.title(title)
        root.minsize(*MIN_SIZE)
        self.canvas = tk.Canvas(root, highlightthickness=0, background=WOOD, takefocus=True)
        self.canvas.pack(fill="both", expand=True)
        self.table = TableView(self.canvas)
        self.slider = Slider(root, self.canvas)
        c = self.canvas
        c.bind("<Configure>", lambda _e: self._schedule_redraw())
        # Tab walks the felt's (and the panel's) buttons; returning "break" keeps Tk from
        # moving the keyboard focus off the canvas.
        c.bind("<Tab>", lambda _e: self._tab("Tab"))
        c.bind("<ISO_Left_Tab>", lambda _e: self._tab("ISO_Left_Tab"))
        c.bind("<Shift-Tab>", lambda _e: self._tab("ISO_Left_Tab"))
        root.protocol("WM_DELETE_WINDOW", self.close)

    # -- what a subclass does --------------------------------------------------------------

    @abstractmethod
    def redraw(self) -> None:
        """Draw the window's scene anew."""

    @abstractmethod
    def key(self, keysym: str) -> None:
        """Act on the key ``keysym`` pressed on the canvas."""

    def shutdown(self) -> None:
        """Stop what runs and close the side windows; the window stays."""
        self.close_windows()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def window_opened(self) -> None:  # noqa: B027 - a hook; nothing is the default
        """A side window opened (the table says its computers wait)."""

    def window_closed(self) -> None:  # noqa: B027 - a hook; nothing is the default
        """The last of a side window is gone (the table goes on)."""

    # -- shared wiring ---------------------------------------------------------------------

    def pointer(self, event: tk.Event) -> tuple[float, float]:
        """The canvas point of a pointer ``event``."""
        return self.canvas.canvasx(event.x), self.canvas.canvasy(event.y)

    def _tab(self, keysym: str) -> str:
        self.key(keysym)
        return "break"

    def _schedule_redraw(self) -> None:
        if not self._redraw_pending:
            self._redraw_pending = True
            self.root.after_idle(self._redraw_now)

    def _redraw_now(self) -> None:
        self._redraw_pending = False
        if self.canvas.winfo_exists():
            self.redraw()

    def open_window(self, name: str, make: Callable[[], tk.Toplevel]) -> None:
        """Open the side window ``name`` made by ``make``, or raise it if it is open."""
        if name in self.windows:
            self.windows[name].lift()
            return
        self.windows[name] = make()
        self.window_opened()

    def closed_window(self, name: str) -> None:
        """The side window ``name`` closed: the keyboard goes back to the table."""
        self.windows.pop(name, None)
        # Collect the closed window's Tk variables here, in the Tk thread: a collection
        # that happened to run in the worker thread would call Tcl from the wrong thread.
        gc.collect()
        if self.canvas.winfo_exists():
            self.canvas.focus_set()
            self.window_closed()

    def close_windows(self) -> None:
        for window in list(self.windows.values()):
            window.destroy()
        self.windows.clear()

    def close(self) -> None:
        self.shutdown()
        self.root.destroy()
