"""``capicua bot-check``: what a bot gets wrong is named, check by check, with the exit
status a script can read (0 passed, 1 a check failed, 2 the program did not start)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from .helpers import bot_source, write_bot

#: Tournaments and bot processes: seconds each, so outside the quick loop.
pytestmark = pytest.mark.slow

UNKNOWN_CRASH = (
    '    elif kind == "quit":\n        break\n',
    '    elif kind == "quit":\n        break\n'
    "    elif kind not in ('hand_ended', 'match_ended'):\n        raise KeyError(kind)\n",
)


def check(cli, tmp_path, source: str, *more):
    argv = write_bot(tmp_path, source)
    return cli("bot-check", *more, *argv)


def finding(output: str, check_name: str) -> str:
    """The line of the finding ``check_name`` (the first, if several)."""
    for line in output.splitlines():
        if f"  {check_name}:" in line:
            return line
    raise AssertionError(f"no {check_name!r} finding in:\n{output}")


def test_a_bot_that_follows_the_protocol_passes_every_check(cli, tmp_path, plugins):
    result = check(cli, tmp_path, bot_source("pass"))
    assert result.exit_code == 0, result.output
    # Every installed game, each at its default seats: the built-ins' checks and one more
    # match for each plugin's game.
    others = [n for n in plugins.variants if not plugins.variants.builtin(n)]
    assert f"All {7 + len(others)} checks passed." in result.output
    for name in plugins.variants:
        seats = plugins.variants.create(name).seats
        assert f"  match: {name} ({seats} seats)" in result.output
    for kind in ("draw", "lead", "play"):
        assert kind in finding(result.output, "decisions")
    # Five doubles: capicua demands the redeal for the bot, which is never asked.
    assert "claim" not in finding(result.output, "decisions")


@pytest.mark.parametrize(
    ("change", "check_name", "words"),
    [
        (
            ('"protocol": "capicua-bot/1"', '"protocol": "capicua-bot/0"'),
            "hello",
            "speaks 'capicua-bot/0'; capicua speaks 'capicua-bot/1'",
        ),
        (
            ('"variants": ["*"]', '"variants": ["poker"]'),
            "variants",
            "it plays poker; none is installed",
        ),
        (UNKNOWN_CRASH, "match: chiva (4 seats)", "after a message of an unknown type"),
        (
            ("if seed % 2 == 0 and decisions == 3:", "if decisions == 3:"),
            "match: chiva (4 seats)",
            "which is not legal now",
        ),
    ],
)
def test_what_a_bot_gets_wrong_is_named(cli, tmp_path, change, check_name, words):
    source = bot_source("answer['action'] = 'pass'").replace(*change)
    result = check(cli, tmp_path, source)
    assert result.exit_code == 1, result.output
    line = finding(result.output, check_name)
    assert "FAIL" in line and words in line, line
    assert "checks failed." in result.output


def test_a_bot_that_does_not_reset_is_caught_playing_the_same_seed_differently(cli, tmp_path):
    # It says it can be reset, but its first match changes how it plays the next.
    source = (
        bot_source("pass", reset=True)
        .replace("seed = decisions = 0", "seed = decisions = matches = 0")
        .replace(
            'seed, decisions = m["seed"], 0', 'seed, decisions = m["seed"], 0\n        matches += 1'
        )
        .replace('"action": m["legal"][0]}', '"action": m["legal"][0 if matches == 1 else -1]}')
    )
    result = check(cli, tmp_path, source)
    line = finding(result.output, "repeatable")
    assert result.exit_code == 1 and "FAIL" in line, result.output
    assert "a new_match must start the bot afresh" in line


def test_a_bot_without_its_own_seed_is_warned_that_tournaments_will_not_repeat(cli, tmp_path):
    source = bot_source("pass").replace(
        '"action": m["legal"][0]}', '"action": random.choice(m["legal"])}'
    )
    result = check(cli, tmp_path, source)
    line = finding(result.output, "repeatable")
    assert result.exit_code == 0 and "warn" in line, result.output
    assert "draw randomness from new_match's seed" in line


@pytest.mark.parametrize(
    ("quitting", "words"),
    [("sys.exit(3)", "exited with status 3 after quit"), ("time.sleep(30)", "did not exit")],
)
def test_a_bot_that_does_not_quit_cleanly_is_named(cli, tmp_path, quitting, words):
    source = bot_source("pass").replace(
        '    elif kind == "quit":\n        break\n',
        f'    elif kind == "quit":\n        {quitting}\n',
    )
    result = check(cli, tmp_path, source)
    line = finding(result.output, "quit")
    assert result.exit_code == 1 and "FAIL" in line and words in line, result.output


def test_a_program_that_cannot_start_is_exit_status_2(cli):
    result = cli("bot-check", "no-such-bot-program")
    assert result.exit_code == 2
    assert "cannot start the bot: no program 'no-such-bot-program'" in result.output


def test_the_findings_as_json_and_a_transcript_of_every_line(cli, tmp_path):
    transcript = tmp_path / "t.txt"
    result = check(cli, tmp_path, bot_source("pass"), "--json", "--transcript", transcript)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["passed"] and report["bot"] == {"name": "tbot", "version": "0"}
    assert {f["check"] for f in report["findings"]} >= {"hello", "repeatable", "quit"}
    lines = transcript.read_text().splitlines()
    assert (
        lines[0] == '[1] capicua > bot: {"type":"hello","protocol":"capicua-bot/1",'
        '"capicua":"' + lines[0].split('"capicua":"')[1]
    )
    kinds = {json.loads(line.split(": ", 1)[1])["type"] for line in lines}
    assert kinds >= {"hello", "new_match", "decide", "action", "hand_ended", "match_ended", "quit"}


def test_options_of_bot_check_go_before_the_program_and_the_rest_is_the_programs(cli, tmp_path):
    source = bot_source("pass").replace(
        "RESET = False", "RESET = False\nassert sys.argv[1:] == ['--fast', '-v'], sys.argv"
    )
    argv = write_bot(tmp_path, source)
    result = cli("bot-check", "--variant", "chiva", *argv, "--fast", "-v")
    assert result.exit_code == 0, result.output
    assert "double-nine" not in result.output


def test_a_game_s_options_choose_its_seats(cli, tmp_path):
    result = check(cli, tmp_path, bot_source("pass"), "--variant", "draw", "-o", "seats=3")
    assert result.exit_code == 0, result.output
    assert "  match: draw (3 seats)" in result.output and "chiva" not in result.output


@pytest.mark.parametrize(
    ("more", "words"),
    [
        (("--variant", "draw", "-o", "chairs=3"), "draw has no option 'chairs' (its options:"),
        (("--variant", "draw", "-o", "seats=5"), "option 'seats' must be at most 4, not 5"),
        (("--variant", "draw", "-o", "seats"), "--option takes KEY=VALUE"),
        (("-o", "seats=3"), "give one --variant with it"),
    ],
)
def test_a_bad_game_option_is_one_line(cli, more, words):
    result = cli("bot-check", *more, "no-such-bot-program")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr


def test_protocol_mds_transcript_is_what_bot_check_writes(cli, tmp_path, monkeypatch):
    # The worked transcript of docs/protocol.md, line for line; an abridged line's parts
    # (around " ... ") each in the real line, in order.
    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = doc.split("## A worked transcript", 1)[1].split("\n## ", 1)[0]
    shown = [
        line for block in re.findall(r"```\n(.*?)```", section, re.S) for line in block.splitlines()
    ]
    assert len(shown) > 10
    transcript = tmp_path / "t.txt"
    monkeypatch.chdir(root / "examples" / "bots")
    result = cli(
        "bot-check",
        "--variant",
        "double-nine-100",
        "--transcript",
        transcript,
        sys.executable,
        "python/capicua_bot.py",
    )
    assert result.exit_code == 0, result.output
    written = transcript.read_text(encoding="utf-8").splitlines()
    assert {line.split("]")[0] + "]" for line in written} == {"[1]", "[2]", "[3]", "[4]"}
    for line in shown:
        parts = line.split(" ... ")
        assert any(re.fullmatch(".*?".join(map(re.escape, parts)), real) for real in written), line[
            :100
        ]
