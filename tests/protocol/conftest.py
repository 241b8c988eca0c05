"""Fixtures for the protocol tests: configs, a marker for the bots started here (``cli``,
``plugins`` and ``testplayers`` are the whole suite's, in tests/conftest.py)."""

from __future__ import annotations

import json
import uuid

import pytest


@pytest.fixture
def mark(monkeypatch):
    """A marker in the environment of every process started from now on."""
    value = f"capicua-test-{uuid.uuid4().hex}"
    monkeypatch.setenv("CAPICUA_TEST_RUN", value)
    return value


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
