"""What the commands that play many games share: ``tournament``, ``match`` and ``league``.

Their common options, the backend they play on, the line that says where games are kept,
the progress bar, and how a run stops: Ctrl-C or ``kill PID`` ends the workers and prints
the command that resumes (exit status 130); a failing backend or database is one line
(exit status 2). Either way every finished game stays in the database.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ..plugins import Plugins
from ..tournament.backends import DaskBackend, LocalPool, RunnerError
from ..tournament.config import ConfigError
from ..tournament.store import StorageError
from .common import err, fail

Workers = Annotated[
    int | None, typer.Option("--workers", "-w", help="Worker processes (0: all cores).")
]
Records = Annotated[
    Path | None, typer.Option("--records", "-o", help="Also write the records here (JSON Lines).")
]
Repair = Annotated[
    bool,
    typer.Option(
        "--repair", help="Set damaged rows of the database aside and play those games again."
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option("--scheduler", help="Run on a dask.distributed cluster (tcp://HOST:PORT)."),
]


def backend(settings: Any, plugins: Plugins) -> DaskBackend | LocalPool:
    """Where the games are played: the cluster the settings name, else local processes."""
    if settings.scheduler:
        return DaskBackend(settings.scheduler)
    return LocalPool(settings.workers, plugins)


def kept_in(settings: Any, resume: bool, already: int) -> str:
    """The end of a run's first line: where its games and records go."""
    return (
        f"games kept in {settings.db}"
        + (f" ({already} already played)" if resume else "")
        + (f", records written to {settings.records}" if settings.records else "")
    )


def matches_kept(store: Any, matches: int) -> Callable[[bool], str]:
    """What the database holds of ``matches`` planned ones, for :func:`stopping_cleanly`:
    "12 of 40 matches are" when interrupted, "12 finished matches are" after a failure."""

    def kept(interrupted: bool) -> str:
        try:
            n: int | str = len([i for i in store.done() if i < matches])
        except StorageError:
            n = "the"
        return f"{n} of {matches} matches are" if interrupted else f"{n} finished matches are"

    return kept


@contextmanager
def stopping_cleanly(store: Any, kept: Callable[[bool], str], resume_with: str) -> Iterator[None]:
    """Run the block so that no way of stopping it loses a game or shows a traceback.

    ``kept(interrupted)`` says what the database holds ("12 of 40 matches are"),
    ``resume_with`` is the command that goes on. ``kill PID`` stops the run as Ctrl-C does.
    """
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    except KeyboardInterrupt:
        what = kept(True)
        store.close()
        err.print(
            f"interrupted: {what} kept in {store.path}; continue with: {resume_with}",
            markup=False,
        )
        raise typer.Exit(130) from None
    except (RunnerError, ConfigError, StorageError) as exc:
        what = kept(False)
        store.close()
        fail(f"{exc}; {what} kept in {store.path}; continue with: {resume_with}")
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


class _Rate(ProgressColumn):
    """Matches per second over the run so far."""

    def render(self, task: Any) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} matches/s" if speed else "", style="progress.data.speed")


class MatchProgress:
    """The progress bar on stderr (off when stderr is not a terminal); yields ``advance``."""

    def __init__(self, done: int, total: int) -> None:
        self.bar = Progress(
            TextColumn("matches"),
            BarColumn(),
            MofNCompleteColumn(),
            _Rate(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=err,
            disable=not err.is_terminal,
        )
        self.task = self.bar.add_task("matches", total=total, completed=done)

    def __enter__(self) -> Callable[[Any], None]:
        self.bar.start()
        return lambda result: self.bar.advance(self.task)

    def __exit__(self, *exc: object) -> None:  # None: an exception goes on, as it should
        self.bar.stop()
