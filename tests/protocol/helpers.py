"""What the protocol tests share: the reference bots, the schema, and bots that misbehave.

A misbehaving bot is a short standalone Python program (no capicua import: it is what a
bot author would write) that plays its first legal action, and does its ``fault`` at its
third decision in the matches whose seed is even, so that a tournament has matches where
it fails and matches where it plays well.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import textwrap
import time
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "examples" / "bots"
PYBOT = [sys.executable, str(BOTS / "python" / "capicua_bot.py")]
JSBOT = ["node", str(BOTS / "js" / "bot.js")]
needs_node = pytest.mark.skipif(
    shutil.which("node") is None, reason="needs Node.js for the JavaScript bot"
)

SCHEMA = json.loads(
    resources.files("capicua").joinpath("schema/capicua-bot-1.schema.json").read_text()
)
TO_BOT = ("hello", "new_match", "decide", "hand_ended", "match_ended", "quit")
FROM_BOT = ("bot_hello", "ready", "action", "error")


_VALIDATORS: dict[str, jsonschema.Draft202012Validator] = {}


def validate(message: dict, kind: str | None = None) -> None:
    """jsonschema's verdict on ``message`` as the schema's message ``kind`` (``None``: as
    any message, which it must be exactly one of)."""
    key = kind or ""
    validator = _VALIDATORS.get(key)
    if validator is None:
        schema = SCHEMA if kind is None else {"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{kind}"}
        validator = _VALIDATORS[key] = jsonschema.Draft202012Validator(schema)
    validator.validate(message)


TEMPLATE = """
import json, os, random, sys, time
RESET = {reset}

def send(message):
    sys.stdout.write(json.dumps(message) + "\\n")
    sys.stdout.flush()

seed = decisions = 0
for line in sys.stdin:
    m = json.loads(line)
    kind = m.get("type")
    if kind == "hello":
        send({{"type": "hello", "protocol": "capicua-bot/1", "name": "tbot", "version": "0",
               "variants": ["*"], "reset": RESET}})
    elif kind == "new_match":
        seed, decisions = m["seed"], 0
        send({{"type": "ready"}})
    elif kind == "decide":
        decisions += 1
        answer = {{"type": "action", "id": m["id"], "action": m["legal"][0]}}
        if seed % 2 == 0 and decisions == 3:
{fault}
        send(answer)
    elif kind == "quit":
        break
"""


def bot_source(fault: str = "pass", reset: bool = False) -> str:
    return TEMPLATE.format(reset=reset, fault=textwrap.indent(textwrap.dedent(fault), " " * 12))


def write_bot(folder: Path, source: str, name: str = "bot.py") -> list[str]:
    """The program ``source`` written to ``folder``, as an argv that runs it."""
    path = folder / name
    path.write_text(source, encoding="utf-8")
    return [sys.executable, str(path)]


def toml_value(value: object) -> str:
    """``value`` written as TOML (inline tables for dicts)."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)


def command_seat(argv: list[str], **extra: object) -> str:
    """A seat table for a config: ``{ player = "command", argv = [...] }``."""
    return toml_value({"player": "command", "argv": argv, **extra})


def marked(mark: str) -> list[int]:
    """Pids of the bot processes (and whatever they started) whose environment holds
    ``mark``: the test's marker, so that other programs on the machine are never counted,
    and a bot's token, so that capicua's own worker processes are not."""
    found = []
    needle = mark.encode()
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                env = f.read()
        except OSError:
            continue
        if needle in env and b"CAPICUA_BOT_TOKEN=" in env and not _wrapper(int(name)):
            found.append(int(name))
    return [pid for pid in found if not _zombie(pid)]


def _wrapper(pid: int) -> bool:
    """Whether ``pid`` is bubblewrap, which capicua starts every bot in (not the bot)."""
    try:
        return os.path.basename(os.readlink(f"/proc/{pid}/exe")) == "bwrap"
    except OSError:
        return False


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return True
    return stat[stat.rfind(b")") + 2 :].split()[0] == b"Z"


def gone(mark: str, wait: float = 3.0, keep: tuple[int, ...] = ()) -> list[int]:
    """The processes still holding ``mark`` once all but ``keep`` have had ``wait``
    seconds to go (killed processes take a moment to disappear)."""
    stop = time.monotonic() + wait
    while True:
        left = marked(mark)
        if sorted(left) == sorted(keep) or time.monotonic() > stop:
            return left
        time.sleep(0.05)


def run_json(cli, path, tmp_path, *more):
    """A tournament of ``path`` with --json, its files in ``tmp_path``: its summary, its
    records and their file."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    records = tmp_path / f"{path.stem}.jsonl"
    result = cli(
        "tournament",
        path,
        "--db",
        tmp_path / f"{path.stem}.sqlite",
        "--records",
        records,
        "--json",
        *more,
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    rows = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    return summary, rows, records
