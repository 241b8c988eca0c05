"""Table speed in a real Tk window: click-to-redraw, and the frame time of a sliding tile.

Two figures, under Xvfb (started here when there is no ``DISPLAY``) in a 1180x820 window:

* ``click-to-redraw``: a tap on one of the person's tiles (press and release generated on
  the canvas) until the new frame is on the canvas and Tk's idle work is done: the
  controller's answer, the scene, the layout of the line and every canvas item drawn anew.
  Taps alternate between picking a tile up and putting it back, on a short Chiva line and
  on a double-nine line of 30 tiles or more; a round trip to the X server at the end makes
  it include the server drawing the frame. The baseline, in the same process, is the
  same redraw with no event at all (``app.redraw()``), so the ratio shows what the event
  path adds; the target is a p95 under 50 ms.
* ``slide frame``: the work of one animation frame while a computer's tile slides to the
  line (moving its items and Tk's idle work), and the interval between frames against the
  15 ms the table asks for.

Run: ``python benchmarks/gui.py [--taps 200] [--slides 30]``. The machine's other load
shows in the tail: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import time
import tkinter as tk
from typing import Any

from capicua.core.actions import Play
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.model import Session
from capicua.gui.screenshot import Xvfb
from capicua.gui.slide import FRAME_MS
from capicua.plugins import load_plugins

PLUGINS = load_plugins(third_party=False)
PERSON = {1: "human", 2: "heuristic", 3: "heuristic", 4: "heuristic"}
TARGET_MS = 50.0
TRAINS_MS = 30.0  # a tap on a large layout: Mexican Train with 60+ tiles on the felt


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def summary(name: str, ms: list[float], extra: str = "") -> None:
    print(
        f"{name:<40} n={len(ms):4d}  p50 {statistics.median(ms):6.2f} ms  "
        f"p95 {pct(ms, 95):6.2f} ms  max {max(ms):6.2f} ms{extra}"
    )


def person_position(variant: str, line_at_least: int) -> Session:
    """A position where the person (seat 1) is to play a tile, the line at least this long."""
    for seed in range(1, 200):
        s = Session(PLUGINS.variants.create(variant).new_match(seed), dict(PERSON), PLUGINS.players)
        while not s.match.over and s.held_hand is None:
            if s.held_draw is not None:
                s.proceed()
                continue
            view = s.view()
            if (
                s.is_human(s.match.turn)
                and s.automatic() is None
                and view.phase == "play"
                and len(view.line) >= line_at_least
                and sum(isinstance(a, Play) for a in view.legal) >= 1
            ):
                return s
            auto = s.automatic()
            if auto is not None:
                s.apply(auto)
            elif s.is_human(s.match.turn):
                s.apply(s.match.legal_actions()[0])
            else:
                decision = s.decision_job(s.match.turn)()
                s.apply(decision.action, decision.stream)
    raise SystemExit(f"no {variant} position with a line of {line_at_least}")


def mexican_position(tiles: int) -> Session | None:
    """Mexican Train with six seats, the person to play a tile with at least ``tiles``
    tiles on the felt (``None`` when the example plugin is not installed)."""
    plugins = load_plugins()
    if "mexican-train" not in plugins.variants:
        return None
    seats = {s: "human" if s == 1 else "heuristic" for s in range(1, 7)}
    for seed in range(1, 50):
        v = plugins.variants.create("mexican-train", {"seats": 6})
        s = Session(v.new_match(seed), seats, plugins.players)
        while not s.match.over and s.held_hand is None:
            auto = s.automatic()
            view = s.view()
            if auto is not None:
                s.apply(auto)
            elif s.is_human(s.match.turn):
                plays = [a for a in view.legal if isinstance(a, Play)]
                if view.layout.placed >= tiles and plays:
                    return s
                s.apply(plays[0] if plays else view.legal[0])
            else:
                decision = s.decision_job(s.match.turn)()
                s.apply(decision.action, decision.stream)
    raise SystemExit(f"no Mexican Train position with {tiles} tiles")


def tap(app: TableApp, tag: str) -> float:
    """Seconds from the press to the redrawn frame, idle work done."""
    c = app.canvas
    box = c.bbox(tag)
    x, y = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    began = time.perf_counter()
    c.event_generate("<ButtonPress-1>", x=x, y=y)
    c.event_generate("<ButtonRelease-1>", x=x, y=y)
    c.update_idletasks()
    c.winfo_pointerxy()  # a round trip: the X server has drawn everything sent before it
    return time.perf_counter() - began


def clicks(app: TableApp, session: Session, taps: int) -> tuple[list[float], list[float]]:
    app.install(session)
    app.root.update()
    tile = next(a.tile for a in app.person_view().legal if isinstance(a, Play))
    tag = f"tile:{tile}&&hand"
    for _ in range(10):  # warm up: fonts, caches
        tap(app, tag)
    taps_ms = [tap(app, tag) * 1000 for _ in range(taps)]
    base_ms = []
    for _ in range(taps):
        began = time.perf_counter()
        app.redraw()
        app.canvas.update_idletasks()
        app.canvas.winfo_pointerxy()
        base_ms.append((time.perf_counter() - began) * 1000)
    return taps_ms, base_ms


def slides(app: TableApp, session: Session, count: int) -> tuple[list[float], list[float]]:
    """Frame work and frame intervals of ``count`` slides of the last tile from seat 2."""
    app.install(session)
    app.root.update()
    stamps: list[float] = []
    slider = app.slider
    original = slider._frame

    def stamped() -> None:
        stamps.append(time.perf_counter())
        original()

    slider._frame = stamped  # type: ignore[method-assign] - stamp when each frame starts
    intervals: list[float] = []
    slider.frame_times.clear()
    for _ in range(count):
        stamps.clear()
        app.redraw()
        app._start_slide("played:last", app.table.seat_centre(2))
        while app.sliding:
            app.root.update()
            time.sleep(0.001)
        intervals += [(b - a) * 1000 for a, b in itertools.pairwise(stamps)]
    return [t * 1000 for t in slider.frame_times], intervals


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=200)
    ap.add_argument("--slides", type=int, default=30)
    args = ap.parse_args(argv)
    server = None
    if not os.environ.get("DISPLAY"):
        server = Xvfb(1280, 1024)
        os.environ["DISPLAY"] = server.start()
    try:
        root = tk.Tk()
        root.geometry("1180x820+0+0")
        root.update()
        settings = Settings("chiva", dict(PERSON), 1, 60.0)  # the computers stay put
        app: Any = TableApp(root, PLUGINS, settings, saving=False, offer_resume=False)
        short = person_position("chiva", 1)
        long = person_position("double-nine-100", 30)
        print(f"window 1180x820 on {os.environ['DISPLAY']}, Python {sys.version.split()[0]}")
        cases = [
            ("chiva, short line", short, TARGET_MS),
            ("double-nine, 30+ tiles", long, TARGET_MS),
        ]
        trains = mexican_position(60)
        if trains is not None:
            placed = trains.view().layout.placed
            cases.append((f"Mexican Train, 6 seats, {placed} tiles", trains, TRAINS_MS))
        for name, s, target in cases:
            taps_ms, base_ms = clicks(app, s, args.taps)
            p95 = pct(taps_ms, 95)
            summary(
                f"click-to-redraw, {name}",
                taps_ms,
                f"  ({p95 / target:.2f} of the {target:.0f} ms target)",
            )
            ratio = statistics.median(taps_ms) / statistics.median(base_ms)
            summary("  redraw alone (baseline)", base_ms, f"  (tap/redraw {ratio:.2f})")
        work, gaps = slides(app, long, args.slides)
        summary("slide frame work, 30+ tiles", work, f"  (budget {FRAME_MS} ms)")
        summary("slide frame interval", gaps, f"  (asked: {FRAME_MS} ms)")
        app.close()
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
