"""Broken players: each ends its own match as an error naming the seat; nothing else is lost.

The players come from the ``capicua-testplayers`` distribution in ``testdist/``, loaded by
the worker processes through the entry point, as any third-party plugin would be.
"""

from __future__ import annotations

import json
import threading
from importlib import resources

import jsonschema
import pytest

from capicua.core.records import replay
from capicua.tournament.play import Job, play_game

from .conftest import chiva, read_jsonl

SCHEMA = json.loads(
    resources.files("capicua").joinpath("schema/capicua-match-1.schema.json").read_text()
)


def run(
    cli, write_config, tmp_path, seat2: str, matches: int = 6, extra: str = "", workers: int = 2
):
    path = write_config(chiva(matches=matches, seats={2: seat2}, extra=extra))
    tmp_path.mkdir(exist_ok=True)
    records = tmp_path / "r.jsonl"
    result = cli(
        "tournament",
        path,
        "--db",
        tmp_path / "t.sqlite",
        "--records",
        records,
        "--workers",
        workers,
        "--json",
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    recs = read_jsonl(records)
    for e in summary["error_list"]:  # put each error beside its record, for the checks
        recs[e["match"] - 1]["error"] = {k: e[k] for k in ("seat", "player", "reason")}
    return summary, recs


@pytest.mark.slow
def test_a_player_that_raises_ends_its_match_as_an_error_and_the_others_finish(
    cli, write_config, tmp_path, testplayers
):
    s, recs = run(cli, write_config, tmp_path, '{ player = "raiser", rate = 0.5 }', matches=8)
    errors = [r for r in recs if "error" in r]
    assert all(r["winner"] for r in recs if "error" not in r)
    assert 0 < len(errors) < 8 and s["errors"] == len(errors) and s["finished"] == 8 - len(errors)
    for r in errors:
        assert r["error"] == {
            "seat": 2,
            "player": "raiser(rate=0.5)",
            "reason": "raised ValueError: the raiser gives up",
        }
        assert r["winner"] is None and r["hands"]  # the partial match, as far as it went
        assert replay(r, testplayers.variants).winner is None
        del r["error"]
        jsonschema.validate(r, SCHEMA)  # an error game's record is a valid unfinished match
    raiser = next(p for p in s["players"] if p["entry"] == "raiser(rate=0.5)")
    assert raiser["errors"] == len(errors) and raiser["matches"]["of"] == 8 - len(errors)
    assert s["error_list"][0]["seat"] == 2 and s["error_list"][0]["reason"].startswith("raised")


@pytest.mark.slow
def test_an_illegal_answer_is_an_error_with_the_legal_actions(
    cli, write_config, tmp_path, testplayers
):
    s, recs = run(cli, write_config, tmp_path, '"cheat"', matches=2)
    assert s["errors"] == 2
    reason = recs[0]["error"]["reason"]
    assert (
        reason.startswith("answered pass, which is not legal now (legal: ")
        or "not legal now" in reason
    )


@pytest.mark.slow
def test_a_sleeping_player_is_stopped_at_its_time_limit_and_the_worker_goes_on(
    cli, write_config, tmp_path, testplayers
):
    s, recs = run(
        cli,
        write_config,
        tmp_path,
        '{ player = "sleeper", rate = 0.5 }',
        matches=6,
        extra="time_limit = 0.2",
        workers=1,
    )
    stopped = [r["error"] for r in recs if "error" in r]
    assert stopped and s["finished"] == 6 - len(stopped)
    assert all(
        e
        == {
            "seat": 2,
            "player": "sleeper(rate=0.5)",
            "reason": "exceeded the time limit of 0.2 s for a decision",
        }
        for e in stopped
    )


@pytest.mark.slow
def test_a_player_looping_forever_is_stopped_even_if_it_swallows_exceptions(
    cli, write_config, tmp_path, testplayers
):
    s, recs = run(cli, write_config, tmp_path, '"spinner"', matches=2, extra="time_limit = 0.2")
    assert s["errors"] == 2
    assert recs[1]["error"]["reason"] == "exceeded the time limit of 0.2 s for a decision"


@pytest.mark.slow
def test_a_player_beyond_the_alarm_is_stopped_by_killing_its_worker(
    cli, write_config, tmp_path, testplayers
):
    # In process (a trusted plugin): only killing the worker stops it.
    s, recs = run(
        cli,
        write_config,
        tmp_path,
        '{ player = "blocker", rate = 0.5, isolation = "none" }',
        matches=4,
        extra="time_limit = 0.1",
    )
    stopped = [r for r in recs if "error" in r]
    assert stopped and s["finished"] == 4 - len(stopped)
    for r in stopped:
        assert r["error"]["seat"] == 2
        assert r["error"]["reason"] == (
            "exceeded the time limit of 0.1 s for a decision (its worker process was stopped)"
        )
        assert replay(r, testplayers.variants).winner is None


@pytest.mark.slow
def test_a_player_that_kills_its_process_is_an_error_and_the_tournament_goes_on(
    cli, write_config, tmp_path, testplayers
):
    # In process (a trusted plugin), its process is the worker.
    s, recs = run(
        cli,
        write_config,
        tmp_path,
        '{ player = "crasher", rate = 0.5, isolation = "none" }',
        matches=6,
    )
    crashed = [r for r in recs if "error" in r]
    assert len(recs) == 6 and crashed and s["finished"] == 6 - len(crashed)
    # Played again in a fresh worker first: only the second death at that decision counts.
    assert all(
        r["error"]["reason"]
        == "the worker process died during its decision (exit status 3), "
        "again when the match was played a second time"
        and r["error"]["seat"] == 2
        for r in crashed
    )


@pytest.mark.slow
def test_the_same_errors_happen_on_every_run(cli, write_config, tmp_path, testplayers):
    first = run(cli, write_config, tmp_path / "a", '{ player = "raiser", rate = 0.5 }', matches=6)[
        1
    ]
    second = run(
        cli, write_config, tmp_path / "b", '{ player = "raiser", rate = 0.5 }', matches=6, workers=1
    )[1]
    assert first == second


@pytest.mark.slow  # waits out a time limit
def test_the_time_limit_also_holds_in_worker_threads(testplayers):
    # dask runs games in threads, where no alarm signal can reach: a watchdog thread does.
    job = Job("chiva", {1: "random", 2: "spinner", 3: "random", 4: "random"}, 3, time_limit=0.1)
    out: list[dict] = []
    thread = threading.Thread(target=lambda: out.append(play_game(job, 0)))
    thread.start()
    thread.join(timeout=30)
    assert (
        not thread.is_alive()
        and out[0]["error"]["reason"] == "exceeded the time limit of 0.1 s for a decision"
    )
    assert out[0]["error"]["seat"] == 2
