"""What the table page's tests share: Debian's chromium driven by Playwright (one browser
per module), a real ``capicua host`` in its own process on 127.0.0.1, and a seat's moves
made on the page as a person makes them, by taps or clicks on what the page offers."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from capicua.net.invitation import Invitation
from capicua.net.launch import CHROMIUM, CHROMIUM_ARGS
from gui.conftest import display  # noqa: F401 - the Tk join window's X display
from net.helpers import free_port

#: What the page offers its person now, read from the page as drawn: "held" (a finished
#: hand on show), "over" (the match's last hand on show), "facedown", "choice", "draw",
#: "play", or "" (nothing to do).
OFFER = """() => {
  const b = document.body.dataset;
  if (b.held) return document.querySelector('#choices [data-target="continue"]') ? "held" : "over";
  if (!b.asked) return "";
  if (document.querySelector(".facedown button:not([disabled])")) return "facedown";
  if (document.querySelector("#choices .choice[data-action]")) return "choice";
  if (document.querySelector(".boneyard.lit")) return "draw";
  if (document.querySelector("#hand .tile.playable")) return "play";
  return "";
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright for Python is not installed (the test extra)"
    )
    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium (apt-get install chromium; scripts/test does)")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Hosted:
    """A ``capicua host`` process and what it printed: each seat's invitation and link."""

    proc: subprocess.Popen[str]
    port: int
    invitations: dict[tuple[str, int | None], Invitation] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def link(self, table: str, seat: int | None) -> str:
        return self.invitations[(table, seat)].link

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def start_host(folder: Path, config: str, port: int | None = None) -> Hosted:
    """``capicua host host.toml`` in ``folder``; returns once it has printed every seat's
    invitation (the links among them)."""
    (folder / "host.toml").write_text(config)
    port = port or free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "capicua", "host", "host.toml", "--port", str(port)],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "COLUMNS": "200", "CAPICUA_LANG": "en"},
    )
    hosted = Hosted(proc, port)
    assert proc.stdout is not None
    label = ""
    while True:
        line = proc.stdout.readline()
        assert line, f"the host ended before its invitations: {hosted.lines}"
        hosted.lines.append(line)
        text = line.strip()
        if text.endswith(":") and (" seat " in text or "spectators" in text):
            label = text
        elif text.startswith("capicua://"):
            table = label.split()[0]
            seat = None if "spectators" in label else int(label.split("seat ")[1].split()[0])
            hosted.invitations[(table, seat)] = Invitation.parse(text)
        elif text.startswith("http://") and "spectators" in label:
            break  # the last seat of the last table: spectators come last
    return hosted


def open_page(
    browser: Any, link: str, width: int, height: int, *, touch: bool = False, lang: str = "en"
) -> Any:
    """A page of its own (its own context: storage, language) at ``width`` by ``height``;
    every script error on it fails the test that reads ``page.errors``."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=touch,
        is_mobile=touch,
        locale=lang,
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.on("console", lambda m: _console(page, m))
    page.goto(link)
    return page


def _console(page: Any, message: Any) -> None:
    # A socket that cannot connect while the host is away is the browser's news, not the
    # page's error: the page says so itself and tries again.
    if message.type == "error" and "WebSocket connection" not in message.text:
        page.errors.append(message.text)


def offer(page: Any) -> str:
    return str(page.evaluate(OFFER))


def press(page: Any, selector: str, touch: bool) -> None:
    target = page.locator(selector).first
    if touch:
        target.tap()
    else:
        target.click()


def move(page: Any, touch: bool = False) -> str:
    """Make the page's person do what the page offers (the first of it): continue after a
    finished hand, or answer the decision asked; what it did ("" if nothing was offered)."""
    what = offer(page)
    if what == "held":
        press(page, '#choices .choice[data-target="continue"]', touch)
    elif what == "facedown":
        press(page, ".facedown button:not([disabled])", touch)
    elif what == "choice":
        press(page, "#choices .choice[data-action]", touch)
    elif what == "draw":
        press(page, ".boneyard.lit", touch)
    elif what == "play":
        asked = page.evaluate("() => document.body.dataset.asked")
        press(page, "#hand .tile.playable", touch)
        press(page, "#board .end.lit", touch)
        if page.evaluate("() => document.body.dataset.asked") == asked and offer(page) == "choice":
            press(page, "#choices .choice[data-action]", touch)  # two plays of one tile
    return what


def until(predicate: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        got = predicate()
        if got:
            return got
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)
