"""Fixtures for the tournament tests: the test plugin distribution, configs, the CLI.

``testplayers`` installs ``testdist/`` (misbehaving players and the two-seat ``duel``
variant) as a real third-party plugin: its folder goes on ``sys.path``, which spawned worker
processes inherit, and on ``PYTHONPATH`` for processes started otherwise (dask's); the
cached plugin manager is dropped so the entry point is found. Both are undone afterwards,
so other tests never see these players.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import capicua.plugins
from capicua.cli import app

TESTDIST = Path(__file__).parent / "testdist"


@pytest.fixture
def testplayers(monkeypatch):
    monkeypatch.syspath_prepend(str(TESTDIST))
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(TESTDIST), os.environ.get("PYTHONPATH")]))
    )
    monkeypatch.setattr(capicua.plugins, "_DEFAULT", None)
    yield capicua.plugins.default_plugins()


@pytest.fixture
def plugins():
    return capicua.plugins.default_plugins()


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


@pytest.fixture
def cli():
    """``cli(*args)`` runs ``capicua`` in-process and returns typer's Result."""
    runner = CliRunner()

    def invoke(*args: object):
        return runner.invoke(app, [str(a) for a in args])

    return invoke


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
