"""Fixtures for the whole suite.

Every test fails if a Tk callback raised during it: Tk itself only prints such an
exception and carries on, so a broken click handler would otherwise pass its test (after
Porcupine's ``fail_test_if_a_tkinter_callback_errors``). The check patches ``tk.Tk``, so it
covers every window a test opens: the ``root`` fixture's, a table's, ``capicua play``'s.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterator

import pytest

try:
    import tkinter as tk
except ImportError:  # a Python built without Tk: the GUI tests skip themselves
    tk = None  # type: ignore[assignment]


@pytest.fixture(autouse=True)
def fail_test_if_a_tkinter_callback_errors(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if tk is None:
        yield
        return
    errors: list[BaseException] = []

    def record(self: tk.Tk, exc: type[BaseException], value: BaseException, tb) -> None:
        errors.append(value)
        traceback.print_exception(exc, value, tb)  # shown with the failure

    monkeypatch.setattr(tk.Tk, "report_callback_exception", record)
    yield
    if errors:
        pytest.fail(f"a Tk callback raised: {errors[0]!r}", pytrace=False)
