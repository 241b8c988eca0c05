"""A table of every kind of client, and a page that survives: two browser pages, a Tk join
window and a connected bot finish a match at one host; a page closed and opened again, and
a page whose host was killed and started again, come back to the match where it stands."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time

import pytest

from capicua.core.actions import LEFT, Play
from capicua.core.records import replay
from capicua.gui.controller import choice_target
from net.helpers import PLUGINS, PYBOT
from web.conftest import move, offer, open_page, start_host, until

pytestmark = pytest.mark.slow

ASKED = "() => document.body.dataset.asked"
#: The felt and the hand as the page shows them, by the tiles' labels.
SHOWN = """() => [
  [...document.querySelectorAll('#board .tile')].map(t => t.getAttribute('aria-label')),
  [...document.querySelectorAll('#hand .tile')].map(t => t.dataset.tile),
]"""


def _tap(app, tag: str) -> None:
    centre = app.table.centre_of(tag)
    assert centre is not None, f"nothing on the canvas is tagged {tag!r}"
    x, y = int(centre[0]), int(centre[1])
    for event in ("<Enter>", "<Motion>", "<ButtonPress-1>", "<ButtonRelease-1>"):
        app.canvas.event_generate(event, x=x, y=y)
        app.root.update()


def window_move(app) -> None:
    app.root.update()
    remote = app.remote
    if remote.held_hand is not None:
        if app.table.centre_of("choice:continue") is not None:
            _tap(app, "choice:continue")
        return
    view = app.person_view()
    if view is None or remote.asked is None:
        return
    action = view.legal[0]
    asked = remote.asked
    if isinstance(action, Play):
        _tap(app, f"tile:{action.tile}")
        if remote.asked == asked:
            _tap(app, f"end:{'left' if action.end == LEFT else 'right'}")
    else:
        _tap(app, choice_target(action))


def test_two_pages_a_join_window_and_a_bot_finish_a_match_at_one_table(browser, tmp_path, display):
    import tkinter as tk

    from capicua.net.remote import Link, RemoteSession
    from capicua.net.window import JoinApp

    host = start_host(
        tmp_path,
        """
[host]
pace = 0
hold = 120
[[tables]]
name = "t"
variant = "double-nine-100"
seed = 7
seats = { 1 = "person", 2 = "bot", 3 = "person", 4 = "person" }
""",
    )
    bot = subprocess.Popen(
        [sys.executable, "-m", "capicua", "connect", str(host.invitations[("t", 2)]), "--", *PYBOT],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    pages = []
    app = None
    try:
        pages = [
            (open_page(browser, host.link("t", 1), 1280, 800), False),
            (open_page(browser, host.link("t", 4), 390, 844, touch=True), True),
        ]
        link = Link(host.invitations[("t", 3)], "Tia", variants=PLUGINS.variants)
        session = RemoteSession(link, PLUGINS.variants)
        link.start()
        until(lambda: _absorbed(session, link) and session.ready, 20, "the join window's seat")
        app = JoinApp(tk.Tk(), PLUGINS, session)
        moves = 0
        deadline = time.monotonic() + 300
        while host.proc.poll() is None:  # the host stops once the table's match is over
            assert time.monotonic() < deadline, "the match did not end"
            for page, touch in pages:
                if offer(page) in ("held", "play", "choice", "draw", "facedown"):
                    moves += bool(move(page, touch))
            window_move(app)
            time.sleep(0.01)
        assert host.proc.returncode == 0, "".join(host.lines) + host.proc.stdout.read()
        assert bot.wait(30) == 0, bot.stderr.read()
        with sqlite3.connect(tmp_path / "host.sqlite") as db:
            (record,) = db.execute("SELECT record FROM records WHERE tbl = 't'").fetchone()
        replayed = replay(json.loads(record), PLUGINS.variants)
        assert replayed is not None
        # Each page saw the match's end as the host told it, in the host's words.
        for page, _touch in pages:
            until(lambda p=page: offer(p) == "over", 10, "the match's end on the page")
            assert "wins the match" in page.locator("#banner").inner_text()
            assert page.errors == []
        assert moves > 10
    finally:
        for page, _touch in pages:
            page.context.close()
        if app is not None:
            app.shutdown()
            app.root.destroy()
        if bot.poll() is None:
            bot.kill()
        bot.wait()
        host.stop()


def _absorbed(session, link) -> bool:
    """The join window's session takes in what its link got so far (as the window does)."""
    import queue

    while True:
        try:
            message = link.inbox.get(timeout=0.05)
        except queue.Empty:
            return True
        assert message is not None, link.problem
        session.absorb(message)


CHIVA = """
[host]
pace = 0
hold = 120
[[tables]]
name = "t"
variant = "chiva"
seed = 9
seats = { 1 = "person", 2 = "random", 3 = "random", 4 = "random" }
"""


def play_moves(page, count: int) -> None:
    for _ in range(count):
        until(lambda: offer(page) in ("play", "choice", "draw"), 30, "a move offered")
        asked = page.evaluate(ASKED)
        move(page)
        until(lambda a=asked: page.evaluate(ASKED) != a, 10, "the host to take the move")


def test_a_page_closed_and_opened_again_comes_back_to_the_same_position(browser, tmp_path):
    host = start_host(tmp_path, CHIVA)
    try:
        page = open_page(browser, host.link("t", 1), 390, 844)
        play_moves(page, 2)
        until(lambda: offer(page) == "play", 30, "the seat's third move")
        before = page.evaluate(SHOWN)
        page.context.close()  # the tab closed: the host holds the seat, the table waits
        page = open_page(browser, host.link("t", 1), 390, 844)
        until(lambda: offer(page) == "play", 30, "the seat's move again")
        assert page.evaluate(SHOWN) == before
        # The keyboard plays too: Enter picks the tile in focus and goes to its first lit
        # end, Enter there plays.
        asked = page.evaluate(ASKED)
        page.locator("#hand .tile.playable").first.focus()
        page.keyboard.press("Enter")
        until(lambda: page.evaluate("() => document.activeElement.matches('.end.lit')"), 5, "end")
        page.keyboard.press("Enter")
        until(lambda: page.evaluate(ASKED) != asked, 10, "the host to take the keyboard's move")
        assert page.errors == []
        page.context.close()
    finally:
        host.stop()


def test_an_undo_asked_on_one_page_is_agreed_on_the_partners(browser, tmp_path):
    # Ana and Bea sit next to each other: an undo takes back no computer's answer, so the
    # move taken back must be one nobody but a person has answered since.
    host = start_host(tmp_path, CHIVA.replace('2 = "random"', '2 = "person"'))
    pages = []
    try:
        ana = open_page(browser, named(host.link("t", 1), "Ana"), 1280, 800)
        bea = open_page(browser, named(host.link("t", 2), "Bea"), 390, 844, touch=True)
        pages = [ana, bea]
        deadline = time.monotonic() + 60
        while offer(ana) != "play":  # Bea plays when asked, until it is Ana's move
            assert time.monotonic() < deadline, "Ana was never asked a move"
            if offer(bea) in ("play", "choice"):
                move(bea, touch=True)
            time.sleep(0.02)
        assert ana.locator("#undo").is_disabled()  # no move of hers to take back yet
        asked = ana.evaluate(ASKED)
        move(ana)
        until(lambda: ana.evaluate(ASKED) != asked, 10, "the host to take Ana's move")
        until(lambda: ana.locator("#undo").is_enabled(), 10, "Undo to be offered")
        ana.locator("#undo").click()
        agree = bea.get_by_role("button", name="Agree")
        until(lambda: agree.count() == 1, 20, "Bea to be asked")
        assert (
            "Ana asks to take back their last move. Agree?" in bea.locator("#banner").inner_text()
        )
        agree.tap()
        until(lambda: "Taken back" in ana.locator("#notice").inner_text(), 20, "the undo")
        until(lambda: ana.evaluate(ASKED) == asked, 20, "Ana asked the same decision again")
        assert ana.errors == [] and bea.errors == []
    finally:
        for page in pages:
            page.context.close()
        host.stop()


def named(link: str, name: str) -> str:
    """A seat's link that gives the page its person's name."""
    head, code = link.split("#", 1)
    return f"{head}?name={name}#{code}"


def test_a_partner_away_is_named_on_the_page_with_the_hold_counting_down(browser, tmp_path):
    host = start_host(tmp_path, CHIVA.replace('3 = "random"', '3 = "person"'))
    pages = []
    try:
        ana = open_page(browser, named(host.link("t", 1), "Ana"), 1280, 800)
        bea = open_page(browser, named(host.link("t", 3), "Bea"), 390, 844)
        pages = [ana]
        until(lambda: ana.evaluate("() => !!document.querySelector('#panel .team')"), 30, "start")
        bea.context.close()  # Bea's tab closed: the host holds her seat for its 120 s
        team = ana.locator("#panel .team").first
        said = until(lambda: "Bea · away" in team.inner_text() and team.inner_text(), 20, "away")
        assert said in ("Your team: you, Bea · away 2:00", "Your team: you, Bea · away 1:59")
        until(lambda: team.inner_text() != said, 5, "the hold to count down")
        assert "Bea · away 1:5" in team.inner_text()
        # Her seat in the seats box says so too, counting down with the panel.
        seat = ana.locator('#seats .seat[data-seat="3"] .name')
        label = seat.inner_text()
        assert label.startswith("Bea (partner) · away 1:5"), label
        until(lambda: seat.inner_text() != label, 5, "the seat's hold to count down")
        assert seat.inner_text().startswith("Bea (partner) · away 1:")
        assert ana.errors == []
    finally:
        for page in pages:
            page.context.close()
        host.stop()


def test_a_host_restarted_mid_hand_resumes_the_page(browser, tmp_path):
    host = start_host(tmp_path, CHIVA)
    page = None
    try:
        page = open_page(browser, host.link("t", 1), 390, 844)
        play_moves(page, 2)
        until(lambda: offer(page) == "play", 30, "the seat's third move")
        before = page.evaluate(SHOWN)
        host.stop()  # SIGKILL: whatever was stored is all there is
        until(lambda: "away" in page.locator("#notice").inner_text(), 10, "the page to say so")
        assert offer(page) == ""  # nothing is offered while the host is away
        assert page.evaluate(SHOWN) == before  # and nothing the host did not confirm shown
        host = start_host(tmp_path, CHIVA, port=host.port)
        until(lambda: offer(page) == "play", 30, "the page back at its seat")
        assert page.evaluate(SHOWN) == before
        assert page.locator("#notice").is_hidden()
        play_moves(page, 1)
        assert page.errors == []
    finally:
        if page is not None:
            page.context.close()
        host.stop()
