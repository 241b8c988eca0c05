"""Running a tournament: what is left to play, where the results go, and in what order.

:func:`open_tournament` pairs resolved settings with their database: a new tournament
stores its settings; a database that already holds games is checked (every row parsed) and
continued only when asked (``resume``), and only with the same settings. :func:`run` plays
the games not yet in the database on a backend and keeps each one as it arrives: first the
database, then the records file, which is always written in game order (a result that
arrives early waits in the database until the games before it are in), so the file is the
same byte for byte whatever the workers did. On a resumed run the file is rewritten from the
database first.

The same machinery runs ``capicua match`` and ``capicua league`` (:func:`play`): their
settings objects have the same few attributes (``db``, ``seed``, ``matches``, ``records``,
``identity()``, ``job()``), and a match's sequential test watches the games in order
(:class:`InOrder`'s ``watch``) and ends the run as soon as it decides.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from ..core.rng import fresh_seed
from ..i18n import _, ngettext
from .backends import LocalPool
from .config import ConfigError
from .play import Job, plan
from .store import StorageError, Store, create_private, explain, lock_file, real_path

#: ``watch(start, stop)`` hears that games ``start`` to before ``stop`` are in the database,
#: in order; it returns the index where the run ends (``<= stop``), or ``None`` to go on.
Watch = Callable[[int, int], int | None]


class Stop(Exception):
    """Raised from ``deliver`` to end a run early (a sequential test decided)."""


def open_tournament(
    settings: Any,
    resume: bool,
    *,
    repair: bool = False,
    plugins: Any = None,
    finished: Callable[[Any, Store], bool] | None = None,
) -> tuple[Any, Store]:
    """The settings to run (the seed filled in) and the open, checked database.

    Raises ConfigError when the database holds another tournament, or holds this one
    unfinished and ``resume`` was not asked for (nothing finished is ever overwritten); a
    StorageError when it is damaged (``repair`` sets damaged rows aside and rewrites damaged
    settings when every kept game agrees with this run's). The same tournament, already
    finished (``finished(settings, store)``, by default every planned game played), is simply
    opened again: its results are shown.
    """
    store = Store.open(settings.db)
    try:
        played = store.count()
        if played:
            _check_rows(store, repair)
            played = store.count()
        stored = _stored_settings(store, settings, repair, plugins)
        if not played:
            # Nothing finished to keep: a start that failed before its first game (a bad
            # flag, a bot that would not start) leaves nothing that binds the next run.
            if settings.seed is None:
                seed = stored["identity"].get("seed") if stored is not None else None
                settings = replace(settings, seed=seed if isinstance(seed, int) else fresh_seed())
        else:
            if settings.seed is None and stored is not None:
                settings = replace(settings, seed=stored["identity"]["seed"])
            if (
                getattr(settings, "time_limit_defaulted", False)
                and stored is not None
                and stored["identity"].get("time_limit", 0) is None
            ):
                settings = replace(settings, time_limit=None)  # as it was played
            done = finished or (lambda s, st: st.count() >= s.matches)
            same = stored is not None and stored["identity"] == settings.identity()
            # Running the same finished tournament again loses nothing: show its results.
            if not resume and not (same and done(settings, store)):
                raise ConfigError(
                    # Translators: English says "games" for 1 too.
                    ngettext(
                        "{db} already holds a tournament ({played} games played); add --resume "
                        "to continue it, or choose another file with --db",
                        "{db} already holds a tournament ({played} games played); add --resume "
                        "to continue it, or choose another file with --db",
                        played,
                    ).format(db=settings.db, played=played)
                )
            if stored is not None:
                _same(settings, stored["identity"])
        kept = {
            "identity": settings.identity(),
            "matches": settings.matches,
            "config": str(getattr(settings, "config", None)),
            "records": stored.get("records", []) if stored else [],
        }
        if kept != stored:  # unchanged: nothing to write (a read-only file still shows)
            store.set_meta("settings", kept)
    except BaseException:
        store.close()
        raise
    return settings, store


def _check_rows(store: Store, repair: bool) -> None:
    if not repair:
        store.check()
        return
    damaged = store.damaged()
    if damaged:
        store.set_aside([i for i, _ in damaged], dict(damaged))
    store.check()  # what is left must now be sound (quick_check too)


def _stored_settings(store: Store, settings: Any, repair: bool, plugins: Any) -> dict | None:
    """The stored settings, checked; with ``repair``, damaged ones are replaced by this
    run's when every kept game is the game these settings play at its index."""
    try:
        stored = store.meta("settings")
        if stored is None:
            problem = _("missing") if store.count() else None
        else:
            problem = _settings_problem(stored)
    except StorageError:
        if not repair:
            raise
        stored, problem = {}, _("not JSON")
    if problem is None:
        return stored
    if not repair:
        raise StorageError(
            _(
                "{db}: its stored settings are damaged ({problem}); --repair rewrites them "
                "from this run's settings if every kept match agrees with them"
            ).format(db=store.path, problem=problem)
        )
    if settings.seed is None:
        raise ConfigError(
            _(
                "{db}: its stored settings are damaged; give the tournament's --seed with "
                "--repair so the kept matches can be checked against it"
            ).format(db=store.path)
        )
    disagree = _disagreement(settings, store, plugins)
    if disagree is not None:
        raise StorageError(
            _(
                "{db}: its stored settings are damaged and the kept matches are not this "
                "run's ({problem}); start again with another --db"
            ).format(db=store.path, problem=disagree)
        )
    return None


def _settings_problem(stored: Any) -> str | None:
    if not isinstance(stored, dict):
        return _("not an object")
    identity = stored.get("identity")
    if not isinstance(identity, dict):
        return _("no {key!r}").format(key="identity")
    if not isinstance(identity.get("seed"), int):
        return _("no seed")
    if not isinstance(stored.get("records", []), list):
        return _("{key!r} is not a list").format(key="records")
    return None


def _disagreement(settings: Any, store: Store, plugins: Any) -> str | None:
    """Why the kept games are not those ``settings`` play, or ``None`` if they all are."""
    if plugins is None:
        from ..plugins import default_plugins

        plugins = default_plugins()
    job = settings.job()
    teams = plugins.variants.get(job.variant).teams
    for idx, seed, swapped, facts in store.rows():
        want_seed, seats, want_swapped = plan(job, idx, teams)
        if idx >= settings.matches:
            return _("match {number} is beyond the {planned} planned").format(
                number=idx + 1, planned=settings.matches
            )
        if seed != want_seed or bool(swapped) != want_swapped:
            return _("match {number} has another seed").format(number=idx + 1)
        if facts.get("seats") != {str(s): spec for s, spec in seats.items()}:
            return _("match {number} has other players").format(number=idx + 1)
    return None


def _same(settings: Any, old: dict[str, Any]) -> None:
    new = settings.identity()
    for key in sorted(set(new) | set(old), key=lambda k: (k not in new, k)):
        if new.get(key) != old.get(key):
            raise ConfigError(
                _(
                    "cannot resume {db}: it was started with {key} = {old}, this run has "
                    "{key} = {new}; resume with the same settings, or start anew with another --db"
                ).format(db=settings.db, key=key, old=_show(old.get(key)), new=_show(new.get(key)))
            )


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


class InOrder:
    """Follows the games in index order as they reach the database, and writes the records
    file in that order from the first game on.

    A game is written once every game before it is; until then it waits in the database,
    which already holds it (so a resumed run also finds there the games that had finished
    out of order before the interruption). ``watch`` hears of each new stretch of games in
    order before it is written, and may end the run there.
    """

    def __init__(
        self, path: Path | None, store: Store, total: int, watch: Watch | None = None
    ) -> None:
        self.store = store
        self.total = total
        self.watch = watch
        self.ended = False  # ``watch`` ended the run
        self.next = 0
        self.path = path
        self.file: TextIO | None = None
        self._lock: Any = None
        self.done = store.done()
        if path is not None:
            self.file = self._open(path)
        self._advance()

    def _open(self, path: Path) -> TextIO:
        # Locked before it is emptied: a second run writing the same file is refused.
        self._lock = lock_file(
            real_path(path),
            # Translators: after the file's name; {who} is "process 1234" or "another process".
            _(
                "is being written by another capicua run ({who}); let it finish or stop it, or "
                "choose another file with --records"
            ),
        )
        try:
            claimed = self._claim(path)
            create_private(path)
            file = path.open("r+" if claimed else "w", encoding="utf-8")
            file.truncate(0)
        except OSError as exc:
            self._lock.close()
            raise StorageError(
                _(
                    "cannot write the records file {path} ({problem}); every finished match is "
                    "kept in {db}"
                ).format(path=path, problem=explain(exc), db=self.store.path)
            ) from None
        except BaseException:
            self._lock.close()
            raise
        return file

    def _claim(self, path: Path) -> bool:
        """Note ``path`` as this database's records file; refuse a file that holds anything
        this database did not write (emptying it would lose what it holds)."""
        key = str(path.resolve())
        settings = self.store.meta("settings") or {}
        mine = settings.get("records", [])
        exists = path.exists()
        if exists and key not in mine and not self._only_ours(path):
            raise ConfigError(
                _(
                    "{path} already exists and was not written by {db}: it would be "
                    "overwritten; choose another --records file, or move that one away"
                ).format(path=path, db=self.store.path)
            )
        if key not in mine:
            settings["records"] = [*mine, key]
            self.store.set_meta("settings", settings)
        return exists

    def _only_ours(self, path: Path) -> bool:
        """Whether the file at ``path`` holds nothing but this database's records, in order
        from the first (so rewriting it loses nothing): an empty file, or one whose database
        lost the note of it."""
        if not path.is_file():
            return False
        kept = self.store.records()
        with path.open(encoding="utf-8", errors="replace") as file:
            for line in file:
                row = next(kept, None)
                if row is None or line.rstrip("\n") != row[1]:
                    return False
        return True

    def add(self, index: int) -> None:
        """Game ``index`` is in the database now."""
        self.done.add(index)
        if index == self.next:
            self._advance()

    def _advance(self) -> None:
        start = self.next
        # Only the games in after a gap are remembered: those before ``next`` are written.
        while self.next in self.done and self.next < self.total:
            self.done.discard(self.next)
            self.next += 1
        if self.next == start:
            return
        if self.watch is not None:
            end = self.watch(start, self.next)
            if end is not None:
                self.total = min(self.total, end)
                self.next = min(self.next, self.total)
                self.ended = True
        if self.file is None or self.next <= start:
            return
        try:
            for _index, line in self.store.records(start, self.next):
                self.file.write(line + "\n")
            self.file.flush()
        except OSError as exc:
            raise StorageError(
                _(
                    "cannot write the records file {path} ({problem}); every finished match is "
                    "kept in {db}, --resume rewrites the records"
                ).format(path=self.path, problem=explain(exc), db=self.store.path)
            ) from None

    def close(self) -> None:
        if self.file is not None:
            with contextlib.suppress(OSError):  # a full disk was already reported
                self.file.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None


#: The records file, as the tournament runner has always called it.
RecordsFile = InOrder


def pending(settings: Any, store: Store) -> Iterator[int]:
    """The games still to play, in order, drawn as they are needed (any count, no list)."""
    done = store.done()
    return (i for i in range(settings.matches) if i not in done)


def run(
    settings: Any,
    store: Store,
    backend: Any = None,
    plugins: Any = None,
    progress: Callable[[dict], None] | None = None,
) -> int:
    """Play what is left of the tournament; returns the number of games played now.

    Each result is in the database before ``progress`` hears of it. An interrupt (Ctrl-C),
    a backend failure or a storage fault propagates after the records file is closed; what
    was finished stays in the database for ``--resume``.
    """
    job = settings.job() if hasattr(settings, "job") else Job.from_settings(settings)
    return play(job, settings, store, backend, plugins, progress)


def play(
    job: Job,
    settings: Any,
    store: Store,
    backend: Any = None,
    plugins: Any = None,
    progress: Callable[[dict], None] | None = None,
    watch: Watch | None = None,
) -> int:
    """Play ``job``'s games that ``store`` lacks, up to ``settings.matches`` or until
    ``watch`` ends the run; returns the number of games played now."""
    if backend is None:
        if plugins is None:
            from ..plugins import default_plugins

            plugins = default_plugins()
        backend = LocalPool(settings.workers, plugins)
    order = InOrder(settings.records, store, settings.matches, watch)
    count = 0

    def deliver(result: dict) -> None:
        nonlocal count
        store.add(result)
        order.add(result["index"])
        count += 1
        if progress is not None:
            progress(result)
        if order.ended:
            raise Stop

    def todo() -> Iterator[int]:
        for index in pending(settings, store):
            if order.ended or index >= order.total:
                return
            yield index

    try:
        if not order.ended:
            backend.run(job, todo(), deliver)
    except Stop:
        pass
    finally:
        order.close()
    return count
