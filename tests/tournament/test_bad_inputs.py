"""Bad input that used to get through: each is one clear line and exit status 2 (or the
right outcome), never a traceback, and nothing already finished is lost."""

from __future__ import annotations

import json
import sqlite3

import pytest

from capicua.core.driver import play_match
from capicua.core.records import dumps, to_record
from capicua.core.rng import seat_stream
from capicua.gui import save as gui_save
from capicua.tournament.config import ConfigError, Overrides, resolve
from capicua.tournament.runner import open_tournament
from capicua.tournament.store import Store

from .conftest import chiva
from .test_faults import one_error


def _league(players='["random", "heuristic"]', extra=""):
    return f'variant = "chiva"\n[league]\nplayers = {players}\npairs = 2\nseed = 3\n{extra}\n'


# -- time_limit ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["1e10", "3601", "1e400"])
@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_a_time_limit_past_an_hour_is_one_line(cli, write_config, tmp_path, value):
    result = cli(
        "tournament", write_config(chiva(extra=f"time_limit = {value}")), "--db", tmp_path / "t"
    )
    one_error(result, "time_limit must be a number of seconds above 0 and at most 3,600")
    league = cli(
        "league", write_config(_league(extra=f"time_limit = {value}")), "--db", tmp_path / "l"
    )
    one_error(league, "time_limit must be a number of seconds above 0 and at most 3,600")
    match = cli("match", "random", "random", "--variant", "chiva", "--time-limit", value)
    one_error(match, "--time-limit must be a number of seconds above 0 and at most 3,600")
    assert not (tmp_path / "t").exists() and not (tmp_path / "l").exists()


def test_a_time_limit_of_an_hour_is_accepted(write_config, tmp_path, plugins):
    path = write_config(chiva(extra="time_limit = 3600"))
    assert resolve(path, Overrides(db=tmp_path / "t"), plugins).time_limit == 3600.0


# -- configs nested thousands deep, a NUL in argv, a folder for a database -----------------


@pytest.mark.slow  # 7 s at load average 18 (--durations): over 0.5 s alone
def test_a_config_nested_2000_deep_is_one_line(cli, write_config, tmp_path):
    deep = "[" * 2000 + "]" * 2000
    for text in (
        chiva(extra=f"x = {deep}"),
        chiva(seats={2: f'{{ player = "heuristic", noise = {deep} }}'}),
        _league(extra=f"x = {deep}"),
        chiva(seats={2: f'{{ player = "heuristic", noise = {"[" * 40 + "]" * 40} }}'}),
    ):
        command = "league" if "[league]" in text else "tournament"
        result = cli(command, write_config(text), "--db", tmp_path / "t")
        one_error(result, "its values are nested more than 32 deep; no config needs that")
    result = cli("match", f'{{ player = "random", x = {deep} }}', "random", "--variant", "chiva")
    one_error(result, "not a TOML inline table (nested too deep)")


@pytest.mark.parametrize(
    "seat, extra, key",
    [
        ('{ player = "command", argv = ["py\\u0000thon"] }', "", "seats.2.argv[0]"),
        ('{ player = "command", argv = ["python3"], cwd = "a\\u0000b" }', "", "seats.2.cwd"),
        ('"random"', 'records = "r\\u0000.jsonl"', "tournament.records"),
        ('"random"', 'db = "t\\u0000.sqlite"', "tournament.db"),
    ],
)
def test_a_nul_in_a_program_or_a_file_name_is_one_line(
    cli, write_config, tmp_path, seat, extra, key
):
    result = cli(
        "tournament", write_config(chiva(seats={2: seat}, extra=extra)), "--db", tmp_path / "t"
    )
    one_error(result, f"{key} holds a NUL character", "remove it")


@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_a_nul_in_a_bots_argv_on_the_command_line_is_one_line(cli):
    entry = '{ player = "command", argv = ["python3", "a\\u0000b"] }'
    result = cli("match", entry, "random", "--variant", "chiva")
    one_error(result, "cannot start the bot: its argv or folder holds a NUL character")


@pytest.mark.parametrize("where", [".", "sub", ""])
def test_a_folder_for_the_database_is_one_line(cli, write_config, tmp_path, where, monkeypatch):
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    if where:
        result = cli("tournament", write_config(chiva(extra=f'db = "{where}"')))
    else:
        result = cli("tournament", write_config(chiva()), "--db", ".")
    one_error(result, "is a folder; the database is a file, e.g.")


# -- a stored row's checksum ---------------------------------------------------------------


def _finished(cli, write_config, tmp_path, seed):
    config = write_config(chiva(matches=6, seed=seed))
    db, records = tmp_path / "t.sqlite", tmp_path / "r.jsonl"
    assert cli("tournament", config, "--db", db, "--records", records).exit_code == 0
    return config, db, records


@pytest.mark.slow
def test_a_row_changed_into_other_valid_json_fails_its_checksum_and_repair_replays_it(
    cli, write_config, tmp_path
):
    config, db, records = _finished(cli, write_config, tmp_path, seed=41)
    whole = records.read_bytes()
    with sqlite3.connect(db) as con:
        (facts,) = con.execute("SELECT facts FROM games WHERE idx = 2").fetchone()
        changed = json.loads(facts)
        changed["winner"] = 3 - (changed["winner"] or 1)  # the other team won, it now says
        con.execute("UPDATE games SET facts = ? WHERE idx = 2", (json.dumps(changed),))
    problem = "its checksum does not match what it holds"
    result = cli("tournament", config, "--db", db, "--records", records, "--resume")
    one_error(result, f"{db}: 1 damaged row (match 3: {problem})", "--repair")
    repaired = cli("tournament", config, "--db", db, "--records", records, "--resume", "--repair")
    assert repaired.exit_code == 0, repaired.output
    assert records.read_bytes() == whole  # the match played again, not the changed row
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT idx, problem FROM damaged").fetchall() == [(2, problem)]


@pytest.mark.slow
def test_a_row_whose_checksum_was_removed_is_damaged_too(cli, write_config, tmp_path):
    config, db, _records = _finished(cli, write_config, tmp_path, seed=42)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET sum = NULL WHERE idx = 4")
    result = cli("tournament", config, "--db", db, "--resume")
    one_error(result, "1 damaged row (match 5: its checksum is missing)")


@pytest.mark.slow
def test_a_database_from_before_checksums_is_read_and_its_new_rows_carry_them(
    cli, write_config, tmp_path
):
    config, db, records = _finished(cli, write_config, tmp_path, seed=43)
    whole = records.read_bytes()
    with sqlite3.connect(db) as con:  # as capicua wrote it before rows had checksums
        con.execute("DELETE FROM games WHERE idx >= 3")
        con.executescript(
            "CREATE TABLE old (idx INTEGER PRIMARY KEY, seed INTEGER NOT NULL, swapped INTEGER"
            " NOT NULL, record TEXT NOT NULL, facts TEXT NOT NULL, error TEXT);"
            "INSERT INTO old SELECT idx, seed, swapped, record, facts, error FROM games;"
            "DROP TABLE games; ALTER TABLE old RENAME TO games;"
        )
        con.execute("DELETE FROM meta WHERE key = 'row_sums'")
    resumed = cli("tournament", config, "--db", db, "--records", records, "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert records.read_bytes() == whole
    with sqlite3.connect(db) as con:
        sums = [s for (s,) in con.execute("SELECT sum FROM games ORDER BY idx")]
    assert sums[:3] == [None] * 3 and all(sums[3:])


# -- the lock holds whatever path names the database -----------------------------------------


def test_a_database_reached_through_a_symbolic_link_is_locked_all_the_same(
    cli, write_config, tmp_path
):
    real = tmp_path / "real.sqlite"
    (tmp_path / "elsewhere").mkdir()
    link = tmp_path / "elsewhere" / "link.sqlite"
    link.symlink_to(real)
    held = Store.open(real)
    try:
        with pytest.raises(ConfigError, match="is in use by another capicua run"):
            Store.open(link)
        config = write_config(chiva())
        result = cli("tournament", config, "--db", link, "--resume")
        one_error(result, "is in use by another capicua run")
    finally:
        held.close()
    Store.open(link).close()  # once the first run is done, the link opens it


# -- a start that fails before its first game ----------------------------------------------


@pytest.mark.slow
def test_a_start_that_failed_before_any_game_neither_blocks_a_rerun_nor_repeats_the_flag(
    cli, write_config, tmp_path
):
    pytest.importorskip("distributed")
    import dask

    config, db = write_config(chiva(matches=4)), tmp_path / "t.sqlite"
    with dask.config.set({"distributed.comm.timeouts.connect": "0.5s"}):
        failed = cli("tournament", config, "--db", db, "--scheduler", "tcp://127.0.0.1:9")
    line = one_error(failed, "cannot reach the dask scheduler", "no match was played yet")
    assert "continue with" not in line and line.count("--scheduler") == 0
    again = cli("tournament", config, "--db", db, "--seed", 99)  # another seed, no --resume
    assert again.exit_code == 0, again.output


def test_a_database_holding_no_game_takes_other_settings(write_config, tmp_path, plugins):
    db = tmp_path / "t.sqlite"
    first = resolve(write_config(chiva(seed=1)), Overrides(db=db), plugins)
    _settings, store = open_tournament(first, resume=False)
    store.close()
    other = resolve(write_config(chiva(seed=2, matches=8)), Overrides(db=db), plugins)
    settings, store = open_tournament(other, resume=False)
    store.close()
    assert settings.seed == 2 and settings.matches == 8


# -- records and saves: a seed that is not one, a seat that is not there, broken streams -----


@pytest.fixture(scope="module")
def record_text() -> str:
    from capicua.plugins import load_plugins

    loaded = load_plugins()
    seats = {s: "random" for s in range(1, 5)}
    players = {s: loaded.players.create("random", seat_stream(3, s)) for s in seats}
    match = play_match(loaded.variants.create("chiva"), players, 3)
    return dumps(to_record(match, seats))


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: r.replace('"seed":3', '"seed":NaN'), "record.seed: wrong type (nan)"),
        (
            lambda r: r.replace('"seed":3', '"seed":1' + "0" * 99),
            "record.seed: a seed is a whole number from 0 to 2**63-1, not a number of 100 digits",
        ),
        (
            lambda r: r.replace('"seed":3', '"seed":1' + "0" * 400),
            "bad.jsonl: an integer of 401 digits (at most 100)",
        ),
        (
            lambda r: r.replace('"seed":3', f'"seed":{2**63}'),
            f"a seed is a whole number from 0 to 2**63-1, not {2**63}",
        ),
        (lambda r: r.replace('"seed":3', '"seed":-1'), "from 0 to 2**63-1, not -1"),
        (
            lambda r: r.replace('"seats":{', '"seats":{"9":"random",'),
            "record.seats: '9' is not a seat of chiva (seats 1 to 4)",
        ),
        (
            lambda r: r.replace('"seats":{', '"seats":{"01":"random",'),
            "record.seats: '01' is not a seat of chiva",
        ),
    ],
)
@pytest.mark.parametrize("command", ["replay", "review", "view"])
def test_a_record_with_a_bad_seed_or_seat_is_one_line(
    cli, tmp_path, record_text, change, message, command
):
    text = change(record_text)
    assert text != record_text
    path = tmp_path / "bad.jsonl"
    path.write_text(text + "\n")
    args = [command, path] + (["--screenshot", tmp_path / "x.png"] if command == "view" else [])
    one_error(cli(*args), message)
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(
    "streams, problem",
    [
        ({"1": "mt19937:AAAA"}, "seat 1: a stream state holds 2500 bytes, not 3"),
        ({"1": 7}, "seat 1: a stream state is text, not int"),
        ("broken", "they are not a table of seat to stream"),
        (None, "they are not a table of seat to stream"),
    ],
)
@pytest.mark.parametrize("command", ["replay", "review", "view"])
def test_a_save_with_broken_random_streams_is_refused_with_a_message(
    cli, tmp_path, record_text, streams, problem, command
):
    saved = {"format": "capicua-save/1", "match": json.loads(record_text), "streams": streams}
    path = tmp_path / "match-chiva.json"
    path.write_text(json.dumps(saved))
    args = [command, path] + (["--screenshot", tmp_path / "x.png"] if command == "view" else [])
    one_error(cli(*args), f"a save whose random streams are damaged ({problem})")


def test_a_sound_save_is_still_viewed(cli, tmp_path, record_text):
    from capicua.core.rng import stream_state

    streams = {str(s): stream_state(seat_stream(3, s)) for s in range(1, 5)}
    saved = {"format": gui_save.SAVE_FORMAT, "match": json.loads(record_text), "streams": streams}
    path = tmp_path / "match-chiva.json"
    path.write_text(json.dumps(saved))
    result = cli("replay", path)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_records_seats_are_those_its_games_options_seat(seats):
    """A game whose seat count is an option (Draw): the record's seats are checked against
    the count its options choose, at the largest seed a record may hold."""
    from capicua.core.records import MAX_SEED, RecordError, replay
    from capicua.plugins import load_plugins

    loaded = load_plugins()
    if "draw" not in loaded.variants.names():
        pytest.skip("the draw plugin (examples/capicua-draw) is not installed")
    variant = loaded.variants.create("draw", {"seats": seats})
    players = {
        s: loaded.players.create("random", seat_stream(MAX_SEED, s)) for s in range(1, seats + 1)
    }
    match = play_match(variant, players, MAX_SEED)
    record = json.loads(dumps(to_record(match, dict.fromkeys(players, "random"))))
    assert record["seed"] == MAX_SEED and list(record["seats"]) == [str(s) for s in players]
    assert replay(record, loaded.variants).winner == match.winner
    record["seats"][str(seats + 1)] = "random"
    with pytest.raises(RecordError, match=f"is not a seat of draw \\(seats 1 to {seats}\\)"):
        replay(record, loaded.variants)


def test_a_record_of_trains_with_draws_from_the_boneyard_replays():
    """Mexican Train's records (draw actions, a leader with no chooser) pass the checks."""
    from capicua.core.records import replay
    from capicua.plugins import load_plugins

    loaded = load_plugins()
    if "mexican-train" not in loaded.variants.names():
        pytest.skip("the mexican-train plugin is not installed")
    variant = loaded.variants.create("mexican-train")
    seats = dict.fromkeys(range(1, variant.seats + 1), "random")
    players = {s: loaded.players.create("random", seat_stream(2, s)) for s in seats}
    match = play_match(variant, players, 2)
    record = json.loads(dumps(to_record(match, seats)))
    assert any("draw" in a for h in record["hands"] for a in h["actions"])
    assert replay(record, loaded.variants).winners == match.winners
