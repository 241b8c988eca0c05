"""How a bot's process is started and ended: its limits applied, its processes contained.

Every process player (a bot program, a hosted plugin) starts under its
:class:`~capicua.protocol.limits.Limits`, set as the system's resource limits of its
process before it runs (``RLIMIT_DATA``, ``RLIMIT_CPU``, ``RLIMIT_FSIZE``) and, for the
number of processes, a ``pids`` cgroup of its own where this system lets capicua make one
(the per-user ``RLIMIT_NPROC`` counts every process of the user and does not hold for
root); a ``memory`` cgroup, where there is one, holds all its processes together to the
memory limit, shared memory included. A bot that fails over a limit is blamed with it
(:meth:`Jail.over`).

Containment: where bubblewrap (``bwrap``) works, a bot is the second process of a PID
namespace of its own, whose first process dies with the bot's parent
(``--die-with-parent``); when it dies the kernel ends every process in the namespace, so
nothing a bot starts outlives it, whatever ends capicua (a ``setsid`` child included).
Without it, the bot gets ``PR_SET_PDEATHSIG``, its cgroup (named after the process that
started it, so that the worker's parent or the next run can end what is left) or its
session and token are swept at its end, and :func:`uncontained` says once what may then
survive. An untrusted bot runs in the sandbox (:mod:`capicua.protocol.sandbox`).

Processes are started from one long-lived thread (:func:`spawn`): the parent-death signal
follows the thread that forked, and a thread that ends (the table's, a dask worker's)
would otherwise end its bots with it.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import os
import queue
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..i18n import _
from .limits import MIB, Confinement
from .sandbox import bwrap, powerless, sandbox_problem, sandboxed, wrapped

# -- what this system offers ----------------------------------------------------------------


def uncontained() -> str | None:
    """What may outlive a bot on this system (one line), or ``None`` when nothing may."""
    if bwrap() is not None:
        return None
    if sys.platform != "linux":
        return _(
            "bots are contained by their process group only here: a process a bot starts "
            "in a session of its own may outlive it"
        )
    if pids_root() is not None:
        return _(
            "without bubblewrap (bwrap), what a bot starts is ended through its cgroup, "
            "but survives if capicua itself is killed with SIGKILL; install bubblewrap"
        )
    return _(
        "without bubblewrap (bwrap) or a cgroup capicua may use, a process a bot starts "
        "with a new session and a cleared environment may outlive it; install bubblewrap"
    )


def pids_root() -> Path | None:
    """A ``pids`` cgroup folder this process may make cgroups in, or ``None``."""
    return _cgroup_root("pids")


def memory_root() -> Path | None:
    """A ``memory`` cgroup folder this process may make cgroups in, or ``None``."""
    return _cgroup_root("memory")


@functools.cache
def _cgroup_root(controller: str) -> Path | None:
    """A folder of ``controller``'s cgroups (v1, or v2 with it enabled) where this
    process may make cgroups, or ``None``."""
    if sys.platform != "linux":
        return None
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
        mounts = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return None
    own: dict[str, str] = {}
    for line in lines:
        number, controllers, path = line.split(":", 2)
        for name in controllers.split(",") if controllers else ["" if number == "0" else "?"]:
            own[name] = path
    for mount in mounts:
        parts = mount.split()
        if len(parts) < 4:
            continue
        where, kind, options = parts[1], parts[2], parts[3].split(",")
        if kind == "cgroup" and controller in options and controller in own:
            folder = Path(where) / own[controller].lstrip("/")
        elif kind == "cgroup2" and "" in own:
            folder = Path(where) / own[""].lstrip("/")
            try:
                if controller not in (folder / "cgroup.controllers").read_text().split():
                    continue
                if controller not in (folder / "cgroup.subtree_control").read_text().split():
                    (folder / "cgroup.subtree_control").write_text(f"+{controller}")
            except OSError:
                continue
        else:
            continue
        if _can_make(folder):
            return folder
    return None


def _can_make(folder: Path) -> bool:
    probe = folder / f"capicua-probe-{os.getpid()}"
    try:
        probe.mkdir()
        probe.rmdir()
    except OSError:
        return False
    return True


# -- starting a process from one thread ----------------------------------------------------


class _Spawner:
    """A daemon thread that starts every bot process (see the module's docstring)."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Callable[[], Any], queue.Queue[Any]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._pid = 0

    def run(self, job: Callable[[], Any]) -> Any:
        with self._lock:
            if self._thread is None or self._pid != os.getpid():  # none yet, or forked
                self._jobs = queue.Queue()
                self._pid = os.getpid()
                self._thread = threading.Thread(
                    target=self._serve, args=(self._jobs,), name="capicua-spawner", daemon=True
                )
                self._thread.start()
            jobs = self._jobs
        answer: queue.Queue[Any] = queue.Queue(maxsize=1)
        jobs.put((job, answer))
        ok, value = answer.get()
        if ok:
            return value
        raise value

    @staticmethod
    def _serve(jobs: queue.Queue[tuple[Callable[[], Any], queue.Queue[Any]]]) -> None:
        while True:
            job, answer = jobs.get()
            try:
                answer.put((True, job()))
            except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
                answer.put((False, exc))


_SPAWNER = _Spawner()


def spawn(argv: Sequence[str], **popen: Any) -> subprocess.Popen[bytes]:
    """``subprocess.Popen(argv, **popen)``, started from capicua's spawner thread."""
    return _SPAWNER.run(lambda: subprocess.Popen(argv, **popen))


_PR_SET_PDEATHSIG = 1


@functools.cache
def _prctl() -> Any:
    if sys.platform != "linux":
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def die_with_parent() -> None:
    """Have this process killed when its parent ends (Linux; nothing elsewhere)."""
    prctl = _prctl()
    if prctl is not None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


# -- one bot's confinement -----------------------------------------------------------------


#: What a bot's last stderr lines say when it could not get memory (Python, C, C++, node).
_STARVED = ("memoryerror", "cannot allocate memory", "out of memory", "bad_alloc")


class Jail:
    """One bot's confinement as it is started: the command that wraps it, what its process
    does before it runs, its cgroup, and at its end, which limit (if any) it went over."""

    def __init__(self, confinement: Confinement, token: str) -> None:
        self.confinement = confinement
        self.limits = confinement.limits
        self.token = token
        self.wrapped = False  # started inside bwrap: its exit status is bwrap's
        self.sandboxed = False
        self.cgroup: Path | None = None  # its pids cgroup
        self.memory: Path | None = None  # its memory cgroup (the same folder on cgroup v2)
        if confinement.untrusted:
            problem = sandbox_problem()
            if problem is not None:
                raise OSError(problem)
        # Named after this process, so that whoever outlives it can end what is left.
        name = f"capicua-{os.getpid()}-{token}"
        # The bot's processes and threads, and bwrap's two.
        self.cgroup = _make(pids_root(), name, {"pids.max": str(self.limits.processes + 2)})
        memory = str(self.limits.memory * MIB)
        self.memory = _make(
            memory_root(), name, {"memory.limit_in_bytes": memory, "memory.max": memory}
        )

    # -- starting ---------------------------------------------------------------------------

    def command(
        self, argv: list[str], cwd: str | None, env: dict[str, str]
    ) -> tuple[list[str], str | None, dict[str, str]]:
        """The argv, folder and environment that start ``argv`` in ``cwd`` confined."""
        if self.confinement.untrusted:
            self.wrapped = self.sandboxed = True
            return sandboxed(argv, cwd, env, self.confinement)
        command = wrapped(argv)
        if command is None:
            return powerless(argv), cwd, env
        self.wrapped = True
        return command, cwd, env

    def preexec(self) -> Callable[[], None]:
        """What the new process does before it runs the bot (in the child, after fork)."""
        limits = self.limits
        rlimits = [
            (resource.RLIMIT_CPU, (limits.cpu_time, limits.cpu_time + 2)),
            (resource.RLIMIT_FSIZE, (limits.file_size * MIB,) * 2),
            (resource.RLIMIT_CORE, (0, 0)),
        ]
        data = getattr(resource, "RLIMIT_DATA", None)
        if data is not None:
            rlimits.append((data, (limits.memory * MIB,) * 2))
        groups = {g for g in (self.cgroup, self.memory) if g is not None}
        places = [str(g / "cgroup.procs") for g in groups]
        nproc = getattr(resource, "RLIMIT_NPROC", None)
        if self.cgroup is None and nproc is not None and os.geteuid() != 0:
            # Counted for the whole user: room for the user's processes as they are now.
            most = _user_processes() + limits.processes
            rlimits.append((nproc, (most, most)))
        prctl = _prctl()

        def setup() -> None:
            for place in places:
                with open(place, "w") as f:
                    f.write("0")
            for which, pair in rlimits:
                with contextlib.suppress(ValueError, OSError):
                    resource.setrlimit(which, pair)
            if prctl is not None:
                prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

        return setup

    # -- ending -----------------------------------------------------------------------------

    def status(self, raw: int | None) -> int | None:
        """The bot's exit status from its process's (bwrap's ``128 + N``: signal ``N``)."""
        if raw is not None and self.wrapped and 128 < raw < 128 + 65:
            return -(raw - 128)
        return raw

    def over(self, status: int | None, usage: Any, stderr: Sequence[str]) -> str | None:
        """Which limit a bot that failed went over, as its reason, or ``None``."""
        limits = self.limits
        cpu = usage.ru_utime + usage.ru_stime if usage is not None else 0.0
        if status == -signal.SIGXCPU or (status == -signal.SIGKILL and cpu >= limits.cpu_time):
            return limits.reason("cpu_time")
        words = " ".join(stderr).lower()
        # Python ignores SIGXFSZ: its write fails with EFBIG ("File too large") instead.
        if status == -signal.SIGXFSZ or "file too large" in words:
            return limits.reason("file_size")
        peak = usage.ru_maxrss * 1024 if usage is not None else 0
        if sys.platform == "darwin":
            peak //= 1024  # bytes there
        starved = any(w in words for w in _STARVED)
        if peak >= 0.75 * limits.memory * MIB or starved or self._oom_killed():
            return limits.reason("memory")
        if self.cgroup is not None:
            with contextlib.suppress(OSError, ValueError):
                events = (self.cgroup / "pids.events").read_text().split()
                if "max" in events and int(events[events.index("max") + 1]) > 0:
                    return limits.reason("processes")
        return None

    def _oom_killed(self) -> bool:
        """Whether the kernel killed one of the bot's processes for its memory cgroup."""
        if self.memory is None:
            return False
        for name in ("memory.oom_control", "memory.events"):  # cgroup v1, v2
            with contextlib.suppress(OSError, ValueError):
                words = (self.memory / name).read_text().split()
                if "oom_kill" in words and int(words[words.index("oom_kill") + 1]) > 0:
                    return True
        return False

    def members(self) -> list[int]:
        """The processes in the bot's cgroup."""
        group = self.cgroup or self.memory
        if group is None:
            return []
        try:
            return [int(p) for p in (group / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return []

    def kill_all(self, keep: Sequence[int] = ()) -> None:
        """Kill every process in the bot's cgroup but ``keep`` (until none is left)."""
        for _round in range(20):
            left = [p for p in self.members() if p not in keep]
            if not left:
                return
            for pid in left:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.005)

    def release(self) -> None:
        """Remove the bot's cgroups (once its processes are gone)."""
        for group in {g for g in (self.cgroup, self.memory) if g is not None}:
            end_cgroup(group)
        self.cgroup = self.memory = None


def _make(root: Path | None, name: str, settings: dict[str, str]) -> Path | None:
    """The cgroup ``name`` made under ``root`` (or found there: v2 has one folder for every
    controller), with those of ``settings`` that its controller has; ``None`` if it cannot
    be made."""
    if root is None:
        return None
    folder = root / name
    try:
        _clear_stale(root)
        folder.mkdir(exist_ok=True)
        for key, value in settings.items():
            if (folder / key).exists():
                (folder / key).write_text(value)
    except OSError:
        with contextlib.suppress(OSError):
            folder.rmdir()
        return None
    return folder


def _clear_stale(root: Path) -> None:
    """End the bots of processes that are gone (killed before they could end them)."""
    with contextlib.suppress(OSError):
        for entry in root.iterdir():
            owner = _owner(entry.name)
            if owner is not None and not os.path.exists(f"/proc/{owner}"):
                end_cgroup(entry)


def _owner(name: str) -> int | None:
    parts = name.split("-")
    if len(parts) == 3 and parts[0] == "capicua" and parts[1].isdigit():
        return int(parts[1])
    return None


def end_cgroup(folder: Path) -> None:
    """Kill every process in the cgroup ``folder``, then remove it."""
    for _round in range(20):
        try:
            members = [int(p) for p in (folder / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return
        if not members:
            break
        for pid in members:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.005)
    for _try in range(50):
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.01)


def end_bots_of(pid: int) -> None:
    """End whatever the bots started by process ``pid`` (a worker that was killed or has
    ended) left in their cgroups: the parent's part in containment without bubblewrap."""
    for root in {pids_root(), memory_root()} - {None}:
        assert root is not None
        with contextlib.suppress(OSError):
            for entry in root.glob(f"capicua-{pid}-*"):
                end_cgroup(entry)


def descendants(pid: int) -> Iterator[int]:
    """Every living descendant of ``pid`` (Linux), its children first."""
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                text = Path(f"/proc/{parent}/task/{task}/children").read_text()
            except OSError:
                continue
            for child in map(int, text.split()):
                yield child
                todo.append(child)


def cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` and its living descendants have used so far (Linux; else 0)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for each in [pid, *descendants(pid)]:
        try:
            stat = Path(f"/proc/{each}/stat").read_bytes()
        except OSError:
            continue
        parts = stat[stat.rfind(b")") + 2 :].split()
        if len(parts) > 12:
            total += int(parts[11]) + int(parts[12])
    return total / ticks


def _user_processes() -> int:
    uid = os.getuid()
    count = 0
    with contextlib.suppress(OSError):
        for name in os.listdir("/proc"):
            if name.isdigit():
                with contextlib.suppress(OSError):
                    if os.stat(f"/proc/{name}").st_uid == uid:
                        count += 1
    return count
