"""One database through its recorder, with the journal's words for its failures: the read
and write transactions every part of the store (schema, reads, snapshots, appends) uses."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from journal.errors import StoreError
from journal.store.engine import problem
from journal.store.recorder import Conn, DriverError, Duplicate, Recorder


class Access:
    """A recorder, and what a failure of its database means to the GM."""

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder
        self.dialect = recorder.dialect
        #: a SQLite file opened read-only (it or its folder cannot be written)
        self.read_only = recorder.read_only

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    @property
    def sqlite_path(self) -> Path | None:
        return self.recorder.path

    def describe(self) -> str:
        return self.recorder.describe()

    def url(self) -> Any:
        """A server's SQLAlchemy URL, for what a failure says of its settings (None on
        SQLite: no SQLAlchemy there)."""
        return None if self.is_sqlite else self.recorder.engine.url

    def failure(self, exc: DriverError) -> StoreError:
        """The database's failure, in the GM's words."""
        return StoreError(problem(self.describe(), exc.orig, self.url()))

    def reading(self) -> AbstractContextManager[Conn]:
        return self.recorder.reading()

    @contextmanager
    def writing(self) -> Iterator[Conn]:
        """A write transaction (on SQLite it takes the write lock at BEGIN, waiting for
        another writer's up to the lock timeout); a failure of the database (locked,
        read-only, a full disk) is a StoreError that says so."""
        try:
            with self.recorder.writing() as conn:
                yield conn
        except Duplicate:
            raise
        except DriverError as exc:
            if not exc.operational:
                raise
            raise self.failure(exc) from None
