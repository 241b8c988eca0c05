"""The table view: draws a :class:`~capicua.gui.scene.Scene` on a Tk canvas, and says what
is under the pointer.

It decides nothing: every rule and every choice is in the scene it is given. It only
places things (with :mod:`.geometry`) and draws them (with :mod:`.drawing`). Every item
that takes a tap carries the tag the controller understands: ``tile:6-4`` plus ``hand`` for
the person's tiles, ``end:left``/``end:right``, ``choice:keep``, ``facedown:N``,
``button:undo``; the felt is ``felt``. A whole frame is redrawn on every change (a few
hundred items: cheaper than keeping them in sync); a drag only moves the dragged tile.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import tkinter as tk
from collections.abc import Sequence
from tkinter import font as tkfont
from typing import Literal

from ..core.layout import Spinner, Trains
from .board_words import arm_mark
from .board_words import boneyard as boneyard_words
from .drawing import (
    FELT,
    draw_back,
    draw_end_marker,
    draw_felt,
    draw_tile,
    rounded_rect_points,
    tile_tag,
)
from .geometry import (
    MIN_TOUCH,
    EndSpot,
    LineLayout,
    Rect,
    TableLayout,
    end_mark_centre,
    hand_tile_rects,
    layout_line,
    table_layout,
)
from .layouts import Felt, layout_arms, layout_spinner, layout_trains
from .scene import Scene, SeatScene
from .texts import drawn_caption, end_mark, seat_label

WOOD = "#3b2a1e"
PANEL = "#2a1d14"
PANEL_EDGE = "#6b5440"
TEXT = "#f3ead7"
MUTED = "#bfae93"
GOLD = "#f5b800"
PASS_RED = "#c0392b"
MESSAGE = "#ffd479"
ERROR = "#ff8a80"
BUTTON = "#6b4f36"
BUTTON_OFF = "#33261b"
CHOICE = "#f3ead7"
DIM_BODY = "#a9a192"  # a tile that cannot be played now: greyed, its pips faded
DIM_PIP = "#6d675c"
STRIP = "#142b1d"  # the last-round strip and the banner: a dark green on the felt
LAST = "#4aa3ff"  # the last move: the same blue as a tile's "last" ring
FONT = "DejaVu Sans"  # the typeface asked for first; font_family() says which is used
# Sans typefaces to try, in order, after FONT: the first installed one with Cyrillic wins
# (the table speaks Ukrainian too), else the first installed one, else Tk's default.
FONTS = (FONT, "Noto Sans", "Liberation Sans", "FreeSans", "Ubuntu", "Cantarell", "Arial")
_family: str | None = None
MIN_FONT = 8  # pixels: the smallest type a label shrinks to so no word is broken
TARGET_PREFIXES = ("button:", "choice:", "facedown:", "way:", "end:", "boneyard")


def _cyrillic_families() -> set[str]:
    """The font families fontconfig knows with Ukrainian glyphs (empty if it cannot say)."""
    exe = shutil.which("fc-list")
    if exe is None:
        return set()
    try:
        done = subprocess.run(
            [exe, ":lang=uk", "family"], capture_output=True, text=True, timeout=5, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return set()
    return {name.strip() for line in done.stdout.splitlines() for name in line.split(",")}


def font_family(widget: tk.Misc) -> str:
    """The family the table writes in: the first of :data:`FONTS` that is installed and has
    Cyrillic, else the first installed, else Tk's default family (read once a process)."""
    global _family
    if _family is None:
        installed = set(tkfont.families(widget))
        cyrillic = _cyrillic_families()
        choice = next((f for f in FONTS if f in installed and f in cyrillic), None)
        choice = choice or next((f for f in sorted(cyrillic) if f in installed), None)
        choice = choice or next((f for f in FONTS if f in installed), None)
        _family = choice or str(tkfont.nametofont("TkDefaultFont", widget).actual("family"))
    return _family


class TableView:
    """Draws scenes on ``canvas`` and maps pointer positions to target tags."""

    def __init__(self, canvas: tk.Canvas) -> None:
        self.canvas = canvas
        self.family = font_family(canvas)
        self.layout: TableLayout | None = None
        self.line_layout: LineLayout | None = None
        self.scene: Scene | None = None
        self.felt: Felt | None = None  # a spinner or trains as last placed
        self._felt_key: tuple | None = None  # what self.felt was placed for
        # The board's tiles stay on the canvas from one frame to the next while nothing
        # they show changes (a tap that picks a tile): a big felt is most of a frame's
        # items. The app turns this off while a tile slides (the slide moves them).
        self.reuse = True
        self._board_key: tuple | None = None  # what the kept board items show
        self._fits: dict[tuple[str, float, int, bool], int] = {}
        self._widest: dict[tuple[tuple[str, ...], int], int] = {}  # a panel word, in px

    # -- hit testing -------------------------------------------------------------------

    def target_at(self, x: float, y: float) -> str | None:
        """The target tag under canvas point ``(x, y)``, topmost first; a dragged tile is
        looked through, so a drop finds the end below it."""
        c = self.canvas
        for item in reversed(c.find_overlapping(x, y, x, y)):
            target = target_of(c.gettags(item))
            if target is not None:
                return target
        return None

    def centre_of(self, tag: str) -> tuple[float, float] | None:
        """The centre of the items tagged ``tag`` (tests click there)."""
        box = self.canvas.bbox(tag)
        if not box:
            return None
        return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

    def start_drag(self, tile_target: str, dx: float, dy: float) -> None:
        """Lift the person's tile ``tile_target`` and move it by ``(dx, dy)``."""
        c = self.canvas
        c.addtag_withtag("dragging", f"{tile_target}&&hand")
        c.move("dragging", dx, dy)
        c.tag_raise("dragging")

    def move_drag(self, dx: float, dy: float) -> None:
        self.canvas.move("dragging", dx, dy)

    def seat_centre(self, seat: int) -> tuple[float, float] | None:
        """Where a seat's tiles are drawn (a computer's tile slides in from there)."""
        box = self.canvas.bbox(f"seat:{seat}&&back") or self.canvas.bbox(f"label:{seat}")
        if not box:
            return None
        return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

    # -- drawing ------------------------------------------------------------------------

    def draw(self, scene: Scene) -> None:
        c = self.canvas
        if self.reuse and scene.board is not None and self._board_key is not None:
            c.delete("!board")  # the board's tiles stay, under everything drawn now
        else:
            c.delete("all")
            self._board_key = None
        width = max(c.winfo_width(), 200)
        height = max(c.winfo_height(), 200)
        self.scene = scene
        tl = table_layout(width, height, len(scene.seats))
        need = self._panel_width(scene, tl)
        if need > tl.score.width + 1:
            tl = table_layout(width, height, len(scene.seats), panel=need)
        self.layout = tl
        c.configure(background=WOOD)
        draw_felt(c, tl.table)
        c.tag_lower("felt")
        felt = tl.table
        margin = max(6.0, tl.label_size * 0.5)
        area = Rect(felt.x0 + margin, felt.y0 + margin, felt.x1 - margin, felt.y1 - margin)
        if scene.banner or scene.choices:
            top = self._banner(scene, felt, tl)
            area = Rect(area.x0, area.y0, area.x1, max(area.y0 + 40, top - margin))
        below = area.y0
        # A board keeps the room of a two-line strip and its legend whether they show or
        # not, and a longer strip takes smaller type: the felt under them, and so every
        # tile's place, stays the same from one move to the next.
        fixed = scene.board is not None and not scene.banner and not scene.choices
        if scene.strip or scene.legend:
            below = self._strip(scene, area, tl, two_lines=fixed)
        if fixed:
            below = area.y0 + self._strip_room(tl)
        if below > area.y0:
            area = Rect(area.x0, min(below + margin * 0.5, area.y1 - 40), area.x1, area.y1)
        self.line_layout = None
        if scene.boneyard is not None:
            area = self._boneyard(scene, area, tl)
        if scene.caption:
            area = self._caption(scene.caption, area, tl)
        if scene.drawn:
            self._drawn(scene, area, tl)
        elif scene.facedown is not None:
            self._facedown(scene, area)
        elif scene.board is not None:
            self._board(scene, area, tl)
        elif scene.line is not None:
            self._line(scene, area, tl)
        if scene.board is None or scene.drawn or scene.facedown is not None:
            c.delete("board")
            self._board_key = None
        for seat in scene.seats:
            self._seat(seat, scene, tl)
        self._panel(scene, tl)
        c.tag_raise("banner")
        c.tag_raise("choice")
        self._focus(scene)  # last: the ring is drawn over whatever it surrounds

    def _font(
        self, tl: TableLayout, scale: float = 0.8, bold: bool = False
    ) -> tuple[str, int] | tuple[str, int, str]:
        size = -max(11, int(tl.label_size * scale))
        return (self.family, size, "bold") if bold else (self.family, size)

    def _fitting(self, text: str, width: float, font: tuple) -> tuple:
        """``font``, made smaller if need be so the longest word of ``text`` fits in
        ``width``: a label may wrap between words, never inside one."""
        size, bold = -int(font[1]), len(font) > 2
        key = (text, round(width), size, bold)
        if key not in self._fits:
            longest = max(text.replace("\n", " ").split() or [""], key=len)
            fit = size
            while fit > MIN_FONT:
                f = tkfont.Font(family=self.family, size=-fit, weight="bold" if bold else "normal")
                if f.measure(longest) <= width:
                    break
                fit -= 1
            self._fits[key] = fit
        fit = self._fits[key]
        return (self.family, -fit, "bold") if bold else (self.family, -fit)

    def _strip_room(self, tl: TableLayout) -> float:
        """The height a two-line strip and a line of its legend take (see :meth:`_strip`)."""
        pad = max(4.0, tl.label_size * 0.3)
        lines = []
        for scale, bold in ((0.8, True), (0.62, False)):
            font = self._font(tl, scale, bold=bold)
            f = tkfont.Font(family=font[0], size=int(font[1]), weight="bold" if bold else "normal")
            lines.append(f.metrics("linespace"))
        return pad + 2 * lines[0] + pad * 0.6 + pad * 0.5 + lines[1]

    def _strip(self, scene: Scene, area: Rect, tl: TableLayout, two_lines: bool = False) -> float:
        """The last round (and the PASS legend) along the top of the felt; returns the
        strip's bottom edge. With ``two_lines`` a strip that would take more lines takes
        smaller type instead."""
        c = self.canvas
        y = area.y0
        cx = area.centre[0]
        pad = max(4.0, tl.label_size * 0.3)
        bottom = y
        if scene.strip:
            item = c.create_text(
                cx,
                y + pad,
                text=scene.strip,
                anchor="n",
                width=area.width - 4 * pad,
                justify="center",
                fill=TEXT,
                font=self._font(tl, 0.8, bold=True),
                tags=("strip", "strip:text"),
            )
            font = self._font(tl, 0.8, bold=True)
            size = -int(font[1])
            line = tkfont.Font(family=font[0], size=-size, weight="bold").metrics("linespace")
            while two_lines and size > MIN_FONT:
                x0, y0, x1, y1 = c.bbox(item)
                if y1 - y0 <= 2 * line + 1:
                    break
                size -= 1
                c.itemconfigure(item, font=(font[0], -size, "bold"))
            x0, y0, x1, y1 = c.bbox(item)
            box = Rect(x0 - 2 * pad, y0 - pad * 0.6, x1 + 2 * pad, y1 + pad * 0.6)
            back = c.create_polygon(
                rounded_rect_points(box, box.height / 2),
                smooth=True,
                fill=STRIP,
                outline="",
                tags=("strip",),
            )
            c.tag_lower(back, item)
            bottom = box.y1
        if scene.legend:
            item = c.create_text(
                cx,
                bottom + pad * 0.5,
                text=scene.legend,
                anchor="n",
                width=area.width - 4 * pad,
                justify="center",
                fill="#cfe8d6",
                font=self._font(tl, 0.62),
                tags=("legend",),
            )
            bottom = c.bbox(item)[3]
        return bottom

    def _drawn(self, scene: Scene, area: Rect, tl: TableLayout) -> None:
        """A finished round of the draw for first lead: each tile, who drew it, its total."""
        c = self.canvas
        k = len(scene.drawn)
        s = max(16.0, min(area.height / 3.2, area.width / (k * 3.0), 64.0))
        gap = s * 2.2
        total_w = k * s + (k - 1) * gap
        x = area.centre[0] - total_w / 2
        cy = area.centre[1]
        for d in scene.drawn:
            rect = Rect(x, cy - s, x + s, cy + s)
            draw_tile(
                c,
                rect,
                (d.tile.hi, d.tile.lo),
                vertical=True,
                tags=("drawn",),
                highlight="selected" if d.wins else None,
            )
            c.create_text(
                rect.centre[0],
                rect.y0 - s * 0.35,
                text=d.name,
                anchor="s",
                fill=TEXT,
                font=self._font(tl, 0.9, bold=True),
                tags=("drawn", "drawn:name"),
            )
            words = drawn_caption(d.total, d.wins)
            c.create_text(
                rect.centre[0],
                rect.y1 + s * 0.35,
                text=words,
                anchor="n",
                fill=GOLD if d.wins else TEXT,
                font=self._font(tl, 0.85, bold=d.wins),
                tags=("drawn", "drawn:total"),
            )
            x += s + gap

    def _line(self, scene: Scene, area: Rect, tl: TableLayout) -> None:
        c = self.canvas
        line = scene.line
        assert line is not None
        lay = layout_line(line.tiles, line.opening, area, tl.line_tile_size)
        self.line_layout = lay
        for p in lay.placements:
            draw_tile(
                c,
                p.rect,
                p.tile,
                vertical=p.vertical,
                a_side=p.a_side,
                tags=("line", f"line:{p.index}")
                + (("played:last",) if p.index == line.last else ()),
                highlight="last" if p.index == line.last and scene.last_play else None,
            )
        if line.last is not None and scene.last_play and lay.placements:
            # The last move's ring over its neighbours, whichever end it went to (a tile
            # that slid in is raised by the slide; one back by Redo is not).
            c.tag_raise(f"line:{line.last}", "line")
        for end in scene.ends:
            spot = lay.ends.get(end)
            if spot is None:
                continue  # a felt too small to place anything on (a window not yet mapped)
            lit = end in scene.lit
            ids = draw_end_marker(c, spot.target, end, active=lit)
            if scene.drag_over == f"end:{end}" or scene.hinted == f"end:{end}":
                c.itemconfigure(ids[0], outline=GOLD, width=3)
            if not line.tiles:
                continue
            if end in dict(scene.ways):
                self._ways(spot, dict(scene.ways)[end], scene, tl)
                self._end_mark(end, spot, area, tl)
                continue
            # The open number, so the end reads even where the line turns a corner, and
            # the end's letter: the words on screen name it "the 5 end (L)".
            number = line.tiles[0][0] if end == "left" else line.tiles[-1][1]
            cx, cy = spot.target.centre
            c.create_text(
                cx,
                cy,
                text=str(number),
                fill=TEXT if lit else "#9fd3b0",
                font=self._font(tl, 0.9, bold=lit),
                tags=("end", f"end:{end}"),
            )
            self._end_mark(end, spot, area, tl)
        c.tag_raise("mark")  # over the tiles, whichever way the arms have turned

    def _ways(
        self,
        spot: EndSpot,
        ways: tuple[tuple[str, int | None], ...],
        scene: Scene,
        tl: TableLayout,
    ) -> None:
        """A lit end the picked tile goes on either way round: its two halves, each a
        target showing the number that way leaves open (the preview), the one under a
        dragged tile ringed."""
        c = self.canvas
        t = spot.target
        if t.width >= t.height:
            mid = (t.x0 + t.x1) / 2
            halves = (Rect(t.x0, t.y0, mid, t.y1), Rect(mid, t.y0, t.x1, t.y1))
        else:
            mid = (t.y0 + t.y1) / 2
            halves = (Rect(t.x0, t.y0, t.x1, mid), Rect(t.x0, mid, t.x1, t.y1))
        for (target, number), half in zip(ways, halves, strict=False):
            over = scene.drag_over == target or scene.hinted == target
            c.create_rectangle(
                *half,
                fill=STRIP if over else "#2f8f55",
                outline=GOLD,
                width=3 if over else 1,
                tags=("way", target),
            )
            c.create_text(
                *half.centre,
                text="?" if number is None else str(number),
                fill=GOLD if over else TEXT,
                font=self._font(tl, 0.9, bold=True),
                tags=("way", target),
            )

    def _end_mark(
        self,
        end: str,
        spot: EndSpot,
        area: Rect,
        tl: TableLayout,
        taken: list[tuple[float, float]] | None = None,
        tiles: Sequence[Rect] = (),
    ) -> None:
        c = self.canvas
        r = max(8.0, tl.label_size * 0.55)
        x, y = end_mark_centre(spot, area, r)
        if taken is not None:
            # Many ends open side by side (a layout that branches): a letter that would
            # cover another's, or a tile (``tiles``), goes to another corner of its own
            # end, its spot's first.
            t, s = spot.target, spot.rect
            corners = [(x, y)] + [
                (cx, cy)
                for b in (s, t)
                for cx, cy in ((b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1))
            ]
            for cx, cy in corners:
                cx = min(max(cx, area.x0 + r), area.x1 - r)
                cy = min(max(cy, area.y0 + r), area.y1 - r)
                disc = Rect(cx - r, cy - r, cx + r, cy + r)
                if all(math.hypot(cx - ox, cy - oy) >= 2 * r for ox, oy in taken) and not any(
                    disc.overlaps(b) for b in tiles
                ):
                    x, y = cx, cy
                    break
            taken.append((x, y))
        tags = ("end", f"end:{end}", "mark", f"mark:{end}")
        c.create_oval(x - r, y - r, x + r, y + r, fill=GOLD, outline=FELT, width=2, tags=tags)
        c.create_text(
            x,
            y,
            text=end_mark(end) if end in ("left", "right") else arm_mark(end),
            fill="#2a1d14",
            font=(self.family, -max(9, int(r * 1.2)), "bold"),
            tags=tags,
        )

    def _boneyard(self, scene: Scene, area: Rect, tl: TableLayout) -> Rect:
        """The boneyard at the felt's left: a stack of backs and how many are left, lit and
        taking the tap while the person must draw; returns the felt left for the layout."""
        c = self.canvas
        s = max(10.0, tl.back_tile_size * 0.9)
        w = max(MIN_TOUCH, 2.6 * s)
        cx, cy = area.x0 + w / 2, area.centre[1]
        box = Rect(area.x0, cy - max(MIN_TOUCH, 2.6 * s), area.x0 + w, cy + 2.2 * s + 24)
        tags = ("boneyard",)
        c.create_polygon(
            rounded_rect_points(box, 8),
            smooth=True,
            fill=STRIP if scene.draw else FELT,
            outline=GOLD if scene.draw else "#5c9c72",
            width=3 if scene.draw else 1,
            dash=() if scene.draw else (6, 4),
            tags=(*tags, "boneyard:box"),
        )
        shown = min(3, scene.boneyard or 0)
        for k in range(shown):
            off = (shown - 1 - k) * s * 0.18
            r = Rect(cx - s / 2 + off, cy - 1.6 * s - off, cx + s / 2 + off, cy + 0.4 * s - off)
            draw_back(c, r, tags=(*tags, "boneyard:back"))
        c.create_text(
            cx,
            cy + 0.8 * s,
            text=boneyard_words(scene.boneyard or 0),
            anchor="n",
            width=w,
            justify="center",
            fill=GOLD if scene.draw else TEXT,
            font=self._fitting("boneyard", w - 4, self._font(tl, 0.62, bold=scene.draw)),
            tags=(*tags, "boneyard:count"),
        )
        return Rect(box.x1 + tl.label_size * 0.5, area.y0, area.x1, area.y1)

    def _caption(self, text: str, area: Rect, tl: TableLayout) -> Rect:
        """The board's count or round, at the felt's top left; returns the felt below."""
        c = self.canvas
        item = c.create_text(
            area.x0,
            area.y0,
            text=text,
            anchor="nw",
            fill=GOLD,
            font=self._font(tl, 0.8, bold=True),
            tags=("caption",),
        )
        bottom = c.bbox(item)[3]
        return Rect(area.x0, min(bottom + 4, area.y1 - 40), area.x1, area.y1)

    def place_board(self, scene: Scene, area: Rect, tile_size: float) -> Felt:
        """The board placed in ``area``, kept while nothing it depends on changes (a tap
        that picks a tile redraws the frame, not the layout)."""
        b = scene.board
        assert b is not None
        key = (b.layout, b.opening, area, tile_size)
        if self.felt is None or self._felt_key != key:
            layout = b.layout
            if isinstance(layout, Trains):
                self.felt = layout_trains(layout, area, tile_size)
            elif isinstance(layout, Spinner):
                self.felt = layout_spinner(layout, b.opening, area, tile_size)
            else:  # a layout of a game's own, drawn by its arms
                self.felt = layout_arms(layout, area, tile_size)
            self._felt_key = key
        return self.felt

    def _board(self, scene: Scene, area: Rect, tl: TableLayout) -> None:
        """A spinner or trains: the tiles, the hub and the trains' heads, the open ends."""
        c = self.canvas
        b = scene.board
        assert b is not None
        felt = self.place_board(scene, area, tl.line_tile_size)
        key = (b, scene.last_play, scene.heads, area, tl.line_tile_size, tl.label_size)
        if key != self._board_key:
            c.delete("board")
            self._board_tiles(scene, felt, tl)
            self._board_key = key
        # Every end but a train's (whose head names it) carries its letter on the felt.
        marked = not isinstance(b.layout, Trains)
        tiles = bool(c.find_withtag("board"))
        taken: list[tuple[float, float]] = []  # where the ends' letters went
        tiles_at = [p.rect for p in felt.placements] + [f.rect for f in felt.folds]
        for end in scene.ends:
            spot = felt.ends.get(end)
            if spot is None:
                continue
            lit = end in scene.lit
            # The finger-sized target, plain felt under the tiles: it reaches over its
            # neighbours, and a tap through a tile still finds it (tiles on the felt take
            # no tap). The box the eye sees is the spot the next tile takes, which the
            # layout keeps clear of every tile, and the end's number stands in it.
            target = c.create_rectangle(
                *spot.target, fill=FELT, outline="", tags=("end", f"end:{end}", "target")
            )
            if tiles:
                c.tag_lower(target, "board")
            c.tag_lower(target, "end")
            ids = draw_end_marker(c, spot.rect, end, active=lit)
            if scene.drag_over == f"end:{end}" or scene.hinted == f"end:{end}":
                c.itemconfigure(ids[0], outline=GOLD, width=3)
            if end in dict(scene.ways):
                self._ways(spot, dict(scene.ways)[end], scene, tl)
                if marked:
                    self._end_mark(end, spot, area, tl, taken, tiles_at)
                continue
            number = b.layout.number(end)
            if number is None:
                continue
            size = min(spot.rect.width, spot.rect.height) * 0.8
            font = self._font(tl, 0.9 if marked else 0.75, bold=lit)
            c.create_text(
                *spot.rect.centre,
                text=str(number),
                fill=TEXT if lit else "#9fd3b0",
                font=(font[0], -max(MIN_FONT, min(-int(font[1]), int(size))), *font[2:]),
                tags=("end", f"end:{end}", "number", f"number:{end}"),
            )
            if marked:
                self._end_mark(end, spot, area, tl, taken, tiles_at)
        c.tag_raise("mark")

    def _board_tiles(self, scene: Scene, felt: Felt, tl: TableLayout) -> None:
        """The board's lasting part, tagged ``board``: the hub, the trains' heads and rails,
        and the tiles."""
        c = self.canvas
        b = scene.board
        assert b is not None
        u = felt.tile_size
        pending = None
        if isinstance(b.layout, Trains) and b.layout.pending is not None:
            pending = b.layout.pending
        heads = {end: (text, marked) for end, text, marked in scene.heads}
        if felt.hub is not None:
            engine = b.layout.engine if isinstance(b.layout, Trains) else 0
            hx, hy = felt.hub.centre
            for _end, head in felt.heads:
                # A thin rail from the hub to each train's head: they all start there.
                c.create_line(hx, hy, *head.centre, fill="#5c9c72", width=2, tags=("board", "rail"))
            draw_tile(c, felt.hub, (engine, engine), vertical=True, tags=("board", "hub"))
            for end, head in felt.heads:
                text, marked = heads.get(end, (end, False))
                fill = "#7a1f17" if marked else STRIP
                c.create_polygon(
                    rounded_rect_points(head, min(head.height, head.width) * 0.25),
                    smooth=True,
                    fill=fill,
                    outline=GOLD if marked else "#0b1a11",
                    width=2,
                    tags=("board", "head", f"head:{end}"),
                )
                c.create_text(
                    *head.centre,
                    text=text,
                    fill=TEXT,
                    font=self._fitting(text, head.width - 4, self._font(tl, 0.7, bold=True)),
                    tags=("board", "head", f"head:{end}"),
                )
                if marked:
                    r = max(5.0, u * 0.3)
                    x, y = head.x1 - r * 0.6, head.y0 + r * 0.6
                    c.create_oval(
                        x - r,
                        y - r,
                        x + r,
                        y + r,
                        fill=GOLD,
                        outline="#2a1d14",
                        tags=("board", "head", f"marker:{end}"),
                    )
        for fold in felt.folds:
            # The oldest tiles of an arm that outgrew the felt: how many, where they lie.
            tags = ("board", "fold", f"fold:{fold.end}")
            c.create_polygon(
                rounded_rect_points(fold.rect, fold.rect.height * 0.3),
                smooth=True,
                fill="#e9e2cf",
                outline="#8d826c",
                tags=tags,
            )
            c.create_text(
                *fold.rect.centre,
                text=f"+{fold.count}",
                fill="#2a1d14",
                font=self._fitting(
                    f"+{fold.count}", fold.rect.width - 4, self._font(tl, 0.62, bold=True)
                ),
                tags=tags,
            )
        ends_at = _outer_tiles(b.layout)
        for p in felt.placements:
            highlight = None
            if p.index == b.last and scene.last_play:
                highlight = "last"
            if pending is not None and ends_at.get(pending) == p.index:
                highlight = "pending"
            draw_tile(
                c,
                p.rect,
                p.tile,
                vertical=p.vertical,
                a_side=p.a_side,
                tags=("board", "line", f"line:{p.index}")
                + (("played:last",) if p.index == b.last else ()),
                highlight=highlight,
            )
        if b.last is not None and scene.last_play:
            # The last move's ring over its neighbours on a spinner or a train as well.
            c.tag_raise(f"line:{b.last}", "line")

    def _facedown(self, scene: Scene, area: Rect) -> None:
        c = self.canvas
        total = max(scene.slots, 1)
        best = (0.0, 1, total)
        for cols in range(1, total + 1):
            rows = math.ceil(total / cols)
            s = min(area.width / cols * 0.86, area.height / rows * 0.86 / 2)
            if s > best[0]:
                best = (s, cols, rows)
        s, cols, rows = best
        cw, ch = area.width / cols, area.height / rows
        x0 = area.x0 + (area.width - cw * cols) / 2
        for j, slot in enumerate(scene.facedown or ()):
            r, k = divmod(slot, cols)
            cell = Rect(x0 + k * cw, area.y0 + r * ch, x0 + (k + 1) * cw, area.y0 + (r + 1) * ch)
            tags = ("facedown", f"facedown:{j}")
            # The whole cell takes the tap (a finger-sized target even for small tiles).
            c.create_rectangle(*cell, fill=FELT, outline="", tags=tags)
            cx, cy = cell.centre
            draw_back(c, Rect(cx - s / 2, cy - s, cx + s / 2, cy + s), tags=tags)

    def _banner(self, scene: Scene, felt: Rect, tl: TableLayout) -> float:
        """Draw the message box at the bottom of the felt; return its top edge."""
        c = self.canvas
        pad = max(8.0, tl.label_size * 0.6)
        inner_w = felt.width - 4 * pad
        font = self._font(tl, 0.85)
        y = 0.0
        ids = []
        for i, text in enumerate(scene.banner):
            item = c.create_text(
                felt.centre[0],
                y,
                text=text,
                anchor="n",
                width=inner_w,
                justify="center",
                fill=TEXT,
                font=self._font(tl, 0.95, bold=True) if i == 0 else font,
                tags=("banner",),
            )
            ids.append(item)
            y = c.bbox(item)[3] + pad * 0.4
        height = max(MIN_TOUCH, tl.label_size * 2.6)
        if scene.choices:
            labels = [
                c.create_text(0, 0, text=ch.label, font=self._font(tl, 0.95, bold=True))
                for ch in scene.choices
            ]
            widths = [
                min(max(c.bbox(i)[2] - c.bbox(i)[0] + 3 * pad, 120.0), inner_w) for i in labels
            ]
            for i in labels:
                c.delete(i)
            gap = pad * 1.5
            # As many buttons a row as the felt holds (a small window's seats and Cancel
            # wrap rather than run off the felt over the panel), each row centred.
            rows: list[list[int]] = [[]]
            for k, w in enumerate(widths):
                row = rows[-1]
                if row and sum(widths[j] for j in row) + gap * len(row) + w > inner_w:
                    rows.append([])
                rows[-1].append(k)
            y += pad * 0.5
            places: list[Rect] = []
            for r, row in enumerate(rows):
                total = sum(widths[j] for j in row) + gap * (len(row) - 1)
                x = felt.centre[0] - total / 2
                if r:
                    y += height + gap * 0.5
                for j in row:
                    places.append(Rect(x, y, x + widths[j], y + height))
                    x += widths[j] + gap
            for ch, rect in zip(scene.choices, places, strict=True):
                tags = ("choice", ch.target)
                c.create_polygon(
                    rounded_rect_points(rect, height * 0.25),
                    smooth=True,
                    fill=CHOICE,
                    outline="",
                    tags=tags,
                )
                c.create_text(
                    *rect.centre,
                    text=ch.label,
                    fill="#2a1d14",
                    font=self._font(tl, 0.95, bold=True),
                    tags=tags,
                )
            y += height
        box_h = y + pad
        bottom = felt.y1 - pad
        top = bottom - box_h - pad
        c.move("banner", 0, top + pad)
        c.move("choice", 0, top + pad)
        box = Rect(felt.x0 + pad, top, felt.x1 - pad, bottom)
        back = c.create_polygon(
            rounded_rect_points(box, pad),
            smooth=True,
            fill="#142b1d",
            outline="#0b1a11",
            width=2,
            tags=("banner",),
        )
        c.tag_lower(back, ids[0] if ids else "choice")
        return top

    def _seat(self, seat: SeatScene, scene: Scene, tl: TableLayout) -> None:
        c = self.canvas
        area = tl.seats[seat.position]
        side = area.side
        label = tl.label_size
        reserve = label if side in ("bottom", "top") else label * 3.2
        if side == "top" and len(scene.seats) > 4:
            reserve = label * 2.2  # a shared top strip: the label takes two lines
        face_up = seat.tiles is not None
        size = tl.hand_tile_size if seat.position == 1 else tl.back_tile_size
        shown = seat.tiles or ()
        count = len(shown) if face_up else seat.count
        if seat.drawn is not None and count == 0:
            count, shown, face_up = 1, (seat.drawn,), True
        self._seat_label(seat, area.rect, side, tl)
        if side in ("left", "right"):
            # A side label is one fact a line, and may run to five ("PASS", "train
            # open"): the tiles start below its last line, never under it.
            reserve = max(reserve, c.bbox(f"label:{seat.seat}")[3] - area.rect.y0 + label * 0.3)
        rects = hand_tile_rects(area.rect, count, side, size, reserve)
        vertical = side in ("bottom", "top")
        for i, r in enumerate(rects):
            if not face_up:
                newest = (f"newest:{seat.seat}",) if i == len(rects) - 1 else ()
                draw_back(c, r, tags=("backs", f"seat:{seat.seat}", *newest))
                continue
            tile = shown[i]
            pair = (tile.hi, tile.lo)
            if seat.position == 1 and seat.tiles is not None and seat.drawn is None:
                tags: tuple[str, ...] = ("hand", f"seat:{seat.seat}")
                picked = tile is scene.selected
                if picked:
                    r = r.shifted(0, -r.width * 0.2)  # picked up
                fresh = tile == scene.fresh  # just drawn: ringed as the move just made
                draw_tile(
                    c,
                    r,
                    pair,
                    vertical=vertical,
                    tags=(*tags, "fresh") if fresh else tags,
                    highlight="selected" if picked else ("last" if fresh else None),
                )
                if scene.playable is not None and tile not in scene.playable:
                    # Greyed, still tagged: a tap on it says why it cannot be played.
                    tag = f"{tile_tag(pair)}&&hand"
                    c.itemconfigure(f"{tag}&&body", fill=DIM_BODY)
                    c.itemconfigure(f"{tag}&&pip", fill=DIM_PIP)
                    c.addtag_withtag("dim", tag)
            else:
                draw_tile(
                    c,
                    r,
                    pair,
                    vertical=vertical,
                    tags=("reveal", f"seat:{seat.seat}"),
                    highlight="legal" if tile in seat.shown else None,
                )

    def _seat_label(self, seat: SeatScene, rect: Rect, side: str, tl: TableLayout) -> None:
        c = self.canvas
        label = tl.label_size
        parts = seat_label(seat)
        # The side strips are narrow: one fact a line there.
        text = "\n".join(parts) if side in ("left", "right") else " · ".join(parts)
        anchor: Literal["center", "n"]  # Tk's anchors are a Literal in its stubs
        if side == "bottom":
            x, y, anchor, width = rect.centre[0], rect.y1 - label / 2, "center", rect.width
        elif side == "top" and self.scene is not None and len(self.scene.seats) > 4:
            # Shared with other seats: two lines from the window's edge down.
            # Room for the pill's ends inside the seat's share, so two pills stay apart.
            x, y, anchor, width = rect.centre[0], rect.y0 + 1, "n", rect.width - 16
        elif side == "top":
            x, y, anchor, width = rect.centre[0], rect.y0 + label / 2, "center", rect.width
        else:
            x, y, anchor, width = rect.centre[0], rect.y0 + 2, "n", rect.width - 4
        colour = "#2a1d14" if seat.turn or seat.passed else TEXT
        item = c.create_text(
            x,
            y,
            text=text,
            anchor=anchor,
            width=width,
            justify="center",
            fill=colour,
            font=self._fitting(text, width - 12, self._font(tl, 0.75, bold=seat.turn)),
            tags=("label", f"label:{seat.seat}"),
        )
        over = rect.y0 + 1 - c.bbox(item)[1]
        if over > 0:  # a label wrapped to two lines in a shared top strip: keep it on screen
            c.move(item, 0, over)
        x0, y0, x1, y1 = c.bbox(item)
        if y1 + 2 > tl.height or y0 - 2 < 0:  # a small window: the label stays on screen
            c.move(item, 0, min(0.0, tl.height - y1 - 2) + max(0.0, 2 - y0))
        if seat.turn or seat.passed:
            x0, y0, x1, y1 = c.bbox(item)
            # Within the seat's own share of its edge: two seats' pills side by side never
            # run into one bar.
            pill = Rect(max(x0 - 6, rect.x0 + 2), y0 - 1, min(x1 + 6, rect.x1 - 2), y1 + 1)
            back = c.create_polygon(
                rounded_rect_points(pill, min(pill.height / 2, 12)),
                smooth=True,
                fill=GOLD if seat.turn else PASS_RED,
                outline=LAST if seat.last else "",
                width=3 if seat.last else 1,
                tags=("label", f"label:{seat.seat}", "pill"),
            )
            if seat.passed and not seat.turn:
                c.itemconfigure(item, fill=TEXT)
            c.tag_lower(back, item)

    def _panel_width(self, scene: Scene, tl: TableLayout) -> float:
        """The panel width at which every button's label fits its button whole, at the
        panel's type size (two buttons a row)."""
        font = self._font(tl, 0.75, bold=True)
        key = (tuple(b.label for b in scene.buttons), int(font[1]))
        if key not in self._widest:
            f = tkfont.Font(family=self.family, size=int(font[1]), weight="bold")
            words = [w for b in scene.buttons for w in b.label.split()]
            self._widest[key] = max((f.measure(w) for w in words), default=0)
        longest = self._widest[key]
        pad = max(6.0, tl.label_size * 0.5)
        # Two columns: the word, its margins inside the button (14 px), the pads between,
        # and the panel's margin to the window (the layout's pad, its top edge).
        return 2 * (longest + 14) + 3 * pad + 2 * tl.score.y0

    def _panel(self, scene: Scene, tl: TableLayout) -> None:
        c = self.canvas
        s = tl.score
        c.create_rectangle(*s, fill=PANEL, outline=PANEL_EDGE, tags=("panel",))
        pad = max(6.0, tl.label_size * 0.5)
        width = s.width - 2 * pad
        # Buttons first, at the bottom: the text above gets what is left.
        cols = 2
        bh = max(MIN_TOUCH, tl.label_size * 2.4)
        rows = math.ceil(len(scene.buttons) / cols)
        bw = (width - pad) / cols
        top = s.y1 - pad - rows * bh - (rows - 1) * pad
        for i, b in enumerate(scene.buttons):
            r, k = divmod(i, cols)
            x0 = s.x0 + pad + k * (bw + pad)
            y0 = top + r * (bh + pad)
            rect = Rect(x0, y0, x0 + bw, y0 + bh)
            tags = ("button", f"button:{b.name}") + (() if b.enabled else ("disabled",))
            # No outline: Tk draws a smoothed outline ragged; the fill alone reads cleanly.
            c.create_polygon(
                rounded_rect_points(rect, bh * 0.2),
                smooth=True,
                fill=BUTTON if b.enabled else BUTTON_OFF,
                outline="",
                tags=tags,
            )
            c.create_text(
                *rect.centre,
                text=b.label,
                width=bw - 4,
                justify="center",
                fill=TEXT if b.enabled else "#7a6a58",
                font=self._fitting(b.label, bw - 10, self._font(tl, 0.75, bold=b.enabled)),
                tags=tags,
            )
        # The text above the buttons: smaller type before any line is lost, then the
        # least needed lines (muted ones: the seed, the last move) go first; the status
        # line, what the table waits for, stays.
        lines = list(scene.panel)
        bottom = top - pad
        for shrink in (1.0, 0.88, 0.76):
            if self._panel_text(lines, tl, s, pad, width, bottom, shrink, final=False):
                return  # drawn whole (the common case: one drawing)
        while [style for _t, style in lines if style == "muted"]:
            muted = [i for i, (_t, style) in enumerate(lines) if style == "muted"]
            del lines[muted[-1]]
            if self._panel_text(lines, tl, s, pad, width, bottom, shrink, final=False):
                return
        self._panel_text(lines, tl, s, pad, width, bottom, shrink, final=True)

    def _panel_text(
        self,
        lines: list[tuple[str, str]],
        tl: TableLayout,
        s: Rect,
        pad: float,
        width: float,
        bottom: float,
        shrink: float,
        final: bool,
    ) -> bool:
        """Write the panel's ``lines`` from its top at ``shrink`` times the type size; True
        when all fit above ``bottom``. A try (not ``final``) that does not fit leaves nothing
        drawn; the final drawing drops whatever still does not fit."""
        c = self.canvas
        y = s.y0 + pad
        styles = {
            "title": (TEXT, 1.1, True),
            "muted": (MUTED, 0.7, False),
            "team": (TEXT, 0.75, True),
            "score": (GOLD, 0.8, True),
            "status": (TEXT, 0.78, False),
            "turn": (GOLD, 0.85, True),
            "message": (MESSAGE, 0.78, False),
            "error": (ERROR, 0.78, True),
        }
        drawn = []
        fits = True
        for text, style in lines:
            colour, scale, bold = styles.get(style, (TEXT, 0.75, False))
            if style in ("team", "status", "turn", "error"):
                y += pad * 0.6 * shrink
            font = self._font(tl, scale, bold)
            if shrink < 1:
                size = max(MIN_FONT + 1, round(-int(font[1]) * shrink))
                font = (self.family, -size, "bold") if bold else (self.family, -size)
            item = c.create_text(
                s.x0 + pad,
                y,
                text=text,
                anchor="nw",
                width=width,
                fill=colour,
                font=font,
                tags=("panel", f"panel:{style}"),
            )
            drawn.append(item)
            if final and c.bbox(item)[3] + 2 > bottom and style in ("message", "error"):
                # The message answers what the person just did or asked (a hint can run
                # to ten lines): smaller type before it is lost.
                c.itemconfigure(item, font=self._font(tl, scale * 0.8 * shrink, bold))
            y = c.bbox(item)[3] + 2
            if y > bottom:
                fits = False
                if final:
                    c.delete(item)  # a cramped window drops the last lines, never the buttons
                    drawn.pop()
                break
        if not final and not fits:
            for item in drawn:
                c.delete(item)
        return fits

    def _focus(self, scene: Scene) -> None:
        if not scene.focus:
            return
        c = self.canvas
        tag = f"{scene.focus}&&hand" if scene.focus.startswith("tile:") else scene.focus
        # Round what the eye sees of an end: its spot, not the finger-sized target under
        # the tiles around it.
        box = c.bbox(f"{tag}&&!target")
        if not box:
            return
        x0, y0, x1, y1 = box
        c.create_rectangle(
            x0 - 4, y0 - 4, x1 + 4, y1 + 4, outline="#ffffff", width=3, dash=(6, 3), tags=("focus",)
        )
        c.tag_raise("focus")


def _outer_tiles(layout: object) -> dict[str, int]:
    """For trains, each train's outermost tile's index in ``pairs()`` order."""
    out: dict[str, int] = {}
    if isinstance(layout, Trains):
        at = 0
        for t in layout.trains:
            at += len(t.tiles)
            if t.tiles:
                out[t.end] = at - 1
    return out


def target_of(tags: tuple[str, ...]) -> str | None:
    """The controller's target for an item with ``tags``; ``None`` for decoration."""
    if "dragging" in tags:
        return None
    for prefix in TARGET_PREFIXES:
        for t in tags:
            if t.startswith(prefix):
                return t
    if "hand" in tags:
        for t in tags:
            if t.startswith("tile:"):
                return t
    if "felt" in tags:
        return "felt"
    return None
