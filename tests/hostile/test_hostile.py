"""Hostile bots, each a small program (``bots/hostile.py ATTACK``): in the default mode and
in the sandbox (``untrusted = true``), what each learns and what it leaves running.

Every test counts the processes it could have left behind (those carrying the test's mark,
and every ``sleep`` of its own duration: a child that cleared its environment carries no
mark) and finds none once the tournament is over.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import uuid
from pathlib import Path

import pytest

from capicua.protocol.sandbox import bwrap, sandbox_problem
from protocol.helpers import command_seat, gone

HOSTILE = Path(__file__).parent / "bots" / "hostile.py"
SEED = 7310955123

pytestmark = pytest.mark.slow  # every test plays a tournament with bot programs


@pytest.fixture(params=["default", "sandbox"])
def mode(request):
    if request.param == "sandbox" and sandbox_problem():
        pytest.skip(sandbox_problem())
    return request.param


def sleeping(duration: str) -> list[int]:
    """The processes running ``sleep`` of exactly ``duration`` (left behind by a bot)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                argv = Path(f"/proc/{name}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if argv[:1] and argv[0].endswith(b"sleep") and duration.encode() in argv[1:]:
                found.append(int(name))
    return found


def errors_of(summary: dict) -> list[dict]:
    """The errors of a tournament whose bot in seat 1 fails every match: its own."""
    errors = summary["error_list"]
    assert len(errors) == summary["errors"] == 2 and {e["seat"] for e in errors} == {1}
    return errors


class Arena:
    """A tournament of hostile bots in ``tmp_path``: the bots in ``bots/``, the config, the
    database and the records beside it (``beside=True``: the config in the bots' folder)."""

    def __init__(self, tmp_path: Path, mode: str, beside: bool = False) -> None:
        self.mode = mode
        self.bots = tmp_path / "bots"
        self.bots.mkdir()
        shutil.copy(HOSTILE, self.bots / "hostile.py")
        home = self.bots if beside else tmp_path
        self.config = home / "t.toml"
        self.db, self.records = home / "t.sqlite", home / "t.jsonl"
        self.sleep = f"{1000 + uuid.uuid4().int % 10**6}.5"
        targets = {
            "files": [str(p) for p in (self.config, self.db, self.records)],
            "seed": str(SEED),
            "sleep": self.sleep,
        }
        (self.bots / "targets.json").write_text(json.dumps(targets))

    def seat(self, attack: str) -> str:
        argv = [sys.executable, str(self.bots / "hostile.py"), attack]
        return command_seat(argv, untrusted=self.mode == "sandbox")

    def play(self, cli, seats: dict[int, str], extra: str = "") -> dict:
        lines = ['variant = "chiva"', "[seats]"]
        lines += [f"{s} = {seats.get(s, json.dumps('random'))}" for s in range(1, 5)]
        lines += ["[tournament]", "matches = 2", f"seed = {SEED}", "workers = 1", extra]
        self.config.write_text("\n".join(lines) + "\n")
        result = cli(
            "tournament", self.config, "--db", self.db, "--records", self.records, "--json"
        )
        assert result.exit_code == 0, result.output
        assert "Traceback" not in result.output
        return json.loads(result.stdout)

    def found(self, summary: dict, seat: int = 1) -> dict:
        """What the bot in ``seat`` reported in its first match."""
        reasons = [e["reason"] for e in summary["error_list"] if e["seat"] == seat]
        assert reasons and reasons[0].startswith("gave up: found "), summary["error_list"]
        return json.loads(reasons[0].removeprefix("gave up: found "))

    def left(self, mark: str) -> list[int]:
        return gone(mark) + sleeping(self.sleep)


@pytest.mark.parametrize("beside", [False, True], ids=["apart", "config-beside-the-bot"])
def test_reading_the_config_database_and_records(cli, tmp_path, mode, mark, beside):
    arena = Arena(tmp_path, mode, beside)
    # At its first decision the database holds the settings (the seed) and the records
    # file is open.
    summary = arena.play(cli, {1: arena.seat("files")})
    found = arena.found(summary)
    for path in (arena.db, arena.records):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path  # no other user reads them
    if mode == "sandbox":
        assert found == {"read": [], "seed": False}
    else:  # it runs as the person running capicua, and reads what they can
        assert found["read"] == ["0", "1", "2"] and found["seed"]
    assert arena.left(mark) == []


def test_reading_other_processes_and_their_memory(cli, tmp_path, mode, mark):
    if bwrap() is None:
        pytest.skip("without bubblewrap a bot sees the processes of its user")
    arena = Arena(tmp_path, mode)
    found = arena.found(arena.play(cli, {1: arena.seat("processes")}))
    # Alone in its PID namespace (with bubblewrap's first process): no worker, no other
    # bot, no command line or environment with the seed.
    assert found == {"seen": 0, "seed": 0, "mem": 0}
    assert arena.left(mark) == []


def test_killing_another_bot(cli, tmp_path, mode, mark):
    if bwrap() is None:
        pytest.skip("without bubblewrap a bot may kill the other bots of its user")
    arena = Arena(tmp_path, mode)
    summary = arena.play(cli, {1: arena.seat("kill"), 2: arena.seat("victim")})
    assert arena.found(summary) == {"killed": 0}
    assert {e["seat"] for e in summary["error_list"]} == {1}  # the victim is never blamed
    assert arena.left(mark) == []


def test_leaving_children_behind(cli, tmp_path, mode, mark):
    arena = Arena(tmp_path, mode)
    summary = arena.play(cli, {1: arena.seat("children")})
    assert summary["errors"] == 0 and summary["finished"] == 2
    assert arena.left(mark) == []


def test_growing_its_memory(cli, tmp_path, mode, mark):
    arena = Arena(tmp_path, mode)
    summary = arena.play(
        cli, {1: arena.seat("memory").replace(" }", ", limits = { memory = 100 } }")}
    )
    for error in errors_of(summary):
        assert error["reason"].startswith("over its memory limit (100 MiB): its process ended")
    assert arena.left(mark) == []


def test_writing_garbage(cli, tmp_path, mode, mark):
    arena = Arena(tmp_path, mode)
    summary = arena.play(cli, {1: arena.seat("garbage")})
    for error in errors_of(summary):
        assert error["reason"].startswith("wrote a line that is not UTF-8: ")
        assert "\x1b" not in error["reason"]
    assert arena.left(mark) == []


def test_falling_silent_after_starting_children(cli, tmp_path, mode, mark):
    arena = Arena(tmp_path, mode)
    summary = arena.play(cli, {1: arena.seat("silence")}, extra="time_limit = 1")
    for error in errors_of(summary):
        assert error["reason"] == "exceeded the time limit of 1 s for a decision"
    assert arena.left(mark) == []


def test_a_plugin_and_a_whole_tournament_in_the_sandbox(cli, tmp_path, mark):
    if sandbox_problem():
        pytest.skip(sandbox_problem())
    arena = Arena(tmp_path, "sandbox")
    seats = {1: '{ player = "heuristic", isolation = "process" }', 2: arena.seat("victim")}
    summary = arena.play(cli, seats, extra="untrusted = true")
    assert summary["errors"] == 0 and summary["finished"] == 2
    assert arena.left(mark) == []


def test_a_bot_needing_files_outside_its_own_is_refused_saying_why(cli, tmp_path):
    if sandbox_problem():
        pytest.skip(sandbox_problem())
    # A wrapper in its folder that runs a program kept elsewhere (as a pyenv shim does).
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(HOSTILE, elsewhere / "hostile.py")
    bots = tmp_path / "bots"
    bots.mkdir()
    wrapper = bots / "run.sh"
    wrapper.write_text(f"#!/bin/sh\nexec {sys.executable} {elsewhere / 'hostile.py'} victim\n")
    wrapper.chmod(0o755)
    config = tmp_path / "t.toml"
    seat = command_seat([str(wrapper)], untrusted=True)
    config.write_text(
        f'variant = "chiva"\n[seats]\n1 = {seat}\n2 = "random"\n3 = "random"\n4 = "random"\n'
    )
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite")
    assert result.exit_code == 2, result.output
    (line,) = [x for x in result.stderr.splitlines() if x.startswith("error:")]
    assert "[seats] 1: the bot" in line and "it ran in the sandbox" in line
    assert "give its interpreter by its full path" in line


def test_changing_its_own_or_another_bots_cgroup(cli, tmp_path, mode, mark):
    if bwrap() is None:
        pytest.skip("without bubblewrap a bot keeps what its user may do")
    arena = Arena(tmp_path, mode)
    # Issue 44, route 4: as root in the default mode a bot kept root's capabilities and a
    # writable cgroup tree: it left its own cgroups, and cut another bot's memory.
    summary = arena.play(cli, {1: arena.seat("cgroups"), 2: arena.seat("victim")})
    assert arena.found(summary) == {"caps": 0, "escaped": 0, "cut": 0}
    assert {e["seat"] for e in summary["error_list"]} == {1}  # the victim is never blamed
    assert arena.left(mark) == []


def test_reading_the_key_of_the_result_rows(cli, tmp_path, mode, mark):
    if bwrap() is None:
        pytest.skip("without bubblewrap a default-mode bot reads what its person can")
    from capicua.tournament.store import KEY_NAME, key_folder, row_key

    row_key()  # made, as the first tournament of this user makes it
    arena = Arena(tmp_path, mode)
    targets = json.loads((arena.bots / "targets.json").read_text())
    targets["files"] = [str(key_folder() / KEY_NAME)]
    targets["seed"] = (key_folder() / KEY_NAME).read_text().strip()
    (arena.bots / "targets.json").write_text(json.dumps(targets))
    summary = arena.play(cli, {1: arena.seat("files")})
    assert arena.found(summary) == {"read": [], "seed": False}
    assert arena.left(mark) == []


def test_without_bubblewrap_a_bot_of_root_still_has_no_capability():
    import subprocess

    from capicua.protocol import sandbox

    if os.geteuid() != 0 or sandbox.setpriv() is None:
        pytest.skip("capabilities are root's, dropped with setpriv")
    argv = sandbox.powerless(["grep", "CapEff", "/proc/self/status"])
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    assert int(done.stdout.split()[1], 16) == 0
