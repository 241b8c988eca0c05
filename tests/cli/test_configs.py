"""``capicua configs``: the example configs ship with the package and are found by name."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capicua.cli import app
from capicua.tournament.config import ConfigError, locate, read_toml, shipped_configs

runner = CliRunner()
REPOSITORY_CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def test_every_config_of_the_repository_ships_with_the_package():
    names = sorted(p.stem for p in REPOSITORY_CONFIGS.glob("*.toml"))
    assert names and sorted(shipped_configs()) == names


def test_configs_lists_each_example_under_the_command_it_is_for():
    r = runner.invoke(app, ["configs"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    tournament, rest = r.output.split("For capicua play NAME:")
    play, rest = rest.split("For capicua league NAME:")
    league, host = rest.split("For capicua host NAME:")
    assert "host-chiva-friends" in host and "host-chiva-friends" not in tournament + league
    assert "chiva-bots" in tournament and "double-nine-heuristic-vs-random" in tournament
    assert "chiva-human" in play and "chiva-bots" not in play
    assert "chiva-league" in league and "double-nine-league" in league


def test_configs_show_prints_the_file():
    r = runner.invoke(app, ["configs", "show", "double-nine-bots"])
    assert r.exit_code == 0, r.output
    assert tomllib.loads(r.output)["variant"] == "double-nine-100"


def test_configs_copy_writes_a_copy_and_refuses_to_overwrite_it(tmp_path):
    r = runner.invoke(app, ["configs", "copy", "chiva-bots", str(tmp_path)])
    assert r.exit_code == 0, r.output
    copy = tmp_path / "chiva-bots.toml"
    assert copy.read_bytes() == (REPOSITORY_CONFIGS / "chiva-bots.toml").read_bytes()
    assert f"capicua tournament {copy}" in r.output.replace("\n", "")
    copy.write_text("# mine\n")
    r = runner.invoke(app, ["configs", "copy", "chiva-bots", str(tmp_path)])
    assert r.exit_code == 2 and "--force" in r.output
    assert copy.read_text() == "# mine\n"
    r = runner.invoke(app, ["configs", "copy", "chiva-bots", str(tmp_path), "--force"])
    assert r.exit_code == 0 and copy.read_bytes() != b"# mine\n"


def test_an_unknown_example_is_one_line_naming_the_examples():
    r = runner.invoke(app, ["configs", "show", "poker"])
    assert r.exit_code == 2
    assert "no example config 'poker'" in r.output and "chiva-bots" in r.output
    assert "Traceback" not in r.output


def test_a_config_argument_finds_the_shipped_example_when_there_is_no_such_file(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)  # no configs/ here
    shipped = shipped_configs()["chiva-bots"]
    assert locate("chiva-bots") == locate("chiva-bots.toml") == shipped
    assert locate("configs/chiva-bots.toml") == shipped
    assert locate("elsewhere/chiva-bots.toml") == Path("elsewhere/chiva-bots.toml")


def test_a_file_of_the_same_name_comes_before_the_example(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("chiva-bots.toml").write_text('variant = "chiva"\n')
    assert locate("chiva-bots.toml") == Path("chiva-bots.toml")


@pytest.mark.slow
def test_a_tournament_runs_from_an_examples_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(
        app, ["tournament", "chiva-heuristic-vs-random", "-n", "2", "-w", "1", "--json"]
    )
    assert r.exit_code == 0, r.output
    assert (tmp_path / "chiva-heuristic-vs-random.sqlite").exists()


def test_a_missing_config_says_where_the_examples_are(tmp_path):
    with pytest.raises(ConfigError, match=r"no such config file.*capicua configs"):
        read_toml(tmp_path / "nope.toml")
