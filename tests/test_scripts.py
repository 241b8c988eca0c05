"""The repository's own scripts: scripts/test and .ci/run, run on stand-ins where the real
thing would install packages or a whole virtual environment."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def program(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def needs(tmp_path: Path, fc_list: str) -> list[str]:
    """What ``scripts/test --needs`` says is missing, with Xvfb and xwd present and
    ``fc_list`` as the body of fc-list."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    program(bin_, "Xvfb", "exit 0")
    program(bin_, "xwd", "exit 0")
    program(bin_, "fc-list", fc_list)
    env = {**os.environ, "PATH": f"{bin_}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "test"), "--needs"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_long_list_of_typefaces_is_found_whole(tmp_path):
    # Far more than a pipe holds: a reader that stops at the first line kills the writer
    # with SIGPIPE, which pipefail would count as no typeface.
    assert needs(tmp_path, "seq 1 200000") == []


def test_no_typeface_with_cyrillic_asks_for_one(tmp_path):
    assert needs(tmp_path, "exit 0") == ["fonts-dejavu-core"]


def test_ci_removes_its_virtual_environment(tmp_path):
    # .ci/run as it is, beside a scripts/test that only makes the environment it is given.
    (tmp_path / ".ci").mkdir()
    shutil.copy(ROOT / ".ci" / "run", tmp_path / ".ci" / "run")
    (tmp_path / "scripts").mkdir()
    made = tmp_path / "made"
    (tmp_path / "scripts" / "test").write_text(f'mkdir -p "$VENV"\necho "$VENV" > {made}\n')
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch)}
    done = subprocess.run(
        ["bash", str(tmp_path / ".ci" / "run")], env=env, capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    venv = Path(made.read_text().strip())
    assert venv.is_relative_to(scratch)
    assert not venv.exists()
    assert list(scratch.iterdir()) == []
