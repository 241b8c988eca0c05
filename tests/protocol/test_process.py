"""A bot process: every way it can fail is one reason with its last stderr lines, no read or
write waits past its deadline, and its end takes everything it started with it."""

from __future__ import annotations

import time

import pytest

from capicua.protocol import messages as M
from capicua.protocol.process import BotFault, BotPool, BotProcess, BotTimeout

from .helpers import gone, marked, write_bot

HELLO = (
    '{"type": "hello", "protocol": "capicua-bot/1", "name": "t", "version": "0", '
    '"variants": ["*"], "reset": true}'
)


def bot(tmp_path, body: str) -> BotProcess:
    """A bot running ``body`` after answering hello (``sys``, ``os``, ``time`` imported)."""
    source = (
        "import os, subprocess, sys, time\n"
        "sys.stdin.readline()\n"
        f"print({HELLO!r}, flush=True)\n" + body
    )
    argv = write_bot(tmp_path, source)
    process = BotProcess(argv)
    process.handshake(timeout=10)
    return process


def soon(seconds: float = 5.0) -> float:
    return time.monotonic() + seconds


def test_a_line_that_is_not_json_is_named_with_the_bots_last_stderr_lines(tmp_path):
    b = bot(
        tmp_path, "print('thinking...', file=sys.stderr, flush=True)\nprint('6-4L', flush=True)"
    )
    with pytest.raises(BotFault) as caught:
        b.receive(soon(), "late")
    assert str(caught.value) == (
        "wrote a line that is not JSON: '6-4L'; its last lines on stderr: thinking..."
    )
    b.close()


@pytest.mark.slow
def test_a_bot_that_does_not_answer_is_late_at_its_deadline(tmp_path):
    b = bot(tmp_path, "time.sleep(60)")
    start = time.monotonic()
    with pytest.raises(BotTimeout, match=r"exceeded the time limit of 0\.2 s"):
        b.receive(start + 0.2, "exceeded the time limit of 0.2 s for a decision")
    assert time.monotonic() - start < 5
    b.close()
    assert b.proc.returncode is not None


def test_a_bot_that_ends_says_how_with_its_traceback(tmp_path):
    b = bot(tmp_path, "raise RuntimeError('the bot broke')")
    with pytest.raises(BotFault) as caught:
        b.receive(soon(), "late")
    reason = str(caught.value)
    assert reason.startswith("its process ended with exit status 1; its last lines on stderr: ")
    assert reason.endswith("RuntimeError: the bot broke")
    b.close()


def test_a_bot_killed_by_a_signal_says_which(tmp_path):
    b = bot(tmp_path, "os.kill(os.getpid(), 9)")
    with pytest.raises(BotFault, match=r"killed by signal 9 \(SIGKILL\)"):
        b.receive(soon(), "late")
    b.close()


@pytest.mark.slow
def test_a_line_without_end_is_cut_off(tmp_path):
    b = bot(tmp_path, "sys.stdout.write('x' * 200000); sys.stdout.flush(); time.sleep(60)")
    with pytest.raises(BotFault, match=f"wrote a line longer than {M.MAX_LINE} bytes"):
        b.receive(soon(), "late")
    b.close()


@pytest.mark.slow
def test_a_bot_that_stops_reading_cannot_make_capicua_wait(tmp_path):
    b = bot(tmp_path, "time.sleep(60)")
    big = {"type": "x", "pad": "y" * 50_000}
    start = time.monotonic()
    with pytest.raises(BotTimeout, match=r"stopped reading its input \(stdin\)"):
        for _ in range(100):  # far more than a pipe holds
            b.send(big, start + 0.5)
    assert time.monotonic() - start < 5
    b.close()


def test_stderr_is_read_while_waiting_so_a_chatty_bot_never_blocks(tmp_path):
    b = bot(
        tmp_path,
        "sys.stderr.write('log line\\n' * 20000); sys.stderr.flush()\n"
        'print(\'{"type": "ready"}\', flush=True)',
    )
    assert b.receive(soon(), "late") == {"type": "ready"}
    assert b.stderr_tail() == ["log line"] * 3
    b.close()


def test_a_missing_program_or_folder_cannot_start(tmp_path):
    with pytest.raises(BotFault, match="cannot start the bot: no program 'no-such-bot-here'"):
        BotProcess(["no-such-bot-here"])
    with pytest.raises(BotFault, match=r"its folder .* does not exist"):
        BotProcess(["python3", "x.py"], str(tmp_path / "nowhere"))
    script = tmp_path / "bot.sh"
    script.write_text("#!/bin/sh\n")
    with pytest.raises(BotFault, match="is not executable"):
        BotProcess([str(script)])


@pytest.mark.slow
def test_closing_a_bot_ends_every_process_it_started(tmp_path, mark):
    b = bot(
        tmp_path,
        "subprocess.Popen(['sleep', '300'])\n"
        "subprocess.Popen(['sleep', '301'], start_new_session=True)\n"
        "subprocess.Popen(['sh', '-c', 'sleep 302 & exit 0'], start_new_session=True)\n"
        'time.sleep(0.3)\nprint(\'{"type": "ready"}\', flush=True)\ntime.sleep(60)',
    )
    assert b.receive(soon(), "late") == {"type": "ready"}
    assert len(marked(mark)) >= 4  # the bot and what it left running
    b.close(grace=0.2)
    assert gone(mark) == []
    assert b.proc.returncode is not None  # reaped: no zombie


def test_a_bot_ignoring_quit_is_killed_after_the_grace(tmp_path):
    b = bot(
        tmp_path, "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(60)"
    )
    start = time.monotonic()
    status, took = b.quit(grace=0.3)
    assert status is None and 0.25 < took < 5 and time.monotonic() - start < 5
    assert b.proc.returncode == -9


def test_a_bot_that_quits_exits_with_status_0(tmp_path):
    b = bot(tmp_path, "sys.stdin.readline()\nsys.exit(0)")
    status, took = b.quit()
    assert status == 0 and took < 5


@pytest.mark.slow
def test_a_kept_bot_loses_what_it_started_between_matches_but_stays(tmp_path, mark):
    b = bot(
        tmp_path,
        "subprocess.Popen(['sleep', '303'])\n"
        "subprocess.Popen(['sleep', '304'], start_new_session=True)\n"
        'print(\'{"type": "ready"}\', flush=True)\ntime.sleep(60)',
    )
    assert b.receive(soon(), "late") == {"type": "ready"}
    time.sleep(0.2)
    pool = BotPool()
    pool.give("key", b)
    assert gone(mark, keep=(b.bot_pid,)) == [b.bot_pid]  # only the bot itself is left
    assert pool.take("other") is None and pool.take("key") is b and b.alive()
    pool.give("key", b)
    pool.close()
    assert gone(mark) == []


@pytest.mark.slow
def test_a_pool_drops_bots_that_died_while_kept(tmp_path):
    b = bot(tmp_path, "time.sleep(0.1)")
    pool = BotPool()
    pool.give("key", b)
    time.sleep(0.5)
    assert pool.take("key") is None and len(pool) == 0


@pytest.mark.slow  # starts and ends bot processes
def test_without_waitid_a_bot_still_ends_and_says_how(tmp_path, monkeypatch):
    # os.waitid is missing on some POSIX systems: the bot host polls instead.
    monkeypatch.delattr("os.waitid")
    b = bot(tmp_path, "os.kill(os.getpid(), 9)")
    with pytest.raises(BotFault, match=r"killed by signal 9 \(SIGKILL\)"):
        b.receive(soon(), "late")
    b.close()
    assert b.proc.returncode is not None
