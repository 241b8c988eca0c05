"""The page on the open internet: a script of another site cannot open the host's socket,
and a spectator's page is told no tile it may not see."""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading
import time

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from net.helpers import PYBOT
from web.conftest import open_page, start_host, until

pytestmark = pytest.mark.slow

CONFIG = """
[host]
pace = 0
[[tables]]
name = "t"
variant = "chiva"
seed = 4
seats = { 1 = "random", 2 = "random", 3 = "random", 4 = "random" }
"""

OTHER_SITE = """<!doctype html><meta charset="utf-8"><title>waiting</title>
<script src="other.js"></script>"""
OTHER_SCRIPT = """
const port = new URLSearchParams(location.search).get("port");
const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
ws.onopen = () => { document.title = "opened"; };
ws.onerror = () => { document.title = "refused"; };
"""


def test_a_socket_from_another_sites_page_is_refused(browser, tmp_path):
    host = start_host(tmp_path, CONFIG.replace('1 = "random"', '1 = "person"'))
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(OTHER_SITE)
    (site / "other.js").write_text(OTHER_SCRIPT)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = None
    try:
        # Another origin on this very machine (no browser rule about private networks is
        # involved): only the host's Origin check stands between its script and the socket.
        other = f"http://127.0.0.1:{server.server_address[1]}/index.html?port={host.port}"
        page = open_page(browser, other, 800, 600)
        until(lambda: page.title() != "waiting", 10, "the other site's socket to settle")
        assert page.title() == "refused"

        def handshake(origin: str | None) -> str:
            # websockets' blocking client: Playwright's loop holds this thread's asyncio.
            try:
                with connect(f"ws://127.0.0.1:{host.port}/", origin=origin):
                    return "opened"
            except InvalidStatus as exc:
                return str(exc.response.status_code)

        assert handshake("http://evil.example") == "403"
        assert handshake(f"http://127.0.0.1:{host.port}") == "opened"
        assert handshake(None) == "opened"  # capicua join, capicua connect
    finally:
        if page is not None:
            page.context.close()
        server.shutdown()
        host.stop()


#: A seat's face-up tiles, and the page's own hand (a tile drawn for first lead is public).
FACE_UP = """() => document.querySelectorAll('#seats .shown .mini, #hand .tile').length"""
LOOK = f"""() => [!!document.body.dataset.held, ({FACE_UP})(),
  document.getElementById('mine').hidden]"""


def test_a_spectators_page_shows_no_hidden_tile(browser, tmp_path):
    # The table starts once its bot has come: the spectator's page is there from the start.
    # (What a page is sent, words included, is searched for hidden tiles over whole matches
    # of every game by tests/net/test_leaks.py; this is what the page shows.)
    host = start_host(tmp_path, CONFIG.replace('1 = "random"', '1 = "bot"'))
    page = None
    bot = None
    try:
        page = open_page(browser, host.link("t", None), 390, 844)
        until(lambda: page.locator("#title").inner_text() == "Chiva", 20, "the spectator's table")
        invitation = str(host.invitations[("t", 1)])
        bot = subprocess.Popen(
            [sys.executable, "-m", "capicua", "connect", invitation, "--", *PYBOT],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        looked = 0
        deadline = time.monotonic() + 60
        while True:
            # One look at the page as drawn: a finished hand on show, or the hand in play.
            held, face_up, mine = page.evaluate(LOOK)
            if held:
                break
            assert face_up == 0  # every hand face down while it is played
            assert mine  # hidden: a spectator has no hand
            looked += 1
            assert time.monotonic() < deadline, "the hand did not end"
        assert looked > 5 and page.locator("#board .tile").count() > 0
        # A finished hand is shown whole, for four seconds; then the next, face down.
        assert page.evaluate(FACE_UP) > 0
        until(lambda: not page.evaluate("() => document.body.dataset.held"), 8, "the next hand")
        assert page.evaluate(FACE_UP) == 0
        assert page.locator("#hint").is_hidden() and page.locator("#undo").is_hidden()
        assert page.errors == []
    finally:
        if page is not None:
            page.context.close()
        if bot is not None:
            bot.kill()
            bot.wait()
        host.stop()
