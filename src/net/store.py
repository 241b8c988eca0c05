"""The host's database: its tables, their codes, and every action as it is taken (SQLite).

What makes a host restartable. A table's row holds what it was configured with (variant,
options, seats, seed) and its seats' codes, so that the invitations given out stay good
after a restart; every action is a row committed before anyone is told of it, so a host
killed at any moment comes back with each match exactly as the clients last saw it (an
action taken but not yet committed was seen by nobody, and is asked for again). Finished
matches keep their ``capicua-match/1`` record.

The journal is WAL with ``synchronous=NORMAL``, as the tournament's store
(:mod:`capicua.tournament.store`): a commit survives the process being killed, without a
disk flush per action. One host per database, by the same lock file. The file holds the
codes, so it is made readable by its owner only.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import IO, Any

from ..i18n import _
from ..tournament.config import ConfigError
from ..tournament.store import (
    SqliteFile,
    StorageError,
    explain,
    leaving_nothing,
    lock_file,
    not_a_file,
    real_path,
)

SCHEMA_VERSION = "1"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    name TEXT PRIMARY KEY,       -- the table's name in the config
    spec TEXT NOT NULL,          -- variant, options, seats, seed, matches (JSON)
    codes TEXT NOT NULL          -- each seat's code and the spectators' (JSON)
);
CREATE TABLE IF NOT EXISTS actions (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, n INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (tbl, match, n)
);
CREATE TABLE IF NOT EXISTS records (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (tbl, match)
);
"""


class HostStore(SqliteFile):
    """An open host database (:meth:`open`); every write is committed when it returns."""

    def __init__(self, path: Path, con: sqlite3.Connection, lock: IO[str]) -> None:
        self.path = path
        self.con = con
        self._lock: IO[str] | None = lock

    @classmethod
    def open(cls, path: Path) -> HostStore:
        """Open (or create) the database at ``path``; ConfigError if it cannot be, or if
        another host has it open."""
        if path.is_dir():
            raise ConfigError(
                _("{path} is a folder; the host's database is a file, e.g. {example}").format(
                    path=path, example=path / "host.sqlite"
                )
            )
        if not path.parent.is_dir():
            raise ConfigError(
                _("{path}: the folder {folder} does not exist").format(
                    path=path, folder=path.parent
                )
            )
        problem = not_a_file(path)
        if problem is not None:
            raise problem
        with leaving_nothing(path):
            lock = lock_file(
                real_path(path),
                # Translators: after the file's name; {who} is "process 1234" or "another process".
                _("is in use by another capicua host ({who}); stop it, or give another --store"),
            )
            try:
                fresh = not path.exists()
                con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
                if fresh:
                    os.chmod(path, 0o600)
                con.execute("PRAGMA journal_mode=WAL")
                con.execute("PRAGMA synchronous=NORMAL")
                names = {
                    r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
                }
                if names and not {"meta", "tables", "actions"} <= names:
                    raise ConfigError(
                        _("{path} is a database of something else, not a capicua host").format(
                            path=path
                        )
                    )
                con.executescript(_SCHEMA)
                row = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                if row is None:
                    con.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
                elif row[0] != SCHEMA_VERSION:
                    raise ConfigError(
                        _(
                            "{path} was written by another version of capicua (schema {version})"
                        ).format(path=path, version=row[0])
                    )
            except sqlite3.Error as exc:
                lock.close()
                raise ConfigError(
                    _("{path}: cannot use it as the host's database ({problem})").format(
                        path=path, problem=explain(exc)
                    )
                ) from None
            except BaseException:
                lock.close()
                raise
        return cls(path, con, lock)

    def close(self) -> None:
        self.con.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    # -- tables -----------------------------------------------------------------------------

    def table(self, name: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The stored spec and codes of table ``name``, ``None`` if it is new."""
        row = self._read("SELECT spec, codes FROM tables WHERE name = ?", (name,)).fetchone()
        if row is None:
            return None
        try:
            return json.loads(row[0]), json.loads(row[1])
        except ValueError:
            raise StorageError(
                _("{path}: table {name}'s row is damaged (not JSON)").format(
                    path=self.path, name=name
                )
            ) from None

    def add_table(self, name: str, spec: dict[str, Any], codes: dict[str, Any]) -> None:
        self._write(
            "INSERT INTO tables VALUES (?, ?, ?)",
            (name, json.dumps(spec), json.dumps(codes)),
            _("cannot store table {name}").format(name=name),
        )

    # -- actions ----------------------------------------------------------------------------

    def actions(self, table: str) -> dict[int, list[tuple[int, str]]]:
        """Every stored action of ``table``, by match, in order: (seat, notation)."""
        out: dict[int, list[tuple[int, str]]] = {}
        rows = self._read(
            "SELECT match, seat, action FROM actions WHERE tbl = ? ORDER BY match, n", (table,)
        )
        for match, seat, action in rows:
            out.setdefault(match, []).append((seat, action))
        return out

    def add_action(self, table: str, match: int, n: int, seat: int, action: str) -> None:
        """Action ``n`` (from 1) of the table's match ``match``, committed on return."""
        self._write(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
            (table, match, n, seat, action),
            _("cannot store an action of table {name}").format(name=table),
        )

    def delete_actions(self, table: str, match: int, kept: int) -> None:
        """Drop the actions of ``match`` after the first ``kept`` (an undo everyone agreed)."""
        self._write(
            "DELETE FROM actions WHERE tbl = ? AND match = ? AND n > ?",
            (table, match, kept),
            _("cannot store an action of table {name}").format(name=table),
        )

    def records(self, table: str) -> dict[int, str]:
        rows = self._read("SELECT match, record FROM records WHERE tbl = ?", (table,))
        return dict(rows.fetchall())

    def add_record(self, table: str, match: int, record: str) -> None:
        self._write(
            "INSERT OR REPLACE INTO records VALUES (?, ?, ?)",
            (table, match, record),
            _("cannot store a record of table {name}").format(name=table),
        )
