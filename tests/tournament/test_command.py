"""``capicua tournament``: repeatable results, the summary, and bad input as one line."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from capicua.core.records import replay
from capicua.core.rng import derive_seed

from .conftest import chiva, read_jsonl


@pytest.mark.slow
def test_the_same_seeded_command_gives_the_same_records_twice_and_on_any_number_of_workers(
    cli, write_config, tmp_path
):
    path = write_config(chiva(matches=8, seed=11, extra="swap_teams = true"))
    files = []
    for run, workers in enumerate((2, 2, 1, 3)):
        records = tmp_path / f"r{run}.jsonl"
        result = cli(
            "tournament",
            path,
            "--workers",
            workers,
            "--db",
            tmp_path / f"{run}.sqlite",
            "--records",
            records,
        )
        assert result.exit_code == 0, result.output
        files.append(records.read_bytes())
    assert files[0] and all(f == files[0] for f in files)


@pytest.mark.slow
def test_records_follow_the_seeds_and_swap_the_teams_on_the_same_deal(
    cli, write_config, tmp_path, plugins
):
    path = write_config(
        chiva(
            matches=4, seed=3, seats={1: '"heuristic"', 3: '"heuristic"'}, extra="swap_teams = true"
        )
    )
    records = tmp_path / "r.jsonl"
    result = cli("tournament", path, "--db", tmp_path / "t.sqlite", "--records", records)
    assert result.exit_code == 0, result.output
    recs = read_jsonl(records)
    assert [r["seed"] for r in recs] == [derive_seed(3, i // 2) for i in range(4)]
    assert recs[0]["seats"] == {"1": "heuristic", "2": "random", "3": "heuristic", "4": "random"}
    assert recs[1]["seats"] == {"1": "random", "2": "heuristic", "3": "random", "4": "heuristic"}
    assert (
        recs[0]["hands"][0]["deal"] == recs[1]["hands"][0]["deal"]
    )  # the luck of the deal cancels
    for r in recs:
        assert replay(r, plugins.variants).over


@pytest.mark.slow
def test_the_summary_counts_matches_hands_and_names_per_team_and_entry(cli, write_config, tmp_path):
    path = write_config(
        chiva(matches=6, seats={1: '"heuristic"', 3: '{ player = "heuristic", noise = 0.5 }'})
    )
    result = cli("tournament", path, "--db", tmp_path / "t.sqlite", "--json")
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)
    assert (s["planned"], s["played"], s["finished"], s["errors"], s["seed"]) == (6, 6, 6, 0, 7)
    team1, team2 = s["teams"]
    assert team1["matches"]["won"] + team2["matches"]["won"] == 6
    assert team1["labels"]["chiva"] == team1["matches"]["won"]  # every Chiva match is a chiva
    lo, hi = team1["matches"]["ci"]
    assert 0 <= lo <= team1["matches"]["rate"] <= hi <= 1
    entries = {p["entry"]: p for p in s["players"]}
    assert set(entries) == {"heuristic", "heuristic(noise=0.5)", "random"}
    assert entries["random"]["matches"] == team2["matches"] and entries["random"]["mirror"] == 0
    assert entries["heuristic"]["decisions"] > 0 and entries["heuristic"]["decision_ms"]["mean"] > 0
    assert s["hands_per_match"]["mean"] * 6 == sum(s["outcomes"].values())


@pytest.mark.slow
def test_the_table_shows_the_figures_with_intervals(cli, write_config, tmp_path):
    path = write_config(chiva(matches=4, seats={1: '"heuristic"', 3: '"heuristic"'}))
    result = cli("tournament", path, "--db", tmp_path / "t.sqlite")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in (
        "Chiva: 4 of 4 matches played, seed 7",
        "team 1 (1+3)",
        "heuristic",
        "chivas",
        "hands per match",
        "ms/move",
    ):
        assert text in out, out
    assert "Chiva tournament: 4 matches, seed 7, 2 worker processes" in result.stderr


@pytest.mark.slow
def test_double_nine_reports_pollonas_and_points_per_hand(cli, write_config, tmp_path):
    path = write_config(chiva(matches=4).replace('"chiva"', '"double-nine-100"'))
    result = cli("tournament", path, "--db", tmp_path / "t.sqlite", "--json")
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)
    assert set(s["labels"]) == {"pollona", "tripollua"}
    assert s["teams"][0]["points_per_hand"] is not None
    table = cli("tournament", path, "--db", tmp_path / "t.sqlite", "--resume")
    assert table.exit_code == 0, table.output
    assert (
        "Pollonas" in table.stdout and "Tripollúas" in table.stdout and "pts/hand" in table.stdout
    )


@pytest.mark.slow  # runs many bad configs
def test_a_bad_config_exits_2_with_one_line_and_no_traceback(cli, write_config, tmp_path):
    for text, message in [
        ('variant = "chiva"\n[seats\n', "not valid TOML"),
        (chiva(seats={4: '"grandmaster"'}), "unknown player 'grandmaster'; available: "),
        (chiva(seats={1: '"human"'}), "'human' is a person at the table"),
    ]:
        result = cli("tournament", write_config(text), "--db", tmp_path / "t.sqlite")
        assert result.exit_code == 2, result.output
        assert message in result.stderr and "Traceback" not in result.output
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    result = cli("tournament", tmp_path / "missing.toml")
    assert result.exit_code == 2 and "no such config file" in result.stderr
    result = cli(
        "tournament", write_config(chiva()), "--matches", "0", "--db", tmp_path / "t.sqlite"
    )
    assert result.exit_code == 2 and "--matches must be at least 1, not 0" in result.stderr
    assert not (tmp_path / "t.sqlite").exists() or "Traceback" not in result.output


@pytest.mark.slow
def test_a_database_is_never_overwritten_and_resumes_only_the_same_tournament(
    cli, write_config, tmp_path
):
    path = write_config(chiva(matches=4))
    db = tmp_path / "t.sqlite"
    assert cli("tournament", path, "--db", db).exit_code == 0
    again = cli("tournament", path, "--db", db, "--matches", "6")
    assert again.exit_code == 2, again.output
    assert "already holds a tournament (4 games played); add --resume" in again.stderr
    other = cli("tournament", path, "--db", db, "--resume", "--seed", "8")
    assert other.exit_code == 2, other.output
    assert "it was started with seed = 7, this run has seed = 8" in other.stderr
    swapped = cli(
        "tournament",
        write_config(chiva(matches=4, seats={2: '{ player = "random" }'})),
        "--db",
        db,
        "--resume",
    )
    assert swapped.exit_code == 2 and "started with seats = " in swapped.stderr
    foreign = tmp_path / "other.sqlite"
    import sqlite3

    sqlite3.connect(foreign).execute("CREATE TABLE notes (x)").connection.commit()
    result = cli("tournament", path, "--db", foreign)
    assert result.exit_code == 2 and "database of something else" in result.stderr


@pytest.mark.slow
def test_resume_extends_a_finished_tournament_with_the_same_seeds(cli, write_config, tmp_path):
    path = write_config(chiva(matches=4, seed=5))
    db, records = tmp_path / "t.sqlite", tmp_path / "r.jsonl"
    assert cli("tournament", path, "--db", db).exit_code == 0
    more = cli(
        "tournament", path, "--db", db, "--resume", "--matches", 6, "--records", records, "--json"
    )
    assert more.exit_code == 0, more.output
    assert json.loads(more.stdout)["played"] == 6
    whole = tmp_path / "whole.jsonl"
    assert (
        cli(
            "tournament", path, "--matches", 6, "--db", tmp_path / "w.sqlite", "--records", whole
        ).exit_code
        == 0
    )
    assert records.read_bytes() == whole.read_bytes()


@pytest.mark.slow
def test_a_fresh_seed_is_drawn_reported_and_kept_for_resume(cli, write_config, tmp_path):
    path = write_config(chiva(matches=2).replace("seed = 7\n", ""))
    db = tmp_path / "t.sqlite"
    first = cli("tournament", path, "--db", db, "--json")
    assert first.exit_code == 0, first.output
    seed = json.loads(first.stdout)["seed"]
    assert isinstance(seed, int)
    again = cli("tournament", path, "--db", db, "--resume", "--matches", 4, "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["seed"] == seed


@pytest.mark.slow
def test_a_two_seat_variant_from_a_plugin_runs_with_its_own_seats(
    cli, write_config, tmp_path, testplayers
):
    text = (
        'variant = "duel"\n[seats]\n1 = "heuristic"\n2 = "random"\n'
        "[tournament]\nmatches = 4\nseed = 2\nworkers = 2\nswap_teams = true\n"
    )
    records = tmp_path / "r.jsonl"
    result = cli(
        "tournament",
        write_config(text),
        "--db",
        tmp_path / "t.sqlite",
        "--records",
        records,
        "--json",
    )
    assert result.exit_code == 0, result.output
    recs = read_jsonl(records)
    assert [r["seats"] for r in recs[:2]] == [
        {"1": "heuristic", "2": "random"},
        {"1": "random", "2": "heuristic"},
    ]
    s = json.loads(result.stdout)
    assert [t["seats"] for t in s["teams"]] == [[1], [2]] and s["finished"] == 4
    assert set(s["labels"]) == {"shutout"}


@pytest.mark.slow
def test_running_the_same_finished_tournament_again_shows_its_results(cli, write_config, tmp_path):
    path = write_config(chiva(matches=2, extra="swap_teams = true"))
    db = tmp_path / "t.sqlite"
    first = cli("tournament", path, "--db", db, "--json")
    assert first.exit_code == 0, first.output
    assert "2 matches (each deal played twice with the teams swapped), seed 7, 2 worker" in (
        first.stderr
    )
    again = cli("tournament", path, "--db", db, "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["teams"] == json.loads(first.stdout)["teams"]
    # Nothing is played again, and the figures do not pretend it was.
    text = cli("tournament", path, "--db", db)
    assert text.exit_code == 0, text.output
    assert "seed 7, nothing left to play; games kept in" in text.stderr
    assert "worker process" not in text.stderr
    assert text.stdout.splitlines()[-1] == f"nothing played in this run; database {db}"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_every_file_a_run_leaves_beside_the_config_is_ignored_by_git(cli, write_config, tmp_path):
    # The README's commands run in the clone: what they leave must not show in git status.
    root = Path(__file__).resolve().parents[2]
    if not (root / ".git").exists():
        pytest.skip("not a git checkout")
    path = write_config(chiva(matches=2))
    before = set(tmp_path.iterdir())
    result = cli(
        "tournament", path, "--db", tmp_path / "t.sqlite", "--records", tmp_path / "t.jsonl"
    )
    assert result.exit_code == 0, result.output
    left = sorted(p.name for p in set(tmp_path.iterdir()) - before)
    assert {"t.sqlite", "t.jsonl", "t.sqlite.lock", "t.jsonl.lock"} <= set(left), left
    shown = subprocess.run(
        ["git", "check-ignore", "--no-index", "--verbose", "--non-matching", *left],
        cwd=root,
        capture_output=True,
        text=True,
    ).stdout
    assert [line for line in shown.splitlines() if line.startswith("::")] == [], shown
