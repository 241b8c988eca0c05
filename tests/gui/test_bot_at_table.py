"""Bot programs at the table: a capicua-bot/1 bot as the person's partner and as an
opponent, in processes of their own, played by taps in the real window; their commentary
shows on the felt, and their processes end with the match's session."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from table_helpers import PLUGINS, drive, session, settle

from capicua.core.actions import Play
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.players.command import CommandPlayer

BOTS = Path(__file__).resolve().parents[2] / "examples" / "bots"
PYBOT = {"player": "command", "argv": [sys.executable, str(BOTS / "python" / "capicua_bot.py")]}
JSBOT = {"player": "command", "argv": ["node", str(BOTS / "js" / "bot.js")]}
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
#: Bot processes at the table: seconds, so outside the quick loop.
pytestmark = pytest.mark.slow


def test_a_bot_partner_and_a_bot_opponent_play_a_whole_match_with_the_person():
    s = session(seats={1: "human", 2: "heuristic", 3: PYBOT, 4: PYBOT}, seed=5)
    try:
        assert isinstance(s.players[3], CommandPlayer) and s.players[3].bot is not None
        bots = [s.players[3].bot, s.players[4].bot]
        for _ in range(500):
            drive(s)
            if s.match.over:
                break
            if s.held_hand is not None:
                s.proceed()
                continue
            s.apply(s.view().legal[0])  # the person
        assert s.match.over
        assert any(seat in (3, 4) for seat, _ in s.match.moves)
    finally:
        s.close()
    assert all(bot.closed and bot.proc.returncode is not None for bot in bots)


@pytest.fixture
def window(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("1180x820+0+0")
    root.update()
    apps: list[TableApp] = []

    def make(seats: dict) -> TableApp:
        app = TableApp(root, PLUGINS, Settings("chiva", seats, 5, 0.0), offer_resume=False)
        apps.append(app)
        root.update()
        return app

    yield make
    for app in apps:
        app.shutdown()


def tap(app: TableApp, tag: str) -> None:
    centre = app.table.centre_of(tag)
    assert centre is not None, tag
    x, y = int(centre[0]), int(centre[1])
    for event in ("<Enter>", "<Motion>", "<ButtonPress-1>", "<ButtonRelease-1>"):
        app.canvas.event_generate(event, x=x, y=y)
        app.root.update()


@needs_node
def test_the_javascript_bot_partners_the_person_by_taps_and_its_comments_show(window):
    app = window({1: "human", 2: "heuristic", 3: JSBOT, 4: JSBOT})
    comments = set()
    for _ in range(40):  # the person's moves, each followed by the three others'
        settle(
            app,
            lambda: app.person_view() is not None or app.session.holding or app.session.match.over,
            rounds=20000,
        )
        if app.session.match.over or app.session.held_hand is not None:
            break
        if app.ui.message and app.ui.message.startswith("Seat 4: "):
            comments.add(app.ui.message)  # seat 4, the bot, moved just before the person
        view = app.person_view()
        play = next((a for a in view.legal if isinstance(a, Play)), None)
        if play is None:
            tap(app, app.table.scene.choices[0].target)
            continue
        tap(app, f"tile:{play.tile}&&hand")
        tap(app, f"end:{play.end}")
    assert app.session.held_hand is not None or app.session.match.over
    assert comments  # "Seat 4: 6-4L: 10 pips", or why it blocked the next seat
    bot = app.session.players[3].bot
    app.shutdown()
    assert bot is None or bot.closed
