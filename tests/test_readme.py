"""The README's example output is what the command prints: the tournament of its Quick start
is run as written, and its output compared line by line with the README's (and with
docs/tournament.md's copy), but for what depends on the machine: the time, the decision
times and the number of worker processes."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMMAND = "capicua tournament configs/chiva-heuristic-vs-random.toml"
MACHINE = [
    (re.compile(r"\d+ worker process(es)?"), "W worker processes"),
    (re.compile(r"\d+\.\d{3} \(\d+\)"), "MS"),
    (re.compile(r"\btime [\d.]+ s, [\d.]+ matches/s"), "time T"),
    (re.compile(r"under a minute|about \d+ minutes?|about \d+ h \d+ min"), "T"),
]


def shown(doc: Path) -> str:
    text = doc.read_text(encoding="utf-8")
    block = re.search(rf"```console\n\$ {re.escape(COMMAND)}\n(.*?)```", text, re.S)
    assert block, f"{doc.name} shows no output of {COMMAND}"
    return block[1]


def masked(text: str) -> list[str]:
    for pattern, replacement in MACHINE:
        text = pattern.sub(replacement, text)
    # Columns may move with the decision times' width, and a long line wraps where the
    # machine's figures put its words; the words and figures may not change.
    return text.split()


@pytest.mark.slow  # 400 matches in worker processes
def test_the_readmes_tournament_prints_what_the_readme_shows(tmp_path):
    (tmp_path / "configs").mkdir()
    shutil.copy(ROOT / "configs" / "chiva-heuristic-vs-random.toml", tmp_path / "configs")
    done = subprocess.run(
        [sys.executable, "-m", "capicua", *COMMAND.split()[1:]],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        env={"PATH": "/usr/bin:/bin", "CAPICUA_LANG": "en", "COLUMNS": "80"},
    )
    assert done.returncode == 0, done.stderr
    printed = masked(done.stderr + done.stdout)
    assert printed == masked(shown(ROOT / "README.md"))
    assert shown(ROOT / "docs" / "tournament.md") == shown(ROOT / "README.md")
