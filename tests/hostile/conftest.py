"""Fixtures for the hostile bots: the protocol tests' marker for the bots started here
(``cli`` and ``testplayers`` are the whole suite's, in tests/conftest.py), and an ordinary
user to run capicua as, where the machine allows one."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
from collections.abc import Iterator

import pytest

from protocol.conftest import mark  # noqa: F401 - a fixture


@pytest.fixture(scope="session")
def ordinary_user() -> Iterator[tuple[int, int]]:
    """The (uid, gid) of an ordinary user made for the hostile tests (and removed after
    them), or a skip where the machine does not allow one: capicua not run as root, no
    ``useradd``, or an interpreter the user cannot run (one under ``/root``)."""
    if os.geteuid() != 0 or not shutil.which("useradd") or not shutil.which("setpriv"):
        pytest.skip("an ordinary test user is made by root, with useradd and setpriv")
    made = False
    try:
        entry = pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
            capture_output=True,
            check=False,
        )
        made = True
        try:
            entry = pwd.getpwnam(USER)
        except KeyError:
            pytest.skip("useradd could not make the test user")
    try:
        probe = subprocess.run(
            # The sandbox binds the interpreter's installation: the user must read it.
            [*as_user(entry.pw_uid, entry.pw_gid), sys.executable, "-c", PROBE],
            cwd="/",
            capture_output=True,
            check=False,
        )
        base = os.path.realpath(sys.base_prefix)
        bind = ["bwrap", "--dev-bind", "/", "/", "--ro-bind", base, base, "--", "true"]
        binds = subprocess.run(
            [*as_user(entry.pw_uid, entry.pw_gid), *bind], cwd="/", capture_output=True, check=False
        )
        if probe.returncode != 0 or binds.returncode != 0:
            pytest.skip(f"the test user cannot import capicua, or sandbox {base} for a bot")
        yield entry.pw_uid, entry.pw_gid
    finally:
        if made:
            subprocess.run(["userdel", USER], capture_output=True, check=False)


USER = "capicua-hostile"
PROBE = "import capicua, os, sys; os.listdir(os.path.realpath(sys.base_prefix))"


def as_user(uid: int, gid: int) -> list[str]:
    """The argv prefix that runs a command as ``uid`` (no other group)."""
    return ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups"]
