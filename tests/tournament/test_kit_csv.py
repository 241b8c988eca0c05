"""Results as CSV, one row per game, for rating tools: ``--csv`` on a run, and
``capicua results export DB --csv FILE``; the same rows either way, and bad input is one
line."""

from __future__ import annotations

import csv
import json
import re
import sqlite3

import pytest

from .conftest import chiva


def read_csv(path):
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


@pytest.mark.slow  # 13 s at load average 18 (--durations): over 0.5 s alone
def test_a_tournament_writes_a_row_per_game_and_export_writes_the_same(cli, tmp_path, write_config):
    config = write_config(chiva(matches=4, seed=3, seats={1: '"heuristic"', 3: '"heuristic"'}))
    db, out = tmp_path / "t.sqlite", tmp_path / "games.csv"
    result = cli("tournament", config, "--db", db, "--csv", out, "--json")
    assert result.exit_code == 0, result.output
    rows = read_csv(out)
    assert list(rows[0]) == [
        "game", "date", "variant", "seed", "seat1", "seat2", "seat3", "seat4", "team1",
        "team2", "result", "winner", "score1", "score2", "label", "error",
    ]  # fmt: skip
    assert [r["game"] for r in rows] == ["1", "2", "3", "4"]
    for r in rows:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", r["date"]), r["date"]
        assert r["variant"] == "chiva" and r["team1"] == "heuristic" and r["team2"] == "random"
        assert r["result"] == {"1": "1-0", "2": "0-1"}[r["winner"]]
        winner_score = int(r[f"score{r['winner']}"])
        assert winner_score == 4 or r["label"] in ("chiva", "pollona", "tripollua")
        assert r["error"] == ""
    summary = json.loads(result.stdout)
    won = sum(r["winner"] == "1" for r in rows)
    assert won == summary["teams"][0]["matches"]["won"]
    again = tmp_path / "again.csv"
    exported = cli("results", "export", db, "--csv", again)
    assert exported.exit_code == 0, exported.output
    assert again.read_bytes() == out.read_bytes()
    assert "4 games written to" in exported.output


@pytest.mark.slow  # 13 s at load average 18 (--durations): over 0.5 s alone
def test_a_game_ended_by_an_error_is_a_row_with_the_reason(
    cli, tmp_path, write_config, testplayers
):
    config = write_config(chiva(matches=2, seats={2: '"raiser"'}))
    out = tmp_path / "g.csv"
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite", "--csv", out)
    assert result.exit_code == 0, result.output
    rows = read_csv(out)
    assert rows and all(r["result"] == "*" and r["winner"] == "" for r in rows)
    assert all(r["error"].startswith("seat 2: raised ValueError") for r in rows), rows


@pytest.mark.slow  # 12 s at load average 18 (--durations): over 0.5 s alone
def test_a_game_of_more_than_two_teams_says_its_winner(cli, tmp_path, write_config, plugins):
    if "mexican-train" not in plugins.variants:
        pytest.skip("mexican-train is not installed")
    config = write_config(
        'variant = "mexican-train"\n[variant_options]\nseats = 3\nrounds = 1\n'
        '[seats]\n1 = "random"\n2 = "random"\n3 = { player = "random", name = "=1+1" }\n'
        "[tournament]\nmatches = 2\nseed = 1\n"
    )
    out = tmp_path / "g.csv"
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite", "--csv", out)
    assert result.exit_code == 0, result.output
    rows = read_csv(out)
    assert len(rows) == 2 and all(r["result"] == "" and r["winner"] for r in rows)
    assert rows[0]["seat3"] == "'=1+1" and rows[0]["team3"] == "'=1+1"  # never a formula
    assert set(rows[0]) >= {"team3", "score3"}


@pytest.mark.slow  # 13 s at load average 18 (--durations): over 0.5 s alone
def test_a_match_and_a_league_write_their_games_too(cli, tmp_path, write_config):
    out = tmp_path / "m.csv"
    result = cli(
        "match", "heuristic", "random", "--variant", "chiva", "--pairs", 2, "--seed", 1,
        "--db", tmp_path / "m.sqlite", "--csv", out,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = read_csv(out)
    assert [(r["team1"], r["team2"]) for r in rows] == [
        ("heuristic", "random"),
        ("random", "heuristic"),
    ] * 2
    config = write_config(
        'variant = "chiva"\n[league]\nplayers = ["heuristic", "random"]\npairs = 1\n'
    )
    league = cli("league", config, "--db", tmp_path / "l.sqlite", "--csv", tmp_path / "l.csv")
    assert league.exit_code == 0, league.output
    assert len(read_csv(tmp_path / "l.csv")) == 2


@pytest.mark.slow  # 9 s at load average 18 (--durations): over 0.5 s alone
def test_bad_exports_are_one_line_and_exit_2(cli, tmp_path, write_config):
    config = write_config(chiva(matches=2))
    db = tmp_path / "t.sqlite"
    assert cli("tournament", config, "--db", db).exit_code == 0
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    empty = tmp_path / "empty.sqlite"
    sqlite3.connect(empty).close()
    cases = [
        ("results", "export", tmp_path / "none.sqlite", "--csv", tmp_path / "x.csv"),
        ("results", "export", db, "--csv", notes),
        ("results", "export", db, "--csv", tmp_path),
        ("results", "export", empty, "--csv", tmp_path / "x.csv"),
        ("tournament", config, "--db", db, "--csv", notes),
    ]
    for args in cases:
        result = cli(*args)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    assert notes.read_text() == "my notes\n"


@pytest.mark.slow  # 6 s at load average 18 (--durations): over 0.5 s alone
def test_the_docs_csv_to_pgn_snippet_runs_on_a_real_csv(cli, tmp_path, write_config, monkeypatch):
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "tournament.md").read_text()
    section = doc.split("## Results as CSV", 1)[1]
    snippet = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    config = write_config(chiva(matches=2, extra="swap_teams = true"))
    out = tmp_path / "games.csv"
    assert cli("tournament", config, "--db", tmp_path / "t.sqlite", "--csv", out).exit_code == 0
    monkeypatch.chdir(tmp_path)
    exec(compile(snippet, "tournament.md", "exec"), {})  # the docs' own example
    pgn = (tmp_path / "games.pgn").read_text()
    assert pgn.count("[White ") == 2 and re.search(r'\[Result "(1-0|0-1)"\]', pgn)
