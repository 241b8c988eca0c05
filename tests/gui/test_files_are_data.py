"""Files are data: a record or a save whose seats name programs never starts them unasked.

Each hostile seat here would leave a marker file behind if it ran: a ``command`` seat whose
argv writes it, a ``policy`` seat whose module writes it when imported. Reading the file,
resuming the save, playing on from the record and every non-interactive command leave no
marker; the built-in player takes those seats and the table says what did not run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from table_helpers import PLUGINS, session
from typer.testing import CliRunner

from capicua import trust
from capicua.cli import app as cli
from capicua.commands import common
from capicua.core.records import dumps, replay, to_record
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.playback import Playback
from capicua.gui.viewer import ViewerApp


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def hostile(tmp_path) -> tuple[dict[int, object], Path]:
    """Seats 2 and 4 name programs that write ``marker`` if they ever run."""
    marker = tmp_path / "marker"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').close()\ndef policy(o, m):\n    return 0\n")
    seats = {
        1: "human",
        2: {"player": "command", "argv": [sys.executable, "-c", f"open({str(marker)!r}, 'w')"]},
        3: "random",
        4: {"player": "policy", "policy": f"{evil}:policy"},
    }
    return seats, marker


def test_what_a_seat_would_run_is_read_without_running_it(hostile):
    seats, marker = hostile
    found = trust.programs(PLUGINS.players, seats)
    assert sorted(found) == [2, 4]
    assert found[2].startswith(sys.executable) and "marker" in found[2]
    assert "evil.py:policy" in found[4]
    assert trust.what_runs(PLUGINS.players, {"player": "policy"}) is None  # the built-in one
    assert trust.what_runs(PLUGINS.players, "expert") is None
    assert not marker.exists()


def test_a_seat_agreed_to_keeps_its_program_and_the_others_get_the_built_in(hostile):
    seats, _marker = hostile
    safe, stopped = trust.guard(PLUGINS.players, seats, agreed=[seats[2]])
    assert safe[2] == seats[2] and safe[4] == "expert" and safe[3] == "random"
    assert sorted(stopped) == [4]


def _hostile_save(seats) -> Path:
    s = session(seats={1: "human", 2: "random", 3: "random", 4: "random"})
    s.apply(s.match.legal_actions()[0])
    path = save.write(s.match, seats, s.streams, save.save_path("chiva"))
    return path


def test_a_save_naming_programs_is_read_without_running_them(data, hostile):
    seats, marker = hostile
    _hostile_save(seats)
    loaded = save.load(PLUGINS.variants, save.save_path("chiva"), PLUGINS.players)
    assert loaded.damaged is None and loaded.seats == seats
    assert not marker.exists()


def test_the_table_resumes_a_save_with_built_in_players_in_the_programs_seats(root, data, hostile):
    seats, marker = hostile
    _hostile_save(seats)
    root.geometry("1180x820+0+0")
    app = TableApp(
        root,
        PLUGINS,
        Settings("chiva", {1: "human", 2: "expert", 3: "random", 4: "random"}, None, 0.0),
    )
    try:
        assert app.ui.question_kind == "resume"
        assert app.session.seats[2] == "expert" and app.session.seats[4] == "expert"
        assert "were not started" in app.ui.notice and "--trust-commands" in app.ui.notice
        assert sys.executable in app.ui.notice
    finally:
        app.shutdown()
    assert not marker.exists()


def test_a_save_program_the_person_agreed_to_is_run(root, data, hostile):
    seats, marker = hostile
    _hostile_save(seats)
    settings = Settings("chiva", {1: "human", 2: "expert", 3: "random", 4: "random"}, None, 0.0)
    settings.agreed = (seats[2],)
    app = TableApp(root, PLUGINS, settings)
    try:
        # It ran (and, as it is no bot, the match cannot be resumed with it).
        assert marker.exists()
        assert "cannot be resumed" in app.ui.notice
    finally:
        app.shutdown()


def test_playing_on_from_a_record_puts_built_in_players_in_the_programs_seats(root, data, hostile):
    seats, marker = hostile
    s = session(seats={1: "human", 2: "random", 3: "random", 4: "random"})
    for _ in range(3):
        s.apply(s.match.legal_actions()[0])
    record = to_record(s.match, seats)
    root.geometry("1180x820+0+0")
    root.update()
    tables: list = []
    viewer = ViewerApp(
        root,
        PLUGINS,
        Playback(replay(record, PLUGINS.variants), seats),
        source="evil.jsonl, match 1 of 1",
        delay=0.0,
        animate=False,
        saving=False,
        on_table=tables.append,
    )
    try:
        viewer.playback.goto_move(1, 1)
        table = viewer.play_from_here(1)
        assert table.session.seats[2] == "expert" and table.session.seats[4] == "expert"
        assert "capicua view --trust-commands" in table.ui.notice
    finally:
        for t in tables:
            t.shutdown()
        viewer.shutdown()
    assert not marker.exists()


def _record_file(tmp_path, seats) -> Path:
    s = session(seats={1: "human", 2: "random", 3: "random", 4: "random"})
    s.apply(s.match.legal_actions()[0])
    path = tmp_path / "evil.jsonl"
    path.write_text(dumps(to_record(s.match, seats)) + "\n")
    return path


def test_view_trust_commands_without_a_terminal_refuses_in_one_line(tmp_path, hostile):
    seats, marker = hostile
    path = _record_file(tmp_path, seats)
    result = CliRunner().invoke(cli, ["view", str(path), "--trust-commands"])
    assert result.exit_code == 2
    assert "no terminal" in result.output and len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert not marker.exists()


def test_play_trust_commands_without_a_terminal_refuses_in_one_line(data, hostile):
    seats, marker = hostile
    _hostile_save(seats)
    result = CliRunner().invoke(cli, ["play", "--variant", "chiva", "--trust-commands"])
    assert result.exit_code == 2
    assert "no terminal" in result.output and "Traceback" not in result.output
    assert not marker.exists()


def test_the_person_is_shown_exactly_what_would_run_before_agreeing(monkeypatch, capsys, hostile):
    seats, marker = hostile
    asked: list[str] = []
    monkeypatch.setattr(common, "interactive", lambda: True)
    monkeypatch.setattr(common.typer, "confirm", lambda text, **kw: asked.append(text) or False)
    found = trust.programs(PLUGINS.players, seats)
    assert common.agree_to_programs(found, "evil.jsonl") is False
    shown = capsys.readouterr().err
    assert "evil.jsonl would start these programs:" in shown
    assert found[2] in shown.replace("\n", "") and "evil.py:policy" in shown
    assert asked == ["Run them?"]
    assert not marker.exists()


def test_a_record_read_by_the_non_interactive_commands_runs_nothing(tmp_path, hostile):
    seats, marker = hostile
    path = _record_file(tmp_path, seats)
    for args in (["replay", str(path)], ["review", str(path), "--level", "fast"]):
        result = CliRunner().invoke(cli, args)
        assert "Traceback" not in result.output, args
    assert not marker.exists()
    saved = json.loads(path.read_text())
    assert saved["seats"]["2"]["player"] == "command"  # the file itself is left as it was
