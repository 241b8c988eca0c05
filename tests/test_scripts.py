"""The repository's own scripts: scripts/test and .ci/run, run on stand-ins where the real
thing would install packages or a whole virtual environment."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
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


@pytest.mark.slow  # extracts every message of the package
def test_an_i18n_update_on_a_clean_clone_changes_no_file(tmp_path):
    # The catalogs are kept as the update writes them: in the template's order, without
    # obsolete messages, dated as the template. On a clean clone (and after any change
    # merged with its update) it then rewrites nothing, so a diff shows only new messages.
    pybabel = Path(sys.executable).with_name("pybabel")
    if not pybabel.exists():
        pytest.skip("no pybabel beside this Python (the test extra installs babel)")
    for name in ("src", "scripts"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    catalogs = sorted((tmp_path / "src" / "locale").rglob("*.po*"))
    before = {path: path.read_bytes() for path in catalogs}
    done = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "i18n"), "update"],
        env={**os.environ, "PYBABEL": str(pybabel)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    changed = [path.name for path in catalogs if path.read_bytes() != before[path]]
    assert not changed, f"run bash scripts/i18n update and commit: it rewrites {changed}"


def test_the_readme_says_what_the_test_command_installs():
    script = (ROOT / "scripts" / "test").read_text()
    quick_start = (ROOT / "README.md").read_text().split("## Quick start")[1].split("```")[0]
    quick_start = " ".join(quick_start.split())
    extras = re.search(r"-e '\.\[([a-z,]+)\]'", script)
    assert extras
    for extra in extras[1].split(","):
        assert f"`{extra}`" in quick_start, extra
    assert "examples/*/" in script and "example plugins in `examples/`" in quick_start
    for package in re.findall(r"\|\| echo ([a-z0-9-]+)", script):
        assert f"`{package}`" in quick_start, package


def pytest_arguments(tmp_path: Path, *args: str, **env: str) -> list[str]:
    """The arguments scripts/test gives pytest for ``args``, with stand-ins for Python and
    the virtual environment (nothing installed, nothing run)."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True, exist_ok=True)
    said = tmp_path / "said"
    program(venv / "bin", "python", f'[ "$1 $2" = "-m pytest" ] && echo "$@" > {said}; exit 0')
    program(tmp_path, "python3", "exit 0")
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "test"), *args],
        env={**os.environ, "VENV": str(venv), "PYTHON": str(tmp_path / "python3"), "CHECKS": "0"}
        | env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return said.read_text().split()[2:]


def test_the_test_command_runs_the_tests_on_every_core_in_groups(tmp_path):
    assert pytest_arguments(tmp_path, "-m", "not slow") == [
        "-n", "auto", "--dist", "loadgroup", "-m", "not", "slow"
    ]  # fmt: skip


def test_the_test_command_leaves_the_number_of_workers_to_a_given_n(tmp_path):
    assert pytest_arguments(tmp_path, "-n", "0", "tests/core") == ["-n", "0", "tests/core"]
    assert pytest_arguments(tmp_path, "-n3") == ["-n3"]
    assert pytest_arguments(tmp_path, WORKERS="2")[:2] == ["-n", "2"]
