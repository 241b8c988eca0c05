"""The quick loop (``pytest -m "not slow"``, docs/CONTRIBUTING.md) still covers the rules,
the players and the command line: a ``slow`` mark on them must be a choice, not a habit."""

from __future__ import annotations

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
