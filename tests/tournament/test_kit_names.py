"""Bots named by their hello: results and database rows say ``pybot``, not the command
line; two programs saying one name are told apart; a seat's own ``name`` wins."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest

from capicua.tournament.config import entry_label, hello_names, spec_key

from .conftest import chiva

BOT = Path(__file__).resolve().parents[2] / "examples" / "bots" / "python" / "capicua_bot.py"


def bot(*argv: str, **more) -> dict:
    return {"player": "command", "argv": list(argv), **more}


def test_a_bot_is_shown_by_its_hellos_name_and_options_stay_in_its_label():
    a, b = bot("python3", "a.py"), bot("python3", "a.py", options={"style": "random"})
    names = hello_names([a, b, "heuristic"], {spec_key(a): "pybot", spec_key(b): "pybot"})
    assert entry_label(a, names) == "pybot"
    assert entry_label(b, names) == 'pybot(style="random")'
    assert entry_label(a) == "python3 a.py"  # without the hellos, the command line


def test_two_programs_saying_one_name_are_told_apart_by_their_command_lines():
    a, b = bot("node", "heavy.js"), bot("node", "light.js")
    names = hello_names([a, b], {spec_key(a): "mybot", spec_key(b): "mybot"})
    assert {entry_label(a, names), entry_label(b, names)} == {
        "mybot (node heavy.js)",
        "mybot (node light.js)",
    }


def test_a_bot_saying_another_entrys_name_or_nothing_printable_is_told_apart():
    a, b = bot("./fake"), bot("./odd")
    names = hello_names([a, b, "heuristic"], {spec_key(a): "heuristic", spec_key(b): "\x1b[2J"})
    assert entry_label(a, names) == "heuristic (./fake)"
    assert entry_label(b, names) == "\\x1b[2J"


def test_a_seats_own_name_wins_over_the_hello_and_the_command_line():
    a = bot("node", "heavy.js", name="heavy v2")
    assert hello_names([a], {spec_key(a): "mybot"}) == {}
    assert entry_label(a) == "heavy v2"
    assert entry_label({"player": "heuristic", "noise": 2.0, "name": "noisy"}) == "noisy"


@pytest.mark.parametrize("name", ['""', "7", '"a\\u0007b"', f'"{"x" * 65}"'])
def test_a_bad_seat_name_is_one_line_and_exit_2(cli, tmp_path, write_config, name):
    config = write_config(chiva(seats={2: f'{{ player = "random", name = {name} }}'}))
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite")
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "name" in result.output, result.output


@pytest.mark.slow
def test_results_and_rows_name_the_bot_by_its_hello(cli, tmp_path, write_config):
    argv = json.dumps([sys.executable, str(BOT)])
    pybot = f'{{ player = "command", argv = {argv} }}'
    style = '{ style = "random" }'
    named = f'{{ player = "command", argv = {argv}, options = {style}, name = "rnd" }}'
    config = write_config(chiva(matches=2, seats={1: pybot, 3: pybot, 2: named}, extra=""))
    db = tmp_path / "t.sqlite"
    result = cli("tournament", config, "--db", db, "--records", tmp_path / "r.jsonl", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert {p["entry"] for p in summary["players"]} == {"pybot", "rnd", "random"}
    with sqlite3.connect(db) as con:
        facts = [json.loads(f) for (f,) in con.execute("SELECT facts FROM games")]
    assert all(f["names"] == {"1": "pybot", "3": "pybot"} for f in facts), facts
    # The records keep each seat's entry as written: the program, not the name.
    record = json.loads((tmp_path / "r.jsonl").read_text().splitlines()[0])
    assert record["seats"]["1"]["argv"] == json.loads(argv)
