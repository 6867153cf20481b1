"""The schema a database is at (its Alembic revision), refusing one that is not a
journal's, and bringing it to the code's (`journal db upgrade`)."""

from __future__ import annotations

from pathlib import Path

from journal.errors import StoreError
from journal.files import copy_file, disk_problem
from journal.store.access import Access
from journal.store.layout import SCHEMA_HEAD, SCHEMA_HISTORY
from journal.store.recorder import Conn, DriverError


def revision(access: Access) -> str | None:
    """The Alembic revision of the database; None for an empty one. A SQLite journal
    (never a foreign file) is put in WAL mode when it is not."""
    try:
        with access.reading() as conn:
            version = revision_in(access, conn)
        if version is not None and access.is_sqlite and not access.read_only:
            access.recorder.use_wal()
        return version
    except DriverError as exc:
        raise access.failure(exc) from None


def revision_in(access: Access, conn: Conn) -> str | None:
    """The revision, read in the caller's transaction; a foreign database is refused."""
    names = conn.sql_tables()
    if "alembic_version" not in names:
        if names:
            raise StoreError(
                f"{access.describe()} is not a journal database (it has other SQL tables); "
                "point --db at a journal database or a new file"
            )
        return None
    found = conn.first("revision")
    version = None if found is None else found[0]
    if version is not None and ("events" not in names or str(version) not in SCHEMA_HISTORY):
        if "events" in names and str(version) > SCHEMA_HEAD:
            raise StoreError(
                f"{access.describe()} was written by a newer journal (schema "
                f"{version}; this one knows up to {SCHEMA_HEAD}): upgrade journal"
            )
        raise StoreError(
            f"{access.describe()} is not a journal database (another program's "
            "migrations); point --db at a journal database or a new file"
        )
    return None if version is None else str(version)


def require_current(access: Access) -> None:
    """Refuse to work on a database that is empty, foreign or not at the code's schema."""
    version = revision(access)
    if version is None:
        raise StoreError(
            f"no journal in {access.describe()}: start one with "
            "`journal campaign new SLUG --ruleset RULESET` (or `journal import FILE`)"
        )
    if version != SCHEMA_HEAD:
        raise StoreError(
            f"the journal in {access.describe()} is at schema {version}, this journal needs "
            f"{SCHEMA_HEAD}: run `journal db upgrade`"
        )


def upgrade(access: Access, *, backup: bool = True) -> tuple[str | None, str, Path | None]:
    """Bring the database to head. Returns (from, to, backup copy). A new database is
    made at head (on SQLite from `layout`'s statements, without Alembic); an older one
    is migrated by Alembic.

    Either runs under the write lock (SQLite's BEGIN IMMEDIATE, an advisory lock on
    PostgreSQL) and reads the revision again under it: several commands using a new
    database at once wait for the first to create it, then find it made."""
    before = revision(access)
    copy = None
    path = access.sqlite_path
    if backup and before is not None and before != SCHEMA_HEAD and path and path.exists():
        copy = path.with_name(f"{path.name}.bak-{before}")
        try:
            access.recorder.checkpoint()
        except DriverError as exc:
            raise access.failure(exc) from None
        try:
            copy_file(path, copy)
        except OSError as exc:
            raise StoreError(
                f"cannot write the backup {copy} ({disk_problem(exc)}): nothing was "
                "upgraded; free some space or move the file, then run `journal db upgrade` "
                "again"
            ) from None
    if before is None:
        if access.is_sqlite and not access.read_only:
            access.recorder.use_wal()  # a new journal: WAL from its first write
        with access.writing() as conn:
            conn.lock_schema()
            if revision_in(access, conn) is None:
                conn.create_schema()
        return before, SCHEMA_HEAD, copy
    if before == SCHEMA_HEAD:
        return before, SCHEMA_HEAD, copy  # nothing to migrate: no Alembic
    try:
        with access.recorder.migrating() as conn:
            conn.lock_schema()
            if revision_in(access, conn) != SCHEMA_HEAD:
                conn.upgrade_schema()
    except DriverError as exc:
        raise access.failure(exc) from None
    return before, SCHEMA_HEAD, copy


def ensure_schema(access: Access) -> None:
    """For commands that may start a journal: create an empty database at head."""
    version = revision(access)
    if version is None:
        upgrade(access, backup=False)
    elif version != SCHEMA_HEAD:
        require_current(access)
