"""The command line's conventions: ``python -m capicua``, one version, help, completion."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

import capicua
from capicua.cli import app
from capicua.tournament.config import shipped_configs

runner = CliRunner()
COMMANDS = ("rules", "plugins", "replay", "simulate", "tournament", "play", "configs", "bot-check")


@pytest.mark.slow
def test_python_dash_m_capicua_is_the_capicua_command():
    r = subprocess.run(
        [sys.executable, "-m", "capicua", "--version"], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"capicua {version('capicua')}"


def test_the_version_has_one_source_the_installed_metadata():
    assert capicua.__version__ == version("capicua")


@pytest.mark.slow  # asks every command for its help
def test_flags_show_no_type_in_the_help():
    for command in ("", *COMMANDS):
        args = [command, "--help"] if command else ["--help"]
        r = runner.invoke(app, args, env={"COLUMNS": "120"})
        assert r.exit_code == 0, r.output
        assert "<bool>" not in r.output, command


def test_shell_completion_is_offered():
    r = runner.invoke(app, ["--help"], env={"COLUMNS": "120"})
    assert "--install-completion" in r.output and "--show-completion" in r.output


@pytest.mark.slow  # asks every command for its help
def test_no_command_takes_dash_v_which_people_read_as_verbose():
    for command in COMMANDS:
        r = runner.invoke(app, [command, "--help"], env={"COLUMNS": "120"})
        assert " -v " not in r.output, command


def every_command() -> list[list[str]]:
    """Every command and subcommand, as the words that name it."""
    import typer.main

    found = []

    def walk(group, words):
        for name, command in getattr(group, "commands", {}).items():
            found.append([*words, name])
            walk(command, [*words, name])

    walk(typer.main.get_command(app), [])
    return found


def test_every_command_is_reached_by_the_conventions():
    names = {" ".join(words) for words in every_command()}
    assert {"tournament", "match", "league", "view", "configs show", "configs copy"} <= names


@pytest.mark.parametrize("words", [[], *every_command()], ids=lambda w: " ".join(w) or "root")
def test_dash_h_is_help_as_in_every_command(words):
    short = runner.invoke(app, [*words, "-h"], env={"COLUMNS": "120"})
    long = runner.invoke(app, [*words, "--help"], env={"COLUMNS": "120"})
    assert short.exit_code == 0, short.output
    assert short.output == long.output and "Usage: capicua" in short.output


@pytest.mark.parametrize("words", every_command(), ids=lambda w: " ".join(w))
def test_every_value_is_shown_by_its_name_in_capitals(words):
    # One kind of name for what a parameter takes: --seed SEED, CONFIG; not <int>, <path>,
    # <list[str]> beside SEAT.
    help_text = runner.invoke(app, [*words, "--help"], env={"COLUMNS": "200"}).output
    assert not re.search(r"<[a-z][a-z \[\]]*>", help_text), help_text
    usage = next(line for line in help_text.splitlines() if "Usage:" in line)
    assert not re.search(r"[{\[][a-z][a-z_.]*[}\]]", usage), usage


@pytest.mark.parametrize(
    ("words", "typed", "offered"),
    [
        (["simulate"], "ch", ["chiva"]),
        (["rules"], "double", ["double-nine-100"]),
        (["match", "--variant"], "ch", ["chiva"]),
        (["play", "--variant"], "double", ["double-nine-100"]),
        (["bot-check", "--variant"], "ch", ["chiva"]),
        (["match"], "heu", ["heuristic"]),
        (["match", "random"], "exp", ["expert"]),
        (["configs", "show"], "chiva-b", ["chiva-bots"]),
        (["tournament"], "double-nine-b", ["double-nine-bots"]),
        (["league"], "chiva-l", ["chiva-league"]),
    ],
)
def test_the_shell_completes_variant_player_and_config_names(words, typed, offered):
    env = {
        "_CAPICUA_COMPLETE": "complete_bash",
        "COMP_WORDS": " ".join(["capicua", *words, typed]),
        "COMP_CWORD": str(len(words) + 1),
    }
    result = runner.invoke(app, [], env=env, prog_name="capicua")
    assert result.exit_code == 0, result.output
    assert result.output.split() == offered


def test_a_config_is_completed_from_the_files_here_too(tmp_path, monkeypatch):
    # "q": no config shipped in configs/ starts with it.
    (tmp_path / "quiet.toml").write_text("")
    (tmp_path / "quick").mkdir()
    (tmp_path / "quote.txt").write_text("")
    monkeypatch.chdir(tmp_path)
    env = {"_CAPICUA_COMPLETE": "complete_bash", "COMP_WORDS": "capicua tournament q"}
    result = runner.invoke(app, [], env={**env, "COMP_CWORD": "2"}, prog_name="capicua")
    assert result.output.split() == ["quick/", "quiet.toml"]


REPOSITORY_FILE = re.compile(r"\b(?:docs|configs|examples|benchmarks)/[\w./-]+")


@pytest.mark.slow  # reads every message and help
def test_no_text_for_people_names_a_file_only_the_repository_has():
    # An installed capicua has no docs/, configs/ or examples/ folder: what it shows names
    # commands, and the examples by their names (which a command finds anywhere).
    pot = Path(capicua.__file__).parent / "locale" / "capicua.pot"
    messages = [line for line in pot.read_text().splitlines() if not line.startswith("#")]
    assert not REPOSITORY_FILE.findall("\n".join(messages))
    shown = [runner.invoke(app, ["configs"]).output, runner.invoke(app, ["plugins"]).output]
    shown += [runner.invoke(app, ["configs", "show", name]).output for name in shipped_configs()]
    for text in shown:
        assert not REPOSITORY_FILE.findall(text), text
