"""Limits on a process player: memory, CPU time, processes and file size, on by default,
changed per seat or for the whole tournament, and a bot over one loses its own match,
blamed with the limit."""

from __future__ import annotations

import json
import resource

import pytest

from capicua.protocol import confine
from capicua.protocol.limits import Confinement, Limits
from capicua.protocol.process import BotPool, BotProcess

from .helpers import bot_source, command_seat, gone, run_json, write_bot

HELLO = (
    '{"type": "hello", "protocol": "capicua-bot/1", "name": "t", "version": "0", "variants": ["*"]}'
)


def over(cli, config, tmp_path, fault: str, limits: dict, extra: str = "") -> list[dict]:
    """The errors of a tournament where seat 1's bot does ``fault`` under ``limits``."""
    argv = write_bot(tmp_path, bot_source(fault))
    path = config({1: command_seat(argv, limits=limits)}, matches=2, extra=extra)
    summary, _, _ = run_json(cli, path, tmp_path / "out")
    assert summary["errors"] == 1 and summary["finished"] == 1, summary
    return summary["error_list"]


@pytest.mark.slow
def test_a_bot_over_its_memory_limit_loses_its_match_saying_so(cli, config, tmp_path, mark):
    errors = over(
        cli, config, tmp_path, "x = []\nwhile True: x.append(b'x' * 10**6)", {"memory": 64}
    )
    assert errors[0]["seat"] == 1
    assert errors[0]["reason"].startswith("over its memory limit (64 MiB): its process ended")
    assert gone(mark) == []


@pytest.mark.slow
def test_a_bot_over_its_file_size_limit_loses_its_match_saying_so(cli, config, tmp_path, mark):
    fault = "open('big.bin', 'wb').write(b'x' * 3 * 2**20)"
    errors = over(cli, config, tmp_path, fault, {"file_size": 1})
    assert errors[0]["reason"].startswith("over its file size limit (1 MiB): its process ended")
    assert (tmp_path / "big.bin").stat().st_size <= 2**20


@pytest.mark.skipif(confine.pids_root() is None, reason="needs a pids cgroup capicua may make")
@pytest.mark.slow
def test_a_bot_over_its_process_limit_loses_its_match_saying_so(cli, config, tmp_path, mark):
    fault = (
        "for _ in range(50):\n    if os.fork() == 0:\n        time.sleep(60)\n        os._exit(0)"
    )
    errors = over(cli, config, tmp_path, fault, {"processes": 8})
    assert errors[0]["reason"].startswith("over its limit of 8 processes: its process ended")
    assert "Resource temporarily unavailable" in errors[0]["reason"]
    assert gone(mark) == []


@pytest.mark.slow
def test_a_bot_over_its_cpu_time_limit_loses_its_match_saying_so(cli, config, tmp_path, mark):
    # The tournament-wide table sets it; the decision's time limit is far beyond it.
    errors = over(
        cli,
        config,
        tmp_path,
        "while True: pass",
        {},
        extra="time_limit = 60\nlimits = { cpu_time = 1 }",
    )
    assert errors[0]["reason"] == (
        "over its CPU time limit (1 s): its process was killed by signal 24 (SIGXCPU)"
    )


def test_every_bot_starts_under_the_default_limits(tmp_path):
    source = (
        "import json, resource, sys\n"
        "sys.stdin.readline()\n"
        "names = ['RLIMIT_DATA', 'RLIMIT_CPU', 'RLIMIT_FSIZE', 'RLIMIT_CORE']\n"
        "print(json.dumps({n: resource.getrlimit(getattr(resource, n)) for n in names}),"
        " file=sys.stderr, flush=True)\n"
        f"print({HELLO!r}, flush=True)\n"
        "sys.stdin.readline()\n"
    )
    bot = BotProcess(write_bot(tmp_path, source))
    bot.handshake()
    seen = json.loads(bot.stderr_tail(1)[0])
    bot.close()
    mib = 1024 * 1024
    defaults = Limits()
    assert seen["RLIMIT_DATA"] == [defaults.memory * mib] * 2 == [1024 * mib] * 2
    assert seen["RLIMIT_CPU"] == [defaults.cpu_time, defaults.cpu_time + 2] == [600, 602]
    assert seen["RLIMIT_FSIZE"] == [64 * mib] * 2
    assert seen["RLIMIT_CORE"] == [0, 0]
    # And capicua itself is left as it was.
    assert resource.getrlimit(resource.RLIMIT_CPU)[0] != 600


def test_a_seat_s_limits_go_over_the_tournament_s():
    base = Confinement(Limits(memory=256, cpu_time=30))
    seat = Confinement.of({"player": "command", "limits": {"memory": 128}}, base)
    assert seat.limits == Limits(memory=128, cpu_time=30)
    assert Confinement.of("random", base) is base
    assert Confinement.of({"player": "x", "untrusted": True}, base).untrusted


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        (
            "limits = { memory = 0 }",
            "limits.memory must be a whole number from 1 to 1,048,576 (MiB), not 0",
        ),
        ("limits = { memory = 1.5 }", "limits.memory must be a whole number"),
        (
            "limits = { stack = 8 }",
            "limits has no key 'stack' (its keys: memory, cpu_time, processes, file_size)",
        ),
        ("limits = 5", "limits must be a table, e.g. { memory = 512, cpu_time = 60 }, not 5"),
        ('untrusted = "yes"', "untrusted must be true or false, not 'yes'"),
    ],
)
def test_a_bad_limit_is_one_line_naming_the_seat_or_the_tournament(
    cli, config, tmp_path, entry, words
):
    argv = write_bot(tmp_path, bot_source())
    seat = command_seat(argv)[:-2] + ", " + entry + " }"
    for path, where in (
        (config({1: seat}), "[seats] 1: "),
        (config({}, extra=entry), "[tournament] "),
    ):
        result = cli("tournament", path, "--db", tmp_path / "t.sqlite")
        assert result.exit_code == 2, result.output
        lines = [x for x in result.stderr.splitlines() if x.startswith("error:")]
        assert len(lines) == 1 and where + words in lines[0], result.stderr
        assert "Traceback" not in result.output


@pytest.mark.slow
def test_limits_on_a_player_in_capicua_s_own_process_are_refused(cli, config, tmp_path):
    path = config({2: '{ player = "heuristic", limits = { memory = 100 } }'})
    result = cli("tournament", path, "--db", tmp_path / "t.sqlite")
    assert result.exit_code == 2
    assert (
        'limits and untrusted apply to a player in a process of its own; add isolation = "process"'
        in result.stderr
    )
    path = config({2: '{ player = "heuristic", isolation = "process", limits = { memory = 200 } }'})
    summary, _, _ = run_json(cli, path, tmp_path / "ok")
    assert summary["errors"] == 0


def test_a_kept_bot_near_its_cpu_time_is_not_kept(tmp_path, monkeypatch):
    source = bot_source(reset=True)
    bot = BotProcess(write_bot(tmp_path, source), confinement=Confinement(Limits(cpu_time=10)))
    bot.handshake()
    pool = BotPool()
    monkeypatch.setattr(BotProcess, "cpu_seconds", lambda self: 6.0)
    pool.give("key", bot)
    assert len(pool) == 0 and bot.closed


def test_a_bad_limit_in_a_league_is_one_line_naming_the_player(cli, tmp_path):
    argv = write_bot(tmp_path, bot_source())
    entry = command_seat(argv)[:-2] + ", limits = { processes = -1 } }"
    path = tmp_path / "league.toml"
    path.write_text(f'variant = "chiva"\n[league]\nplayers = [{entry}, "random"]\n')
    result = cli("league", path, "--db", tmp_path / "l.sqlite")
    assert result.exit_code == 2, result.output
    assert (
        "[league] players[1]: limits.processes must be a whole number from 1 to 65,536, not -1"
        in result.stderr
    )


@pytest.mark.slow
def test_a_system_without_bubblewrap_is_said_once(cli, config, tmp_path, monkeypatch):
    monkeypatch.setattr(confine, "bwrap", lambda: None)
    argv = write_bot(tmp_path, bot_source())
    path = config({1: command_seat(argv), 3: command_seat(argv)}, matches=2)
    result = cli("tournament", path, "--db", tmp_path / "t.sqlite")
    assert result.exit_code == 0, result.output
    warnings = [x for x in result.stderr.splitlines() if x.startswith("warning:")]
    assert len(warnings) == 1 and warnings[0].endswith("install bubblewrap"), result.stderr
    # Players in capicua's own process start nothing to contain: nothing to say.
    result = cli("tournament", config({}), "--db", tmp_path / "u.sqlite")
    assert "warning:" not in result.stderr


@pytest.mark.slow
@pytest.mark.skipif(confine.memory_root() is None, reason="needs a memory cgroup capicua may make")
def test_a_bot_over_its_memory_limit_in_shared_memory_is_blamed_too(cli, config, tmp_path, mark):
    # Shared memory is outside RLIMIT_DATA: the bot's memory cgroup counts it.
    fault = (
        "import mmap\nm = mmap.mmap(-1, 200 * 2**20)\nfor _ in range(200): m.write(b'x' * 2**20)"
    )
    errors = over(cli, config, tmp_path, fault, {"memory": 64})
    assert errors[0]["reason"] == (
        "over its memory limit (64 MiB): its process was killed by signal 9 (SIGKILL)"
    )
    assert gone(mark) == []
