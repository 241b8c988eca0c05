"""A computer's tile sliding from its seat to its place in the line.

The frame is drawn with the tile already in its place (the scene decides nothing about
motion); :class:`Slider` then moves that tile's canvas items back toward the seat and eases
them into place over a few hundred milliseconds with ``after()``. A redraw in the middle
(a resize, a tap) draws the tile in its place again, and :meth:`Slider.redrawn` puts it
back on its way. :meth:`Slider.finish` lands it at once: the person acted, or the next
move came. :class:`Slide` is the motion itself, plain arithmetic.
"""

from __future__ import annotations

import time
import tkinter as tk

SLIDE_SECONDS = 0.3  # a computer's tile travelling from its seat to the line
FRAME_MS = 15  # about 60 frames a second while a tile slides


class Slide:
    """One tile on its way: the canvas items tagged ``tag`` start ``(dx, dy)`` away from
    where the frame drew them and ease into place in ``seconds``."""

    def __init__(self, tag: str, dx: float, dy: float, seconds: float, began: float) -> None:
        self.tag = tag
        self.start = (dx, dy)
        self.seconds = seconds
        self.began = began
        self.at = (0.0, 0.0)  # the offset the items are drawn at now

    def offset(self, now: float) -> tuple[float, float]:
        p = min(1.0, (now - self.began) / self.seconds) if self.seconds > 0 else 1.0
        k = (1 - p) ** 3  # ease out: fast off the seat, gentle into place
        return self.start[0] * k, self.start[1] * k

    def done(self, now: float) -> bool:
        return now - self.began >= self.seconds


class Slider:
    """Runs at most one :class:`Slide` on ``canvas`` at a time."""

    def __init__(self, root: tk.Misc, canvas: tk.Canvas, seconds: float = SLIDE_SECONDS):
        self.root, self.canvas, self.seconds = root, canvas, seconds
        self._slide: Slide | None = None
        self._after: str | None = None
        self.frame_times: list[float] = []  # seconds of work per frame (benchmarks read it)

    @property
    def sliding(self) -> bool:
        return self._slide is not None

    def start(self, tag: str, frm: tuple[float, float], to: tuple[float, float]) -> None:
        """Slide the items tagged ``tag``, drawn centred on ``to``, in from ``frm``."""
        self.finish()
        dx, dy = frm[0] - to[0], frm[1] - to[1]
        self._slide = Slide(tag, dx, dy, self.seconds, time.monotonic())
        self._move(time.monotonic())
        self._after = self.root.after(FRAME_MS, self._frame)

    def redrawn(self) -> None:
        """The frame was drawn anew with the tile in its place: put it back on its way."""
        if self._slide is not None:
            self._slide.at = (0.0, 0.0)
            self._move(time.monotonic())

    def finish(self) -> None:
        """Put a sliding tile in its place now."""
        if self._after is not None:
            self.root.after_cancel(self._after)
            self._after = None
        if self._slide is not None:
            slide, self._slide = self._slide, None
            if self.canvas.winfo_exists():
                self.canvas.move(slide.tag, -slide.at[0], -slide.at[1])

    def _move(self, now: float) -> None:
        slide = self._slide
        assert slide is not None
        dx, dy = slide.offset(now)
        self.canvas.move(slide.tag, dx - slide.at[0], dy - slide.at[1])
        self.canvas.tag_raise(slide.tag)  # over the line it crosses on its way
        slide.at = (dx, dy)

    def _frame(self) -> None:
        self._after = None
        if self._slide is None or not self.canvas.winfo_exists():
            return
        began = time.perf_counter()
        now = time.monotonic()
        self._move(now)
        self.canvas.update_idletasks()
        self.frame_times.append(time.perf_counter() - began)
        if self._slide.done(now):
            self._slide = None
            return
        self._after = self.root.after(FRAME_MS, self._frame)
