"""Every line any command prints fits an 80-column terminal, errors and help included.

Each command of ``capicua`` is run in-process at 80 columns, in quick forms (a match or two,
a pair, a deal) of what the docs show, and nothing it writes to stdout or stderr may be
wider: free text is folded at the console's width (``SafeConsole``), tables fit
themselves. A command added to the app without a run here fails
:func:`test_every_command_is_run_at_80_columns`. Two things are never folded, so that
they can be copied: a word longer than the width (a path), and the line that ends in the
command resuming a stopped run (tests/tournament/test_resume.py reads it whole).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
WIDTH = 80
BOT = f"{sys.executable} {ROOT / 'examples/bots/python/capicua_bot.py'}"

#: Quick runs: each well under half a second.
QUICK = [
    "--help",
    "--version",
    "plugins",
    "rules",
    "rules chiva",
    "rules double-nine-100",
    "configs",
    "configs show chiva-bots",
    "configs show chiva-league",
    "configs show host-chiva-friends",
    "deals make chiva --count 2 --seed 1 -o book.jsonl",
    # Bad input: one line, folded at the width like any text.
    "tournment",
    "tournament configs/chiva-heuristic-vs-random.toml --matchez 3",
    "tournament chiva-bot",
    "tournament no/such/config.toml",
    "match heuristic randomm --variant chiva",
    "match heuristic random --variant chivaa",
    "rules chivaa",
    "replay no/such/records.jsonl",
    "review no/such/records.jsonl",
    "results export no/such.sqlite --csv out.csv",
    "--lang fr plugins",
]

#: Runs that play whole matches or start programs: slow.
PLAYED = [
    "simulate chiva -n 2 -s 1",
    "tournament configs/chiva-heuristic-vs-random.toml -n 2 -s 1 -w 1 --records t.jsonl "
    "--db t.sqlite",
    "replay t.jsonl",
    "replay t.jsonl --quiet",
    "review t.jsonl --match 1 --level fast",
    "results export t.sqlite --csv games.csv",
    "match heuristic random --variant draw --option seats=3 --pairs 1 --seed 1 -w 1",
    "match heuristic heuristic:noise=20 --variant chiva --sprt elo0=0,elo1=20 --pairs 2 "
    "--seed 1 -w 1",
    "deals make chiva --count 1 --seed 1 -o book.jsonl",
    "match heuristic random --variant chiva --deals book.jsonl -w 1",
    "league configs/chiva-league.toml --pairs 1 -w 1",
    f"bot-check {BOT}",
    "bot-check no-such-program-anywhere",
]

#: Commands that hold a window or a connection open; their help is run instead.
HELP_ONLY = ["play", "view", "host", "connect", "join"]


@pytest.fixture
def narrow(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """``run(command)``: the command in ``tmp_path`` (which sees the repository's configs
    and examples) at 80 columns; returns its stdout and stderr."""
    from capicua.cli import app
    from capicua.commands import common

    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.setattr(common.out, "width", WIDTH)
    monkeypatch.setattr(common.err, "width", WIDTH)
    monkeypatch.chdir(tmp_path)
    for name in ("configs", "examples"):
        (tmp_path / name).symlink_to(ROOT / name)
    runner = CliRunner()

    def run(command: str) -> str:
        argv = command.split()
        if argv[0] == "bot-check" and len(argv) > 2:
            argv = ["bot-check", "--", *argv[1:]]
        result = runner.invoke(app, argv)
        assert "Traceback" not in result.output, result.output
        return result.stdout + result.stderr

    return run


def too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if cell_len(line) > WIDTH]


@pytest.mark.parametrize("command", QUICK)
def test_a_quick_command_prints_no_line_wider_than_80_columns(narrow, command):
    printed = narrow(command)
    assert printed.strip()
    assert not too_wide(printed), printed


@pytest.mark.parametrize("command", [f"{name} --help" for name in HELP_ONLY])
def test_the_help_of_a_command_that_holds_a_window_fits_80_columns(narrow, command):
    printed = narrow(command)
    assert "Usage" in printed
    assert not too_wide(printed), printed


@pytest.mark.slow  # plays matches, starts bot programs
def test_playing_commands_print_no_line_wider_than_80_columns(narrow):
    for command in PLAYED:
        printed = narrow(command)
        assert printed.strip(), command
        assert not too_wide(printed), f"{command}:\n{printed}"


def test_every_command_is_run_at_80_columns():
    from capicua.cli import app

    names = {info.name for info in app.registered_commands}
    names |= {group.name for group in app.registered_groups}
    run = {command.split()[0] for command in QUICK + PLAYED} | set(HELP_ONLY)
    assert names <= run, f"not run at 80 columns here: {sorted(names - run)}"


def test_a_long_line_folds_under_its_own_indent():
    from capicua.commands.common import fold

    line = "  ok    hello: " + "word " * 30
    folded = fold(line, 40).splitlines()
    assert folded[0].startswith("  ok    hello: word")
    assert all(cell_len(part) <= 40 for part in folded)
    assert all(part.startswith("    word") for part in folded[1:])
    assert fold("short", 40) == "short"


def test_a_path_longer_than_the_width_stays_whole():
    from capicua.commands.common import fold

    path = "/tmp" + "/folder" * 12 + "/t.sqlite"
    assert fold(f"games kept in {path}", 40).splitlines() == ["games kept in", f"  {path}"]
