"""A clock per match beside the per-decision limit (``clock = "60+0.5"``, ``--clock``), and
``--log-bots DIR``: every line each bot sends and receives, one file per bot and worker."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

from capicua.tournament.config import Clock, ConfigError, parse_clock

from .conftest import chiva

BOT = Path(__file__).resolve().parents[2] / "examples" / "bots" / "python" / "capicua_bot.py"
PYBOT = f'{{ player = "command", argv = {json.dumps([sys.executable, str(BOT)])} }}'


def test_a_clock_is_base_seconds_and_an_increment_per_decision():
    assert parse_clock("60+0.5", "--clock") == Clock(60.0, 0.5)
    assert parse_clock("90", "--clock") == Clock(90.0, 0.0)
    assert str(Clock(60.0, 0.5)) == "60+0.5"
    assert parse_clock(None, "--clock") is None


@pytest.mark.parametrize("text", ["40/60+0.6", "fast", "0+1", "-5", "nan", "1e9", "60+x", 60])
def test_a_clock_that_is_not_one_is_one_line_naming_where(text):
    with pytest.raises(ConfigError, match=r"^x\.toml: \[tournament\] clock") as caught:
        parse_clock(text, "x.toml: [tournament] clock")
    assert "\n" not in str(caught.value)


@pytest.mark.slow  # 11 s at load average 18 (--durations): over 0.5 s alone
def test_a_player_whose_clock_runs_out_loses_its_match_with_the_reason(
    cli, tmp_path, write_config, testplayers
):
    slow = '{ player = "slow", delay = 0.02 }'
    config = write_config(chiva(matches=2, seats={2: slow}, extra='clock = "0.1+0"'))
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    reasons = {e["reason"] for e in summary["error_list"]}
    assert reasons == {"out of time on its clock (0.1+0 s)"}, summary["error_list"]
    assert {e["seat"] for e in summary["error_list"]} == {2}


@pytest.mark.slow  # 18 s at load average 18 (--durations): over 0.5 s alone
def test_an_increment_keeps_a_clock_going_and_the_clock_is_in_the_identity(
    cli, tmp_path, write_config, testplayers
):
    slow = '{ player = "slow", delay = 0.01 }'
    config = write_config(chiva(matches=2, seats={2: slow}, extra='clock = "0.2+0.05"'))
    db = tmp_path / "t.sqlite"
    result = cli("tournament", config, "--db", db, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["errors"] == 0
    # Resuming with another clock is refused, naming it.
    again = cli("tournament", config, "--db", db, "--resume", "--clock", "9+1", "--matches", "4")
    assert again.exit_code == 2, again.output
    assert "clock" in again.output and "Traceback" not in again.output


@pytest.mark.slow
def test_a_bot_is_told_its_clock_and_its_conversation_is_logged_privately(
    cli, tmp_path, write_config
):
    config = write_config(chiva(matches=2, seats={1: PYBOT, 3: PYBOT}))
    logs = tmp_path / "logs"
    result = cli(
        "tournament", config, "--db", tmp_path / "t.sqlite", "--clock", "30+1", "-w", 1,
        "--log-bots", logs, "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["errors"] == 0
    files = list(logs.iterdir())
    assert len(files) == 1 and files[0].name.endswith(".log"), files
    assert files[0].name.startswith("pybot.")  # named as the figures name it
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    assert stat.S_IMODE(logs.stat().st_mode) == 0o700
    lines = files[0].read_text().splitlines()
    sent = [json.loads(line.split(" > ", 1)[1]) for line in lines if " > " in line]
    got = [json.loads(line.split(" < ", 1)[1]) for line in lines if " < " in line]
    assert got[0]["type"] == "hello" and sent[0]["type"] == "hello"
    decides = [m for m in sent if m["type"] == "decide"]
    assert decides and all(m["clock"]["increment"] == 1.0 for m in decides)
    assert decides[0]["clock"]["left"] == 30.0
    # Only its own seats' views: seats 1 and 3 each play their own hand.
    assert {line.split(" seat ", 1)[1].split()[0] for line in lines} == {"1", "3"}
    assert lines[0][:4].isdigit() and "Z seat " in lines[0]


@pytest.mark.slow  # 12 s at load average 18 (--durations): over 0.5 s alone
def test_match_takes_a_clock_and_refuses_a_bad_one(cli, tmp_path):
    result = cli(
        "match", "random", "random", "--variant", "chiva", "--pairs", 1, "--clock", "30",
        "--db", tmp_path / "m.sqlite", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    bad = cli("match", "random", "random", "--variant", "chiva", "--clock", "40/60")
    assert bad.exit_code == 2 and bad.output.count("\n") == 1, bad.output
    assert bad.output.startswith("error: --clock")
