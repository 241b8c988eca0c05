"""``capicua view`` on a match that can still be played on (the table's own save) shows
only the person's hand; ``--reveal`` shows every hand and marks the save as seen, which
the table says when it offers to resume it."""

from __future__ import annotations

import json
import shutil

import pytest
from table_helpers import CHOICES, PLUGINS, SEATS, TEAM1_REST, chiva_block, session
from typer.testing import CliRunner

from capicua.cli import app as cli
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.playback import Playback
from capicua.gui.settings import Settings
from capicua.gui.texts import resume_question
from capicua.gui.viewer import SEALED, ViewerApp


@pytest.fixture
def saved(tmp_path, monkeypatch):
    """An unfinished Chiva match with a person in seat 1, saved as the table saves it."""
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    return save.write(s.match, dict(SEATS), s.streams, save.save_path("chiva"))


def test_a_sealed_playback_shows_only_the_persons_hand():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L")
    pb = Playback(s.match, dict(SEATS))
    pb.seal(1)
    pb.goto(len(pb.frames) - 1)
    assert pb.only == 1 and pb.open_hands() == {}
    assert not pb.show_only(None) and not pb.show_only(2)  # every hand, another's: no
    assert pb.only == 1


def test_view_refuses_another_seats_hand_of_a_match_that_goes_on(saved):
    result = CliRunner().invoke(cli, ["view", "--variant", "chiva", "--seat", "2"])
    assert result.exit_code == 2, result.output
    assert "only your own hand is shown; add --reveal" in result.output
    assert save.load(PLUGINS.variants, saved).seen is False


def test_a_save_marked_seen_stays_seen_and_the_resume_question_says_so(saved):
    save.mark_seen(saved)
    assert json.loads(saved.read_text())["seen"] is True
    loaded = save.load(PLUGINS.variants, saved)
    assert loaded.match is not None and loaded.seen
    question = resume_question("Chiva", 1, (0, 0), loaded.seen)
    assert "Its hidden hands were shown in capicua view." in question


@pytest.mark.skipif(shutil.which("xwd") is None, reason="needs x11-apps")
def test_view_reveal_shows_every_hand_and_marks_the_save(saved, tmp_path, display):
    shot = tmp_path / "all.png"
    args = ["view", "--variant", "chiva", "--reveal", "--seat", "2", "--screenshot", str(shot)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "marked as seen" in result.output
    assert save.load(PLUGINS.variants, saved).seen


def test_the_resume_question_numbers_the_hand_as_the_panel_does(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    s = chiva_block(TEAM1_REST)  # hand 1 blocked: its result on show, hand 2 dealt
    assert s.held_hand == 1 and s.match.hand_number == 2
    save.write(s.match, dict(SEATS), s.streams, save.save_path("chiva"))
    app = TableApp(root, PLUGINS, Settings("chiva", dict(SEATS), None, 0.0))
    try:
        question = app.ui.question[0]
        assert "(hand 1, score 1–0)" in question, question
        assert ("Hand 1 · seed 1", "muted") in app.table.scene.panel
    finally:
        app.shutdown()


def test_the_viewers_s_key_shows_no_other_hand_of_a_sealed_match(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L")
    pb = Playback(s.match, dict(SEATS))
    pb.seal(1)
    app = ViewerApp(root, PLUGINS, pb, source="match-chiva.json", delay=0.0, animate=False)
    try:
        root.update()
        app.canvas.focus_force()
        app.canvas.event_generate("<KeyPress-s>")
        root.update()
        assert pb.only == 1 and app.ui.message == SEALED
        assert all(x.tiles is None for x in app.table.scene.seats if x.seat != 1)
    finally:
        app.shutdown()
