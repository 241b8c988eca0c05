"""The tournament database: every finished game, written as it finishes (stdlib sqlite3).

The database is what makes a tournament resumable. It holds the resolved settings the
tournament was started with and one row per finished game (its record line and the facts the
statistics need), each committed on arrival. The journal is WAL with ``synchronous=NORMAL``:
a commit survives the process being killed (it is in the log before the call returns), and
costs no disk flush per game. A resumed run plays only the games that have no row.

One run at a time: :meth:`Store.open` takes an exclusive lock on ``<database>.lock`` for as
long as the store is open, so a second run on the same database (a ``--resume`` typed in
another terminal while the first still plays) is refused with a message instead of playing
the same games again and appending them to the records file a second time. The operating
system drops the lock when the process ends, however it ends.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

# A platform test rather than try/except ImportError, so that mypy (which knows the
# platform) checks each branch against the module that is really there.
if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

from .config import ConfigError

SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    idx INTEGER PRIMARY KEY,     -- the game's index in the tournament, from 0
    seed INTEGER NOT NULL,       -- the match seed
    swapped INTEGER NOT NULL,    -- 1: the second game of a deal, teams exchanged
    record TEXT NOT NULL,        -- the capicua-match/1 record, one line of JSON
    facts TEXT NOT NULL,         -- winner, label, hands, decision times (JSON)
    error TEXT                   -- the player error that ended the game (JSON), or NULL
);
"""


class Store:
    """An open tournament database."""

    def __init__(self, path: Path, con: sqlite3.Connection, lock: IO[str] | None = None) -> None:
        self.path = path
        self.con = con
        self._lock = lock

    @classmethod
    def open(cls, path: Path) -> Store:
        """Open (or create) the database at ``path`` for one run; ConfigError if it is
        something else, or if another run has it open."""
        if not path.parent.is_dir():
            raise ConfigError(f"{path}: the folder {path.parent} does not exist")
        lock = _lock(path)
        try:
            return cls._open(path, lock)
        except BaseException:
            lock.close()
            raise

    @classmethod
    def _open(cls, path: Path, lock: IO[str]) -> Store:
        try:
            con = sqlite3.connect(path, isolation_level=None)
            con.execute("PRAGMA journal_mode=WAL")
            con.execute("PRAGMA synchronous=NORMAL")
            tables = {
                r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if tables and not {"meta", "games"} <= tables:
                con.close()
                raise ConfigError(
                    f"{path} is a database of something else, not a capicua tournament"
                )
            con.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise ConfigError(f"{path}: cannot use it as a tournament database ({exc})") from None
        store = cls(path, con, lock)
        version = store.meta("schema")
        if version is None:
            store.set_meta("schema", SCHEMA_VERSION)
        elif version != SCHEMA_VERSION:
            con.close()
            raise ConfigError(
                f"{path} was written by another version of capicua (schema {version})"
            )
        return store

    def close(self) -> None:
        self.con.close()
        if self._lock is not None:
            self._lock.close()  # closing the file releases the lock
            self._lock = None

    def meta(self, key: str) -> Any:
        row = self.con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def set_meta(self, key: str, value: Any) -> None:
        self.con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value)))

    def count(self) -> int:
        return self.con.execute("SELECT count(*) FROM games").fetchone()[0]

    def done(self) -> set[int]:
        """Indices of the games already finished."""
        return {r[0] for r in self.con.execute("SELECT idx FROM games")}

    def add(self, result: dict) -> None:
        """Keep one finished game; committed before this returns (autocommit mode)."""
        error = result.get("error")
        self.con.execute(
            "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?)",
            (
                result["index"],
                result["seed"],
                int(result["swapped"]),
                result["record"],
                json.dumps(result["facts"], separators=(",", ":")),
                None if error is None else json.dumps(error),
            ),
        )

    def records(self, start: int = 0, stop: int | None = None) -> Iterator[tuple[int, str]]:
        """``(index, record line)`` of the games from ``start`` to before ``stop``, in order."""
        yield from self.con.execute(
            "SELECT idx, record FROM games WHERE idx >= ? AND idx < ? ORDER BY idx",
            (start, 2**63 - 1 if stop is None else stop),
        )

    def facts(self, below: int) -> Iterator[tuple[int, int, dict, dict | None]]:
        """``(index, seed, facts, error)`` of the finished games with index below ``below``."""
        rows = self.con.execute(
            "SELECT idx, seed, facts, error FROM games WHERE idx < ? ORDER BY idx", (below,)
        )
        for idx, seed, facts, error in rows:
            yield idx, seed, json.loads(facts), None if error is None else json.loads(error)


def _lock(path: Path) -> IO[str]:
    """The open lock file of the database at ``path``, locked for this process; ConfigError
    naming the process that holds it if another does."""
    lock_path = path.with_name(path.name + ".lock")
    try:
        # Not a with-block: the lock lasts as long as the file stays open.
        f = open(lock_path, "a+", encoding="ascii")  # noqa: SIM115
    except OSError as exc:
        raise ConfigError(
            f"{path}: cannot create its lock file {lock_path} ({exc.strerror})"
        ) from None
    try:
        if sys.platform == "win32":
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        try:
            f.seek(0)
            holder = f.read().strip()
        except OSError:  # Windows refuses to read a locked range
            holder = ""
        f.close()
        who = f"process {holder}" if holder.isdigit() else "another process"
        raise ConfigError(
            f"{path} is in use by another capicua run ({who}); let it finish or stop it, "
            f"then --resume, or choose another file with --db"
        ) from None
    # Whose lock it is, for the message another run gives (the lock itself is the flock).
    f.seek(0)
    f.truncate()
    f.write(f"{os.getpid()}\n")
    f.flush()
    return f
