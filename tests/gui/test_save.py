"""The saved match: written after every action, resumed, and set aside when damaged."""

from __future__ import annotations

import json

import pytest

from capicua.core.records import FORMAT
from capicua.gui import save
from table_helpers import PLUGINS, SEATS, double_nine_at_claim, drive, session


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


def test_an_unfinished_match_is_saved_as_a_record_and_resumed_at_the_same_point(data):
    s = session(seed=6)
    drive(s)
    s.apply(s.match.legal_actions()[0])
    path = save.write(s.match, s.seats)
    record = json.loads(path.read_text())
    assert record["format"] == FORMAT and record["seats"]["1"] == "human"
    loaded = save.load(PLUGINS.variants)
    assert loaded.damaged is None
    assert loaded.match.actions == s.match.actions
    assert loaded.seats == SEATS


def test_a_save_at_an_open_redeal_decision_resumes_at_that_decision(data):
    s = double_nine_at_claim()
    save.write(s.match, s.seats)
    loaded = save.load(PLUGINS.variants)
    assert loaded.match.phase == "claim" and loaded.match.turn == 1


def test_no_save_means_nothing_to_resume(data):
    assert save.load(PLUGINS.variants) == save.Loaded()


@pytest.mark.parametrize("content", [
    "{not json",
    '{"format": "something-else"}',
    '{"format": "capicua-match/1", "variant": "chiva"}',
    "[1, 2, 3]",
])
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
    path = save.write(s.match, s.seats)
    record = json.loads(path.read_text())
    record["hands"][0]["actions"][0]["seat"] = 4  # not seat 4's turn
    path.write_text(json.dumps(record))
    assert "set aside" in save.load(PLUGINS.variants).damaged


def test_a_finished_match_is_not_offered_for_resuming(data):
    from table_helpers import LOWEST_SEAT_2, double_nine_block

    s = double_nine_block(LOWEST_SEAT_2)
    assert s.match.over
    save.write(s.match, s.seats)
    assert save.load(PLUGINS.variants) == save.Loaded()
    assert (data / "match.json").exists()  # kept, just not offered
