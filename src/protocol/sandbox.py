"""The sandbox an untrusted bot runs in: bubblewrap (``bwrap``) with every namespace, no
network, an empty working folder on a small tmpfs, the system and the bot's own files
read-only, the tournament's files masked, and as ``nobody`` when capicua is root
(through util-linux's ``setpriv``: a user namespace would map ``nobody`` to root).

:func:`bwrap` is also what contains every bot in the default mode (a PID namespace of its
own, :mod:`capicua.protocol.confine`). :func:`sandbox_problem` says why there can be no
sandbox here; an untrusted bot is then refused, never run without it.
"""

from __future__ import annotations

import functools
import os
import pwd
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from ..i18n import _
from .limits import MIB, Confinement


@functools.cache
def bwrap() -> str | None:
    """The path of a working ``bwrap`` able to make a PID namespace here, or ``None``."""
    path = shutil.which("bwrap")
    if path is None:
        return None
    probe = [path, *_share_all(), "--unshare-pid", "--die-with-parent", "--", "true"]
    try:
        done = subprocess.run(probe, capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return path if done.returncode == 0 else None


def _share_all() -> list[str]:
    # The whole file system as it is (the default mode confines processes, not files).
    return ["--dev-bind", "/", "/"]


@functools.cache
def setpriv() -> str | None:
    """util-linux's ``setpriv``, which the sandbox uses to become ``nobody`` (as root)."""
    return shutil.which("setpriv")


@functools.cache
def sandbox_user() -> tuple[int, int] | None:
    """The (uid, gid) an untrusted bot runs as: ``nobody`` when capicua is root, else
    ``None`` (only root can run a process as another user)."""
    if os.geteuid() != 0:
        return None
    try:
        entry = pwd.getpwnam("nobody")
        return entry.pw_uid, entry.pw_gid
    except KeyError:
        return 65534, 65534


def sandbox_problem() -> str | None:
    """Why an untrusted bot cannot be sandboxed here (one line), or ``None``."""
    if shutil.which("bwrap") is None:
        return _(
            "an untrusted bot runs in a bubblewrap sandbox, and bwrap is not installed "
            "(Debian: apt-get install bubblewrap)"
        )
    if bwrap() is None:
        return _(
            "an untrusted bot runs in a bubblewrap sandbox, and bwrap cannot make "
            "namespaces on this system (user namespaces may be turned off)"
        )
    if sandbox_user() is not None and setpriv() is None:
        return _(
            "an untrusted bot runs as user nobody through setpriv (util-linux), which is "
            "missing (Debian: apt-get install util-linux)"
        )
    return None


def wrapped(argv: list[str]) -> list[str] | None:
    """``argv`` in a PID namespace of its own that dies with its parent, or ``None``
    without a working bwrap."""
    path = bwrap()
    if path is None:
        return None
    namespace = ["--unshare-pid", "--die-with-parent", "--proc", "/proc"]
    return [path, *_share_all(), *namespace, "--", *argv]


def sandboxed(
    argv: list[str], cwd: str | None, env: Mapping[str, str], confinement: Confinement
) -> tuple[list[str], str | None, dict[str, str]]:
    """The argv, folder and environment that start ``argv`` (from ``cwd``) in the sandbox."""
    limits = confinement.limits
    path = bwrap()
    assert path is not None  # the caller checked sandbox_problem()
    folder = Path(cwd or os.getcwd()).resolve()
    program = _resolve(argv[0], folder, env.get("PATH"))
    args = [program] + [_absolute(a, folder) for a in argv[1:]]
    # Its program's folder and those of the files its argv names; its own folder only
    # when the argv names no file (a config's folder is not the bot's to read).
    named = {Path(a).parent for a in args[1:] if os.path.isabs(a) and os.path.exists(a)}
    readable = {Path(program).parent, Path(os.path.realpath(program)).parent}
    readable |= named or {folder}
    if Path(program).name.startswith("python"):
        readable |= _python_paths(env)
    work = "/tmp/bot"
    size = str(min(limits.file_size, 1024) * MIB)
    wrapper = [
        path, *_unshare(), "--die-with-parent", "--new-session",
        *_system_binds(),
        "--proc", "/proc", "--dev", "/dev",
        "--size", size, "--perms", "1777", "--tmpfs", "/tmp",
        "--perms", "0777", "--dir", work,
    ]  # fmt: skip
    made: set[str] = {"/", "/tmp", work}
    for place in sorted(readable, key=lambda p: len(p.parts)):
        if _system(place) or not place.exists() or place == Path("/"):
            continue
        text = str(place)
        for parent in reversed(place.parents):
            if str(parent) not in made and not _system(parent):
                wrapper += ["--perms", "0755", "--dir", str(parent)]
                made.add(str(parent))
        wrapper += ["--ro-bind", text, text]
        made.add(text)
    for secret in confinement.hidden:
        if os.path.exists(secret) and any(Path(secret).is_relative_to(r) for r in readable):
            wrapper += ["--ro-bind", "/dev/null" if os.path.isfile(secret) else work, secret]
    wrapper += ["--chdir", work, "--clearenv"]
    keep = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": work, "LANG": "C.UTF-8"}
    for name in ("PYTHONPATH", "LANG", "LC_ALL", "TERM"):
        if name in env:
            keep[name] = env[name]
    for name, value in keep.items():
        wrapper += ["--setenv", name, value]
    user = sandbox_user()
    if user is not None:
        uid, gid = user
        tool = setpriv()
        assert tool is not None  # checked by sandbox_problem()
        wrapper += ["--", tool, f"--reuid={uid}", f"--regid={gid}", "--clear-groups"]
        wrapper += ["--inh-caps=-all", "--bounding-set=-all", "--no-new-privs"]
    return [*wrapper, "--", *args], None, {"PATH": env.get("PATH", os.defpath)}


_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt")


def _unshare() -> list[str]:
    """Every namespace; as root no user namespace, where ``nobody`` would be unmapped."""
    if sandbox_user() is None:
        return ["--unshare-all"]
    names = ("ipc", "pid", "net", "uts")
    return [*(f"--unshare-{n}" for n in names), "--unshare-cgroup-try"]


def _system(place: Path) -> bool:
    return any(place == Path(s) or place.is_relative_to(s) for s in _SYSTEM if s != "/opt")


def _system_binds() -> list[str]:
    binds: list[str] = []
    for name in _SYSTEM:
        if not os.path.lexists(name):
            continue
        if os.path.islink(name):
            binds += ["--symlink", os.readlink(name), name]
        else:
            binds += ["--ro-bind", name, name]
    return binds


def _resolve(program: str, folder: Path, path: str | None) -> str:
    if os.sep in program:
        return os.path.abspath(folder / program)
    found = shutil.which(program, path=path)
    # Not resolved: a virtual environment's python finds its packages by its own path.
    return os.path.abspath(found) if found else program


def _absolute(arg: str, folder: Path) -> str:
    """An argument naming a file in the bot's folder, made absolute (the sandbox works in
    an empty folder); any other argument as it is."""
    if arg.startswith("-") or os.path.isabs(arg):
        return arg
    candidate = folder / arg
    return str(candidate) if candidate.exists() else arg


def _python_paths(env: Mapping[str, str]) -> set[Path]:
    """What a Python bot (capicua's host, a plugin) needs to read: the interpreter's
    prefix, its import path and the folders of the packages loaded here."""
    places = {Path(sys.prefix), Path(sys.base_prefix)}
    places.add(Path(os.path.realpath(sys.executable)).parent)
    extra = env.get("PYTHONPATH", "")
    for entry in [*sys.path, *extra.split(os.pathsep)]:
        if entry and os.path.isdir(entry):
            places.add(Path(entry).resolve())
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None)
        name = getattr(module, "__name__", ".")
        if where and "." not in name and name != "__main__" and os.path.isfile(where):
            places.add(Path(where).resolve().parent)  # a package's folder, or a module's
    return {p for p in places if not _system(p)}
