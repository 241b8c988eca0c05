"""A game's options on the command line, ``--option KEY=VALUE`` (``-o``): the same for every
command that makes a game, checked against the game's declared options, a bad one a single
line with exit status 2, and the keys completed in the shell."""

from __future__ import annotations

import json

import click
import pytest

from capicua.commands.game_options import complete

#: Each command that makes a game, as far as its game: the options follow.
COMMANDS = {
    "simulate": ("simulate", "draw", "-n", "1"),
    "play": ("play", "--variant", "draw"),
    "match": ("match", "random", "random", "--variant", "draw"),
    "bot-check": ("bot-check", "--variant", "draw"),
}

BAD = {
    "an unknown key": (("-o", "chairs=3"), "--option chairs=3: draw has no option 'chairs'"),
    "a value out of bounds": (("-o", "seats=5"), "option 'seats' must be at most 4, not 5"),
    "a value of another type": (
        ("--option", "seats=three"),
        "--option seats=three: 'seats' takes int from 2 to 4, not 'three'",
    ),
    "no value": (("-o", "seats"), "--option takes KEY=VALUE, such as seats=3, not 'seats'"),
}


@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
@pytest.mark.parametrize("given, words", BAD.values(), ids=BAD.keys())
def test_a_bad_game_option_is_one_line_and_exit_status_2(cli, tmp_path, command, given, words):
    tail = ("no-such-bot-program",) if command[0] == "bot-check" else ()
    more = ("--db", tmp_path / "m.sqlite") if command[0] == "match" else ()
    result = cli(*command, *given, *more, *tail)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr


def test_a_game_with_no_options_says_so(cli):
    result = cli("simulate", "chiva", "-n", "1", "-o", "seats=3")
    assert result.exit_code == 2
    assert "--option seats=3: chiva has no options" in result.stderr


def test_options_choose_the_game_simulated_and_the_summary_names_them(cli, tmp_path):
    records = tmp_path / "r.jsonl"
    args = ("simulate", "mexican-train", "-n", "1", "-s", "4", "-o", "seats=6")
    result = cli(*args, "-o", "rounds=1", "--records", records)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Mexican Train, rounds=1, seats=6: 1 matches, seed 4")
    record = json.loads(records.read_text().splitlines()[0])
    assert len(record["seats"]) == 6 and record["options"] == {"rounds": 1, "seats": 6}
    # A later key overrides an earlier one; a flag and a choice read as TOML reads them.
    again = cli(*args, "-o", "seats=5", "-o", "rounds=1")
    assert again.stdout.startswith("Mexican Train, rounds=1, seats=5:"), again.output


def test_the_table_takes_the_game_s_options(plugins):
    from capicua.commands.play import resolve

    settings = resolve(None, "mexican-train", None, None, plugins, ["seats=6"])
    assert settings["options"] == {"seats": 6} and sorted(settings["seats"]) == [1, 2, 3, 4, 5, 6]


def test_the_shell_completes_the_chosen_game_s_option_keys():
    ctx = click.Context(click.Command("x"))
    ctx.params = {"variant": "mexican-train"}
    assert complete(ctx, "") == ["rounds=", "seats="]
    assert complete(ctx, "se") == ["seats="]
    ctx.params = {"variant": ["draw"]}  # bot-check's --variant may be given again
    assert complete(ctx, "") == ["goal=", "seats="]
    ctx.params = {}  # no game yet: every game's keys
    assert {"goal=", "partners=", "rounds=", "seats="} <= set(complete(ctx, ""))


def test_the_shell_completes_a_config_s_game_s_option_keys(configs, tmp_path):
    ctx = click.Context(click.Command("x"))
    ctx.params = {"config": configs["tournament"]}
    assert complete(ctx, "") == ["goal=", "seats="]
    broken = tmp_path / "broken.toml"
    broken.write_bytes(b"variant = \xff")
    ctx.params = {"config": broken}  # unreadable: every game's keys, nothing raised
    assert "rounds=" in complete(ctx, "")


@pytest.fixture
def configs(tmp_path):
    """A Draw tournament and a Draw league, two seats each."""
    tournament = tmp_path / "draw.toml"
    tournament.write_text('variant = "draw"\n[seats]\n1 = "random"\n2 = "heuristic"\n')
    league = tmp_path / "draw-league.toml"
    league.write_text('variant = "draw"\n[league]\nplayers = ["random", "heuristic"]\n')
    return {"tournament": tournament, "league": league}


@pytest.mark.parametrize("command", ["tournament", "league"])
@pytest.mark.parametrize("given, words", BAD.values(), ids=BAD.keys())
def test_a_config_s_game_options_are_overridden_the_same_way(
    cli, tmp_path, configs, command, given, words
):
    result = cli(command, configs[command], *given, "--db", tmp_path / "x.sqlite")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr


def test_options_that_change_a_config_s_seat_count_are_refused(cli, tmp_path, configs):
    result = cli("tournament", configs["tournament"], "-o", "seats=3", "--db", tmp_path / "x")
    assert result.exit_code == 2
    assert "draw.toml has 2 seats; with --option draw has 3" in result.stderr


@pytest.mark.parametrize("command, count", [("tournament", "-n"), ("league", "--pairs")])
@pytest.mark.slow  # 14 s at load average 18 (--durations): over 0.5 s alone
def test_a_config_s_game_options_are_overridden_by_option(cli, tmp_path, configs, command, count):
    records = tmp_path / "r.jsonl"
    db = tmp_path / "x.sqlite"
    args = (command, configs[command], count, 1, "-o", "goal=50", "-s", 1, "-w", 1)
    result = cli(*args, "--db", db, "--records", records)
    assert result.exit_code == 0, result.output
    record = json.loads(records.read_text().splitlines()[0])
    assert record["options"]["goal"] == 50


def test_capicua_plugins_lists_each_game_s_options(cli):
    result = cli("plugins")
    assert result.exit_code == 0, result.output
    listed = result.stdout.split("Players (")[0].splitlines()
    mexican = listed.index("  mexican-train    capicua-mexican-train 1.0.0")
    assert "    seats = 4 (int from 2 to 8): number of players" in listed[mexican:]
    draw = listed.index("  draw             capicua-draw 1.0.0")
    seats = "    seats = 2 (int from 2 to 4): players at the table"
    assert any(line.startswith(seats) for line in listed[draw : draw + 5])
