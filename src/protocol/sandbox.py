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
    return [path, *_share_all(), *namespace, *_no_powers(), "--", *argv]


def powerless(argv: list[str]) -> list[str]:
    """``argv`` without any capability when capicua is root and there is no bubblewrap
    (setpriv empties the bounding set, so that not even root's exec gets one back); as it
    is otherwise. Root's files and the cgroup tree stay writable to it then."""
    tool = setpriv()
    if os.geteuid() != 0 or tool is None:
        return argv
    return [tool, "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--", *argv]


def _no_powers() -> list[str]:
    """What keeps a bot of the default mode to what its user owns: the kernel's settings
    (``/sys``, the cgroup tree with every bot's limits in it, and ``/proc/sys``) read-only,
    the key of the result rows out of sight, and as root, no capability (bubblewrap also
    sets no-new-privileges, so that no setuid program gives one back). A bot as root still
    reads and writes root's files: it runs as the person running capicua, who chose it."""
    powers = ["--ro-bind", "/proc/sys", "/proc/sys"]
    if os.path.isdir("/sys"):
        powers = ["--ro-bind", "/sys", "/sys", *powers]
    from ..tournament.store import key_folder

    secret = os.path.realpath(key_folder())
    if os.path.isdir(secret):  # the key of the result rows: an empty folder in its place
        powers += ["--tmpfs", secret]
    if os.geteuid() == 0:
        powers += ["--cap-drop", "ALL"]
    return powers


def sandboxed(
    argv: list[str], cwd: str | None, env: Mapping[str, str], confinement: Confinement
) -> tuple[list[str], str | None, dict[str, str]]:
    """The argv, folder and environment that start ``argv`` (from ``cwd``) in the sandbox."""
    limits = confinement.limits
    path = bwrap()
    assert path is not None  # the caller checked sandbox_problem()
    # Every decision below is made on real paths (links, "..", relative paths resolved),
    # and the tournament's files are matched by identity (device and inode) as well, so
    # that no second name for a folder (a link, a bind mount) shows what its first hides.
    folder = Path(os.path.realpath(cwd or os.getcwd()))
    program = _real_program(_resolve(argv[0], folder, env.get("PATH")))
    args = [program] + [_absolute(a, folder) for a in argv[1:]]
    # Its program's folder and those of the files its argv names; its own folder only
    # when the argv names no file (a config's folder is not the bot's to read).
    named = {Path(a).parent for a in args[1:] if os.path.isabs(a) and os.path.exists(a)}
    readable = {Path(program).parent, Path(os.path.realpath(program)).parent}
    readable |= named or {folder}
    if Path(program).name.startswith("python"):
        readable |= _python_paths()
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
    secrets = _secrets(confinement.hidden)
    for place in _outermost(readable):
        if _system(place) or not place.exists() or place == Path("/"):
            continue
        for parent in reversed(place.parents):
            if str(parent) not in made and not _system(parent):
                wrapper += ["--perms", "0755", "--dir", str(parent)]
                made.add(str(parent))
        wrapper += _bind(place, secrets)
        made.add(str(place))
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


def _outermost(places: set[Path]) -> list[Path]:
    """The real paths of ``places``, without those inside another (shown with it), the
    shortest first."""
    real = sorted({Path(os.path.realpath(p)) for p in places}, key=lambda p: len(p.parts))
    kept: list[Path] = []
    for place in real:
        if not any(place.is_relative_to(k) for k in kept):
            kept.append(place)
    return kept


def _identity(path: str | Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _secrets(hidden: tuple[str, ...]) -> dict[tuple[int, int], set[str]]:
    """For every folder holding one of the ``hidden`` files (as it is written and as it
    resolves, at any depth), by the folder's identity: the hidden files' paths inside it.
    A file not made yet (a database's ``-wal``) counts as well."""
    found: dict[tuple[int, int], set[str]] = {}
    for secret in hidden:
        for written in {os.path.abspath(secret), os.path.realpath(secret)}:
            for parent in Path(written).parents:
                key = _identity(parent)
                if key is not None:
                    found.setdefault(key, set()).add(str(Path(written).relative_to(parent)))
    return found


def _bind(place: Path, secrets: dict[tuple[int, int], set[str]]) -> list[str]:
    """The bwrap arguments that show the folder ``place`` read-only, but for the hidden
    files in it: a folder holding one is shown entry by entry (each as it is now: what
    appears in it later, a database's ``-wal``, is never shown), the hidden left out."""
    hide = secrets.get(_identity(place) or (-1, -1))
    if not hide:
        return ["--ro-bind", str(place), str(place)]
    heads: dict[str, set[str]] = {}
    for rel in hide:
        head, _sep, rest = rel.partition(os.sep)
        heads.setdefault(head, set()).add(rest)
    binds = ["--perms", "0755", "--dir", str(place)]
    try:
        entries = sorted(os.scandir(place), key=lambda e: e.name)
    except OSError:
        return binds
    for entry in entries:
        where = place / entry.name
        if entry.name in heads:
            # A hidden file, or a folder on the way to one (shown the same way); a link on
            # the way to one is left out.
            if "" not in heads[entry.name] and entry.is_dir(follow_symlinks=False):
                binds += _bind(where, secrets)
        elif entry.is_symlink():
            binds += ["--symlink", os.readlink(where), str(where)]
        elif _identity(where) not in secrets or not entry.is_dir():
            binds += ["--ro-bind", str(where), str(where)]
        else:  # a folder holding a hidden file under another name (a bind mount)
            binds += _bind(where, secrets)
    return binds


def _real_program(program: str) -> str:
    """``program`` in its real folder, its own name kept (a virtual environment's python
    is a link whose name finds the environment)."""
    if not os.path.isabs(program):
        return program
    return os.path.join(os.path.realpath(os.path.dirname(program)), os.path.basename(program))


def _resolve(program: str, folder: Path, path: str | None) -> str:
    if os.sep in program:
        return os.path.abspath(folder / program)
    found = shutil.which(program, path=path)
    # Not resolved: a virtual environment's python finds its packages by its own path.
    return os.path.abspath(found) if found else program


def _absolute(arg: str, folder: Path) -> str:
    """An argument naming a file (in the bot's folder, or anywhere by an absolute path) as
    its real path (the sandbox works in an empty folder, and shows real paths only); any
    other argument as it is."""
    if arg.startswith("-"):
        return arg
    candidate = folder / arg
    return os.path.realpath(candidate) if candidate.exists() else arg


def _python_paths() -> set[Path]:
    """What a Python bot (capicua's host, a plugin) needs to read: the interpreter's
    installation and the packages loaded here, each on its own. Not the folders of
    ``sys.path`` or ``PYTHONPATH`` as such: ``python -m`` puts the current folder there,
    which may be a home."""
    places = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix)}
    places.add(Path(os.path.realpath(sys.executable)).parent)
    loaded: set[str] = set()
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None)
        name = getattr(module, "__name__", ".")
        if not where or "." in name or name == "__main__" or not os.path.isfile(where):
            continue
        loaded.add(name)
        real = Path(os.path.realpath(where))
        # A package's folder; a module on its own, its file alone.
        places.add(real.parent if real.stem == "__init__" else real)
    places |= _metadata_of(loaded)
    return {p for p in places if not _system(p)}


def _metadata_of(modules: set[str]) -> set[Path]:
    """The ``.dist-info`` folders of the distributions providing ``modules`` (a plugin is
    found through its entry points there)."""
    import importlib.metadata

    folders: set[Path] = set()
    try:
        provides = importlib.metadata.packages_distributions()
    except Exception:  # noqa: BLE001 - a broken installation hides nothing more
        return folders
    names = {d for m in modules for d in provides.get(m, ())}
    for dist in importlib.metadata.distributions():
        try:
            name = dist.metadata["Name"]
        except (KeyError, TypeError):
            continue
        where = getattr(dist, "_path", None)
        if name in names and isinstance(where, Path) and where.is_dir():
            folders.add(Path(os.path.realpath(where)))
    return folders
