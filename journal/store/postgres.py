"""The server recorder, on SQLAlchemy's engine and connections (PostgreSQL through psycopg),
and the SQLAlchemy connection `db upgrade` migrates a SQLite file on. Each runs the store's
statements as the driver takes them (`journal.store.statements`), straight to the driver:
no SQL is built or compiled per call.

One engine per database URL and process: a second store on the same database (the CLI's
`play`, the tests) reuses its pool and the dialect's first-connect queries; closing a
store closes its connections, not the engine. No connection is pinged before use: a
connection older than `RECYCLE` seconds is replaced instead (a server's idle timeout), so
a command pays no extra round trip.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

from journal.store.recorder import Conn, DriverError, Duplicate, Params, Recorder
from journal.store.schema import snapshots
from journal.store.statements import insert_many, statements
from journal.store.statements import taken as taken_sql

#: the statements whose rows are streamed in batches (server-side cursors on PostgreSQL)
STREAMED = {"read": 500, "read_for_fold": 500, "read_for_log": 500, "read_backwards": 50}


def translated(exc: DBAPIError) -> DriverError:
    """SQLAlchemy's exception as the store's: a write the server refuses (a read-only
    server, a role without INSERT) is, like a lost connection, the database's problem."""
    from journal.store.engine import REFUSED_WRITES

    if isinstance(exc, IntegrityError):
        return Duplicate(exc)
    refused = getattr(exc.orig, "sqlstate", None) in REFUSED_WRITES
    return DriverError(exc, operational=refused or isinstance(exc, OperationalError))


class ServerRecorder(Recorder):
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self.dialect = engine.dialect.name
        self._closed = False

    @contextmanager
    def reading(self) -> Iterator[Conn]:
        try:
            with self._engine.connect() as conn:
                yield AlchemyConn(conn)
        except DBAPIError as exc:
            raise translated(exc) from None

    @contextmanager
    def writing(self) -> Iterator[Conn]:
        try:
            with self._engine.connect() as conn, conn.begin():
                yield AlchemyConn(conn)
        except DBAPIError as exc:
            raise translated(exc) from None

    def migrating(self) -> AbstractContextManager[Conn]:
        return self.writing()

    def describe(self) -> str:
        return self._engine.url.render_as_string(hide_password=True)

    def key(self) -> str:
        return self.describe()

    def instant(self, moment: datetime) -> Any:
        return moment

    def use_wal(self) -> None:
        """A server keeps its own log."""

    def checkpoint(self) -> None:
        """A server keeps its own log."""

    def close(self) -> None:
        from journal.store.engine import release

        if not self._closed:
            self._closed = True
            release(self._engine)

    @property
    def engine(self) -> Engine:
        return self._engine


class AlchemyConn(Conn):
    """A SQLAlchemy connection answering the store's named statements."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self.dialect = conn.dialect.name
        self._sql = statements(self.dialect)

    def rows(self, name: str, params: Params | None = None) -> Iterator[tuple[Any, ...]]:
        conn = self._conn
        if name in STREAMED:
            conn = conn.execution_options(yield_per=STREAMED[name])
        try:
            result = conn.exec_driver_sql(self._sql[name], params or {})
            try:
                for row in result:
                    yield tuple(row)
            finally:
                result.close()  # a read left early closes its server-side cursor
        except DBAPIError as exc:
            raise translated(exc) from None

    def first(self, name: str, params: Params | None = None) -> tuple[Any, ...] | None:
        try:
            row = self._conn.exec_driver_sql(self._sql[name], params or {}).first()
        except DBAPIError as exc:
            raise translated(exc) from None
        return None if row is None else tuple(row)

    def run(self, name: str, params: Params | Sequence[Params] | None = None) -> int:
        given: Any = list(params) if isinstance(params, list | tuple) else params or {}
        try:
            return int(self._conn.exec_driver_sql(self._sql[name], given).rowcount)
        except DBAPIError as exc:
            raise translated(exc) from None

    def insert_many(self, rows: Sequence[tuple[Any, ...]]) -> None:
        try:
            self._conn.exec_driver_sql(insert_many(self.dialect), list(rows))
        except DBAPIError as exc:
            raise translated(exc) from None

    def taken(self, event_ids: Sequence[str]) -> tuple[str, int, str] | None:
        ids = {f"id{i}": event_id for i, event_id in enumerate(event_ids)}
        try:
            row = self._conn.exec_driver_sql(taken_sql(self.dialect, len(ids)), ids).first()
        except DBAPIError as exc:
            raise translated(exc) from None
        return None if row is None else (str(row[0]), int(row[1]), str(row[2]))

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        try:
            with self._conn.begin_nested():
                yield
        except DBAPIError as exc:
            raise translated(exc) from None

    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            found = self._conn.exec_driver_sql(statement, tuple(params) if params else None)
            return [tuple(row) for row in found] if found.returns_rows else []
        except DBAPIError as exc:
            raise translated(exc) from None

    def sql_tables(self) -> list[str]:
        try:
            return list(inspect(self._conn).get_table_names())
        except DBAPIError as exc:
            raise translated(exc) from None

    def columns(self, table: str) -> set[str]:
        try:
            found = inspect(self._conn)
            if not found.has_table(table):
                return set()
            return {str(c["name"]) for c in found.get_columns(table)}
        except DBAPIError as exc:
            raise translated(exc) from None

    def make_snapshots_table(self) -> None:
        snapshots.create(self._conn)

    def drop_sql_table(self, name: str) -> None:
        self._conn.execute(text(f'DROP TABLE "{name}"'))

    def lock_schema(self) -> None:
        from journal.store.engine import lock_schema

        lock_schema(self._conn)

    def create_schema(self) -> None:
        self.upgrade_schema()

    def upgrade_schema(self) -> None:
        from journal.store.migrate import upgrade_to_head

        upgrade_to_head(self._conn)
