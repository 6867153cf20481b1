"""What the store asks of a database: one interface, one recorder per database.

The model is the eventsourcing library's recorders: the `Store` keeps every rule of the
log (the optimistic append, the chain, the import, the snapshot cache) and speaks to a
`Recorder` through named statements; `journal.store.sqlite` answers them with the standard
library's `sqlite3` (no SQLAlchemy on a SQLite file), `journal.store.postgres` with
SQLAlchemy Core and psycopg. A recorder turns a driver's exceptions into `DriverError` (or
`Duplicate` for a unique key a lost race ran into), carrying the driver's own exception
for `engine.problem` to put in the GM's words. That covers its statements and its
connections: opening one (SQLite's pragmas included), and whatever the driver raises
inside a `reading`, `writing` or `migrating` block, its commit and rollback too. What
reaches the database beside a recorder gets the driver's own exceptions: the live
stream's LISTEN connection of `journal serve` on PostgreSQL (psycopg's, caught there).
The pages of `journal serve` also catch SQLAlchemy's `DBAPIError`, as a guard.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from typing import Any

#: a statement's parameters: by name, or one mapping per row of a many-row statement
Params = Mapping[str, Any]


class DriverError(Exception):
    """A failure the database reported; `orig` is the driver's exception."""

    def __init__(self, orig: BaseException, *, operational: bool = False) -> None:
        super().__init__(str(orig))
        self.orig = orig
        #: the database could not do it now (locked, read-only, disk full, server gone),
        #: not a statement it refuses
        self.operational = operational


class Duplicate(DriverError):
    """A unique key or a constraint refused the row (another writer got there first)."""


class Conn(ABC):
    """One connection, inside a transaction the recorder opened."""

    dialect: str

    @abstractmethod
    def rows(self, name: str, params: Params | None = None) -> Iterator[tuple[Any, ...]]:
        """The rows of the named statement, streamed."""

    @abstractmethod
    def first(self, name: str, params: Params | None = None) -> tuple[Any, ...] | None:
        """The first row of the named statement (None: no row)."""

    @abstractmethod
    def run(self, name: str, params: Params | Sequence[Params] | None = None) -> int:
        """Execute a named statement (a sequence of parameters: once per row); the rows
        it changed."""

    @abstractmethod
    def insert_many(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """The import's INSERT of many events, given straight to the driver: (campaign,
        seq, event_id, type, schema, data as JSON text, recorded_at as `instant` gives
        it, game_time, session, prev_hash, hash, writer, salts)."""

    @abstractmethod
    def taken(self, event_ids: Sequence[str]) -> tuple[str, int, str] | None:
        """(campaign, seq, event_id) of an event holding one of these ids, if any."""

    @abstractmethod
    def savepoint(self) -> AbstractContextManager[None]:
        """A nested transaction: what fails inside it is undone alone."""

    @abstractmethod
    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """A statement of this database's own SQL, in its driver's parameter style (the
        health checks: PRAGMA, pg_trigger)."""

    @abstractmethod
    def sql_tables(self) -> list[str]:
        """The names of the database's SQL tables."""

    @abstractmethod
    def columns(self, table: str) -> set[str]:
        """The names of an SQL table's columns (empty: no such SQL table)."""

    @abstractmethod
    def make_snapshots_table(self) -> None:
        """Create the snapshots SQL table as the schema's head has it."""

    @abstractmethod
    def drop_sql_table(self, name: str) -> None:
        """Drop an SQL table (the snapshots cache, when it is not the journal's)."""

    @abstractmethod
    def lock_schema(self) -> None:
        """Serialize schema changes (inside the write transaction): SQLite's BEGIN
        IMMEDIATE already holds the write lock; PostgreSQL takes an advisory lock."""

    @abstractmethod
    def create_schema(self) -> None:
        """Make an empty database's SQL tables at the schema's head (SQLite: `layout`'s
        statements, no Alembic; a server: Alembic's migrations)."""

    @abstractmethod
    def upgrade_schema(self) -> None:
        """Run Alembic's migrations up to the head (imports Alembic)."""


class Recorder(ABC):
    """One database: its connections, transactions and schema."""

    #: "sqlite" or the server's dialect ("postgresql")
    dialect: str
    #: the SQLite file (None: in memory, a URI, or a server)
    path: Path | None = None
    #: opened read-only: the file or its folder cannot be written
    read_only: bool = False

    @abstractmethod
    def reading(self) -> AbstractContextManager[Conn]:
        """A read transaction (a consistent view while it lasts)."""

    @abstractmethod
    def writing(self) -> AbstractContextManager[Conn]:
        """A write transaction, committed when the block ends without an exception. On
        SQLite it takes the write lock at BEGIN (BEGIN IMMEDIATE), waiting for another
        writer's up to the lock timeout; on PostgreSQL `schema_lock` serializes schema
        changes."""

    @abstractmethod
    def migrating(self) -> AbstractContextManager[Conn]:
        """The write transaction Alembic runs in (on SQLite, a SQLAlchemy connection: the
        only command that imports it there)."""

    @abstractmethod
    def describe(self) -> str:
        """The database as the GM knows it: the file, or the URL without its password."""

    @abstractmethod
    def key(self) -> str:
        """The database, told apart from every other (the current-campaign file's key)."""

    @abstractmethod
    def instant(self, moment: datetime) -> Any:
        """A naive UTC datetime as this database's driver takes it."""

    @abstractmethod
    def checkpoint(self) -> None:
        """Fold a SQLite file's write-ahead log into it (before it is copied)."""

    @abstractmethod
    def use_wal(self) -> None:
        """Put a SQLite journal in WAL mode (a no-op elsewhere, and when it is)."""

    @abstractmethod
    def close(self) -> None:
        """Close every connection."""

    @property
    @abstractmethod
    def engine(self) -> Any:
        """A SQLAlchemy engine on the same database (imports SQLAlchemy: for tests and
        tools, never a command's own path on SQLite)."""
