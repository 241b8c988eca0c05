"""Two ``capicua join`` windows at one host, partners at a Chiva table, playing a whole hand
through real events on their canvases (Enter, Motion, Press, Release), while the host
(``capicua host`` in its own process) plays the two computer seats."""

from __future__ import annotations

import gc
import os
import time

import pytest

from capicua.core.actions import LEFT, Play
from net.helpers import PLUGINS, free_port
from net.test_restart import start_host

tk = pytest.importorskip("tkinter")

CONFIG = """
[host]
pace = 0
[[tables]]
name = "friends"
variant = "chiva"
seed = 3
seats = { 1 = "person", 2 = "random", 3 = "person", 4 = "random" }
"""


def joined(invitation, name):
    from capicua.net.remote import Link, RemoteSession

    link = Link(invitation, name, variants=PLUGINS.variants)
    session = RemoteSession(link, PLUGINS.variants)
    link.start()
    deadline = time.monotonic() + 20
    while not session.ready:
        message = link.inbox.get(timeout=max(0.1, deadline - time.monotonic()))
        assert message is not None, link.problem
        session.absorb(message)
    return session


def tap(app, tag: str) -> None:
    centre = app.table.centre_of(tag)
    assert centre is not None, f"nothing on the canvas is tagged {tag!r}"
    x, y = int(centre[0]), int(centre[1])
    for event in ("<Enter>", "<Motion>", "<ButtonPress-1>", "<ButtonRelease-1>"):
        app.canvas.event_generate(event, x=x, y=y)
        app.root.update()


@pytest.mark.slow  # a Tk window, twice
@pytest.mark.parametrize("seat", [1, None], ids=["seat", "spectator"])
def test_a_join_window_disables_what_the_host_decides(display, seat):
    """New match and Settings are the host's: disabled in a seat's window and a
    spectator's, with the reason when tapped; a spectator has no hint and no undo."""
    from capicua.gui.texts import DISABLED
    from capicua.net.invitation import Invitation
    from capicua.net.remote import Link
    from capicua.net.window import LOST, WATCHING, JoinApp
    from net.test_remote_scene import told

    session, _match = told(seat)
    session.link = Link(Invitation("127.0.0.1", free_port(), "y" * 22), "")  # never started
    root = tk.Tk()
    root.geometry("800x600+0+0")
    app = JoinApp(root, PLUGINS, session)
    try:
        root.update()
        enabled = {b.name: b.enabled for b in app.table.scene.buttons}
        off = {name for name, on in enabled.items() if not on}
        assert {"new", "settings", "redo", "restart"} <= off and enabled["rules"] and enabled["log"]
        if seat is None:
            assert {"hint", "undo"} <= off
            for name in ("hint", "undo"):  # a spectator's own reason, not "your own turn"
                tap(app, f"button:{name}")
                assert app.ui.message == WATCHING[name] and app.ui.message.startswith("You are")
        for name in ("new", "settings"):
            tap(app, f"button:{name}")
            assert app.ui.message == DISABLED[name] and app.ui.question is None
        if seat == 1:
            # An undo asked by name; the connection lost while it is asked: the host drops
            # it (its voter left), so the felt stops asking.
            proposal = {"type": "proposal", "what": "undo", "id": 1, "by": 3, "name": "Bea"}
            app.net.inbox.put({**proposal, "voters": [1]})
            app._net()
            question = "Bea asks to take back their last move. Agree?"
            assert app.ui.question_kind == "undo" and app.ui.question[0] == question
            app.net.inbox.put({"type": "lost", "message": "connection lost; joining again"})
            app._net()
            assert app.ui.question is None and app.ui.blocked == LOST
    finally:
        app.shutdown()
        root.destroy()
        gc.collect()


@pytest.mark.slow  # a Tk window, twice
@pytest.mark.parametrize("seat", [1, None], ids=["seat", "spectator"])
def test_a_join_window_offers_no_new_match_when_the_match_ends(display, seat):
    """The host starts each match: at a match's end the felt shows the result with no New
    match to tap (a local table offers one there), and the status line says it is over."""
    import random

    from capicua.core.view import build_view
    from capicua.net import wire as W
    from capicua.net.invitation import Invitation
    from capicua.net.remote import Link
    from capicua.net.window import JoinApp
    from capicua.protocol import messages as M
    from net.test_remote_scene import told

    session, match = told(seat)
    rng = random.Random(5)
    while not match.over:
        match.apply(rng.choice(match.legal_actions()))
    view = build_view(match, seat or 1)
    for hand in view.past:
        session.absorb(M.hand_ended(hand))
    session.absorb(W.update(view, len(match.actions), None, spectator=seat is None))
    session.link = Link(Invitation("127.0.0.1", free_port(), "y" * 22), "")  # never started
    root = tk.Tk()
    root.geometry("800x600+0+0")
    app = JoinApp(root, PLUGINS, session)
    try:
        root.update()
        scene = app.table.scene
        assert session.held_hand == len(view.past) and scene.banner  # the result on show
        assert not any(c.target == "choice:new" for c in scene.choices), scene.choices
        assert app.table.centre_of("choice:new") is None  # nothing to tap on the felt
        said = "The match is over." if seat else "Hand over."
        assert panel_status(app) == (said, "status")
    finally:
        app.shutdown()
        root.destroy()
        gc.collect()


@pytest.mark.slow
def test_two_join_windows_play_a_hand_as_partners(tmp_path, display):
    from capicua.net.window import JoinApp

    (tmp_path / "host.toml").write_text(CONFIG)
    proc, inv = start_host(tmp_path, free_port())
    apps = []
    try:
        for seat, name in ((1, "Ana"), (3, "Bea")):
            session = joined(inv[seat], name)
            root = tk.Tk()
            root.geometry(f"800x600+{(seat - 1) * 400}+0")
            apps.append(JoinApp(root, PLUGINS, session))
        played = {1: [], 3: []}
        hinted = False
        deadline = time.monotonic() + 90
        while not any(app.remote.held_hand for app in apps):
            assert time.monotonic() < deadline, "the hand did not end"
            for app in apps:
                app.root.update()
                view = app.person_view()
                if view is None:
                    continue
                asked = app.remote.asked  # the next may come as soon as this is answered
                if not hinted:  # a hint, from this seat's view as it came over the wire,
                    app.command("hint")  # then confirmed with the keyboard
                    while app.ctl.hinted is None:
                        assert time.monotonic() < deadline, app.ui.message
                        app.root.update()
                        time.sleep(0.01)
                    hinted = True
                    action = next(
                        a
                        for a in view.legal
                        if isinstance(a, Play)
                        and a.tile is app.ctl.selected
                        and app.ctl.hinted == f"end:{a.end}"
                    )
                    app.canvas.focus_force()
                    app.root.update()
                    app.canvas.event_generate("<KeyPress-Return>")
                    app.root.update()
                else:
                    action = next(a for a in view.legal if isinstance(a, Play))
                    tap(app, f"tile:{action.tile}")
                    if app.remote.asked == asked:  # the tile fits both ends: tap one
                        tap(app, f"end:{'left' if action.end == LEFT else 'right'}")
                assert app.remote.asked != asked, app.ui.message
                played[app.remote.human].append(action)
            time.sleep(0.01)
        # Both windows show the same finished hand, every hand revealed, as the host ended it.
        for app in apps:
            deadline = time.monotonic() + 10
            while app.remote.held_hand is None:
                assert time.monotonic() < deadline
                app.root.update()
                time.sleep(0.01)
        first, second = (app.remote.held() for app in apps)
        assert first == second and first.number == 1
        for seat, actions in played.items():
            mine = [a for s, a in first.history if s == seat and isinstance(a, Play)]
            assert mine == actions and actions, seat
        # The partner is named in each window; redo and restart are not offered.
        assert apps[0].remote.players[3].bot_name == "Bea"
        assert not apps[0]._buttons()["redo"] and not apps[0]._buttons()["restart"]
        # The log tells the hand from the host's messages alone.
        log = apps[0]._log_lines()
        assert any("6-6" in line for line in log) and any("Hand 1" in line for line in log)
        # Ana asks for the review of her decisions: the host makes it for her seat alone,
        # and her log opens with its marks, as at the local table.
        tap(apps[0], "choice:review")
        ana = apps[0]
        pump(apps, lambda: ana.reviews.of(ana.remote.match, 1) is not None, 120)
        review = ana.reviews.of(ana.remote.match, 1)
        assert review.seats == (1,) and {d.seat for d in review.decisions} == {1}
        assert ana.ui.message.startswith("Reviewed by the expert")
        assert "log" in ana.windows and any("Reviewed" in line for line in ana._log_lines())
        assert not apps[1].reviews.done
        tap(apps[0], "choice:continue")
        assert apps[0].remote.held_hand is None
    finally:
        for app in apps:
            app.shutdown()
            app.root.destroy()
        apps.clear()
        gc.collect()
        proc.kill()
        proc.wait()
    assert os.path.exists(tmp_path / "host.sqlite")


@pytest.mark.slow
def test_capicua_join_opens_the_table_at_its_seat(tmp_path, display):
    """The command as a person types it: it joins, and the host sees the person sit down."""
    import subprocess
    import sys

    (tmp_path / "host.toml").write_text(CONFIG)
    proc, inv = start_host(tmp_path, free_port())
    join = subprocess.Popen(
        [sys.executable, "-m", "capicua", "join", str(inv[3]), "--name", "Bea"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "DISPLAY": display},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        while "joined" not in line:
            assert line, "the host ended"
            line = proc.stdout.readline()
        assert "seat 3 (person) Bea joined" in line
        time.sleep(1.0)
        assert join.poll() is None, join.communicate()[0]  # the window is open, waiting
    finally:
        join.kill()
        said = join.communicate()[0]
        proc.kill()
        proc.wait()
    assert said.startswith("joining 127.0.0.1:") and "error" not in said


def pump(apps, until, seconds=20.0):
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, [a.ui.message for a in apps]
        for app in apps:
            app.root.update()
        time.sleep(0.01)


@pytest.mark.slow
def test_an_undo_in_one_window_is_agreed_on_the_partners_felt(tmp_path, display):
    from capicua.net.window import JoinApp

    # Ana and Bea sit next to each other: an undo takes back no computer's answer, so the
    # move taken back must be one nobody but a person has answered since.
    (tmp_path / "host.toml").write_text(
        CONFIG.replace('2 = "random", 3 = "person"', '2 = "person", 3 = "random"')
    )
    proc, inv = start_host(tmp_path, free_port())
    apps = []
    try:
        for seat, name in ((1, "Ana"), (2, "Bea")):
            session = joined(inv[seat], name)
            root = tk.Tk()
            root.geometry(f"800x600+{(seat - 1) * 400}+0")
            apps.append(JoinApp(root, PLUGINS, session))
        ana, bea = apps
        # Bea plays when asked, each decision once, until it is Ana's move.
        answered = []

        def bea_answers_until_ana_is_asked() -> bool:
            view = bea.person_view()
            if view is not None and bea.remote.asked not in answered:
                answered.append(bea.remote.asked)
                assert bea.remote.send(view.legal[0])
            return ana.person_view() is not None

        pump(apps, bea_answers_until_ana_is_asked, 60.0)
        # Ana plays a tile, then taps Undo to take it back.
        view = ana.person_view()
        asked = ana.remote.asked
        assert ana.remote.send(next(a for a in view.legal if isinstance(a, Play)))
        pump(apps, lambda: ana._buttons()["undo"])
        tap(ana, "button:undo")
        # Bea is asked on her felt, and agrees with a tap.
        pump(apps, lambda: bea.ui.question_kind == "undo")
        tap(bea, "choice:confirm")
        # Ana is asked the very same decision again.
        pump(apps, lambda: ana.ui.message == "Taken back, as every person agreed.")
        pump(apps, lambda: ana.person_view() is not None)
        again = ana.person_view()
        assert ana.remote.asked == asked
        assert again.hand == view.hand and again.history == view.history
    finally:
        for app in apps:
            app.shutdown()
            app.root.destroy()
        apps.clear()
        gc.collect()
        proc.kill()
        proc.wait()


def panel_status(app) -> tuple[str, str]:
    """The panel's status line as drawn (the line after the scores)."""
    from capicua.gui.status import status

    return status(app.remote, app.remote.view(), app.ui)


@pytest.mark.slow
def test_a_host_out_of_reach_stops_the_table_until_it_is_back(tmp_path, display):
    """The host killed on the person's turn: the window says so and keeps saying it, takes
    no tile and no end, and once the host is started again shows the position it has."""
    import signal

    from capicua.net.window import LOST, JoinApp

    (tmp_path / "host.toml").write_text(CONFIG.replace('3 = "person"', '3 = "random"'))
    port = free_port()
    proc, inv = start_host(tmp_path, port)
    apps = []
    try:
        root = tk.Tk()
        root.geometry("800x600+0+0")
        ana = JoinApp(root, PLUGINS, joined(inv[1], "Ana"))
        apps.append(ana)
        pump(apps, lambda: ana.person_view() is not None, 60.0)
        before, asked = ana.person_view(), ana.remote.asked
        tile = next(a.tile for a in before.legal if isinstance(a, Play))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        # The client has noticed, and the window has taken in what it said.
        pump(apps, lambda: ana.net.client.ws is None and ana.net.inbox.empty())
        ana.root.update()
        # A tile tapped, Enter pressed: nothing is picked, nothing sent, the hand greyed.
        tap(ana, f"tile:{tile}")
        ana.canvas.event_generate("<KeyPress-Return>")
        ana.root.update()
        assert ana.ctl.selected is None and ana.person_view() is None
        assert ana.table.scene.playable == frozenset()
        assert not ana._buttons()["hint"] and not ana._buttons()["undo"]
        # The line stays while the client tries again, whatever was tapped.
        joins = ana.net.client.joins
        lost = time.monotonic()
        while time.monotonic() - lost < 2.0:
            ana.root.update()
            assert panel_status(ana) == (LOST, "error")
            assert (LOST, "error") in ana.table.scene.panel
            time.sleep(0.02)
        assert ana.net.client.joins == joins
        # The host again, from its store: the same decision, the same position.
        proc, again = start_host(tmp_path, port)
        assert again == inv
        pump(apps, lambda: ana.ui.blocked is None and ana.person_view() is not None, 60.0)
        after = ana.person_view()
        assert ana.remote.asked == asked
        assert after.hand == before.hand and after.history == before.history
        assert panel_status(ana)[1] == "turn"
        # And it plays: the tile tapped now is the host's.
        tap(ana, f"tile:{tile}")
        if ana.remote.asked == asked:
            action = next(a for a in after.legal if isinstance(a, Play) and a.tile == tile)
            tap(ana, f"end:{'left' if action.end == LEFT else 'right'}")
        assert ana.remote.asked != asked, ana.ui.message
    finally:
        for app in apps:
            app.shutdown()
            app.root.destroy()
        apps.clear()
        gc.collect()
        proc.kill()
        proc.wait()
