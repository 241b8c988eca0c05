"""Fixtures for the whole suite.

Every test fails if a Tk callback raised during it: Tk itself only prints such an
exception and carries on, so a broken click handler would otherwise pass its test (after
Porcupine's ``fail_test_if_a_tkinter_callback_errors``). The check patches ``tk.Tk``, so it
covers every window a test opens: the ``root`` fixture's, a table's, ``capicua play``'s.

The suite speaks English whatever the machine's locale (the tests compare English text);
the tests of the other languages choose theirs, and every test starts in English again.

The fixtures the command and plugin tests share live here too: ``cli`` runs ``capicua``
in-process; ``install_plugins(folder)`` installs a test plugin distribution for one test,
as a real third party (``testplayers`` is ``tournament/testdist``'s misbehaving players and
two-seat ``duel`` variant).
"""

from __future__ import annotations

import os
import tempfile
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from typer.testing import CliRunner

from capicua import i18n

if TYPE_CHECKING:
    from capicua.plugins import Plugins

# Before anything else imports capicua's commands: workers and child processes inherit it.
os.environ[i18n.ENV] = "en"
i18n.set_language("en")
# capicua's data folder (saves, the key of result rows) is the test run's own.
os.environ.setdefault("CAPICUA_DATA_DIR", tempfile.mkdtemp(prefix="capicua-data-"))

# The commands run in-process print to a wide terminal: they fold their text at the
# terminal's width, and the tests read its words and count an error's lines (one);
# tests/cli/test_width.py runs every command at 80 columns.
from capicua.commands import common  # noqa: E402 - after the language is set, above

common.out.width = common.err.width = 10_000

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


#: A test not marked ``slow`` takes less than this, in seconds (docs/CONTRIBUTING.md).
QUICK = 0.5
_unmarked: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # Setup, call and teardown together: a fixture's cost is the test's too. Under xdist
    # the reports reach the controlling process, which prints the summary.
    if "slow" not in report.keywords:
        _unmarked[report.nodeid] = _unmarked.get(report.nodeid, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """List the tests not marked ``slow`` that took longer than :data:`QUICK`, to be marked
    or made faster. Nothing fails on time: on a loaded machine every test takes longer."""
    over = sorted(((d, n) for n, d in _unmarked.items() if d >= QUICK), reverse=True)
    if not over:
        return
    terminalreporter.section(f"tests not marked slow that took {QUICK} s or more")
    for duration, nodeid in over:
        terminalreporter.write_line(f"{duration:5.2f} s  {nodeid}")
    terminalreporter.write_line(
        "mark them slow or make them faster (docs/CONTRIBUTING.md); a loaded machine "
        "makes every test slower"
    )


#: A third-party distribution of misbehaving test players and the ``duel`` variant.
TESTDIST = Path(__file__).parent / "tournament" / "testdist"


@pytest.fixture
def cli() -> Callable:
    """``cli(*args)`` runs ``capicua`` in-process and returns typer's Result."""
    from capicua.cli import app  # after the language is set, above

    runner = CliRunner()

    def invoke(*args: object):
        return runner.invoke(app, [str(a) for a in args])

    return invoke


@pytest.fixture
def plugins() -> Plugins:
    """The plugins of this process, as the commands load them."""
    from capicua.plugins import default_plugins

    return default_plugins()


@pytest.fixture
def install_plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], Plugins]]:
    """``install_plugins(folder)`` puts a folder holding a distribution (its module and its
    ``.dist-info``) on ``sys.path``, which spawned workers inherit, and on ``PYTHONPATH``
    for processes started otherwise (dask's), and returns the plugins loaded with it. Both
    are undone afterwards, and the plugins loaded with it forgotten, so no other test sees
    them."""
    from capicua.plugins import default_plugins

    def install(folder: Path) -> Plugins:
        monkeypatch.syspath_prepend(str(folder))
        paths = [str(folder), os.environ.get("PYTHONPATH")]
        monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, paths)))
        default_plugins.cache_clear()
        return default_plugins()

    yield install
    default_plugins.cache_clear()


@pytest.fixture
def testplayers(install_plugins: Callable[[Path], Plugins]) -> Plugins:
    """The ``capicua-testplayers`` distribution (``tournament/testdist``), installed."""
    return install_plugins(TESTDIST)
