"""Numbers and sizes past what a reader can take (issue 44, route 3): a bot's message, a
client's frame, a record, a save and a config each go through capicua's limits, and every
breach is one line naming the limit; a host never stops for a message."""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
from pathlib import Path

import pytest

from capicua.core import jsonin
from net.helpers import PLUGINS, config, hosting, run, table
from protocol.helpers import command_seat

HOSTILE = Path(__file__).parent / "bots" / "hostile.py"
HUGE = "9" * 5000  # over the 4,300 digits Python's int() takes from text


def huge_bot(tmp_path: Path) -> list[str]:
    """The argv of a bot whose hello holds a 5,000-digit integer."""
    bots = tmp_path / "bots"
    bots.mkdir(exist_ok=True)
    shutil.copy(HOSTILE, bots / "hostile.py")
    (bots / "targets.json").write_text(json.dumps({"files": [], "seed": "0", "sleep": "1"}))
    return [sys.executable, str(bots / "hostile.py"), "huge"]


def one_line(result, *needles: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    (line,) = [x for x in result.output.splitlines() if x.startswith("error:")]
    for needle in needles:
        assert needle in line, line


@pytest.mark.parametrize(
    "text, limit",
    [
        (HUGE, "an integer of 5,000 digits (at most 100)"),
        ("-" + HUGE, "an integer of 5,000 digits (at most 100)"),
        ("1." + "5" * 200, "a number of 202 characters (at most 100)"),
        ("[" * 65 + "]" * 65, "nested more than 64 deep"),
        ("[" * 5000 + "]" * 5000, "nested more than 64 deep"),
        ('"' + "a" * (2 << 20) + '"', "a string of 2,097,152 characters (at most 1,048,576)"),
        ('{"' + "k" * (2 << 20) + '": 1}', "a string of 2,097,152 characters"),
    ],
)
def test_each_limit_of_the_json_reader_is_one_line_naming_it(text, limit):
    with pytest.raises(jsonin.JSONLimitError) as raised:
        jsonin.loads(text)
    assert str(raised.value).startswith(limit)


def test_what_capicua_writes_is_within_the_limits():
    value = {"seed": 2**63 - 1, "x": [[[1.5e-300]]], "t": "a" * 1000, "n": -(10**99)}
    assert jsonin.loads(json.dumps(value)) == value


def test_a_bot_message_with_a_5000_digit_number_is_a_protocol_error():
    from capicua.protocol.messages import ProtocolError, decode

    with pytest.raises(ProtocolError, match=r"over capicua's limits \(an integer of 5,000"):
        decode(b'{"type": "action", "id": ' + HUGE.encode() + b"}\n")


@pytest.mark.slow  # 1.9 s at load average 9 (-n 2): over 0.5 s alone
def test_a_hosted_bot_saying_a_5000_digit_number_stops_neither_the_host_nor_its_table(
    tmp_path,
):
    argv = huge_bot(tmp_path)
    seats = {1: {"player": "command", "argv": argv}, 2: "random", 3: "random", 4: "random"}
    others = {s: "random" for s in range(1, 5)}
    cfg = config(tmp_path, table("hostile", "chiva", seats), table("calm", "chiva", others))
    lines: list[str] = []

    async def go():
        async with hosting(cfg, lines=lines) as host:
            await asyncio.wait_for(host.run(), 60)
            return {t.name: (t.done, t.problem) for t in host.tables}

    tables = run(go())
    # Both tables play to their end: the stand-in took the hostile seat.
    assert tables == {"hostile": (True, None), "calm": (True, None)}
    said = [x for x in lines if "5,000 digits" in x]
    assert said and all("\n" not in x for x in said), lines
    # And a host started again on the same store resumes without crashing.
    run(go())


@pytest.mark.slow  # 2 s at load average 18 (--durations): over 0.5 s alone
def test_the_tournament_and_bot_check_refuse_the_bot_in_one_line(cli, tmp_path):
    argv = huge_bot(tmp_path)
    result = cli("bot-check", "--variant", "chiva", *argv)
    assert result.exit_code != 0 and "Traceback" not in result.output, result.output
    assert "an integer of 5,000 digits" in result.output
    cfg = tmp_path / "t.toml"
    seats = [f"1 = {command_seat(argv)}"] + [f'{s} = "random"' for s in (2, 3, 4)]
    cfg.write_text('variant = "chiva"\n[seats]\n' + "\n".join(seats) + "\n[tournament]\n")
    result = cli("tournament", cfg, "--db", tmp_path / "t.sqlite", "--json")
    assert "Traceback" not in result.output, result.output
    assert "an integer of 5,000 digits" in result.output


@pytest.fixture
def record_text(tmp_path) -> str:
    from capicua.core.driver import play_match
    from capicua.core.records import dumps, to_record
    from capicua.core.rng import seat_stream

    seats = {s: "random" for s in range(1, 5)}
    players = {s: PLUGINS.players.create("random", seat_stream(3, s)) for s in seats}
    match = play_match(PLUGINS.variants.create("chiva"), players, 3)
    return dumps(to_record(match, seats))


@pytest.mark.parametrize("command", ["replay", "review", "view"])
@pytest.mark.parametrize("kind", ["record", "records", "save"])
def test_a_5000_digit_number_in_a_record_or_a_save_is_one_line(
    cli, tmp_path, record_text, command, kind
):
    text = record_text.replace('"seed":3', '"seed":' + HUGE)
    assert text != record_text
    if kind == "save":
        text = '{"format": "capicua-save/1", "streams": {}, "match": ' + text + "}"
    path = tmp_path / ("bad.jsonl" if kind == "records" else "bad.json")
    path.write_text(record_text + "\n" + text + "\n" if kind == "records" else text)
    args = [command, path] + (["--match", "2"] if kind == "records" else [])
    args += ["--screenshot", tmp_path / "x.png"] if command == "view" else []
    one_line(cli(*args), "an integer of 5,000 digits (at most 100)")


@pytest.mark.parametrize("command", ["replay", "review", "view"])
def test_a_record_file_over_the_size_limit_is_refused_before_it_is_read(cli, tmp_path, command):
    path = tmp_path / "big.jsonl"
    with path.open("wb") as f:  # sparse: a large file that costs no disk
        f.truncate((jsonin.MAX_FILE_MIB << 20) + 1)
    args = [command, path] + (["--screenshot", tmp_path / "x.png"] if command == "view" else [])
    one_line(cli(*args), f"larger than {jsonin.MAX_FILE_MIB} MiB", "--max-size")


@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_max_size_raises_the_limit(cli, tmp_path, record_text):
    path = tmp_path / "big.jsonl"
    path.write_text(record_text + "\n" + " " * (1 << 20) + "\n")
    one_line(cli("replay", path, "--max-size", "1"), "larger than 1 MiB")
    result = cli("replay", path, "--max-size", "2")
    assert result.exit_code == 0, result.output


@pytest.mark.slow  # 2 s at load average 18 (--durations): over 0.5 s alone
def test_a_config_with_a_5000_digit_number_or_too_large_is_one_line(cli, tmp_path):
    cfg = tmp_path / "t.toml"
    cfg.write_text(f'variant = "chiva"\n[tournament]\nseed = {HUGE}\n')
    one_line(cli("tournament", cfg), "more than 4,300 digits")
    cfg.write_text('variant = "chiva"\n' + "#" * (2 << 20) + "\n")
    one_line(cli("tournament", cfg), "larger than 1 MiB")
