"""Fixtures for the hostile bots: the protocol tests' marker for the bots started here
(``cli`` and ``testplayers`` are the whole suite's, in tests/conftest.py)."""

from __future__ import annotations

from protocol.conftest import mark  # noqa: F401 - a fixture
