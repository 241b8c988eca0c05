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
system drops the lock when the process ends, however it ends. The records file a run writes
is locked the same way (:func:`lock_file`), so two runs never write one file at once.

Storage can fail under a run: a full disk, a read-only file, a row damaged on disk. Each
is a :class:`StorageError`, one line naming the file and what to do; every game committed
before it stays. A database that already holds games is checked before it is used
(:meth:`Store.check`: ``PRAGMA quick_check``, then every row read and parsed), so a
damaged row is found before play goes on rather than in the middle of the figures; the
damaged rows can be set aside (:meth:`Store.set_aside`) and their games played again, which
gives the same rows back since a game depends only on the settings and its index.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
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

from ..core import jsonin
from ..core.errors import CapicuaError
from ..i18n import _, ngettext
from .config import ConfigError

SCHEMA_VERSION = "1"
FACT_KEYS = ("winner", "label", "hands", "seats")
DAMAGED_LISTED = 3  # damaged rows named in the message; the count says how many in all

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    idx INTEGER PRIMARY KEY,     -- the game's index in the tournament, from 0
    seed INTEGER NOT NULL,       -- the match seed
    swapped INTEGER NOT NULL,    -- 1: the second game of a deal, teams exchanged
    record TEXT NOT NULL,        -- the capicua-match/1 record, one line of JSON
    facts TEXT NOT NULL,         -- winner, label, hands, decision times (JSON)
    error TEXT,                  -- the player error that ended the game (JSON), or NULL
    sum TEXT                     -- the row's checksum (row_sum), or NULL in older databases
);
"""
#: The meta key saying every row carries its checksum (databases created with the column).
ROW_SUMS = "row_sums"
_DAMAGED = """
CREATE TABLE IF NOT EXISTS damaged (  -- rows set aside by --repair, as they were found
    idx INTEGER, seed, swapped, record, facts, error, problem TEXT NOT NULL
);
"""


class StorageError(CapicuaError):
    """The database or the records file cannot be read or written; the message names the
    file, what happened and what to do."""


def explain(exc: BaseException) -> str:
    """What a storage exception means, in words that say what to do about it."""
    name = getattr(exc, "sqlite_errorname", "")
    errno = getattr(exc, "errno", None)
    if name == "SQLITE_FULL" or errno == 28:  # ENOSPC
        return _("the disk is full; free some space")
    if name.startswith("SQLITE_READONLY") or errno == 30:  # EROFS
        return _("it is read-only; make it writable")
    if errno == 13 or name == "SQLITE_PERM":  # EACCES
        return _("permission denied; make it writable")
    if name.startswith("SQLITE_IOERR") or errno == 5:  # EIO
        return _("the disk reported an input/output error; check the disk")
    if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
        return _("the file is damaged")
    return getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__


class SqliteFile:
    """A SQLite file held open (:attr:`path`, :attr:`con`) whose every failure to read or
    write is a :class:`StorageError` that names the file and what went wrong: the
    tournament's database and the host's store."""

    path: Path
    con: sqlite3.Connection

    def _read(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        try:
            return self.con.execute(sql, args)
        except sqlite3.Error as exc:
            raise StorageError(
                _("{path}: cannot read it ({problem})").format(path=self.path, problem=explain(exc))
            ) from None

    def _write(self, sql: str, args: tuple, what: str) -> None:
        try:
            self.con.execute(sql, args)
        except sqlite3.Error as exc:
            raise StorageError(
                _("{path}: {what} ({problem})").format(
                    path=self.path, what=what, problem=explain(exc)
                )
            ) from None


class Store(SqliteFile):
    """An open tournament database."""

    def __init__(self, path: Path, con: sqlite3.Connection, lock: IO[str] | None = None) -> None:
        self.path = path
        self.con = con
        self._lock = lock
        self.sums = False  # the games table has the checksum column
        self.all_summed = False  # every row carries its checksum (created with the column)

    @classmethod
    def open(cls, path: Path) -> Store:
        """Open (or create) the database at ``path`` for one run; ConfigError if it is
        something else, or if another run has it open.

        The lock is taken on the file ``path`` names in the end (symbolic links followed),
        so two runs reaching one database by different paths still exclude each other."""
        if path.is_dir() or path.name in ("", ".", ".."):
            raise ConfigError(
                _("{path} is a folder; the database is a file, e.g. {example}").format(
                    path=path, example=path / "tournament.sqlite"
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
                # Translators: after the file's name; {who} is "process 1234" or "another
                # process".
                _(
                    "is in use by another capicua run ({who}); let it finish or stop it, then "
                    "--resume, or choose another file with --db"
                ),
            )
            try:
                return cls._open(path, lock)
            except BaseException:
                lock.close()
                raise

    @classmethod
    def _open(cls, path: Path, lock: IO[str]) -> Store:
        create_private(path)  # SQLite gives its -wal and -shm files the same mode
        try:
            con = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise ConfigError(
                _("{path}: cannot open it as a database ({problem})").format(
                    path=path, problem=explain(exc)
                )
            ) from None
        try:
            con.execute("PRAGMA journal_mode=WAL")
            con.execute("PRAGMA synchronous=NORMAL")
            tables = {
                r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if tables and not {"meta", "games"} <= tables:
                raise ConfigError(
                    _("{path} is a database of something else, not a capicua tournament").format(
                        path=path
                    )
                )
            if not tables:
                con.executescript(_SCHEMA)
            store = cls(path, con, lock)
            version = store.meta("schema")
            if version is None:
                store.set_meta("schema", SCHEMA_VERSION)
                store.set_meta(ROW_SUMS, KEYED)
                remember_keyed(path)
            elif version != SCHEMA_VERSION:
                raise ConfigError(
                    _("{path} was written by another version of capicua (schema {version})").format(
                        path=path, version=version
                    )
                )
            store._add_sums_column()
        except sqlite3.DatabaseError as exc:
            con.close()
            raise ConfigError(
                _("{path}: cannot use it as a tournament database ({problem})").format(
                    path=path, problem=explain(exc)
                )
            ) from None
        except BaseException:
            con.close()
            raise
        return store

    def _add_sums_column(self) -> None:
        """Give a database written before rows carried checksums the column for them: its
        new rows carry one, its older rows (no checksum) are checked as they always were.
        A database that cannot be written (read-only) is read as it is."""
        columns = {r[1] for r in self.con.execute("PRAGMA table_info(games)")}
        self.sums = "sum" in columns
        if not self.sums:
            with contextlib.suppress(sqlite3.Error):
                self.con.execute("ALTER TABLE games ADD COLUMN sum TEXT")
                self.sums = True
        kind = self.meta(ROW_SUMS)
        self.all_summed = kind is not None
        # Keyed sums for a database made so, or one this user's key made keyed once (its
        # meta rewritten to say otherwise is not believed).
        self.key = row_key() if kind == KEYED or is_keyed(self.path) else None

    def close(self) -> None:
        self.con.close()
        if self._lock is not None:
            self._lock.close()  # closing the file releases the lock
            self._lock = None

    def meta(self, key: str) -> Any:
        """The stored value of ``key`` (``None`` if absent); StorageError if it is damaged."""
        row = self._read("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            return jsonin.loads(row[0])
        except (ValueError, TypeError):
            if key == "settings":
                message = _(
                    "{db}: its stored {key} is damaged (not JSON); --repair rewrites it from "
                    "this run's settings if every kept match agrees with them"
                )
            else:
                message = _("{db}: its stored {key} is damaged (not JSON)")
            raise StorageError(message.format(db=self.path, key=key)) from None

    def set_meta(self, key: str, value: Any) -> None:
        self._write(
            "INSERT OR REPLACE INTO meta VALUES (?, ?)",
            (key, json.dumps(value, allow_nan=False)),
            _("cannot write its {key}").format(key=key),
        )

    def count(self) -> int:
        return self._read("SELECT count(*) FROM games").fetchone()[0]

    def done(self) -> set[int]:
        """Indices of the games already finished."""
        return {r[0] for r in self._read("SELECT idx FROM games")}

    def add(self, result: dict) -> None:
        """Keep one finished game, with its checksum; committed before this returns
        (autocommit mode)."""
        error = result.get("error")
        row: tuple[Any, ...] = (
            result["index"],
            result["seed"],
            int(result["swapped"]),
            result["record"],
            json.dumps(result["facts"], separators=(",", ":"), allow_nan=False),
            None if error is None else json.dumps(error, allow_nan=False),
        )
        columns = "idx, seed, swapped, record, facts, error"
        if self.sums:
            row, columns = (*row, row_sum(*row, key=self.key)), columns + ", sum"
        marks = ", ".join("?" * len(row))
        self._write(
            f"INSERT OR REPLACE INTO games ({columns}) VALUES ({marks})",
            row,
            _("cannot keep match {number}").format(number=result["index"] + 1),
        )

    def check(self) -> None:
        """Check the whole database before it is used: SQLite's own ``quick_check``, then
        every game's row read and parsed. StorageError saying which rows are damaged and
        what to do (``--repair``); nothing is changed here."""
        try:
            verdict = [r[0] for r in self.con.execute("PRAGMA quick_check")]
        except sqlite3.Error as exc:
            verdict = [explain(exc)]
        if verdict != ["ok"]:
            raise StorageError(
                _(
                    "{path} is damaged (SQLite's check: {verdict}); restore a copy, or save what "
                    "it holds with: sqlite3 {path} .recover | sqlite3 NEW.sqlite"
                ).format(path=self.path, verdict=verdict[0])
            )
        damaged = self.damaged()
        if damaged:
            # The reasons are English: the table 'damaged' keeps them.
            listed = "; ".join(
                _("match {number}: {problem}").format(number=i + 1, problem=why)
                for i, why in damaged[:DAMAGED_LISTED]
            )
            if len(damaged) > DAMAGED_LISTED:
                listed = _("{listed} and {more} more").format(
                    listed=listed, more=len(damaged) - DAMAGED_LISTED
                )
            raise StorageError(
                ngettext(
                    "{path}: {count} damaged row ({listed}); --repair sets them aside (kept in "
                    "its table 'damaged') and plays those matches again",
                    "{path}: {count} damaged rows ({listed}); --repair sets them aside (kept in "
                    "its table 'damaged') and plays those matches again",
                    len(damaged),
                ).format(path=self.path, count=len(damaged), listed=listed)
            )

    def damaged(self) -> list[tuple[int, str]]:
        """``(index, what is wrong)`` of every game row that cannot be used, in order."""
        found = []
        # Bytes, so that text that is not UTF-8 is found here rather than raised while read.
        self.con.text_factory = bytes
        try:
            summed = ", sum" if self.sums else ", NULL"
            rows = self.con.execute(
                f"SELECT idx, seed, swapped, record, facts, error{summed} FROM games ORDER BY idx"
            )
            for idx, seed, swapped, record, facts, error, stored in rows:
                problem = _row_problem(idx, seed, swapped, record, facts, error)
                if problem is None:
                    problem = _sum_problem(
                        (idx, seed, swapped, record, facts, error),
                        stored,
                        self.all_summed,
                        self.key,
                    )
                if problem is not None:
                    found.append((idx, problem))
        except sqlite3.Error as exc:
            raise StorageError(
                _("{path}: cannot read it ({problem})").format(path=self.path, problem=explain(exc))
            ) from None
        finally:
            self.con.text_factory = str
        return found

    def set_aside(self, indices: list[int], why: dict[int, str]) -> None:
        """Move the rows of games ``indices`` into the table ``damaged``, in one transaction."""
        try:
            self.con.executescript(_DAMAGED)
            self.con.execute("BEGIN IMMEDIATE")
            for i in indices:
                self.con.execute(
                    "INSERT INTO damaged (idx, seed, swapped, record, facts, error, problem) "
                    "SELECT idx, seed, swapped, record, facts, error, ? FROM games WHERE idx = ?",
                    (why[i], i),
                )
                self.con.execute("DELETE FROM games WHERE idx = ?", (i,))
            self.con.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.con.in_transaction:
                self.con.execute("ROLLBACK")
            raise StorageError(
                _("{path}: cannot set its damaged rows aside ({problem})").format(
                    path=self.path, problem=explain(exc)
                )
            ) from None

    def rows(self) -> Iterator[tuple[int, int, int, dict]]:
        """``(index, seed, swapped, facts)`` of every game, in order (after :meth:`check`)."""
        for idx, seed, swapped, facts in self._read(
            "SELECT idx, seed, swapped, facts FROM games ORDER BY idx"
        ):
            yield idx, seed, swapped, jsonin.loads(facts)

    def records(self, start: int = 0, stop: int | None = None) -> Iterator[tuple[int, str]]:
        """``(index, record line)`` of the games from ``start`` to before ``stop``, in order."""
        yield from self._read(
            "SELECT idx, record FROM games WHERE idx >= ? AND idx < ? ORDER BY idx",
            (start, 2**63 - 1 if stop is None else stop),
        )

    def facts(self, below: int, start: int = 0) -> Iterator[tuple[int, int, dict, dict | None]]:
        """``(index, seed, facts, error)`` of the finished games with index from ``start`` to
        below ``below``."""
        rows = self._read(
            "SELECT idx, seed, facts, error FROM games WHERE idx >= ? AND idx < ? ORDER BY idx",
            (start, below),
        )
        for idx, seed, facts, error in rows:
            try:
                yield idx, seed, jsonin.loads(facts), None if error is None else jsonin.loads(error)
            except (ValueError, TypeError):
                raise StorageError(
                    _(
                        "{path}: match {number}'s row is damaged; --resume --repair plays it again"
                    ).format(path=self.path, number=idx + 1)
                ) from None


def row_sum(
    idx: Any, seed: Any, swapped: Any, record: Any, facts: Any, error: Any, *, key: bytes | None
) -> str:
    """The checksum a game's row carries: the HMAC-SHA256 of its values, as stored, with
    ``key`` (:func:`row_key`); a database from before keyed sums, their SHA-256."""
    text = json.dumps([idx, seed, swapped, record, facts, error], ensure_ascii=False)
    if key is None:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


#: The meta value of ``row_sums`` for keyed checksums (``sha256``: plain, older databases).
KEYED = "hmac-sha256"
KEY_NAME = "rows.key"
KEYED_NAME = "keyed"


def key_folder() -> Path:
    """Where the key of the result rows is kept: ``secret`` in capicua's data folder
    (``$CAPICUA_DATA_DIR``, ``$XDG_DATA_HOME/capicua``, ``~/.local/share/capicua``), mode
    0700. No sandboxed bot has it in its file system, and a default-mode bot started
    through bubblewrap finds it empty (:mod:`capicua.protocol.sandbox`)."""
    from ..gui.save import data_dir

    return data_dir() / "secret"


def row_key() -> bytes:
    """This user's key for result rows (32 random bytes), made on first use."""
    folder = key_folder()
    path = folder / KEY_NAME
    with contextlib.suppress(OSError):
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    with contextlib.suppress(OSError, ValueError):
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        create_private(path)
        with path.open("r+", encoding="ascii") as f:
            if not f.read().strip():
                f.write(secrets.token_hex(32) + "\n")
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    # No folder to keep a key in: a key of this process only (its rows are found damaged
    # by any later run, which --repair plays again).
    return _PROCESS_KEY


_PROCESS_KEY = secrets.token_bytes(32)


def remember_keyed(path: Path) -> None:
    """Note, beside the key, that the database ``path`` was made with keyed sums."""
    with contextlib.suppress(OSError):
        key_folder().mkdir(mode=0o700, parents=True, exist_ok=True)
        with (key_folder() / KEYED_NAME).open("a", encoding="utf-8") as f:
            f.write(f"{real_path(path)}\n")


def is_keyed(path: Path) -> bool:
    """Whether the database ``path`` was made with keyed sums by this user."""
    try:
        listed = (key_folder() / KEYED_NAME).read_text(encoding="utf-8").splitlines()
    except OSError:
        return False
    return str(real_path(path)) in listed


def _sum_problem(row: tuple, stored: Any, required: bool, key: bytes | None) -> str | None:
    """What is wrong with a row's checksum (its text already checked to be UTF-8), or
    ``None``; a row of a database older than checksums may have none."""
    if stored is None:
        return "its checksum is missing" if required else None
    idx, seed, swapped, record, facts, error = (
        v.decode("utf-8") if isinstance(v, bytes) else v for v in row
    )
    if isinstance(stored, bytes):
        stored = stored.decode("utf-8", "replace")
    if not hmac.compare_digest(
        str(stored).encode(), row_sum(idx, seed, swapped, record, facts, error, key=key).encode()
    ):
        return "its checksum does not match what it holds"
    return None


def _row_problem(
    idx: Any, seed: Any, swapped: Any, record: Any, facts: Any, error: Any
) -> str | None:
    """What is wrong with one raw game row (bytes for text), or ``None``."""
    if not isinstance(idx, int) or idx < 0:
        return f"its index is {idx!r}"
    if not isinstance(seed, int) or not isinstance(swapped, int):
        return "its seed is not a number"
    parsed: dict[str, Any] = {}
    for name, raw in (("record", record), ("facts", facts), ("error", error)):
        if raw is None and name == "error":
            parsed[name] = None
            continue
        if not isinstance(raw, bytes):
            return f"{name} is not text"
        try:
            parsed[name] = jsonin.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            return f"{name} is not UTF-8 text"
        except (ValueError, RecursionError):
            return f"{name} is not JSON"
    rec, fct, err = parsed["record"], parsed["facts"], parsed["error"]
    if not isinstance(rec, dict) or not isinstance(rec.get("format"), str):
        return "record is not a match record"
    if not isinstance(fct, dict):
        return "facts are not an object"
    missing = [k for k in FACT_KEYS if k not in fct]
    if missing:
        return f"facts lack {missing[0]!r}"
    if not isinstance(fct["seats"], dict) or not isinstance(fct["hands"], list):
        return "facts have the wrong shape"
    if err is not None and not (isinstance(err, dict) and "reason" in err):
        return "error has the wrong shape"
    return None


def real_path(path: Path) -> Path:
    """The file ``path`` names in the end: symbolic links followed, ``..`` resolved (the
    file need not exist yet)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of links: the path as given
        return path


def create_private(path: Path) -> None:
    """Create ``path``, empty and readable by its owner only (mode 0600), unless it exists.

    A tournament's files hold its seed and every deal: no other user on the machine (nor a
    bot sandboxed as one) may read them. A file that exists keeps the mode it has; any
    other failure is left to the open that follows, which says what is wrong."""
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def not_a_file(path: Path) -> ConfigError | None:
    """The error for a database path naming something that is not a file (a device such
    as ``/dev/null``, a pipe), or ``None``."""
    if os.path.exists(path) and not os.path.isfile(path):
        return ConfigError(
            _("{path} is not a file (a device or a pipe); a database is a file").format(path=path)
        )
    return None


@contextlib.contextmanager
def leaving_nothing(path: Path) -> Iterator[None]:
    """Open the database ``path`` inside: if that fails, the files it made (the database,
    its journals, its lock) are removed, and only those."""
    made = [
        p
        for p in (
            *(path.with_name(path.name + e) for e in ("", "-wal", "-shm", "-journal")),
            real_path(path).with_name(real_path(path).name + ".lock"),
        )
        if not os.path.lexists(p)
    ]
    try:
        yield
    except BaseException:
        for p in made:
            with contextlib.suppress(OSError):
                os.unlink(p)
        raise


def lock_file(path: Path, busy: str) -> IO[str]:
    """The open lock file of ``path`` (``<path>.lock``), locked for this process; ConfigError
    ``f"{path} {busy}"`` if another process holds it (``{who}`` in ``busy`` names it)."""
    lock_path = path.with_name(path.name + ".lock")
    try:
        create_private(lock_path)
        # Not a with-block: the lock lasts as long as the file stays open.
        f = open(lock_path, "a+", encoding="ascii")  # noqa: SIM115
    except OSError as exc:
        raise ConfigError(
            _("{path}: cannot create its lock file {lock} ({problem})").format(
                path=path, lock=lock_path, problem=explain(exc)
            )
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
        who = _("process {pid}").format(pid=holder) if holder.isdigit() else _("another process")
        raise ConfigError(f"{path} {busy.format(who=who)}") from None
    # Whose lock it is, for the message another run gives (the lock itself is the flock).
    with contextlib.suppress(OSError):  # a full disk: the lock holds, unnamed
        f.seek(0)
        f.truncate()
        f.write(f"{os.getpid()}\n")
        f.flush()
    return f
