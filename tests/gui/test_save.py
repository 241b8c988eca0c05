"""The saved match: written after every action, resumed, and set aside when damaged."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from table_helpers import PLUGINS, SEATS, double_nine_at_claim, drive, session

from capicua.core.records import FORMAT, to_record
from capicua.gui import save
from capicua.gui.model import Session

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "src" / "schema" / "capicua-match-1.schema.json").read_text()
)


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def test_the_data_directory_follows_the_override_then_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "mine"))
    assert save.data_dir() == tmp_path / "mine"
    monkeypatch.delenv(save.DATA_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert save.save_path() == tmp_path / "xdg" / "capicua" / "match.json"


def test_an_unfinished_match_is_saved_with_its_streams_and_resumed_at_the_same_point(data):
    s = session(seed=6)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    path = save.write(s.match, s.seats, s.streams)
    saved = json.loads(path.read_text())
    assert saved["format"] == save.SAVE_FORMAT
    record = saved["match"]
    assert record["format"] == FORMAT and record["seats"]["1"] == "human"
    jsonschema.validate(record, SCHEMA)  # the record inside is a record like any other
    assert sorted(saved["streams"]) == ["1", "2", "3", "4"]
    loaded = save.load(PLUGINS.variants)
    assert loaded.damaged is None
    assert loaded.match.actions == s.match.actions
    assert loaded.seats == SEATS
    assert loaded.streams == s.streams


def test_a_save_without_streams_is_resumed_with_fresh_streams(data):
    s = session(seed=6)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    data.mkdir(parents=True)
    (data / "match.json").write_text(json.dumps(to_record(s.match, s.seats)))  # a bare record
    loaded = save.load(PLUGINS.variants)
    assert loaded.damaged is None and loaded.streams is None
    assert loaded.match.actions == s.match.actions
    again = Session(loaded.match, loaded.seats, PLUGINS.players, loaded.streams)
    assert again.streams == session(seed=6).streams  # as the seed starts them


def test_a_save_at_an_open_redeal_decision_resumes_at_that_decision(data):
    s = double_nine_at_claim()
    save.write(s.match, s.seats, s.streams)
    loaded = save.load(PLUGINS.variants)
    assert loaded.match.phase == "claim" and loaded.match.turn == 1


def test_no_save_means_nothing_to_resume(data):
    assert save.load(PLUGINS.variants) == save.Loaded()


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '{"format": "something-else"}',
        '{"format": "capicua-match/1", "variant": "chiva"}',
        "[1, 2, 3]",
    ],
)
def test_a_damaged_save_is_reported_and_set_aside_never_a_crash(data, content):
    data.mkdir(parents=True)
    (data / "match.json").write_text(content)
    loaded = save.load(PLUGINS.variants)
    assert loaded.match is None
    assert "could not be read" in loaded.damaged and "set aside as match.damaged-" in loaded.damaged
    assert not (data / "match.json").exists()
    aside = list(data.glob("match.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_text() == content


def test_a_record_that_breaks_a_rule_is_set_aside_too(data):
    s = session(seed=6)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    path = save.write(s.match, s.seats, s.streams)
    saved = json.loads(path.read_text())
    saved["match"]["hands"][0]["actions"][0]["seat"] = 4  # not seat 4's turn
    path.write_text(json.dumps(saved))
    assert "set aside" in save.load(PLUGINS.variants).damaged


def _without(mapping: dict, key: str) -> dict:
    return {k: v for k, v in mapping.items() if k != key}


def _stream(saved: dict, seat: str, value: object) -> dict:
    return {**saved, "streams": {**saved["streams"], seat: value}}


@pytest.mark.parametrize(
    "damage, reason",
    [
        (lambda saved: _without(saved, "match"), "a record is a JSON object"),
        (lambda saved: _without(saved, "streams"), "the save's random streams are not a table"),
        (lambda saved: {**saved, "streams": ["mt19937:"]}, "random streams are not a table"),
        (
            lambda saved: {**saved, "streams": _without(saved["streams"], "3")},
            "no random stream for seat 3",
        ),
        (
            lambda saved: _stream(saved, "5", saved["streams"]["1"]),
            "random streams for seats the match has not: 5",
        ),
        (
            lambda saved: _stream(saved, "2", saved["streams"]["2"][:-8]),  # cut short
            "seat 2's random stream: a stream state holds 2500 bytes, not 2496",
        ),
        (
            lambda saved: _stream(saved, "4", 17),
            "seat 4's random stream: a stream state is text, not int",
        ),
    ],
)
def test_a_damaged_or_missing_stream_is_reported_like_any_damage(data, damage, reason):
    s = session(seed=6)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    path = save.write(s.match, s.seats, s.streams)
    path.write_text(json.dumps(damage(json.loads(path.read_text()))))
    loaded = save.load(PLUGINS.variants)
    assert loaded.match is None
    assert loaded.damaged.startswith("the saved match could not be read (")
    assert reason in loaded.damaged and "set aside as match.damaged-" in loaded.damaged
    assert not path.exists()


def test_a_finished_match_is_not_offered_for_resuming(data):
    from table_helpers import LOWEST_SEAT_2, double_nine_block

    s = double_nine_block(LOWEST_SEAT_2)
    assert s.match.over
    save.write(s.match, s.seats, s.streams)
    assert save.load(PLUGINS.variants) == save.Loaded()
    assert (data / "match.json").exists()  # kept, just not offered


def test_a_save_naming_a_player_not_installed_is_set_aside_not_overwritten(data):
    # The next match's first move writes the save: left in place, the saved match is lost.
    s = session(seed=6)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    path = save.write(s.match, s.seats, s.streams)
    saved = json.loads(path.read_text())
    saved["match"]["seats"]["2"] = {"player": "ghost", "depth": 3}
    content = json.dumps(saved)
    path.write_text(content)
    loaded = save.load(PLUGINS.variants, players=PLUGINS.players)
    assert loaded.match is None
    assert loaded.damaged.startswith(
        "the saved match names a player that is not installed (seat 2: unknown player 'ghost'"
    )
    assert "install the player and rename it back to match.json" in loaded.damaged
    assert not path.exists()
    aside = list(data.glob("match.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_text() == content
    # Installed again (here: the same registry knowing the name), the file resumes as it was.
    aside[0].rename(path)
    saved["match"]["seats"]["2"] = "random"
    path.write_text(json.dumps(saved))
    assert save.load(PLUGINS.variants, players=PLUGINS.players).match is not None


def test_the_table_reports_a_save_whose_player_is_gone_and_plays_on_without_losing_it(root, data):
    # The table asks the process's own players (as capicua play does): a save naming a
    # player no plugin provides is set aside before the new match's first move is saved.
    from test_app import decide_by_taps, settle

    from capicua.gui.app import TableApp
    from capicua.gui.dialogs import Settings

    s = session(seed=6)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    path = save.write(s.match, {**s.seats, 3: "ghost"}, s.streams, save.save_path("chiva"))
    content = path.read_text()
    root.geometry("1180x820+0+0")
    app = TableApp(root, PLUGINS, Settings("chiva", dict(SEATS), 3, 0.0), offer_resume=True)
    try:
        root.update()
        assert "names a player that is not installed (seat 3: unknown player 'ghost'" in (
            app.ui.notice
        )
        assert app.ui.question is None  # nothing to resume: the new match is on
        settle(app, lambda: app.person_view() is not None)
        decide_by_taps(app)
        aside = list(data.glob("match-chiva.damaged-*.json"))
        assert len(aside) == 1 and aside[0].read_text() == content
        assert json.loads(path.read_text())["match"]["seats"]["3"] != "ghost"
    finally:
        app.shutdown()


def test_a_save_whose_streams_were_seeded_another_way_resumes_where_they_stood(data):
    """A save keeps where each stream stands, not how it was seeded: saves written when the
    seat streams were seeded from text holding the seed resume exactly as they stood."""
    import random

    from capicua.core.rng import stream_state

    s = session(seed=6)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    older = {seat: random.Random(f"6:seat:{seat}") for seat in s.seats}
    for rng in older.values():
        rng.random()
    streams = {seat: stream_state(rng) for seat, rng in older.items()}
    save.write(s.match, s.seats, streams)
    loaded = save.load(PLUGINS.variants)
    assert loaded.damaged is None and loaded.streams == streams
    again = Session(loaded.match, loaded.seats, PLUGINS.players, loaded.streams)
    assert again.streams == streams


def test_a_save_made_with_other_options_says_so_and_resumes_with_its_own(root, data):
    """A saved Mexican Train of 6 seats, opened with ``--option seats=8``: the question says
    both, Resume plays the saved 6-seat match and Settings then shows 6; New match deals 8."""
    from test_seat_counts import open_table, take_turns

    from capicua.gui.app import TableApp
    from capicua.gui.dialogs import Settings
    from capicua.plugins import load_plugins

    app = open_table(root, "mexican-train", 6)
    try:
        take_turns(app, 1)
        assert save.save_path("mexican-train").exists()
    finally:
        app.shutdown()
    plugins = load_plugins()
    players = {s: "human" if s == 1 else "heuristic" for s in range(1, 9)}

    def reopen() -> TableApp:
        opened = TableApp(
            root, plugins, Settings("mexican-train", players, 2, 0.0, options={"seats": 8})
        )
        root.update()
        return opened

    app = reopen()
    try:
        assert app.ui.question_kind == "resume"
        assert "seats 6; a new match is played with seats 8" in app.ui.question[0]
        app.do_resume()
        assert app.session.variant.seats == 6 and app.settings.options["seats"] == 6
    finally:
        app.shutdown()
    app = reopen()
    try:
        app.do_fresh()
        assert app.session.variant.seats == 8
    finally:
        app.shutdown()


def test_a_save_made_with_the_options_asked_for_asks_only_to_resume(root, data):
    from test_seat_counts import open_table, take_turns

    app = open_table(root, "mexican-train", 6)
    try:
        take_turns(app, 1)
    finally:
        app.shutdown()
    app = open_table(root, "mexican-train", 6)
    try:
        assert app.ui.question_kind == "resume"
        assert "a new match is played with" not in app.ui.question[0]
    finally:
        app.shutdown()
