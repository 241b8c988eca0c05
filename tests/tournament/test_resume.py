"""Interrupted tournaments: Ctrl-C and a killed process lose no finished match, and
``--resume`` finishes the tournament with exactly the records of an uninterrupted run."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import chiva

# Each test runs capicua tournament as a process and interrupts or races it: seconds each.
pytestmark = pytest.mark.slow

# Random play slowed down by a sleep per decision, so that a run can be caught halfway;
# the sleep changes no choice, so the records are those of plain random play. The sleeps
# alone keep a run going for seconds after its first games, however fast or loaded the
# machine: with 1 ms a loaded CI machine once saw all 12 matches of the Ctrl-C test finish
# before the signal arrived.
SLOW = '{ player = "slow", delay = 0.003 }'


def games_in(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return con.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.Error:
        return 0


def start(config: Path, db: Path, records: Path) -> subprocess.Popen:
    # A session of its own, so that the signal goes to the whole process group, as a
    # terminal's Ctrl-C does (the workers must ignore it and leave it to the parent).
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "capicua.cli",
            "tournament",
            str(config),
            "--db",
            str(db),
            "--records",
            str(records),
            "--workers",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def wait_for_games(proc: subprocess.Popen, db: Path, least: int) -> None:
    deadline = time.monotonic() + 60
    while games_in(db) < least:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "no match finished within a minute"
        time.sleep(0.05)


def reference(cli, config: Path, tmp_path: Path) -> bytes:
    records = tmp_path / "whole.jsonl"
    result = cli("tournament", config, "--db", tmp_path / "whole.sqlite", "--records", records)
    assert result.exit_code == 0, result.output
    return records.read_bytes()


def test_ctrl_c_stops_cleanly_says_how_to_resume_and_resume_loses_and_repeats_nothing(
    cli, write_config, tmp_path, testplayers
):
    config = write_config(chiva(matches=8, seed=21, seats={s: SLOW for s in range(1, 5)}))
    db, records = tmp_path / "t.sqlite", tmp_path / "r.jsonl"
    proc = start(config, db, records)
    wait_for_games(proc, db, 2)
    os.killpg(proc.pid, signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    kept = games_in(db)
    assert 2 <= kept < 8, err
    assert f"interrupted: {kept} of 8 matches are kept in {db}; continue with: " in err
    assert f"--resume --db {db} --records {records}" in err and "Traceback" not in err
    assert len(records.read_text().splitlines()) <= kept  # in order, so perhaps fewer
    result = cli("tournament", config, "--resume", "--db", db, "--records", records)
    assert result.exit_code == 0, result.output
    assert f"({kept} already played)" in result.stderr
    assert games_in(db) == 8
    assert records.read_bytes() == reference(cli, config, tmp_path)


def test_kill_stops_like_ctrl_c(write_config, tmp_path, testplayers):
    config = write_config(chiva(matches=12, seed=23, seats={s: SLOW for s in range(1, 5)}))
    db, records = tmp_path / "t.sqlite", tmp_path / "r.jsonl"
    proc = start(config, db, records)
    wait_for_games(proc, db, 1)
    proc.terminate()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "continue with: " in err and "Traceback" not in err


def test_a_killed_run_resumes_to_the_same_records(cli, write_config, tmp_path, testplayers):
    config = write_config(chiva(matches=10, seed=22, seats={1: SLOW, 3: SLOW}))
    db, records = tmp_path / "t.sqlite", tmp_path / "r.jsonl"
    proc = start(config, db, records)
    wait_for_games(proc, db, 3)
    proc.kill()  # no chance to clean up: the database must already hold every finished match
    proc.communicate(timeout=60)
    kept = games_in(db)
    assert 3 <= kept < 10
    result = cli("tournament", config, "--resume", "--db", db, "--records", records, "--json")
    assert result.exit_code == 0, result.output
    assert records.read_bytes() == reference(cli, config, tmp_path)


def test_a_second_run_on_a_database_in_use_is_refused_and_the_first_finishes_whole(
    cli, write_config, tmp_path, testplayers
):
    # A --resume typed in another terminal while the first run still plays would play the
    # same matches again and append them to the records a second time.
    config = write_config(chiva(matches=10, seed=24, seats={1: SLOW, 3: SLOW}))
    db, records = tmp_path / "t.sqlite", tmp_path / "r.jsonl"
    proc = start(config, db, records)
    wait_for_games(proc, db, 1)
    second = cli("tournament", config, "--resume", "--db", db, "--records", records)
    assert second.exit_code != 0
    assert f"{db} is in use by another capicua run (process {proc.pid})" in second.stderr
    assert "Traceback" not in second.output
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert records.read_bytes() == reference(cli, config, tmp_path)
    # The lock went with the process: the finished tournament opens again.
    again = cli("tournament", config, "--resume", "--db", db, "--records", records)
    assert again.exit_code == 0, again.output
