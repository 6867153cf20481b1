"""The snapshots SQL table, a disposable cache of folded states: read the newest usable one,
keep one (inside an append's transaction, in a savepoint of its own), set one aside, drop
them all, make the SQL table again. What a snapshot's document holds and how it is checked is
`journal.store.snapshots`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import msgspec

from journal.errors import SnapshotsUnavailable, StoreError
from journal.store.access import Access
from journal.store.drafts import utc_now
from journal.store.layout import NO_BOUND, SNAPSHOTS
from journal.store.recorder import Conn, DriverError
from journal.store.snapshots import Stored
from journal.store.snapshots import document as snapshot_document

#: the snapshots SQL table's columns (`journal.store.layout.SNAPSHOTS`)
SNAPSHOT_COLUMNS = {column.name for column in SNAPSHOTS.columns}
_ENCODE = msgspec.json.Encoder().encode


class SnapshotCache:
    """The snapshot cache of one database."""

    def __init__(self, access: Access) -> None:
        self._access = access

    def latest(
        self, campaign: str, rules_version: str, *, upto: int | None = None
    ) -> Stored | None:
        """The newest snapshot at or before `upto`, unchecked (see `snapshots.load`)."""
        key = {
            "campaign": campaign,
            "rules_version": rules_version,
            "upto": NO_BOUND if upto is None else upto,
        }
        with self._reading() as conn:
            row = conn.first("latest_snapshot", key)
        return None if row is None else Stored(*row)

    def rows(self, campaign: str | None = None) -> list[Stored]:
        """Every snapshot of `campaign` (of every campaign when None), unchecked."""
        with self._reading() as conn:
            if campaign is None:
                rows = conn.rows("all_snapshot_rows")
            else:
                rows = conn.rows("snapshot_rows", {"campaign": campaign})
            return [Stored(*row) for row in rows]

    def save(self, campaign: str, seq: int, rules_version: str, state: str) -> None:
        """Keep the state text `state`, folded up to event `seq`, bound to that event (it
        replaces a snapshot of the same key). A cache: when it cannot be written (a lost
        race, a read-only file or role, no snapshots SQL table), nothing is kept."""
        try:
            with self._access.writing() as conn:
                found = conn.first("hash_at", {"campaign": campaign, "seq": seq})
                if found is not None:
                    self.keep(conn, campaign, seq, str(found[0]), (rules_version, state))
        except (DriverError, StoreError):
            pass

    def discard(self, row: Stored) -> bool:
        """Delete one snapshot (found bad), if the database lets this command write."""
        key = {"campaign": row.campaign, "seq": row.seq, "rules_version": row.rules_version}
        try:
            with self._access.writing() as conn:
                conn.run("delete_snapshot", key)
        except (DriverError, StoreError):
            return False  # a cache: a lost race or a read-only role just means no delete
        return True

    def drop(self, campaign: str | None = None) -> int:
        """Delete every snapshot of `campaign` (of every campaign when None); how many."""
        try:
            with self._access.writing() as conn:
                if campaign is None:
                    return conn.run("drop_snapshots")
                return conn.run("drop_campaign_snapshots", {"campaign": campaign})
        except (DriverError, StoreError) as exc:  # `writing` says what a locked file is
            raise self._problem(exc) from None

    def repair(self) -> bool:
        """Make the snapshots SQL table again when it is missing or not the journal's (it is a
        cache: nothing is lost). Whether it had to."""
        with self._access.writing() as conn:
            columns = conn.columns("snapshots")
            if columns == SNAPSHOT_COLUMNS:
                return False
            if columns:
                conn.drop_sql_table("snapshots")
            conn.make_snapshots_table()
        return True

    def keep(
        self,
        conn: Conn,
        campaign: str,
        seq: int,
        head_hash: str,
        kept: tuple[str, str],
        head: int | None = None,
    ) -> None:
        """Keep a snapshot inside a write transaction, in a savepoint of its own: a cache
        that cannot be written never undoes the events written with it. It replaces the
        campaign's snapshot at `seq`; those of other rules code go (no command reads them
        again). An append or import gives `head`, the campaign's last event before the
        events it wrote: every snapshot ahead of it goes too (none can be the journal's,
        and one would refuse the snapshots of the events appended there)."""
        rules_version, state = kept
        document = snapshot_document(seq, head_hash, rules_version, state)
        row = {
            "campaign": campaign,
            "seq": seq,
            "rules_version": rules_version,
            "state_json": _ENCODE(document).decode(),
            "created_at": self._access.recorder.instant(utc_now()),
        }
        room = {
            "campaign": campaign,
            "seq": seq,
            "head": NO_BOUND if head is None else head,
            "rules_version": rules_version,
        }
        try:
            with conn.savepoint():
                conn.run("make_room", room)
                conn.run("insert_snapshot", row)
        except DriverError:
            pass

    @contextmanager
    def _reading(self) -> Iterator[Conn]:
        try:
            with self._access.reading() as conn:
                yield conn
        except DriverError as exc:
            raise self._problem(exc) from None

    def _problem(self, exc: DriverError | StoreError) -> StoreError:
        """`SnapshotsUnavailable` when the snapshots SQL table is gone or not the journal's,
        else the database's own problem."""
        try:
            with self._access.reading() as conn:
                columns = conn.columns("snapshots")
        except DriverError:
            return self._own(exc)
        if columns != SNAPSHOT_COLUMNS:
            what = "missing" if not columns else "not the journal's"
            return SnapshotsUnavailable(
                f"the snapshots SQL table (a cache) is {what}: `journal db upgrade` makes it "
                "again (until then every command folds the whole log)"
            )
        return self._own(exc)

    def _own(self, exc: DriverError | StoreError) -> StoreError:
        return exc if isinstance(exc, StoreError) else self._access.failure(exc)
