"""Screenshots of ``capicua join`` windows at a real host: two partners at a Chiva table.

For looking at the networked table as a person would, after changing it:

    python tools/join_screenshots.py docs/                 # 800x600 and 1920x1080
    python tools/join_screenshots.py /tmp/shots --sizes 1024x768 --moves 3

A real ``capicua host`` in its own process on 127.0.0.1 holds one Chiva table: seats 1
and 3 people (Ana and Bea, partners), 2 and 4 the random player. Two join windows sit
there and play by real events on their canvases (a playable tile tapped, then its end) for
``--moves`` decisions each; then Bea's window is closed (her seat is held for the host's
60 s), Ana picks a tile (its ends light up) and her window is photographed at each size:
Bea shown away, her hold counting down. Files: ``screenshot-join-WxH.png``. Without a
DISPLAY it starts its own Xvfb. Needs the Debian packages named in
``capicua.gui.screenshot`` (``xvfb``, ``x11-apps``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tkinter as tk
from pathlib import Path
from typing import Any

try:
    from capicua.core.actions import LEFT, Play
    from capicua.net.invitation import Invitation
    from capicua.net.launch import printed_invitations, start_host
    from capicua.plugins import default_plugins
except ImportError:  # src/ is the package only once installed (pip install -e .)
    sys.exit("error: capicua is not installed; run: pip install -e .  (see README.md)")

from capicua.gui.screenshot import Xvfb, capture

CONFIG = """[host]
pace = 0
[[tables]]
name = "friends"
variant = "chiva"
seed = {seed}
seats = {{ 1 = "person", 2 = "random", 3 = "person", 4 = "random" }}
"""


def host(folder: Path, seed: int) -> tuple[subprocess.Popen[str], dict[int, Invitation]]:
    """``capicua host`` on a free port of 127.0.0.1, and the people's invitations."""
    proc = start_host(folder, CONFIG.format(seed=seed))
    people = {}
    for seat, label, invitation in printed_invitations(proc):
        if "(person)" in label:
            people[seat] = invitation
            if len(people) == 2:
                return proc, people
    raise SystemExit("error: the host printed no invitations")


def window(plugins: Any, invitation: Invitation, name: str) -> Any:
    """A join window at ``invitation``'s seat, as ``capicua join`` opens it."""
    from capicua.net.remote import Link, RemoteSession
    from capicua.net.window import JoinApp

    link = Link(invitation, name, variants=plugins.variants)
    session = RemoteSession(link, plugins.variants)
    link.start()
    while not session.ready:
        message = link.inbox.get(timeout=30)
        if message is None:
            raise SystemExit(f"error: {link.problem}")
        session.absorb(message)
    root = tk.Tk()
    root.geometry("800x600+0+0")
    return JoinApp(root, plugins, session)


def tap(app: Any, tag: str) -> None:
    """A tap on the canvas item ``tag`` by real events, as a finger makes it."""
    centre = app.table.centre_of(tag)
    if centre is None:
        raise SystemExit(f"error: nothing on the felt is tagged {tag}")
    for event in ("<Enter>", "<Motion>", "<ButtonPress-1>", "<ButtonRelease-1>"):
        app.canvas.event_generate(event, x=int(centre[0]), y=int(centre[1]))
        app.root.update()


def until(apps: list[Any], done: Any, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"error: {what} did not happen within {seconds:g} s")
        for app in apps:
            app.root.update()
        time.sleep(0.01)


def play(app: Any) -> None:
    """The person's decision, made by taps: the first playable tile, then its end."""
    view = app.person_view()
    action = next(a for a in view.legal if isinstance(a, Play))
    asked = app.remote.asked
    tap(app, f"tile:{action.tile}")
    if app.remote.asked == asked:
        tap(app, f"end:{'left' if action.end == LEFT else 'right'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sizes", default="800x600,1920x1080")
    parser.add_argument("--moves", type=int, default=2, help="decisions each person makes")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    args.folder.mkdir(parents=True, exist_ok=True)
    screen = None
    if not os.environ.get("DISPLAY"):
        screen = Xvfb(max(w for w, _h in sizes), max(h for _w, h in sizes))
        os.environ["DISPLAY"] = screen.start()
    plugins = default_plugins()
    with tempfile.TemporaryDirectory() as folder:
        proc, invitations = host(Path(folder), args.seed)
        try:
            ana = window(plugins, invitations[1], "Ana")
            bea = window(plugins, invitations[3], "Bea")
            apps = [ana, bea]
            made = {1: 0, 3: 0}
            deadline = time.monotonic() + 120
            # Each plays when asked until both have made their moves and Ana is asked again.
            while made[3] < args.moves or made[1] < args.moves or ana.person_view() is None:
                if time.monotonic() > deadline:
                    raise SystemExit("error: the table did not come to the position asked")
                for app in apps:
                    app.root.update()
                if bea.person_view() is not None:
                    play(bea)
                    made[3] += 1
                elif ana.person_view() is not None and made[1] < args.moves:
                    play(ana)
                    made[1] += 1
                time.sleep(0.01)
            bea.shutdown()
            bea.root.destroy()
            until([ana], lambda: ana.remote.players[3].away, "Bea's leaving")
            view = ana.person_view()
            tile = next(a.tile for a in view.legal if isinstance(a, Play))
            tap(ana, f"tile:{tile}")
            for width, height in sizes:
                ana.root.geometry(f"{width}x{height}+0+0")
                until([ana], lambda w=width: ana.root.winfo_width() == w, "the resize", 10)
                ana.root.update()
                path = capture(ana.root, args.folder / f"screenshot-join-{width}x{height}.png")
                print(path)
            ana.shutdown()
            ana.root.destroy()
        finally:
            proc.kill()
            proc.wait()
            if screen is not None:
                screen.stop()


if __name__ == "__main__":
    main()
