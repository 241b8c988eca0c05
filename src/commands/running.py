"""What the commands that play many games share: ``tournament``, ``match`` and ``league``.

Their common options; a bad config or database as one line (:func:`bad_input_fails`); the
backend they play on, the line that says where games are kept, the progress bar; how a run
stops: Ctrl-C or ``kill PID`` ends the workers and prints the command that resumes
(:func:`resume_command`, exit status 130); a failing backend or database is one line (exit
status 2). Either way every finished game stays in the database. At the end, the figures
as text or JSON (:func:`report`).
"""

from __future__ import annotations

import shlex
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ..i18n import N_, _, ngettext, pgettext
from ..players.command import isolated
from ..plugins import Plugins
from ..protocol.confine import uncontained
from ..tournament.backends import DaskBackend, LocalPool, RunnerError
from ..tournament.config import ConfigError
from ..tournament.runner import run
from ..tournament.store import StorageError
from .common import duration_words, err, fail, print_json

Workers = Annotated[
    int | None, typer.Option("--workers", "-w", help=N_("Worker processes (0: all cores)."))
]
Records = Annotated[
    Path | None,
    typer.Option("--records", help=N_("Also write the records here (JSON Lines).")),
]
Repair = Annotated[
    bool,
    typer.Option(
        "--repair",
        help=N_("Set damaged rows of the database aside and play those games again."),
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option("--scheduler", help=N_("Run on a dask.distributed cluster (tcp://HOST:PORT).")),
]


@contextmanager
def bad_input_fails() -> Iterator[None]:
    """A config that is wrong or a database that cannot be used, raised in the block, is
    one line and exit status 2."""
    try:
        yield
    except (ConfigError, StorageError) as exc:
        fail(str(exc))


def resume_command(words: list[str], flags: Iterable[tuple[str, object]]) -> str:
    """The command line that continues a run: ``words`` and each flag given a value."""
    for flag, value in flags:
        if value is not None:
            words = [*words, flag, str(value)]
    return shlex.join(words)


def games_done(store: Any, games: int) -> int:
    """How many of the run's first ``games`` games the database holds."""
    return len([i for i in store.done() if i < games])


def play_all(
    settings: Any, store: Any, pool: Any, plugins: Plugins, done: int
) -> tuple[int, float]:
    """Play the games of ``settings`` the database lacks, with the progress bar; the games
    played now and the seconds they took."""
    start = time.perf_counter()
    with MatchProgress(done, settings.matches) as advance:
        played_now = run(settings, store, pool, plugins, advance)
    return played_now, time.perf_counter() - start


def report(summary: dict, as_json: bool, show: Callable[[], None], errors_fail: bool) -> None:
    """The run's figures: ``summary`` as JSON, or ``show()`` as text. With ``errors_fail``
    the exit status is 1 when games ended in an error: the figures leave them out, and
    scripts are told too."""
    if as_json:
        print_json(summary)
    else:
        show()
    if errors_fail and summary["errors"]:
        raise typer.Exit(1)


def backend(settings: Any, plugins: Plugins) -> DaskBackend | LocalPool:
    """Where the games are played: the cluster the settings name, else local processes."""
    if settings.scheduler:
        return DaskBackend(settings.scheduler)
    return LocalPool(settings.workers, plugins)


def where_played(pool: DaskBackend | LocalPool, left: bool) -> str:
    """Where the games of a run are played ("2 worker processes"), or that none is left."""
    return pool.describe() if left else _("nothing left to play")


def kept_in(settings: Any, resume: bool, already: int) -> str:
    """The end of a run's first line: where its games and records go."""
    db, records = settings.db, settings.records
    if resume and records:
        return _(
            "games kept in {db} ({played} already played), records written to {records}"
        ).format(db=db, played=already, records=records)
    if resume:
        return _("games kept in {db} ({played} already played)").format(db=db, played=already)
    if records:
        return _("games kept in {db}, records written to {records}").format(db=db, records=records)
    return _("games kept in {db}").format(db=db)


def warn_uncontained(seats: Any, loaded: Plugins) -> None:
    """One warning line when a player will run in a process of its own and this system
    cannot end everything such a process starts (no bubblewrap)."""
    if not any(isolated(loaded.players, spec) for spec in seats.values()):
        return
    line = uncontained()
    if line is not None:
        err.print(f"[yellow]{escape(_('warning:'))}[/] {escape(line)}", markup=True)


def matches_kept(store: Any, matches: int) -> Callable[[bool], str]:
    """What the database holds of ``matches`` planned ones, for :func:`stopping_cleanly`:
    "12 of 40 matches are kept in FILE" when interrupted, "12 finished matches are kept in
    FILE" after a failure."""

    def kept(interrupted: bool) -> str:
        try:
            n = games_done(store, matches)
        except StorageError:
            return _("the finished matches are kept in {db}").format(db=store.path)
        if interrupted:
            # Translators: English says "matches" for 1 too.
            return ngettext(
                "{done} of {matches} matches are kept in {db}",
                "{done} of {matches} matches are kept in {db}",
                matches,
            ).format(done=n, matches=matches, db=store.path)
        # Translators: English says "matches" for 1 too.
        return ngettext(
            "{done} finished matches are kept in {db}",
            "{done} finished matches are kept in {db}",
            n,
        ).format(done=n, db=store.path)

    return kept


def time_line(took: float, played_now: int, s: dict) -> str:
    """The last line of a run: its time, its rate when games were played, its files; no
    time when the run played no game (its figures are those of an earlier run)."""
    fields = {"seconds": took, "db": s["db"], "records": s["records"]}
    if not played_now:
        if s["records"]:
            line = _("nothing played in this run; database {db}; records {records}")
        else:
            line = _("nothing played in this run; database {db}")
    elif took > 0:
        fields["rate"] = played_now / took
        if s["records"]:
            line = _(
                "time {seconds:.1f} s, {rate:,.1f} matches/s; database {db}; records {records}"
            )
        else:
            line = _("time {seconds:.1f} s, {rate:,.1f} matches/s; database {db}")
    elif s["records"]:
        line = _("time {seconds:.1f} s; database {db}; records {records}")
    else:
        line = _("time {seconds:.1f} s; database {db}")
    return line.format(**fields)


@contextmanager
def stopping_cleanly(store: Any, kept: Callable[[bool], str], resume_with: str) -> Iterator[None]:
    """Run the block so that no way of stopping it loses a game or shows a traceback.

    ``kept(interrupted)`` says what the database holds and where ("12 of 40 matches are
    kept in FILE"), ``resume_with`` is the command that goes on. ``kill PID`` stops the run
    as Ctrl-C does.
    """
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    except KeyboardInterrupt:
        what = kept(True)
        store.close()
        # Whole, never folded: it ends in the command to copy.
        err.print(
            _("interrupted: {kept}; continue with: {command}").format(
                kept=what, command=resume_with
            ),
            markup=False,
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    except (RunnerError, ConfigError, StorageError) as exc:
        what = kept(False)
        played = _played(store)
        store.close()
        if played == 0:  # nothing to resume: the same command, once fixed, starts afresh
            fail(
                _(
                    "{problem}; no match was played yet, so there is nothing to resume: fix "
                    "that and run the command again"
                ).format(problem=exc)
            )
        fail(
            _("{problem}; {kept}; continue with: {command}").format(
                problem=exc, kept=what, command=resume_with
            ),
            whole=True,
        )
    finally:
        signal.signal(signal.SIGTERM, previous)


def _played(store: Any) -> int | None:
    """How many games the store holds; ``None`` when it cannot say."""
    try:
        return int(store.count())
    except Exception:  # noqa: BLE001 - a store that failed: say what it kept as before
        return None


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


class _Rate(ProgressColumn):
    """Matches per second over the run so far."""

    def render(self, task: Any) -> Text:
        speed = task.finished_speed or task.speed
        rate = _("{rate:,.1f} matches/s").format(rate=speed) if speed else ""
        return Text(rate, style="progress.data.speed")


#: Matches timed before the estimate of the whole run is printed (fewer in a short run).
TIMED = 4


#: Runs shorter than this (in matches) print no progress lines where no bar is drawn.
LINED = 100


class MatchProgress:
    """The run's progress on stderr; yields ``advance``, called once a match.

    Once the first few matches are in (:data:`TIMED`), one line says about how long the
    rest of the run takes, from their pace. On a terminal a bar shows the time left; on
    anything else (a log file, a pipe) a plain line at each tenth of a run of
    :data:`LINED` matches or more, where a bar's terminal codes would garble the text."""

    def __init__(self, done: int, total: int) -> None:
        self.total, self.done = total, done
        self.left = total - done
        self.timed = min(TIMED, self.left)
        self.played = 0
        self.start = 0.0
        self.bar = Progress(
            TextColumn(_("matches")),
            BarColumn(),
            MofNCompleteColumn(),
            _Rate(),
            # Translators: before the time the run still needs ("left 0:01:20").
            TextColumn(pgettext("time", "left")),
            TimeRemainingColumn(),
            console=err,
            disable=not err.is_terminal,
        )
        self.task = self.bar.add_task("matches", total=total, completed=done)

    def __enter__(self) -> Callable[[Any], None]:
        self.start = time.perf_counter()
        self.bar.start()
        return self.advance

    def advance(self, result: Any = None) -> None:
        self.bar.advance(self.task)
        self.played += 1
        took = time.perf_counter() - self.start
        if self.played == self.timed and self.left > self.timed:
            rest = took / self.played * (self.left - self.played)
            # Translators: printed once, after the first matches of a run, e.g.
            # "about 12 minutes more for 396 matches (the pace of the first 4)".
            line = ngettext(
                "{time} more for {matches:,} matches (the pace of the first {first})",
                "{time} more for {matches:,} matches (the pace of the first {first})",
                self.left - self.played,
            )
            self.say(
                line.format(
                    time=duration_words(rest), matches=self.left - self.played, first=self.timed
                )
            )
        if not self.bar.disable or self.left < LINED:
            return
        step = self.left // 10
        if self.played % step == 0 and self.played < self.left:
            rest = took / self.played * (self.left - self.played)
            # Translators: the progress line where no bar can be drawn (not a terminal).
            line = _("matches {done:,} of {total:,}, {time} left")
            self.say(
                line.format(
                    done=self.done + self.played, total=self.total, time=duration_words(rest)
                )
            )

    def say(self, line: str) -> None:
        # Through the bar's console: on a terminal the line goes above the bar.
        self.bar.console.print(line, markup=False)

    def __exit__(self, *exc: object) -> None:  # None: an exception goes on, as it should
        self.bar.stop()
