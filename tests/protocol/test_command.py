"""Bot programs in tournaments: every way a bot can fail loses it only its own match, with
the reason and its last stderr lines; configs naming a bot are checked before play; bots
that can be reset are kept from match to match; no bot process outlives the tournament."""

from __future__ import annotations

import json

import pytest

from capicua.core.records import replay

from .helpers import PYBOT, bot_source, command_seat, gone, run_json, write_bot

#: Tournaments and bot processes: seconds each, so outside the quick loop.
pytestmark = pytest.mark.slow

FAULTS = {
    "garbage": (
        "print('I would play', m['legal'][0], flush=True)",
        "wrote a line that is not JSON",
    ),
    "illegal": ("answer['action'] = 'pass'", "which is not legal now (legal: "),
    "malformed": (
        "answer['action'] = 'six-four'",
        "answered 'six-four', which is not an action (write 6-4L, 6-4R, pass,",
    ),
    "wrong id": ("answer['id'] = m['id'] + 1", "answered decision 4 when asked decision 3"),
    "late": ("time.sleep(3)", "exceeded the time limit of 0.3 s for a decision"),
    "silent": ("continue", "exceeded the time limit of 0.3 s for a decision"),
    "crash": (
        "raise RuntimeError('the bot broke')",
        "its process ended with exit status 1; its last lines on stderr: ",
    ),
    "exit": ("sys.exit(5)", "its process ended with exit status 5"),
    "killed": ("os.kill(os.getpid(), 9)", "its process was killed by signal 9 (SIGKILL)"),
    "gives up": (
        "answer = {'type': 'error', 'message': 'no idea what to do'}",
        "gave up: no idea what to do",
    ),
}


def logging_pids(source: str, log) -> str:
    """``source`` writing which process it is to ``log`` at every new match (its token:
    in a PID namespace of its own every bot is process 2)."""
    write = f"open({str(log)!r}, 'a').write(os.environ['CAPICUA_BOT_TOKEN'] + ' ')"
    old = 'seed, decisions = m["seed"], 0'
    return source.replace(old, f"{old}\n        {write}")


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_failing_bot_loses_only_its_own_matches_with_the_reason(
    fault, cli, config, tmp_path, mark
):
    code, reason = FAULTS[fault]
    argv = write_bot(tmp_path, bot_source(code))
    path = config({2: command_seat(argv)}, matches=6, extra="time_limit = 0.3")
    summary, rows, records = run_json(cli, path, tmp_path)
    errors = summary["error_list"]
    assert 0 < len(errors) < 6, errors  # it failed in some matches and played the others
    assert summary["finished"] == 6 - len(errors)
    for e in errors:
        assert e["seat"] == 2 and reason in e["reason"], e
        assert "\n" not in e["reason"]
    if fault == "crash":
        assert errors[0]["reason"].endswith("RuntimeError: the bot broke")
    played = [r for i, r in enumerate(rows) if i not in {e["match"] - 1 for e in errors}]
    assert all(r["winner"] for r in played)
    result = cli("replay", records, "--quiet")
    assert result.exit_code == 0, result.output
    assert gone(mark) == []  # no process of a bot outlives the tournament


def test_records_of_bot_matches_replay_and_name_the_bot(cli, config, tmp_path, plugins):
    path = config({1: command_seat(PYBOT), 3: command_seat(PYBOT)}, matches=2)
    summary, rows, _ = run_json(cli, path, tmp_path)
    assert summary["errors"] == 0
    seat = rows[0]["seats"]["1"]
    assert seat["player"] == "command" and seat["argv"] == PYBOT
    assert seat["cwd"] == str(path.parent)  # relative to the config, made absolute
    assert {p["entry"] for p in summary["players"]} == {"pybot", "random"}  # its hello
    for row in rows:
        assert replay(row, plugins.variants).winner == row["winner"]


def test_a_bot_that_can_be_reset_plays_every_match_in_one_process_per_seat(cli, config, tmp_path):
    log = tmp_path / "pids"
    source = logging_pids(bot_source("pass", reset=True), log)
    argv = write_bot(tmp_path, source)
    run_json(cli, config({1: command_seat(argv), 3: command_seat(argv)}, matches=6), tmp_path)
    pids = log.read_text().split()
    assert len(pids) == 6 * 2 and len(set(pids)) == 2  # 12 matches of a seat, 2 processes


def test_a_bot_that_cannot_be_reset_gets_a_new_process_each_match(cli, config, tmp_path):
    log = tmp_path / "pids"
    source = logging_pids(bot_source("pass", reset=False), log)
    argv = write_bot(tmp_path, source)
    run_json(cli, config({2: command_seat(argv)}, matches=4), tmp_path)
    assert len(set(log.read_text().split())) == 4


def test_the_bots_options_reach_it_and_change_its_play(cli, config, tmp_path):
    follow = config({1: command_seat(PYBOT), 3: command_seat(PYBOT)}, matches=2)
    chance = config(
        {
            1: command_seat(PYBOT, options={"style": "random"}),
            3: command_seat(PYBOT, options={"style": "random"}),
        },
        matches=2,
    )
    _, a, _ = run_json(cli, follow, tmp_path)
    summary, b, _ = run_json(cli, chance, tmp_path)
    assert [r["hands"] for r in a] != [r["hands"] for r in b]
    assert 'pybot(style="random")' in {p["entry"] for p in summary["players"]}
    _, again, _ = run_json(cli, chance, tmp_path / "again")  # its seed: the same again
    assert again == b


def one_line(result) -> str:
    assert result.exit_code == 2, result.output
    text = result.output.strip()
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    return text


@pytest.mark.parametrize(
    ("seat", "reason"),
    [
        ('{ player = "command", argv = ["no-such-program"] }', "no program 'no-such-program'"),
        ('{ player = "command" }', "argv must list the program and its arguments"),
        ('{ player = "command", argv = "bot.py" }', "option 'argv' must be list"),
        (
            command_seat(PYBOT, options={"depth": 3}),
            "bot 'pybot' has no option 'depth' (its options: style)",
        ),
        (
            command_seat(PYBOT, options={"style": "fast"}),
            "option 'style' must be one of ['follow', 'random'], not 'fast'",
        ),
        (command_seat(PYBOT, options={"style": [1]}), "must be a string, a number or true"),
        ('{ player = "greedy", isolation = "sandbox" }', "isolation is 'process' or 'none'"),
    ],
)
def test_a_config_naming_a_bad_bot_is_one_line_before_any_match(
    seat, reason, cli, config, tmp_path
):
    path = config({2: seat})
    text = one_line(cli("tournament", path, "--db", tmp_path / "t.sqlite"))
    assert "[seats] 2: " in text and reason in text, text
    assert not (tmp_path / "t.sqlite").exists() or "games" not in text


def test_a_bot_for_other_games_is_refused_for_this_one(cli, config, tmp_path):
    source = bot_source().replace('"variants": ["*"]', '"variants": ["chiva"]')
    argv = write_bot(tmp_path, source)
    path = config({2: command_seat(argv)}, variant="double-nine-100")
    text = one_line(cli("tournament", path, "--db", tmp_path / "t.sqlite"))
    assert "the bot 'tbot'" in text and "plays chiva, not double-nine-100" in text


def test_a_program_that_does_not_speak_the_protocol_is_refused(cli, config, tmp_path):
    argv = write_bot(tmp_path, "print('Hello! I am a domino bot.')\n")
    text = one_line(cli("tournament", config({2: command_seat(argv)}), "--db", tmp_path / "t"))
    assert "wrote a line that is not JSON: 'Hello! I am a domino bot.'" in text


def test_capicua_match_takes_a_bot_as_a_toml_table(cli, tmp_path):
    entry = f'{{ player = "command", argv = {json.dumps(PYBOT)} }}'
    result = cli(
        "match",
        entry,
        "random",
        "--variant",
        "chiva",
        "--pairs",
        2,
        "--seed",
        1,
        "--db",
        tmp_path / "m.sqlite",
        "--json",
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["players"] == ["pybot", "random"] and out["pairs"] == 2


def test_a_plugin_can_seat_a_program_under_a_name_of_its_own(cli, config, tmp_path, testplayers):
    path = config({2: '{ player = "wrappedbot", style = "random" }', 4: '"wrappedbot"'})
    summary, rows, _ = run_json(cli, path, tmp_path)
    assert summary["errors"] == 0 and summary["finished"] == 4  # its act() never ran
    assert rows[0]["seats"]["2"] == {"player": "wrappedbot", "style": "random"}
    bad = config({2: '{ player = "wrappedbot", style = "fast" }'})
    text = one_line(cli("tournament", bad, "--db", tmp_path / "bad.sqlite"))
    assert "option 'style' must be one of ['follow', 'random'], not 'fast'" in text
