"""A long run says how long it takes once its first matches are in, and shows its progress:
a bar with the time left on a terminal, plain lines anywhere else (no wall time is
asserted: the lines are read for their words)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from capicua.commands import running


def progress(monkeypatch: pytest.MonkeyPatch, terminal: bool) -> io.StringIO:
    """What the progress of a run writes to stderr, on a terminal or not."""
    written = io.StringIO()
    console = Console(file=written, force_terminal=terminal, width=80, color_system=None)
    monkeypatch.setattr(running, "err", console)
    return written


def test_a_run_prints_its_estimate_after_the_first_matches_and_plain_lines(monkeypatch):
    written = progress(monkeypatch, terminal=False)
    with running.MatchProgress(0, 200) as advance:
        for _ in range(running.TIMED - 1):
            advance(None)
        assert written.getvalue() == ""  # nothing is guessed from fewer matches
        for _ in range(200 - running.TIMED + 1):
            advance(None)
    lines = written.getvalue().splitlines()
    assert re.fullmatch(
        r"(under a minute|about \d+ minutes?) more for 196 matches \(the pace of the first 4\)",
        lines[0],
    ), lines
    shown = [line.split(",")[0] for line in lines[1:]]
    assert shown == [f"matches {n} of 200" for n in range(20, 200, 20)]
    assert all(line.endswith(" left") for line in lines[1:])
    assert "\x1b" not in written.getvalue()


def test_a_resumed_run_estimates_what_is_left(monkeypatch):
    written = progress(monkeypatch, terminal=False)
    with running.MatchProgress(150, 200) as advance:
        for _ in range(50):
            advance(None)
    # 50 left: the estimate, and no lines for so short a run.
    assert (
        written.getvalue().splitlines()[0].endswith("more for 46 matches (the pace of the first 4)")
    )
    assert len(written.getvalue().splitlines()) == 1


def test_a_short_run_prints_no_estimate(monkeypatch):
    written = progress(monkeypatch, terminal=False)
    with running.MatchProgress(0, 3) as advance:
        for _ in range(3):
            advance(None)
    assert written.getvalue() == ""


def test_on_a_terminal_the_bar_shows_the_matches_and_the_time_left(monkeypatch):
    written = progress(monkeypatch, terminal=True)
    with running.MatchProgress(0, 200) as advance:
        for _ in range(200):
            advance(None)
    text = written.getvalue()
    assert "more for 196 matches" in text
    assert "200/200" in text and "left" in text
    assert "matches 20 of 200" not in text  # the bar, not the plain lines


@pytest.mark.parametrize(
    "seconds, words",
    [
        (10, "under a minute"),
        (60, "about 1 minute"),
        (600, "about 10 minutes"),
        (3 * 3600 + 5 * 60, "about 3 h 05 min"),
    ],
)
def test_a_duration_is_said_rounded(seconds, words):
    assert running.duration_words(seconds) == words
