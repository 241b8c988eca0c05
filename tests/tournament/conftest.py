"""Fixtures for the tournament tests: config files and what the commands write.

``cli``, ``plugins`` and ``testplayers`` (``testdist/``, misbehaving players and the
two-seat ``duel`` variant, installed as a real third-party plugin) are the whole suite's,
in tests/conftest.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture
def write_config(tmp_path):
    """``write_config(text)`` -> the path of a config file holding ``text``."""
    count = 0

    def write(text: str, name: str = "") -> Path:
        nonlocal count
        count += 1
        path = tmp_path / (name or f"config{count}.toml")
        path.write_text(text, encoding="utf-8")
        return path

    return write


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def chiva(matches: int = 6, seed: int = 7, seats: dict | None = None, extra: str = "") -> str:
    """A Chiva config with random players unless ``seats`` says otherwise."""
    seats = seats or {}
    lines = ['variant = "chiva"', "[seats]"]
    for s in range(1, 5):
        lines.append(f"{s} = {seats.get(s, json.dumps('random'))}")
    lines += ["[tournament]", f"matches = {matches}", f"seed = {seed}", "workers = 2", extra]
    return "\n".join(lines) + "\n"
