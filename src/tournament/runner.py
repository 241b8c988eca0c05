"""Running a tournament: what is left to play, where the results go, and in what order.

:func:`open_tournament` pairs resolved settings with their database: a new tournament
stores its settings; a database that already holds games is continued only when asked
(``resume``), and only with the same settings. :func:`run` plays the games not yet in the
database on a backend and keeps each one as it arrives: first the database, then the
records file, which is always written in game order (a result that arrives early waits in
the database until the games before it are in), so the file is the same byte for byte
whatever the workers did. On a resumed run the file is rewritten from the database first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from ..core.rng import fresh_seed
from .backends import LocalPool
from .config import ConfigError, Settings
from .play import Job
from .store import Store


def open_tournament(settings: Settings, resume: bool) -> tuple[Settings, Store]:
    """The settings to run (the seed filled in) and the open database.

    Raises ConfigError when the database holds another tournament, or holds this one
    unfinished and ``resume`` was not asked for (nothing finished is ever overwritten). The
    same tournament, already finished, is simply opened again: its results are shown.
    """
    store = Store.open(settings.db)
    try:
        stored = store.meta("settings")
        played = store.count()
        if stored is None and not played:
            if settings.seed is None:
                settings = replace(settings, seed=fresh_seed())
        else:
            finished = (
                stored is not None
                and settings.seed is not None
                and stored.get("identity") == settings.identity()
                and played >= settings.matches
            )
            # Running the same finished tournament again loses nothing: show its results.
            if not resume and not finished:
                raise ConfigError(
                    f"{settings.db} already holds a tournament ({played} games played); "
                    f"add --resume to continue it, or choose another file with --db"
                )
            if settings.seed is None:
                settings = replace(settings, seed=stored["identity"]["seed"])
            _same(settings, stored["identity"])
        store.set_meta(
            "settings",
            {
                "identity": settings.identity(),
                "matches": settings.matches,
                "config": str(settings.config),
            },
        )
    except BaseException:
        store.close()
        raise
    return settings, store


def _same(settings: Settings, old: dict[str, Any]) -> None:
    new = settings.identity()
    for key in new:
        if new[key] != old.get(key):
            raise ConfigError(
                f"cannot resume {settings.db}: it was started with {key} = {_show(old.get(key))}, "
                f"this run has {key} = {_show(new[key])}; resume with the same config and seed, "
                f"or start a new tournament with another --db"
            )


def _show(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


class RecordsFile:
    """The records file, written in game order from the first game on.

    A game is written once every game before it is; until then it waits in the database,
    which already holds it (so a resumed run also finds there the games that had finished
    out of order before the interruption).
    """

    def __init__(self, path: Path | None, store: Store, total: int) -> None:
        self.store = store
        self.total = total
        self.next = 0
        self.file: TextIO | None = None
        if path is None:
            return
        self.done = store.done()
        try:
            self.file = path.open("w", encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot write the records file {path}: {exc.strerror}") from None
        self._write()

    def add(self, index: int) -> None:
        """Game ``index`` is in the database now."""
        if self.file is None:
            return
        self.done.add(index)
        if index == self.next:
            self._write()

    def _write(self) -> None:
        assert self.file is not None
        start = self.next
        while self.next in self.done and self.next < self.total:
            self.next += 1
        if self.next > start:
            for _, line in self.store.records(start, self.next):
                self.file.write(line + "\n")
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def pending(settings: Settings, store: Store) -> list[int]:
    """The games still to play, in order."""
    done = store.done()
    return [i for i in range(settings.matches) if i not in done]


def run(
    settings: Settings,
    store: Store,
    backend: Any = None,
    plugins: Any = None,
    progress: Callable[[dict], None] | None = None,
) -> int:
    """Play what is left of the tournament; returns the number of games played now.

    Each result is in the database before ``progress`` hears of it. An interrupt (Ctrl-C)
    or a backend failure propagates after the records file is closed; what was finished
    stays in the database for ``--resume``.
    """
    if backend is None:
        if plugins is None:
            from ..plugins import default_plugins

            plugins = default_plugins()
        backend = LocalPool(settings.workers, plugins)
    todo = pending(settings, store)
    records = RecordsFile(settings.records, store, settings.matches)
    count = 0

    def deliver(result: dict) -> None:
        nonlocal count
        store.add(result)
        records.add(result["index"])
        count += 1
        if progress is not None:
            progress(result)

    try:
        if todo:
            backend.run(Job.from_settings(settings), todo, deliver)
    finally:
        records.close()
    return count
