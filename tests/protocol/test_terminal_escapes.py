"""Text from bots and plugins is shown, never acted on by a terminal: every control
character a bot or a plugin sends reaches the terminal as a visible escape, in the one-line
errors, the warnings and the tournament's report (text and JSON)."""

from __future__ import annotations

import json

import pytest

import capicua.commands.common as common
from capicua.shown import json_shown, shown

from .helpers import bot_source, command_seat, write_bot

#: Clear the screen, set the window's title, red text, a bell, a carriage return, an 8-bit
#: CSI and text written right to left: what a hostile bot would send.
HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x1b[31mred\r\x9b2J\u202eevil"
RAW = ("\x1b", "\x07", "\r", "\x9b", "\u202e")


def test_control_characters_are_written_as_escapes_and_the_rest_is_kept():
    assert shown(HOSTILE) == "\\x1b[2J\\x1b]0;pwned\\x07\\x1b[31mred\\r\\u009b2J\\u202eevil"
    assert shown("a\nb\tc") == "a\\nb\\tc" and shown("a\nb\tc", lines=True) == "a\nb\tc"
    assert shown("Ñandú, Дубль, 🁣 6-4") == "Ñandú, Дубль, 🁣 6-4"
    text = json.dumps({"reason": HOSTILE}, ensure_ascii=False)
    assert json.loads(json_shown(text)) == {"reason": HOSTILE}  # the same JSON
    assert not any(c in json_shown(text) for c in RAW)


def test_json_printed_by_the_consoles_stays_json_with_its_controls_escaped():
    import io

    console = common.SafeConsole(file=io.StringIO(), highlight=False, soft_wrap=True)
    console.print_json(data={"about": HOSTILE + "\x7f"})  # as capicua plugins --json does
    printed = console.file.getvalue()
    assert json.loads(printed) == {"about": HOSTILE + "\x7f"}
    assert not any(c in printed for c in (*RAW, "\x7f"))


@pytest.mark.slow  # 3 s at load average 18 (--durations): over 0.5 s alone
def test_an_error_quoting_a_bot_is_one_line_with_its_escapes_shown(cli, config, tmp_path):
    source = f"import sys\nsys.stderr.write({HOSTILE!r} + '\\n')\nsys.exit(3)\n"
    argv = write_bot(tmp_path, source)
    result = cli("tournament", config({2: command_seat(argv)}), "--db", tmp_path / "t.sqlite")
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert "\\x1b]0;pwned\\x07" in result.output
    assert not any(c in result.output for c in RAW)


def test_a_plugins_warning_shows_its_escapes(monkeypatch, capsys):
    class Loaded:
        failures = [f"plugin 'evil' failed to load: {HOSTILE}\nsecond line"]

    monkeypatch.setattr(common, "default_plugins", lambda: Loaded())
    common.plugins()
    shown_text = capsys.readouterr().err
    assert "\\x1b[2J" in shown_text and "\\nsecond line" in shown_text
    assert not any(c in shown_text for c in RAW)


@pytest.mark.slow
def test_the_tournament_report_shows_a_bots_words_escaped(cli, config, tmp_path):
    crash = f"sys.stderr.write({HOSTILE!r} + '\\n'); sys.stderr.flush(); sys.exit(1)"
    argv = write_bot(tmp_path, bot_source(crash))
    path = config({2: command_seat(argv)}, matches=4)
    text = cli("tournament", path, "--db", tmp_path / "t.sqlite")
    assert text.exit_code == 0, text.output
    assert "matches ended by a player error" in text.output
    assert "\\x1b]0;pwned" in text.output
    assert not any(c in text.output for c in RAW)
    again = cli("tournament", path, "--db", tmp_path / "j.sqlite", "--json")
    assert not any(c in again.output for c in RAW)
    reasons = [e["reason"] for e in json.loads(again.stdout)["error_list"]]
    assert reasons and all("\\x1b]0;pwned" in r for r in reasons)


@pytest.mark.slow
def test_an_in_process_players_exception_is_kept_escaped(cli, config, tmp_path, testplayers):
    path = config({2: '{ player = "shouter", isolation = "none" }'}, matches=2)
    result = cli("tournament", path, "--db", tmp_path / "t.sqlite", "--json")
    assert result.exit_code == 0, result.output
    (error, *_) = json.loads(result.stdout)["error_list"]
    assert error["reason"].endswith("\\x1b[2J\\x1b]0;pwned\\x07 cleared\\nforged line")
    text = cli("tournament", path, "--db", tmp_path / "t2.sqlite")
    assert "cleared\\nforged line" in text.output
    assert not any(c in text.output for c in RAW)
