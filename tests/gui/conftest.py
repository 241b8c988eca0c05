"""Fixtures for tests that need a real Tk window.

When ``DISPLAY`` is unset, a private Xvfb is started for the session (Debian packages
``xvfb`` and, for screenshots, ``x11-apps``); without one the display tests are skipped.
Any exception raised inside a Tk callback fails the test: tests/conftest.py's autouse
``fail_test_if_a_tkinter_callback_errors`` sees every window. Every test that uses the
display (a real window) is marked ``slow``: the quick loop (``-m "not slow"``) keeps the
table's geometry, model and saves, without windows.
"""

from __future__ import annotations

import gc
import os
import shutil
import tkinter as tk
from collections.abc import Iterator

import pytest

from capicua.gui.screenshot import Xvfb


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "display" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


def _display_works() -> bool:
    try:
        probe = tk.Tk()
    except tk.TclError:
        return False
    probe.destroy()
    return True


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A usable X display name, starting Xvfb if there is none."""
    if os.environ.get("DISPLAY") and _display_works():
        yield os.environ["DISPLAY"]
        return
    if shutil.which("Xvfb") is None:
        pytest.skip("no X display and no Xvfb (apt-get install xvfb)")
    old = os.environ.get("DISPLAY")
    server = Xvfb(1280, 1024)
    try:
        os.environ["DISPLAY"] = server.start()
        yield os.environ["DISPLAY"]
    finally:
        server.stop()
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old


@pytest.fixture
def root(display: str) -> Iterator[tk.Tk]:
    """A mapped Tk root."""
    window = tk.Tk()
    window.geometry("800x600+0+0")
    window.update()
    yield window
    window.update()
    window.destroy()
    # Free the dead interpreter here, in the Tk thread: left to a later garbage collection
    # it could be finalized in a table's worker thread, which Tcl aborts on.
    del window
    gc.collect()


@pytest.fixture
def canvas(root: tk.Tk) -> tk.Canvas:
    widget = tk.Canvas(root, width=800, height=600, highlightthickness=0, background="#1f6f3f")
    widget.pack(fill="both", expand=True)
    root.update()
    return widget
