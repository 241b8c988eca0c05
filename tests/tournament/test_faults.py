"""Faults from outside the players: a killed worker, a full or read-only disk, damaged rows,
inputs without bounds, records files shared or pointed elsewhere. Each is one line with exit
status 2 (or no error at all), and nothing finished is lost: a resumed run ends with the
records of an uninterrupted one."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import tracemalloc
from pathlib import Path

import pytest

from capicua.tournament.config import Overrides, resolve
from capicua.tournament.runner import open_tournament, run
from capicua.tournament.store import lock_file

from .conftest import chiva
from .test_resume import SLOW, games_in, start, wait_for_games


def reference(cli, config: Path, tmp_path: Path, name: str = "whole") -> bytes:
    records = tmp_path / f"{name}.jsonl"
    result = cli("tournament", config, "--db", tmp_path / f"{name}.sqlite", "--records", records)
    assert result.exit_code == 0, result.output
    return records.read_bytes()


def one_error(result, *parts: str) -> str:
    """The single error line of a failed command, checked to hold every part."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, result.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


# -- a worker killed from outside ----------------------------------------------------------


def _workers(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    found = []
    for child in map(int, children):
        with contextlib.suppress(OSError):
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            if b"spawn_main" in cmdline:  # not the resource tracker
                found.append(child)
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_a_worker_killed_from_outside_has_its_match_played_again(
    cli, write_config, tmp_path, testplayers
):
    config = write_config(chiva(matches=10, seed=26, seats={s: SLOW for s in range(1, 5)}))
    db, records = tmp_path / "t.sqlite", tmp_path / "r.jsonl"
    proc = start(config, db, records)
    wait_for_games(proc, db, 1)
    victims = _workers(proc.pid)
    assert victims, "no worker process found"
    os.kill(victims[0], signal.SIGKILL)  # as the out-of-memory killer would
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert games_in(db) == 10
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM games WHERE error IS NOT NULL").fetchone()[0] == 0
    assert records.read_bytes() == reference(cli, config, tmp_path)


@pytest.mark.slow
def test_workers_that_keep_dying_at_different_points_stop_the_run_with_one_line(
    cli, write_config, tmp_path, testplayers, monkeypatch
):
    # Not the player's error (it never dies twice at one decision), and not to be looped.
    # In process (a trusted plugin), so that its deaths are the worker's.
    monkeypatch.setenv("CAPICUA_TEST_DEATHS", str(tmp_path / "deaths"))
    seats = {2: '{ player = "doomed", isolation = "none" }'}
    config = write_config(chiva(matches=2, seed=36, seats=seats))
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite", "--workers", 1)
    one_error(
        result,
        "the worker playing match 1 died 3 times at different points",
        "something outside capicua keeps stopping worker processes",
        "no match was played yet, so there is nothing to resume: fix that and run the command",
    )
    assert games_in(tmp_path / "t.sqlite") == 0


# -- a full disk, a read-only database ---------------------------------------------------


@pytest.fixture
def small_disk(tmp_path):
    """A 320 KiB tmpfs, mounted for the test (root on Linux); ``resize(kib)`` and
    ``readonly(flag)`` remount it."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=320k", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here ({done.stderr.decode().strip()})")

    class Disk:
        path = mount

        @staticmethod
        def remount(option: str) -> None:
            subprocess.run(["mount", "-o", f"remount,{option}", str(mount)], check=True)

    try:
        yield Disk
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.mark.slow
def test_a_full_disk_for_the_database_is_one_line_and_resume_finishes_the_same(
    cli, write_config, tmp_path, small_disk
):
    config = write_config(chiva(matches=120, seed=27))
    db, records = small_disk.path / "t.sqlite", tmp_path / "r.jsonl"
    result = cli("tournament", config, "--db", db, "--records", records)
    line = one_error(result, f"{db}: cannot keep match", "the disk is full; free some space")
    assert "finished matches are kept in" in line and "--resume" in line
    kept = games_in(db)
    assert 0 < kept < 120
    small_disk.remount("size=64m")
    again = cli("tournament", config, "--db", db, "--records", records, "--resume")
    assert again.exit_code == 0, again.output
    assert f"({kept} already played)" in again.stderr
    assert records.read_bytes() == reference(cli, config, tmp_path)


@pytest.mark.slow
def test_a_full_disk_for_the_records_file_is_one_line_and_resume_rewrites_it(
    cli, write_config, tmp_path, small_disk
):
    config = write_config(chiva(matches=60, seed=28))
    db, records = tmp_path / "t.sqlite", small_disk.path / "r.jsonl"
    result = cli("tournament", config, "--db", db, "--records", records)
    one_error(result, f"cannot write the records file {records}", "the disk is full")
    assert games_in(db) > 0
    small_disk.remount("size=64m")
    again = cli("tournament", config, "--db", db, "--records", records, "--resume")
    assert again.exit_code == 0, again.output
    assert records.read_bytes() == reference(cli, config, tmp_path)


@pytest.mark.slow
def test_a_read_only_database_is_one_line_and_nothing_in_it_changes(cli, write_config, tmp_path):
    config = write_config(chiva(matches=6, seed=29))
    folder, view = tmp_path / "data", tmp_path / "view"
    folder.mkdir()
    view.mkdir()
    assert cli("tournament", config, "--db", folder / "t.sqlite", "--matches", 3).exit_code == 0
    # A read-only view of the folder (root writes through file permissions).
    bind = subprocess.run(["mount", "--bind", str(folder), str(view)], capture_output=True)
    if bind.returncode != 0:
        pytest.skip(f"cannot make a read-only mount here ({bind.stderr.decode().strip()})")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(view)], check=True)
        result = cli("tournament", config, "--db", view / "t.sqlite", "--resume")
        one_error(result, str(view / "t.sqlite"), "read-only")
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False)
    assert games_in(folder / "t.sqlite") == 3


@pytest.mark.slow
def test_a_read_only_database_file_still_shows_its_results_and_refuses_more(
    cli, write_config, tmp_path
):
    config = write_config(chiva(matches=4, seed=35))
    db = tmp_path / "t.sqlite"
    assert cli("tournament", config, "--db", db).exit_code == 0
    locked = subprocess.run(["chattr", "+i", str(db)], capture_output=True)
    if locked.returncode != 0:
        pytest.skip(f"cannot make a file immutable here ({locked.stderr.decode().strip()})")
    try:
        shown = cli("tournament", config, "--db", db, "--json")
        assert shown.exit_code == 0, shown.output
        more = cli("tournament", config, "--db", db, "--resume", "--matches", 6)
        one_error(more, f"{db}: cannot write its settings (it is read-only; make it writable)")
    finally:
        subprocess.run(["chattr", "-i", str(db)], check=False)
    assert games_in(db) == 4


# -- damaged rows --------------------------------------------------------------------------


def _finished(cli, write_config, tmp_path, seed: int):
    config = write_config(chiva(matches=6, seed=seed))
    db, records = tmp_path / "t.sqlite", tmp_path / "r.jsonl"
    assert cli("tournament", config, "--db", db, "--records", records).exit_code == 0
    return config, db, records


@pytest.mark.slow
@pytest.mark.parametrize(
    "damage, problem",
    [
        (
            "UPDATE games SET record = CAST(x'ff7b' AS TEXT) WHERE idx = 2",
            "record is not UTF-8 text",
        ),
        ("UPDATE games SET facts = '{\"winner\": 1, ' WHERE idx = 2", "facts is not JSON"),
        ("UPDATE games SET facts = '{\"winner\": 1}' WHERE idx = 2", "facts lack 'label'"),
        ("UPDATE games SET error = '[1]' WHERE idx = 2", "error has the wrong shape"),
    ],
)
def test_a_damaged_row_is_found_before_play_and_repair_plays_that_match_again(
    cli, write_config, tmp_path, damage, problem
):
    config, db, records = _finished(cli, write_config, tmp_path, seed=30)
    whole = records.read_bytes()
    with sqlite3.connect(db) as con:
        con.execute(damage)
    for args in ((), ("--resume",), ("--resume", "--json")):
        result = cli("tournament", config, "--db", db, "--records", records, *args)
        one_error(result, f"{db}: 1 damaged row (match 3: {problem})", "--repair sets them aside")
    repaired = cli("tournament", config, "--db", db, "--records", records, "--resume", "--repair")
    assert repaired.exit_code == 0, repaired.output
    assert records.read_bytes() == whole
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT idx, problem FROM damaged").fetchall() == [(2, problem)]


@pytest.mark.slow
def test_settings_without_identity_are_rewritten_only_when_every_match_agrees(
    cli, write_config, tmp_path
):
    config, db, records = _finished(cli, write_config, tmp_path, seed=31)
    whole = records.read_bytes()
    with sqlite3.connect(db) as con:
        con.execute("""UPDATE meta SET value = '{"matches": 6}' WHERE key = 'settings'""")
    result = cli("tournament", config, "--db", db, "--resume")
    one_error(result, f"{db}: its stored settings are damaged (no 'identity')", "--repair")
    other = cli("tournament", config, "--db", db, "--resume", "--repair", "--seed", 32)
    one_error(other, "the kept matches are not this run's (match 1 has another seed)")
    fixed = cli("tournament", config, "--db", db, "--records", records, "--resume", "--repair")
    assert fixed.exit_code == 0, fixed.output
    assert records.read_bytes() == whole
    assert cli("tournament", config, "--db", db, "--resume").exit_code == 0


@pytest.mark.slow
def test_a_database_sqlite_finds_damaged_is_one_line_saying_how_to_recover(
    cli, write_config, tmp_path
):
    config, db, _ = _finished(cli, write_config, tmp_path, seed=33)
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(db.read_bytes())
    page = 4096
    data[2 * page + 16 : 3 * page] = b"\xa5" * (page - 16)  # the games table's pages
    db.write_bytes(bytes(data))
    result = cli("tournament", config, "--db", db, "--resume")
    one_error(result, str(db))
    assert "damaged" in result.stderr or "malformed" in result.stderr


# -- inputs without bounds -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        (
            chiva(seats={2: '{ player = "heuristic", noise = nan }'}),
            "[seats] 2: player 'heuristic': option 'noise' must be a finite number, not nan",
        ),
        (
            chiva(seats={2: '{ player = "expert", reading = inf }'}),
            "option 'reading' must be a finite number, not inf",
        ),
        (chiva(extra="time_limit = inf"), "time_limit must be a number of seconds above 0"),
        (chiva(extra="time_limit = nan"), "time_limit must be a number of seconds above 0"),
        (
            chiva().replace('1 = "random"', '1 = "random"\n01 = "heuristic"'),
            "[seats] 01 is seat 1 with a leading zero; write 1",
        ),
        (chiva(matches=10**16), "[tournament] matches must be at most 1,000,000,000,000,000"),
        (chiva().replace("workers = 2", "workers = 1000"), "[tournament] workers must be at most"),
    ],
)
def test_values_without_bounds_are_one_line(cli, write_config, tmp_path, text, message):
    result = cli("tournament", write_config(text), "--db", tmp_path / "t.sqlite")
    one_error(result, message)
    assert not (tmp_path / "t.sqlite").exists()


def test_workers_beyond_the_bound_name_the_machine(cli, write_config, tmp_path):
    result = cli("tournament", write_config(chiva()), "--workers", 1000, "--db", tmp_path / "t")
    one_error(result, "--workers must be at most", "worker processes per core; this machine has")


class _ThreeGames:
    """A backend that plays the first three games it is given, then is interrupted."""

    def __init__(self, plugins):
        self.plugins = plugins

    def run(self, job, indices, deliver):
        from capicua.tournament.play import play_game

        for n, index in enumerate(indices):
            if n == 3:
                raise KeyboardInterrupt
            deliver(play_game(job, index, plugins=self.plugins))


@pytest.mark.slow  # schedules a huge tournament
def test_a_huge_number_of_matches_runs_in_constant_memory(write_config, tmp_path, plugins):
    path = write_config(chiva(matches=10**15, seed=34))
    settings = resolve(path, Overrides(db=tmp_path / "t.sqlite"), plugins)
    settings, store = open_tournament(settings, resume=False)
    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run(settings, store, _ThreeGames(plugins))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        store.close()
    assert peak < 20_000_000  # a list of every index would be petabytes
    assert games_in(tmp_path / "t.sqlite") == 3


def test_replaying_deeply_nested_json_is_one_line(cli, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    one_error(cli("replay", deep), f"{deep}: nested more than 64 deep")
    lines = tmp_path / "deep.jsonl"
    lines.write_text('{"format": 1}\n' + "[" * 200_000 + "\n")
    one_error(cli("replay", lines, "--match", 2), "line 2: nested more than 64 deep")


# -- where records go ------------------------------------------------------------------------


def test_a_records_file_written_by_another_run_is_refused(cli, write_config, tmp_path):
    config = write_config(chiva(matches=2))
    records = tmp_path / "r.jsonl"
    records.write_text("")
    held = lock_file(records, "is busy ({who})")  # another run writing it now
    try:
        result = cli("tournament", config, "--db", tmp_path / "t.sqlite", "--records", records)
        one_error(
            result,
            f"{records} is being written by another capicua run (process {os.getpid()})",
            "choose another file with --records",
        )
    finally:
        held.close()
    assert records.read_text() == ""


@pytest.mark.slow
def test_an_existing_file_this_database_did_not_write_is_never_overwritten(
    cli, write_config, tmp_path
):
    config = write_config(chiva(matches=2))
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite", "--records", notes)
    one_error(result, f"{notes} already exists and was not written by", "choose another")
    assert notes.read_text() == "my notes\n"
    # The database's own records file is rewritten on every run, as before.
    records = tmp_path / "r.jsonl"
    db = tmp_path / "t2.sqlite"
    assert cli("tournament", config, "--db", db, "--records", records).exit_code == 0
    again = cli("tournament", config, "--db", db, "--records", records, "--resume")
    assert again.exit_code == 0, again.output
    assert f"records written to {records}" in again.stderr


@pytest.mark.parametrize("where", ["../outside.jsonl", "/tmp/capicua-anywhere.jsonl"])
def test_a_config_cannot_send_its_files_outside_its_folder(cli, write_config, tmp_path, where):
    config = write_config(chiva(extra=f'records = "{where}"'))
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite")
    one_error(result, f"[tournament] records = '{where}' points outside the config's folder")
    assert "give --records to write elsewhere" in result.stderr
    config = write_config(chiva(extra=f'db = "{where}"'))
    one_error(cli("tournament", config), "[tournament] db = ", "give --db to write elsewhere")


def test_a_config_may_keep_its_files_in_a_folder_beside_it(write_config, tmp_path, plugins):
    (tmp_path / "out").mkdir()
    config = write_config(chiva(extra='records = "out/r.jsonl"\ndb = "out/t.sqlite"'))
    s = resolve(config, Overrides(), plugins)
    assert s.records == tmp_path / "out" / "r.jsonl" and s.db == tmp_path / "out" / "t.sqlite"
