"""Bad input that used to get through: each is one clear line and exit status 2 (or the
right outcome), never a traceback, and nothing already finished is lost."""

from __future__ import annotations

import pytest

from capicua.tournament.config import Overrides, resolve

from .conftest import chiva
from .test_faults import one_error


def _league(players='["random", "heuristic"]', extra=""):
    return f'variant = "chiva"\n[league]\nplayers = {players}\npairs = 2\nseed = 3\n{extra}\n'


@pytest.mark.parametrize("value", ["1e10", "3601", "1e400"])
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


def test_a_nul_in_a_bots_argv_on_the_command_line_is_one_line(cli):
    entry = '{ player = "command", argv = ["python3", "a\\u0000b"] }'
    result = cli("match", entry, "random", "--variant", "chiva")
    one_error(result, "cannot start the bot: its argv or folder holds a NUL character")
