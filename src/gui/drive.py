"""Play a hand at the real table by taps: the conformance matrix's table surface.

Opens the Tk table of any installed game on a window of a given size (on the display there
is, or a private Xvfb), seats a person at seat 1 and computers elsewhere, and makes every
decision of the person the way a person does: a tap on the felt's face-down tiles, on a
choice, on the boneyard, or on a tile of the hand and then on the lit end it goes to. It
checks on the way what a person relies on: a tapped tile is only a preview (nothing is
played until its end is tapped), the ends the tile fits are lit, and the tap on an end
plays exactly the legal play that end stands for.

Tk-bound, and for checks: capicua's own tests and :func:`capicua.conformance.check_game`.
"""

from __future__ import annotations

import atexit
import os
import time
import tkinter as tk
from collections.abc import Callable
from typing import Any

from ..core.actions import DRAW, Play
from .controller import way_target, ways
from .settings import Settings

#: A decision the table does not settle within this many seconds fails the drive (the
#: computers have no delay here; a slow computer player is the only wait).
SETTLE = 60.0


class DriveError(AssertionError):
    """The table did not let a person play the hand by taps; the message says where."""


_SERVER: Any = None


def ensure_display() -> None:
    """Use the display there is, or start a private Xvfb kept until the process ends (a
    Tk interpreter still connected to a display that goes away ends the whole process, and
    a window's interpreter may outlive the window that made it). RuntimeError without
    Xvfb."""
    global _SERVER
    if not os.environ.get("DISPLAY"):
        from .screenshot import Xvfb

        _SERVER = Xvfb(1280, 1024)
        os.environ["DISPLAY"] = _SERVER.start()
        atexit.register(_SERVER.stop)


def clear(root: tk.Misc) -> None:
    """Take everything a table left on ``root`` away: its pending callbacks and widgets,
    so that the next table starts on a bare window."""
    for pending in root.tk.splitlist(root.tk.call("after", "info")):
        root.after_cancel(pending)
    for child in root.winfo_children():
        child.destroy()
    root.update()


def settle(app: Any, done: Callable[[], bool], what: str) -> None:
    """Run Tk's loop until ``done()`` (the computers move on Tk's ``after``)."""
    deadline = time.monotonic() + SETTLE
    while not done():
        if time.monotonic() > deadline:
            raise DriveError(f"the table never reached {what}")
        app.root.update()
        time.sleep(0.002)


def centre(app: Any, tag: str) -> tuple[int, int]:
    at = app.table.centre_of(tag)
    if at is None:
        raise DriveError(f"nothing on the felt to tap for {tag!r}")
    return int(at[0]), int(at[1])


def tap(app: Any, tag: str) -> None:
    """A tap at the centre of the items tagged ``tag``: Enter, Motion, Press, Release."""
    x, y = centre(app, tag)
    canvas = app.canvas
    for event in ("<Enter>", "<Motion>", "<ButtonPress-1>", "<ButtonRelease-1>"):
        canvas.event_generate(event, x=x, y=y)
        app.root.update()


def decide(app: Any) -> str:
    """Make the person's decision by taps; return what it was (``facedown``, ``choice``,
    ``draw``, ``play``)."""
    scene = app.table.scene
    view = app.person_view()
    if scene.facedown is not None:
        tap(app, "facedown:0")
        return "facedown"
    if scene.choices:
        tap(app, scene.choices[0].target)
        return "choice"
    plays = [a for a in view.legal if isinstance(a, Play)]
    if not plays and DRAW in view.legal:
        tap(app, "boneyard")
        return "draw"
    play = plays[0]
    before = len(app.session.match.actions)
    tap(app, f"tile:{play.tile}&&hand")
    if len(app.session.match.actions) != before:
        raise DriveError(f"a tap on {play.tile} played it before its end was tapped")
    # A tile that lies either way round on the end is laid by a tap on the half of the end
    # it is to leave open; otherwise the end itself is tapped.
    turned = len(ways(view, play.tile, play.end)) > 1
    target = way_target(play) if turned else f"end:{play.end}"
    tap(app, target)
    if len(app.session.match.actions) == before:
        raise DriveError(f"a tap on {target} after {play.tile} played nothing")
    made = app.session.match.actions[before]
    if made is not play:
        raise DriveError(f"tapping {target} for {play} played {made}")
    return "play"


def play_hand_by_taps(
    plugins: Any,
    name: str,
    options: dict[str, Any],
    seed: int,
    size: tuple[int, int] = (800, 600),
    *,
    root: tk.Tk | None = None,
) -> set[str]:
    """Open the table of ``name`` with ``options`` at ``size`` (on ``root``, or a window
    of its own), play the person's first hand by taps to its end, and return the kinds of
    decision made. Nothing is saved."""
    from .app import TableApp

    ensure_display()
    window = tk.Tk() if root is None else root
    try:
        window.geometry(f"{size[0]}x{size[1]}+0+0")
        window.update()
        n = plugins.variants.create(name, options).seats
        seats = {s: "human" if s == 1 else "random" for s in range(1, n + 1)}
        settings = Settings(name, seats, seed, 0.0, options=dict(options), animate=False)
        app: TableApp | None = None
        try:
            app = TableApp(window, plugins, settings, saving=False, offer_resume=False)
            return _hand(app)
        finally:
            if app is not None:
                app.shutdown()
            clear(window)
    finally:
        if root is None:
            window.destroy()


def _hand(app: Any) -> set[str]:
    done: set[str] = set()
    app.root.update()
    for _ in range(600):
        settle(app, lambda: app.person_view() is not None or app.session.holding, "a decision")
        session = app.session
        if session.held_hand is not None:
            return done
        if session.held_draw is not None:
            tap(app, "choice:continue")
            continue
        done.add(decide(app))
    raise DriveError("the hand never ended")
