"""The quick loop (``pytest -m "not slow"``, docs/CONTRIBUTING.md) still covers the rules,
the players and the command line: a ``slow`` mark on them must be a choice, not a habit."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The part of each folder's tests the quick loop keeps, at least.
KEPT = {"variants": 1.0, "core": 0.9, "players": 0.5, "cli": 0.75}


def collected(*marker: str) -> dict[str, int]:
    """Tests per folder that ``pytest --collect-only`` finds, with ``-m`` ``marker``."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
        + (["-m", marker[0]] if marker else [])
        + [f"tests/{folder}" for folder in KEPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    counts = dict.fromkeys(KEPT, 0)
    for line in done.stdout.splitlines():
        path, sep, n = line.rpartition(": ")
        if sep and n.isdigit():
            counts[Path(path).parts[1]] += int(n)
    return counts


@pytest.mark.slow  # collects four folders of tests, twice
def test_the_quick_loop_keeps_the_rules_the_players_and_the_command_line():
    everything, quick = collected(), collected("not slow")
    for folder, share in KEPT.items():
        assert everything[folder] > 0, folder
        assert quick[folder] >= share * everything[folder], (folder, quick, everything)


@pytest.mark.slow  # runs pytest in a process
def test_a_test_not_marked_slow_that_takes_half_a_second_is_named_at_the_end(tmp_path):
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path)
    (tmp_path / "test_waits.py").write_text(
        "import time\n\nimport pytest\n\n\n"
        "def test_waits():\n    time.sleep(0.6)\n\n\n"
        "@pytest.mark.slow\ndef test_waits_marked():\n    time.sleep(0.6)\n\n\n"
        "def test_quick():\n    pass\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    summary = done.stdout.partition("tests not marked slow that took 0.5 s or more")[2]
    assert "test_waits.py::test_waits\n" in summary, done.stdout
    assert "test_waits_marked" not in summary and "test_quick" not in summary, done.stdout
