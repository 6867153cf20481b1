"""The SQLite recorder, on the standard library's `sqlite3`: every command on a SQLite file
runs here, without SQLAlchemy (only `db upgrade`'s Alembic and tests build an engine).

The guarantees are those the SQLAlchemy engine gave: each connection runs with
`synchronous=FULL`, foreign keys on and the lock timeout as its busy timeout; a write takes
the lock at BEGIN (BEGIN IMMEDIATE) instead of failing to upgrade a read lock; a read runs
in a transaction of its own (a consistent view while it lasts); the file is put in WAL mode
only once it is known to be a journal. Connections are pooled as SQLAlchemy's pool did:
one per open transaction (a read still streaming keeps its own), reused after.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from datetime import datetime
from typing import Any

from journal.errors import StoreError
from journal.store.engine import DAMAGED, SQLiteTarget, lock_timeout, problem, sqlite_engine
from journal.store.layout import SNAPSHOTS_TABLE, SQLITE_HEAD
from journal.store.recorder import Conn, DriverError, Duplicate, Params, Recorder
from journal.store.statements import insert_many, statements
from journal.store.statements import taken as taken_sql

#: the store's statements, as `sqlite3` runs them (`journal.store.statements`)
SQL = statements("sqlite")
#: seconds between two tries of a journal-mode change that found another writer's lock
_WAL_RETRY = 0.01
INSERT_MANY = insert_many("sqlite")


class SQLiteRecorder(Recorder):
    dialect = "sqlite"

    def __init__(self, target: SQLiteTarget) -> None:
        self.target = target
        self.path = target.path
        self.read_only = target.read_only
        self._timeout = lock_timeout()
        self._idle: list[sqlite3.Connection] = []
        self._memory = target.database == ":memory:"
        self._only: sqlite3.Connection | None = None
        self._engine: Any = None

    # --- connections ---------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        try:
            raw = sqlite3.connect(
                self.target.database,
                timeout=self._timeout,
                isolation_level=None,  # BEGIN is ours: BEGIN IMMEDIATE for a writer
                check_same_thread=False,  # pooled: one thread at a time uses a connection
                uri=self.target.uri,
            )
        except sqlite3.Error as exc:
            raise self.failure(exc) from None
        try:
            raw.execute("PRAGMA synchronous=FULL")
            raw.execute("PRAGMA foreign_keys=ON")
            raw.execute(f"PRAGMA busy_timeout={int(self._timeout * 1000)}")
        except sqlite3.Error as exc:
            raw.close()
            raise self.failure(exc) from None
        return raw

    def _take(self) -> sqlite3.Connection:
        if self._memory:  # one connection: another would be another database
            if self._only is None:
                self._only = self._connect()
            return self._only
        return self._idle.pop() if self._idle else self._connect()

    def _give(self, raw: sqlite3.Connection) -> None:
        if self._memory:
            return
        if raw.in_transaction:  # a ROLLBACK that failed: never reuse it
            raw.close()
        else:
            self._idle.append(raw)

    def failure(self, exc: sqlite3.Error) -> Exception:
        """A driver's exception as the store's: a damaged page is said in one line wherever
        it surfaces."""
        if DAMAGED in str(exc):
            damaged = StoreError(problem(self.describe(), exc))
            damaged.orig = exc  # type: ignore[attr-defined]  # SQLite's own words
            return damaged
        if isinstance(exc, sqlite3.IntegrityError):
            return Duplicate(exc)
        return DriverError(exc, operational=isinstance(exc, sqlite3.OperationalError))

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Conn]:
        raw = self._take()
        nested = raw.in_transaction  # an in-memory database's only connection, in use
        try:
            if not nested:
                raw.execute(begin)
        except sqlite3.Error as exc:
            self._give(raw)
            raise self.failure(exc) from None
        try:
            yield SQLiteConn(raw, self)
            if not nested:
                raw.execute("ROLLBACK" if begin == "BEGIN" else "COMMIT")
        except sqlite3.Error as exc:
            self._rollback(raw, nested)
            raise self.failure(exc) from None
        except BaseException:
            self._rollback(raw, nested)
            raise
        finally:
            self._give(raw)

    @staticmethod
    def _rollback(raw: sqlite3.Connection, nested: bool) -> None:
        if nested or not raw.in_transaction:
            return
        with suppress(sqlite3.Error):  # then the connection is closed, not reused (`_give`)
            raw.execute("ROLLBACK")

    def reading(self) -> AbstractContextManager[Conn]:
        return self._transaction("BEGIN")

    def writing(self) -> AbstractContextManager[Conn]:
        return self._transaction("BEGIN IMMEDIATE")

    def close(self) -> None:
        for raw in self._idle:
            raw.close()
        self._idle.clear()
        if self._only is not None:
            self._only.close()
            self._only = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None

    # --- what the store asks -------------------------------------------------------------

    def describe(self) -> str:
        return self.target.where

    def key(self) -> str:
        if self.path is not None:
            return str(self.path.expanduser().resolve())
        return f"sqlite:///{self.target.database}"

    def instant(self, moment: datetime) -> Any:
        # as SQLAlchemy's DateTime keeps it on SQLite
        return moment.isoformat(" ", "microseconds")

    def use_wal(self) -> None:
        """Put the file in WAL mode (once: the mode lives in the file).

        The change writes the file's header under a write lock taken after a read lock,
        and SQLite refuses that upgrade at once, without its busy handler (which would
        deadlock), when another connection holds the write lock: another command making
        the same new file WAL, or creating its schema, at the same moment. So a change
        that finds the file locked is tried again, up to the lock timeout, as any writer
        waits for another's lock; most often the other made it WAL meanwhile."""
        raw = self._take()
        deadline = time.monotonic() + self._timeout
        try:
            while True:
                try:
                    if str(raw.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                        raw.execute("PRAGMA journal_mode=WAL")
                    return
                except sqlite3.OperationalError as exc:
                    busy = getattr(exc, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_BUSY
                    if not busy or time.monotonic() >= deadline:
                        raise
                time.sleep(_WAL_RETRY)
        except sqlite3.Error as exc:
            raise self.failure(exc) from None
        finally:
            self._give(raw)

    def checkpoint(self) -> None:
        raw = self._take()
        try:
            raw.execute("PRAGMA wal_checkpoint(FULL)")
        except sqlite3.Error as exc:
            raise self.failure(exc) from None
        finally:
            self._give(raw)

    @property
    def engine(self) -> Any:
        if self._engine is None:
            self._engine = sqlite_engine(self.target.url(), self.describe())
        return self._engine

    @contextmanager
    def migrating(self) -> Iterator[Conn]:
        """Alembic's connection (SQLAlchemy), under the write lock."""
        from sqlalchemy.exc import DBAPIError

        from journal.store.postgres import AlchemyConn

        try:
            with self.engine.connect() as conn:
                conn.execution_options(journal_write=True)
                with conn.begin():
                    yield AlchemyConn(conn)
        except DBAPIError as exc:
            raise DriverError(exc, operational=True) from None


class SQLiteConn(Conn):
    dialect = "sqlite"

    def __init__(self, raw: sqlite3.Connection, recorder: SQLiteRecorder) -> None:
        self._raw = raw
        self._recorder = recorder
        self._savepoints = 0

    def rows(self, name: str, params: Params | None = None) -> Iterator[tuple[Any, ...]]:
        try:
            yield from self._raw.execute(SQL[name], params or {})
        except sqlite3.Error as exc:
            raise self._recorder.failure(exc) from None

    def first(self, name: str, params: Params | None = None) -> tuple[Any, ...] | None:
        try:
            row: tuple[Any, ...] | None = self._raw.execute(SQL[name], params or {}).fetchone()
        except sqlite3.Error as exc:
            raise self._recorder.failure(exc) from None
        return row

    def run(self, name: str, params: Params | Sequence[Params] | None = None) -> int:
        try:
            if isinstance(params, list | tuple):
                return self._raw.executemany(SQL[name], params).rowcount
            return self._raw.execute(SQL[name], params or {}).rowcount
        except sqlite3.Error as exc:
            raise self._recorder.failure(exc) from None

    def insert_many(self, rows: Sequence[tuple[Any, ...]]) -> None:
        try:
            self._raw.executemany(INSERT_MANY, rows)
        except sqlite3.Error as exc:
            raise self._recorder.failure(exc) from None

    def taken(self, event_ids: Sequence[str]) -> tuple[str, int, str] | None:
        ids = {f"id{i}": event_id for i, event_id in enumerate(event_ids)}
        try:
            found = self._raw.execute(taken_sql("sqlite", len(ids)), ids).fetchone()
        except sqlite3.Error as exc:
            raise self._recorder.failure(exc) from None
        return None if found is None else (str(found[0]), int(found[1]), str(found[2]))

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        self._savepoints += 1
        name = f"journal_savepoint_{self._savepoints}"
        self.sql(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            self.sql(f"ROLLBACK TO SAVEPOINT {name}")
            self.sql(f"RELEASE SAVEPOINT {name}")
            raise
        self.sql(f"RELEASE SAVEPOINT {name}")

    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._raw.execute(statement, params).fetchall()
        except sqlite3.Error as exc:
            raise self._recorder.failure(exc) from None

    def sql_tables(self) -> list[str]:
        listed = (
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite~_%' ESCAPE '~' ORDER BY name"
        )
        return [str(name) for (name,) in self.sql(listed)]

    def columns(self, table: str) -> set[str]:
        return {str(row[1]) for row in self.sql(f'PRAGMA table_info("{table}")')}

    def make_snapshots_table(self) -> None:
        self.sql(SNAPSHOTS_TABLE)

    def drop_sql_table(self, name: str) -> None:
        self.sql(f'DROP TABLE "{name}"')

    def lock_schema(self) -> None:
        """BEGIN IMMEDIATE already holds the write lock."""

    def create_schema(self) -> None:
        for statement in SQLITE_HEAD:
            self.sql(statement)

    def upgrade_schema(self) -> None:
        raise AssertionError("Alembic runs on the recorder's `migrating` connection")
