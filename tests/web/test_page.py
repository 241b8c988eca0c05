"""The table page in a real browser at a real host: a person plays a hand of every installed
game by taps at phone size; hints, the log and the rules come from the host; the page is
served with its safety headers; a spectator's page holds no hidden tile."""

from __future__ import annotations

import json
import urllib.request

import pytest

from net.helpers import PLUGINS
from web.conftest import move, offer, open_page, start_host, until

pytestmark = pytest.mark.slow

ASKED = "() => document.body.dataset.asked"
GAMES = ["chiva", "double-nine-100", "block", "draw", "all-fives", "mexican-train"]


def config(variant: str, pace: float = 0.0) -> str:
    seats = PLUGINS.variants.create(variant, {}).seats
    others = ", ".join(f'{s} = "random"' for s in range(2, seats + 1))
    return f"""
[host]
pace = {pace}
[[tables]]
name = "t"
variant = "{variant}"
seed = 5
seats = {{ 1 = "person", {others} }}
"""


@pytest.mark.parametrize("variant", GAMES)
def test_a_person_plays_a_hand_of_each_game_by_taps_at_phone_size(browser, tmp_path, variant):
    host = start_host(tmp_path, config(variant))
    page = None
    try:
        page = open_page(browser, host.link("t", 1), 360, 640, touch=True)
        made = 0
        # Tap what the page offers (a tile, then a lit end; a choice; the boneyard) until
        # the host has ended the hand and the page shows it, every hand revealed.
        while (what := until(lambda: offer(page) or None, 30, "a move offered")) != "held":
            asked = page.evaluate(ASKED)
            move(page, touch=True)
            until(lambda a=asked: page.evaluate(ASKED) != a or offer(page) == "held", 10, what)
            made += 1
        assert made > 0
        banner = page.locator("#banner").inner_text()
        # A game of rounds (Mexican Train) calls its first hand a round, as its caption.
        assert ("Round 1" if variant == "mexican-train" else "Hand 1") in banner, banner
        if variant == "chiva":
            # The review of the seat's own decisions: asked of the host, its marks in the log.
            page.locator('#choices [data-target="review"]').tap()
            until(lambda: "Reviewed" in page.locator("#notice").inner_text(), 90, "the review")
            assert page.locator("#dialog[open]").count() == 1
            page.locator("#dialog-close").tap()
        # The finished hand stays on show until the person continues; then the table.
        move(page, touch=True)
        until(lambda: offer(page) != "held", 5, "the page to leave the finished hand")
        # Every button and tile a finger meets is at least 48 CSS px across.
        small = page.evaluate(
            """() => [...document.querySelectorAll('button:not([hidden])')]
                .filter(b => b.offsetParent !== null)
                .map(b => b.getBoundingClientRect())
                .filter(r => r.width < 47.5 || r.height < 47.5).length"""
        )
        assert small == 0
        assert page.errors == []
    finally:
        if page is not None:
            page.context.close()
        host.stop()


def test_hint_log_and_rules_come_from_the_host_in_the_browsers_language(browser, tmp_path):
    host = start_host(tmp_path, config("chiva"))
    page = None
    try:
        page = open_page(browser, host.link("t", 1), 390, 844, lang="de-DE")
        until(lambda: offer(page) in ("play", "held"), 30, "the seat's first move")
        # The page's words and the host's sentences are German, as the browser asks.
        assert page.locator("#hint").inner_text() == "Hinweis"
        assert "Du bist am Zug" in page.locator("#status").inner_text()
        page.locator("#hint").click()
        until(lambda: page.locator("#board .end.hinted").count() == 1, 30, "the hint")
        selected = page.locator("#hand .tile.selected")
        assert selected.count() == 1
        assert page.locator("#notice").inner_text()  # the hint's reason, in words
        page.locator("#board .end.hinted").click()
        page.locator("#log").click()
        until(lambda: page.locator("#dialog[open]").count() == 1, 10, "the log")
        assert "Runde 1" in page.locator("#dialog-text").inner_text()
        page.locator("#dialog-close").click()
        page.locator("#rules").click()
        until(
            lambda: (
                "Chiva" in page.locator("#dialog-text").inner_text()
                and page.locator("#dialog[open]").count() == 1
            ),
            10,
            "the rules",
        )
        page.locator("#dialog-close").click()
        assert page.errors == []
    finally:
        if page is not None:
            page.context.close()
        host.stop()


def test_the_page_is_served_with_a_strict_policy_and_no_code_in_any_request(browser, tmp_path):
    host = start_host(tmp_path, config("chiva"))
    page = None
    try:
        base = f"http://127.0.0.1:{host.port}"
        with urllib.request.urlopen(f"{base}/") as answer:
            headers = answer.headers
            assert "script-src 'self'" in headers["Content-Security-Policy"]
            assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
            assert "unsafe-inline" not in headers["Content-Security-Policy"]
            assert headers["X-Content-Type-Options"] == "nosniff"
        with urllib.request.urlopen(f"{base}/words/uk.json") as answer:
            assert json.load(answer)["hint"] != "Hint"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{base}/../src/net/host.py")
        assert missing.value.code == 404
        link = host.link("t", 1)
        code = link.split("#")[1]
        # The host printed the seat's link, and its QR code for a phone's camera.
        printed = "".join(host.lines)
        assert f"    {link}\n" in printed and "▀" in printed.split(link)[1]
        page = open_page(browser, "about:blank", 800, 600)
        seen: list[str] = []
        page.on("request", lambda r: seen.append(r.url + json.dumps(r.headers)))
        page.goto(link)
        until(lambda: offer(page) != "", 30, "the table")
        assert seen and not any(code in s for s in seen)
        assert page.errors == []
    finally:
        if page is not None:
            page.context.close()
        host.stop()
