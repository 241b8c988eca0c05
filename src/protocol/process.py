"""One bot process: its lines with deadlines, its stderr, and its end; and the pool of bots
kept from one match to the next.

A bot is started in a session and process group of its own, with a token in its
environment (``CAPICUA_BOT_TOKEN``) that its children inherit. Its end is certain: asked to
quit, it gets :data:`QUIT_GRACE` seconds to exit, then its whole process group is killed,
then every process still carrying its token (a child that left the group with ``setsid``)
is killed too, and the bot is reaped. Between two matches a bot kept for the next one
keeps only its own process: whatever it started is ended the same way.

Reading never blocks past a deadline: both pipes are non-blocking and watched with
``select``, stderr is drained while waiting (its last lines are kept for the reasons given
when the bot fails), and writing waits for room only until the deadline too, so a bot that
stops reading its stdin cannot hang capicua. Every failure is a :class:`BotFault` whose text
is the whole reason, in one line, ending with the bot's last lines on stderr.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
import select
import shutil
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.errors import PlayerFault
from . import messages as M
from .confine import Jail, cpu_seconds, descendants, end_cgroup, spawn
from .limits import Confinement

TOKEN_ENV = "CAPICUA_BOT_TOKEN"
#: Seconds a bot has to answer ``hello`` and ``new_match`` (start-up included).
HANDSHAKE_TIMEOUT = 10.0
#: Seconds a bot asked to quit has to exit before it is killed.
QUIT_GRACE = 1.0
#: How many of a bot's last stderr lines a reason quotes.
STDERR_LINES = 3
_STDERR_KEPT = 16 * 1024
_CHUNK = 65536

#: ``on_line(direction, line)`` hears every line: ``">"`` to the bot, ``"<"`` from it.
LineHook = Callable[[str, bytes], None]


class BotFault(PlayerFault):
    """A bot could not start, died, overran a deadline or broke the protocol.

    The message is the whole reason, one line, with the bot's last stderr lines: the
    :class:`~capicua.core.errors.PlayerFault` the bot host raises.
    """


class BotTimeout(BotFault):
    """A bot did not answer before its deadline."""


class BotProcess:
    """A running bot: ``send`` and ``receive`` messages, ``close`` to end it for good.

    ``argv`` is the program and its arguments, started in ``cwd``; ``on_line`` hears every
    line both ways (``capicua bot-check --transcript``).
    """

    def __init__(
        self,
        argv: Sequence[str],
        cwd: str | None = None,
        *,
        env: Mapping[str, str] | None = None,
        on_line: LineHook | None = None,
        confinement: Confinement | None = None,
    ) -> None:
        self.argv = list(argv)
        self.token = secrets.token_hex(12)
        self.on_line = on_line
        environment = dict(os.environ if env is None else env)
        environment[TOKEN_ENV] = self.token
        # What it starts is no older than this (a second's margin for the clocks' steps).
        self.since = time.time() - 1.0
        self.usage: Any = None  # its resource usage, once it is reaped
        self._reaped = False
        if not self.argv or not self.argv[0]:
            raise BotFault("cannot start the bot: its argv names no program")
        if any("\0" in str(a) for a in [*self.argv, cwd or ""]):
            # The system takes no NUL in a program's arguments or folder (it ends the text).
            raise BotFault("cannot start the bot: its argv or folder holds a NUL character")
        if cwd and not os.path.isdir(cwd):
            raise BotFault(f"cannot start the bot: its folder {cwd} does not exist")
        _check_program(self.argv[0], cwd, environment.get("PATH"))
        try:
            self.jail = Jail(confinement or Confinement(), self.token)
        except OSError as exc:
            raise BotFault(f"cannot start the bot: {exc}") from None
        command, folder, environment = self.jail.command(self.argv, cwd, environment)
        try:
            self.proc = spawn(
                command,
                cwd=folder or None,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=environment,
                start_new_session=True,  # its own process group: killed whole at the end
                close_fds=True,
                bufsize=0,
                preexec_fn=self.jail.preexec(),  # in the spawner thread (confine.spawn)
            )
        except FileNotFoundError:
            self.jail.release()
            raise BotFault(f"cannot start the bot: no program {self.argv[0]!r}") from None
        except PermissionError:
            self.jail.release()
            raise BotFault(f"cannot start the bot: {self.argv[0]!r} is not executable") from None
        except (OSError, subprocess.SubprocessError) as exc:
            self.jail.release()
            what = getattr(exc, "strerror", None) or str(exc)
            raise BotFault(f"cannot start the bot {self.argv[0]!r}: {what}") from None
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr  # all three piped
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        self._err: int | None = self.proc.stderr.fileno()
        for fd in (self._in, self._out, self._err):
            os.set_blocking(fd, False)
        self._buf = bytearray()
        self._errbuf = bytearray()
        self._lock = threading.Lock()  # one conversation at a time (the table's thread)
        self.closed = False
        self.hello: M.BotHello | None = None
        self.matches = 0  # matches begun in this process
        self._quit_sent: float | None = None  # when quit was sent, and its grace's end
        self._quit_by: float | None = None
        # A bot dropped without close() (a crash in capicua) still does not outlive us.
        groups = tuple({g for g in (self.jail.cgroup, self.jail.memory) if g is not None})
        self._finalizer = weakref.finalize(self, _abandon, self.proc.pid, groups)

    @property
    def pid(self) -> int:
        """The process capicua started (bwrap, when the bot is wrapped in it)."""
        return self.proc.pid

    @property
    def bot_pid(self) -> int | None:
        """The bot's own process as this process sees it (``None`` once it is gone)."""
        if not self.jail.wrapped:
            return self.proc.pid
        inner = _children(self.proc.pid)[:1]
        oldest = sorted((c for i in inner for c in _children(i)), key=_started)
        return oldest[0] if oldest else None

    def alive(self) -> bool:
        return not self.closed and self._status() is None

    def _status(self) -> int | None:
        """The bot's exit status once it has ended (negative: the signal), else ``None``.

        It is not reaped here: until :meth:`close` reaps it, its pid, and so the id of its
        process group, cannot be given to another process.
        """
        if self.proc.returncode is not None:
            return self.jail.status(self.proc.returncode)
        if not hasattr(os, "waitid"):  # a POSIX system without it: poll, which reaps
            return self.jail.status(self.proc.poll())
        try:
            info = os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return self.jail.status(self.proc.poll())
        if info is None:
            return None
        return self.jail.status(
            info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
        )

    # -- talking -------------------------------------------------------------------------

    def send(self, message: Mapping[str, Any], deadline: float) -> None:
        """Write ``message``; BotFault if the bot is gone or does not make room in time."""
        data = M.encode(message)
        if self.on_line is not None:
            self.on_line(">", data)
        with self._lock:
            view = memoryview(data)
            while view:
                try:
                    written = os.write(self._in, view)
                except BlockingIOError:
                    written = 0
                except (BrokenPipeError, OSError):
                    raise self._ended() from None
                view = view[written:]
                if view:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise self.fault("stopped reading its input (stdin)", BotTimeout)
                    self._wait([self._in], left, write=True)

    def receive(self, deadline: float, late: str) -> dict[str, Any]:
        """The next message; ``late`` says what a missed deadline means (for the reason)."""
        with self._lock:
            while True:
                nl = self._buf.find(b"\n")
                if nl >= 0:
                    line = bytes(self._buf[: nl + 1])
                    del self._buf[: nl + 1]
                    if self.on_line is not None:
                        self.on_line("<", line)
                    if not line.strip():
                        continue  # a blank line says nothing; it is not an error
                    try:
                        return M.decode(line)
                    except M.ProtocolError as exc:
                        raise self.fault(str(exc)) from None
                if len(self._buf) > M.MAX_LINE:
                    raise self.fault(f"wrote a line longer than {M.MAX_LINE} bytes")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise self.fault(late, BotTimeout)
                self._wait([self._out], left)

    def _wait(self, fds: list[int], timeout: float, write: bool = False) -> None:
        """Wait up to ``timeout`` for ``fds`` (reading stdout into the buffer), draining
        stderr all the while."""
        watch = list(fds) if not write else []
        if self._err is not None:
            watch.append(self._err)
        ready_r, _, _ = select.select(watch, fds if write else [], [], timeout)
        for fd in ready_r:
            try:
                data = os.read(fd, _CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if fd == self._err:
                if not data:
                    self._err = None  # closed: watch it no more
                    continue
                self._errbuf += data
                if len(self._errbuf) > _STDERR_KEPT:
                    del self._errbuf[: len(self._errbuf) - _STDERR_KEPT]
            elif not data:
                raise self._ended()
            else:
                self._buf += data

    def exchange(
        self, message: Mapping[str, Any], expect: str, timeout: float, late: str
    ) -> dict[str, Any]:
        """Send ``message`` and read the reply of type ``expect`` within ``timeout``
        seconds. The bot's ``error`` is a :class:`~.messages.BotGaveUp`."""
        deadline = time.monotonic() + timeout
        self.send(message, deadline)
        reply = self.receive(deadline, late)
        M.gave_up(reply)
        try:
            M.read_reply(reply, expect)
        except M.ProtocolError as exc:
            raise self.fault(str(exc)) from None
        return reply

    def handshake(self, timeout: float = HANDSHAKE_TIMEOUT) -> M.BotHello:
        """Exchange hellos; the bot's, checked."""
        reply = self.exchange(
            M.hello(), "hello", timeout, f"did not answer hello within {timeout:g} s"
        )
        try:
            self.hello = M.read_hello(reply)
        except M.ProtocolError as exc:
            raise self.fault(str(exc)) from None
        return self.hello

    # -- failing -------------------------------------------------------------------------

    def stderr_tail(self, lines: int = STDERR_LINES) -> list[str]:
        """The bot's last non-empty stderr lines, each on one line."""
        self._drain_stderr(0.0)
        text = self._errbuf.decode("utf-8", "replace")
        kept = [M.one_line(x, 200) for x in text.splitlines() if x.strip()]
        return kept[-lines:]

    def fault(self, what: str, kind: type[BotFault] = BotFault) -> BotFault:
        """A :class:`BotFault` saying ``what``, with the bot's last stderr lines."""
        tail = self.stderr_tail()
        if tail:
            what += "; its last lines on stderr: " + " | ".join(tail)
        return kind(what)

    def _ended(self) -> BotFault:
        """The fault for a bot whose stdout closed: how it ended, if it did."""
        _wait_exit(self.proc.pid, 0.5)
        code = self._status()
        self._drain_stderr(0.2)
        if code is None:
            what = "closed its output (stdout)"
        else:
            self._reap()
            if code < 0:
                what = f"its process was killed by signal {-code} ({_signal_name(-code)})"
            else:
                what = f"its process ended with exit status {code}"
            over = self.jail.over(code, self.usage, self.stderr_tail(STDERR_LINES))
            if over is not None:
                what = f"{over}: {what}"
        return self.fault(what)

    def _reap(self) -> None:
        """Reap the ended bot, keeping its resource usage (its descendants' included);
        whatever is left of its process group is killed first, while the group's id is
        still its own."""
        if self._reaped or self.proc.returncode is not None:
            return
        _kill_group(self.proc.pid)
        try:
            _, raw, self.usage = os.wait4(self.proc.pid, 0)
        except ChildProcessError:
            return
        self._reaped = True
        self.proc.returncode = os.waitstatus_to_exitcode(raw)

    def _drain_stderr(self, timeout: float) -> None:
        stop = time.monotonic() + timeout
        while self._err is not None:
            ready, _, _ = select.select([self._err], [], [], max(0.0, stop - time.monotonic()))
            if not ready:
                return
            try:
                data = os.read(self._err, _CHUNK)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._err = None
                return
            self._errbuf += data
            if len(self._errbuf) > _STDERR_KEPT:
                del self._errbuf[: len(self._errbuf) - _STDERR_KEPT]

    # -- ending ------------------------------------------------------------------------

    def close(self, quit: bool = True, grace: float = QUIT_GRACE) -> int | None:
        """End the bot for good: ``quit`` asks it first (it has ``grace`` seconds to exit),
        then its process group and every process carrying its token are killed and it is
        reaped. Returns its exit status (negative: the signal that ended it)."""
        if self.closed:
            return self.jail.status(self.proc.returncode)
        if quit:
            self.quit(grace)
            return self.proc.returncode
        self.closed = True
        # While the bot is unreaped its pid (and so its group's id) cannot be reused.
        if not self._reaped:
            _kill_group(self.proc.pid)
        self.jail.kill_all()
        sweep(self.token, leader=None, since=self.since)
        # A conversation in another thread (the table's) now sees its pipe close.
        with self._lock:
            code = self.jail.status(self.proc.wait())
            self.jail.release()
            self._drain_stderr(0.05)  # its last words, kept for stderr_tail()
            self._err = None
            for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                with contextlib.suppress(OSError):
                    if stream is not None:
                        stream.close()
        self._finalizer.detach()
        return code

    def ask_to_quit(self, grace: float = QUIT_GRACE) -> None:
        """Send ``quit`` and start its grace, without waiting: several bots ending at once
        (a match's seats) then share one grace instead of one each."""
        if self._quit_sent is not None or self.closed:
            return
        self._quit_sent = time.monotonic()
        self._quit_by = self._quit_sent + grace
        if self._status() is None:
            with contextlib.suppress(BotFault, OSError):
                self._send_unlocked(M.QUIT, self._quit_by)

    def quit(self, grace: float = QUIT_GRACE) -> tuple[int | None, float]:
        """Ask the bot to quit (if :meth:`ask_to_quit` did not already) and end it: its
        exit status (``None``: it had to be killed) and the seconds it took to exit."""
        self.ask_to_quit(grace)
        assert self._quit_sent is not None and self._quit_by is not None
        status = self._status()
        if status is None and _wait_exit(self.proc.pid, self._quit_by - time.monotonic()):
            status = self._status()
        took = time.monotonic() - self._quit_sent
        self.close(quit=False)
        return status, took

    def tidy(self) -> None:
        """End every process the bot started, keeping the bot itself (between matches)."""
        if not self.alive():
            return
        if not self.jail.wrapped:
            sweep(self.token, leader=self.proc.pid, since=self.since)
            self.jail.kill_all(keep=[self.proc.pid])
            return
        # In its PID namespace everything it started descends from bwrap's first process.
        keep = self.own_processes()
        for pid in list(descendants(self.proc.pid)):
            if pid not in keep:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
        self.jail.kill_all(keep=[self.proc.pid, *keep])

    def own_processes(self) -> set[int]:
        """The bot's own process, and bwrap's first process in its namespace (its
        descendants otherwise are what it started)."""
        # bwrap, then bwrap's pid 1 in the namespace, then the bot: the oldest child.
        found = set(_children(self.proc.pid)[:1])
        bot = self.bot_pid
        return found | {bot} if bot is not None else found

    def cpu_seconds(self) -> float:
        """The CPU time the bot's processes have used so far."""
        return cpu_seconds(self.proc.pid)

    def _send_unlocked(self, message: Mapping[str, Any], deadline: float) -> None:
        data = M.encode(message)
        if self.on_line is not None:
            self.on_line(">", data)
        view = memoryview(data)
        while view and time.monotonic() < deadline:
            try:
                view = view[os.write(self._in, view) :]
            except BlockingIOError:
                time.sleep(0.005)


def _check_program(program: str, cwd: str | None, path: str | None) -> None:
    """BotFault unless ``program`` names a program that can run (as the system would find
    it: a path from ``cwd``, else a name on ``path``); checked before any wrapper starts."""
    if os.sep in program:
        where = os.path.join(cwd or "", program)
        if not os.path.exists(where):
            raise BotFault(f"cannot start the bot: no program {program!r}")
        if os.path.isdir(where) or not os.access(where, os.X_OK):
            raise BotFault(f"cannot start the bot: {program!r} is not executable")
    elif shutil.which(program, path=path) is None:
        folders = [d for d in (path or "").split(os.pathsep) if d]
        if any(os.path.exists(os.path.join(d, program)) for d in folders):
            raise BotFault(f"cannot start the bot: {program!r} is not executable")
        raise BotFault(f"cannot start the bot: no program {program!r}")


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            text = f.read()
    except OSError:
        return []
    return [int(c) for c in text.split()]


def _started(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return 0
    return int(stat[stat.rfind(b")") + 2 :].split()[19])


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return "unknown signal"


def _wait_exit(pid: int, timeout: float) -> bool:
    """Wait up to ``timeout`` for ``pid`` to exit, without reaping it."""
    stop = time.monotonic() + timeout
    delay = 0.001
    while True:
        try:
            if not hasattr(os, "waitid"):
                os.kill(pid, 0)  # raises once it is gone (a zombie still answers)
            elif os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                return True
        except (ChildProcessError, ProcessLookupError):
            return True  # already reaped
        if time.monotonic() >= stop:
            return False
        time.sleep(delay)
        delay = min(delay * 2, 0.02)


def _abandon(pgid: int, cgroups: tuple[Path, ...]) -> None:
    """End a bot dropped without :meth:`BotProcess.close`: its group, and its cgroups."""
    _kill_group(pgid)
    for folder in cgroups:
        end_cgroup(folder)


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _processes(since: float) -> Iterator[tuple[int, int]]:
    """``(pid, process group)`` of every process this user may look at that may have
    started at ``since`` (wall-clock seconds) or later. A process's /proc entry is made
    when the process is first looked at, never before it starts: one older than
    ``since`` is a process older than that, and its status is not read (reading every
    process's status costs far more than looking at its entry)."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return  # no /proc (not Linux): the process group kill is all there is
    me = os.getpid()
    for name in names:
        if not name.isdigit() or int(name) == me:
            continue
        try:
            if os.stat(f"/proc/{name}").st_ctime < since:
                continue
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 2:
            yield int(name), int(fields[2])


def sweep(token: str, leader: int | None, since: float = 0.0) -> list[int]:
    """Kill every process carrying ``token`` in its environment or in ``leader``'s group,
    except ``leader`` itself; returns the pids killed. ``since``: when the bot started
    (wall clock): a process older than the bot cannot be one it started.

    A process may fork between the look at /proc and its kill, so the look is taken again
    until it finds nothing new (a few times at most)."""
    killed: list[int] = []
    for _ in range(5):
        more = _sweep_once(token, leader, since, set(killed))
        if not more:
            break
        killed += more
        time.sleep(0.01)
    return killed


def _sweep_once(token: str, leader: int | None, since: float, done: set[int]) -> list[int]:
    mark = f"{TOKEN_ENV}={token}".encode()
    killed = []
    for pid, group in _processes(since):
        if pid in done or pid == leader:
            continue
        hit = leader is not None and group == leader
        if not hit:
            try:
                with open(f"/proc/{pid}/environ", "rb") as f:
                    hit = mark in f.read()
            except OSError:
                continue
        if hit:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
    return killed


class BotPool:
    """Bots that said they can be reset, kept between matches in this process, by the
    program they run (at most ``most`` idle, the oldest closed first)."""

    def __init__(self, most: int = 8) -> None:
        self.most = most
        self._idle: list[tuple[Any, BotProcess]] = []
        self._lock = threading.Lock()

    def take(self, key: Any) -> BotProcess | None:
        """An idle bot of ``key``, or ``None``."""
        dead: list[BotProcess] = []
        found: BotProcess | None = None
        with self._lock:
            keep = []
            for k, bot in self._idle:
                if not bot.alive():
                    dead.append(bot)
                elif found is None and k == key:
                    found = bot
                else:
                    keep.append((k, bot))
            self._idle = keep
        for bot in dead:
            bot.close(quit=False)
        return found

    def give(self, key: Any, bot: BotProcess) -> None:
        """Keep ``bot`` for the next match of ``key``, tidied of what it started; a bot
        past half its CPU time (a limit for its process's whole life) is ended instead, so
        that the next match starts it afresh rather than losing it halfway."""
        if bot.cpu_seconds() > bot.jail.limits.cpu_time / 2:
            bot.close()
            return
        bot.tidy()
        with self._lock:
            self._idle.append((key, bot))
            extra = self._idle[: max(0, len(self._idle) - self.most)]
            del self._idle[: len(extra)]
        for _, old in extra:
            old.close()

    def drain(self) -> list[BotProcess]:
        """Every idle bot, taken out of the pool."""
        with self._lock:
            idle, self._idle = self._idle, []
        return [bot for _, bot in idle]

    def close(self) -> None:
        for bot in self.drain():
            bot.close()

    def __len__(self) -> int:
        return len(self._idle)


#: This process's pool (a tournament worker keeps its bots here between games).
POOL = BotPool()
atexit.register(POOL.close)
