"""Fixtures for the protocol tests: the CLI, configs, a marker for the bots started here."""

from __future__ import annotations

import json
import os
import uuid

import pytest
from typer.testing import CliRunner

import capicua.plugins
from capicua.cli import app
from tournament.conftest import TESTDIST


@pytest.fixture
def cli():
    """``cli(*args)`` runs ``capicua`` in-process and returns typer's Result."""
    runner = CliRunner()

    def invoke(*args: object):
        return runner.invoke(app, [str(a) for a in args])

    return invoke


@pytest.fixture
def mark(monkeypatch):
    """A marker in the environment of every process started from now on."""
    value = f"capicua-test-{uuid.uuid4().hex}"
    monkeypatch.setenv("CAPICUA_TEST_RUN", value)
    return value


@pytest.fixture
def testplayers(monkeypatch):
    """The test plugin distribution (tests/tournament/testdist), installed for this test."""
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
def config(tmp_path):
    """``config(seats, matches=..., extra=...)`` -> a Chiva config file; ``seats`` maps a
    seat to its TOML entry (``random`` elsewhere)."""

    def write(seats: dict, matches: int = 4, seed: int = 7, extra: str = "", variant="chiva"):
        lines = [f"variant = {json.dumps(variant)}", "[seats]"]
        lines += [f"{s} = {seats.get(s, json.dumps('random'))}" for s in range(1, 5)]
        lines += ["[tournament]", f"matches = {matches}", f"seed = {seed}", "workers = 1", extra]
        path = tmp_path / f"config-{uuid.uuid4().hex[:8]}.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    return write
