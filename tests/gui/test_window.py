"""The table's window on screens of their own size: it opens as large as the screen lets it,
and the person's hand is whole on it.

Each screen is a private Xvfb, and the window on it lives in a child process: Tk keeps a
display open to the end of its process, and an X server gone under it ends the process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from capicua.gui.screenshot import Xvfb

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("Xvfb") is None, reason="no Xvfb (apt-get install xvfb)"),
]

# Open the table as `capicua play` does without --size, and report the window's place and
# the hand's box on the canvas once the table is drawn.
OPEN = """
import json, sys, tkinter as tk
from capicua.plugins import load_plugins
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.screenshot import capture
from capicua.gui.window import size_window

root = tk.Tk()
size_window(root)
root.update()
seats = {1: "human", 2: "heuristic", 3: "heuristic", 4: "heuristic"}
plugins = load_plugins(third_party=False)
app = TableApp(root, plugins, Settings("chiva", seats, 1, 0.0), offer_resume=False)
root.update()
c = app.canvas
capture(root, sys.argv[1])
print(json.dumps({
    "window": [root.winfo_rootx(), root.winfo_rooty(), root.winfo_width(), root.winfo_height()],
    "canvas": [c.winfo_width(), c.winfo_height()],
    "hand": c.bbox("hand"),
}))
app.shutdown()
root.destroy()
"""


@pytest.mark.parametrize(
    ("screen", "least"), [((800, 600), (800, 540)), ((1920, 1080), (1800, 1000))]
)
def test_the_window_fits_the_screen_it_opens_on_and_the_hand_is_whole(screen, least, tmp_path):
    server = Xvfb(*screen)
    name = server.start()
    shot = Path(os.environ.get("CAPICUA_KEEP_SHOTS", tmp_path)) / f"fit-{screen[0]}.png"
    try:
        done = subprocess.run(
            [sys.executable, "-c", OPEN, str(shot)],
            env=dict(os.environ, DISPLAY=name, CAPICUA_DATA_DIR=str(tmp_path)),
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    x, y, w, h = seen["window"]
    assert least[0] <= w and least[1] <= h
    assert min(x, y) >= 0 and x + w <= screen[0] and y + h <= screen[1]
    x0, y0, x1, y1 = seen["hand"]
    assert min(x0, y0) >= 0 and x1 <= seen["canvas"][0] and y1 <= seen["canvas"][1]
    assert shot.exists()
