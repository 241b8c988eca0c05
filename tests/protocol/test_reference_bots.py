"""The reference bots under examples/bots: short tournaments against the heuristic from
their example configs, records that replay, bot-check passing, and the Python bot's
``choose`` callable without a process (the benchmark's in-process twin)."""

from __future__ import annotations

import importlib.util
import json
import random
import re

import pytest

from capicua.core.match import Match
from capicua.protocol import messages as M
from capicua.variants.chiva import Chiva

from .helpers import BOTS, JSBOT, PYBOT, needs_node

#: Tournaments and bot processes: seconds each, so outside the quick loop.
pytestmark = pytest.mark.slow


def tournament(cli, config, tmp_path):
    records = tmp_path / "r.jsonl"
    result = cli(
        "tournament",
        config,
        "--matches",
        4,
        "--db",
        tmp_path / "t.sqlite",
        "--records",
        records,
        "--json",
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and summary["finished"] == 4
    replayed = cli("replay", records, "--quiet")
    assert replayed.exit_code == 0, replayed.output
    return summary


def test_the_python_bot_plays_a_tournament_against_the_heuristic(cli, tmp_path):
    summary = tournament(cli, BOTS / "chiva-python-bot.toml", tmp_path)
    entries = {p["entry"] for p in summary["players"]}
    assert entries == {"pybot", "heuristic"}  # named by its hello


@needs_node
def test_the_javascript_bot_plays_a_tournament_against_the_heuristic(cli, tmp_path):
    summary = tournament(cli, BOTS / "double-nine-js-bot.toml", tmp_path)
    assert {p["entry"] for p in summary["players"]} == {"jsbot", "heuristic"}


@pytest.mark.parametrize(
    "argv", [PYBOT, pytest.param(JSBOT, marks=needs_node)], ids=["python", "javascript"]
)
def test_the_reference_bots_pass_bot_check(cli, argv):
    result = cli("bot-check", *argv)
    assert result.exit_code == 0, result.output
    # A check for the hello, the unknown message, the repeat and the quit, and a match of
    # every installed game the bot plays: all passed.
    assert re.search(r"All \d+ checks passed\.", result.output), result.output
    assert "FAIL" not in result.output
    assert "FAIL" not in result.output and "warn" not in result.output


def test_the_python_bots_choice_can_be_asked_without_a_process():
    spec = importlib.util.spec_from_file_location("capicua_bot", BOTS / "python" / "capicua_bot.py")
    assert spec is not None and spec.loader is not None
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    match = Match(Chiva(), 4)
    rng = random.Random(1)
    options = {k: v["default"] for k, v in bot.OPTIONS.items()}
    while match.turn is not None:
        view = match.view(match.turn)
        if len(view.legal) == 1:
            match.apply(view.legal[0])
            continue
        action, why = bot.choose(M.decide(view, 1), options, rng)
        assert action in {str(a) for a in view.legal} and why
        match.apply(M.action_of(action))
    assert match.winner is not None


#: The games with rules of their own, from examples/ (a spinner, drawing, trains), with
#: options that keep a match short.
LINE_GAMES = {
    "draw": {"goal": 50},
    "all-fives": {"goal": 50},
    "mexican-train": {"rounds": 1, "seats": 3},
}


@pytest.mark.parametrize("name", sorted(LINE_GAMES))
@pytest.mark.parametrize(
    "argv", [PYBOT, pytest.param(JSBOT, marks=needs_node)], ids=["python", "javascript"]
)
def test_the_reference_bots_play_every_game(cli, tmp_path, argv, name):
    pytest.importorskip(f"capicua_{'fives' if name == 'all-fives' else name.replace('-', '_')}")
    options = LINE_GAMES[name]
    seats = 3 if name == "mexican-train" else 2
    lines = [f'variant = "{name}"', "[variant_options]"]
    lines += [f"{key} = {value}" for key, value in options.items()]
    lines += ["[seats]", f'1 = {{ player = "command", argv = {json.dumps(argv)} }}']
    lines += [f'{s} = "heuristic"' for s in range(2, seats + 1)]
    config = tmp_path / f"{name}.toml"
    config.write_text("\n".join(lines) + "\n")
    tournament(cli, config, tmp_path)


def test_bot_check_puts_a_bot_through_every_kind_of_game(cli):
    for module in ("capicua_draw", "capicua_fives", "capicua_mexican_train"):
        pytest.importorskip(module)
    variants = ["--variant", "draw", "--variant", "all-fives", "--variant", "mexican-train"]
    result = cli("bot-check", *variants, *PYBOT)
    assert result.exit_code == 0, result.output
    assert "FAIL" not in result.output
