"""The suite's guard: a test whose Tk callback raises fails, even where Tk only prints."""

from __future__ import annotations

from pathlib import Path

pytest_plugins = ["pytester"]

SUITE_CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"


def test_a_test_whose_tk_callback_raises_fails(pytester, display):
    pytester.makeconftest(SUITE_CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(
        """
        import tkinter as tk

        def test_a_broken_click_handler():
            window = tk.Tk()
            button = tk.Button(window, command=lambda: 1 / 0)
            button.pack()
            window.update()
            button.invoke()  # Tk reports the ZeroDivisionError and carries on
            window.destroy()

        def test_a_quiet_window():
            window = tk.Tk()
            window.update()
            window.destroy()
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    # The guard reports at teardown: the broken test's body passes, then it errors.
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*a Tk callback raised: ZeroDivisionError*"])
