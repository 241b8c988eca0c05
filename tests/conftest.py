"""Fixtures for the whole suite.

Every test fails if a Tk callback raised during it: Tk itself only prints such an
exception and carries on, so a broken click handler would otherwise pass its test (after
Porcupine's ``fail_test_if_a_tkinter_callback_errors``). The check patches ``tk.Tk``, so it
covers every window a test opens: the ``root`` fixture's, a table's, ``capicua play``'s.

The suite speaks English whatever the machine's locale (the tests compare English text);
the tests of the other languages choose theirs, and every test starts in English again.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Iterator

import pytest

from capicua import i18n

# Before anything else imports capicua's commands: workers and child processes inherit it.
os.environ[i18n.ENV] = "en"
i18n.set_language("en")

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


@pytest.fixture(autouse=True)
def speak_english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts in English, and a test that changes the language changes it back."""
    monkeypatch.setenv(i18n.ENV, "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")
