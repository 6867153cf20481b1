"""The event store: one database, any number of campaigns, on any database through its
`Recorder` (`journal.store.sqlite` on the standard library's sqlite3,
`journal.store.postgres` on SQLAlchemy Core).

`Store` is the one face of the store's parts, each a module of one job: the schema
(`versions`), the health the chain cannot prove (`health`), the reads (here), the snapshot
cache (`snapshot_cache`), appends and imports (`appending`), records and rows (`drafts`,
`rows`). Appends are optimistic; each event links to the one before it by SHA-256. Reads
stream rows in order and never load a whole campaign into memory.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from journal.events.recorded import FoldRow, LogRow, Recorded
from journal.store import versions
from journal.store.access import Access
from journal.store.appending import Appender, Imported, head_in
from journal.store.drafts import Draft
from journal.store.engine import database_url, server_engine, sqlite_file, sqlite_target
from journal.store.layout import NO_BOUND
from journal.store.recorder import Recorder
from journal.store.rows import instant, recorded_from_row, stored_int
from journal.store.snapshot_cache import SnapshotCache
from journal.store.snapshots import Stored
from journal.store.tree_cache import TreeCache


def open_recorder(target: str | None, *, create: bool) -> Recorder:
    """The recorder of `target`: the standard library's sqlite3 for a SQLite file,
    SQLAlchemy for a server (imported only then)."""
    found = sqlite_target(target)
    if found is not None:
        from journal.store.sqlite import SQLiteRecorder

        return SQLiteRecorder(sqlite_file(found, create=create))
    from journal.store.postgres import ServerRecorder

    return ServerRecorder(server_engine(database_url(target)))


class Store:
    """One database, any number of campaigns."""

    def __init__(self, recorder: Recorder) -> None:
        self._recorder = recorder
        self._access = Access(recorder)
        self._snapshots = SnapshotCache(self._access)
        self._appender = Appender(self._access, self._snapshots)
        #: the Merkle tree's stored nodes (a cache: journal.proof.tree reads and checks them)
        self.tree_nodes = TreeCache(self._access)
        self.dialect = recorder.dialect
        #: a SQLite file opened read-only (it or its folder cannot be written)
        self.read_only = recorder.read_only
        #: campaign -> its first event, as `campaigns` read it (events never change)
        self._firsts: dict[str, Recorded] = {}

    @classmethod
    def open(cls, target: str | None, *, create: bool = True) -> Store:
        """Open a database; with `create=False` a missing SQLite file is refused, not made."""
        return cls(open_recorder(target, create=create))

    def close(self) -> None:
        """Close every pooled connection."""
        self._recorder.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def engine(self) -> Any:
        """A SQLAlchemy engine on this database (tests and tools; on SQLite it imports
        SQLAlchemy, which no command's own path does)."""
        return self._recorder.engine

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    @property
    def sqlite_path(self) -> Path | None:
        return self._recorder.path

    def describe(self) -> str:
        return self._recorder.describe()

    def url(self) -> Any:
        """A server's SQLAlchemy URL, for what a failure says of its settings (None on
        SQLite: no SQLAlchemy there)."""
        return self._access.url()

    def key(self) -> str:
        """This database told apart from every other (the current campaign's key)."""
        return self._recorder.key()

    # --- schema (journal.store.versions) -------------------------------------------------

    def revision(self) -> str | None:
        """The Alembic revision of the database; None for an empty one."""
        return versions.revision(self._access)

    def require_current(self) -> None:
        """Refuse to work on a database that is empty, foreign or not at the code's schema."""
        versions.require_current(self._access)

    def upgrade(self, *, backup: bool = True) -> tuple[str | None, str, Path | None]:
        """Bring the database to head: (from, to, backup copy); see `versions.upgrade`."""
        return versions.upgrade(self._access, backup=backup)

    def ensure_schema(self) -> None:
        """For commands that may start a journal: create an empty database at head."""
        versions.ensure_schema(self._access)

    # --- health (what the hash chain cannot prove: journal.store.health) ------------------

    def trigger_problems(self) -> list[str]:
        """The append-only triggers missing, disabled or replaced (empty: all in place)."""
        from journal.store.health import trigger_problems

        with self._recorder.reading() as conn:
            return trigger_problems(conn)

    def integrity_problems(self) -> list[str] | None:
        """What SQLite's integrity check finds wrong with the file (None on a server)."""
        from journal.store.health import integrity_problems

        with self._recorder.reading() as conn:
            return integrity_problems(conn)

    def reinstall_triggers(self) -> list[str]:
        """Put back the append-only triggers that are not in place; their names."""
        from journal.store.health import reinstall_triggers

        with self._access.writing() as conn:
            return reinstall_triggers(conn)

    # --- reading -------------------------------------------------------------------------

    def campaigns(self) -> list[Recorded]:
        """Each campaign's first event (CampaignCreated), in the order they were created."""
        with self._recorder.reading() as conn:
            found = [recorded_from_row(row[0], row[1:]) for row in conn.rows("firsts")]
        self._firsts = {first.campaign: first for first in found}
        return found

    def head(self, campaign: str) -> tuple[int, str]:
        """The campaign's newest (seq, hash); an append right after it, at that seq, skips
        reading it again (see `append`)."""
        with self._recorder.reading() as conn:
            found = head_in(conn, campaign)
        self._appender.heads[campaign] = found
        return found

    def count(self, campaign: str) -> int:
        with self._recorder.reading() as conn:
            found = conn.first("count", {"campaign": campaign})
        return 0 if found is None else int(found[0])

    def read(self, campaign: str, *, after: int = 0, upto: int | None = None) -> Iterator[Recorded]:
        """The campaign's events in seq order, streamed in batches."""
        bounds = {"campaign": campaign, "after": after, "upto": NO_BOUND if upto is None else upto}
        with self._recorder.reading() as conn:
            for row in conn.rows("read", bounds):
                yield recorded_from_row(campaign, row)

    def read_for_fold(
        self, campaign: str, *, after: int = 0, upto: int | None = None
    ) -> Iterator[FoldRow]:
        """What a replay reads of the campaign's events, in seq order, as `FoldRow`s: no
        record made, none of the chain's columns read (`projection.fold_rows`)."""
        bounds = {"campaign": campaign, "after": after, "upto": NO_BOUND if upto is None else upto}
        text = datetime.fromisoformat  # SQLite's instants, the common case, without a call
        with self._recorder.reading() as conn:
            for seq, kind, schema, data, at, game_time, session in conn.rows(
                "read_for_fold", bounds
            ):
                at = text(at) if type(at) is str else instant(at)
                yield seq, kind, schema, data, at, game_time, session

    def read_for_log(
        self, campaign: str, *, after: int = 0, upto: int | None = None
    ) -> Iterator[LogRow]:
        """What the text of `journal log` reads of the campaign's events, in seq order, as
        `LogRow`s: no record made, no instant parsed, none of the chain's columns read."""
        bounds = {"campaign": campaign, "after": after, "upto": NO_BOUND if upto is None else upto}
        with self._recorder.reading() as conn:
            yield from conn.rows("read_for_log", bounds)

    def read_backwards(self, campaign: str, *, upto: int | None = None) -> Iterator[Recorded]:
        """The campaign's events from the newest (at or before `upto`) back to the first."""
        bounds = {"campaign": campaign, "upto": NO_BOUND if upto is None else upto}
        with self._recorder.reading() as conn:
            for row in conn.rows("read_backwards", bounds):
                yield recorded_from_row(campaign, row)

    def get(self, campaign: str, seq: int) -> Recorded | None:
        """Event `seq` of the campaign (a campaign's first, once `campaigns` read it, is not
        read again: events never change)."""
        if seq == 1 and campaign in self._firsts:
            return self._firsts[campaign]
        if not stored_int(seq):
            return None
        with self._recorder.reading() as conn:
            row = conn.first("get", {"campaign": campaign, "seq": seq})
        return None if row is None else recorded_from_row(campaign, row)

    def last_seq_of_session(self, campaign: str, number: int) -> int | None:
        if not stored_int(number):
            return None
        with self._recorder.reading() as conn:
            found = conn.first("last_of_session", {"campaign": campaign, "session": number})
        return None if found is None or found[0] is None else int(found[0])

    def corrections(
        self, campaign: str, *, upto: int | None = None
    ) -> list[tuple[int, str, Mapping[str, Any]]]:
        """(seq, type, data) of every void and amended ruling up to `upto`, in seq order.

        The bound is applied here, not in SQL: `seq <= upto` would lead the planner to the
        (campaign, seq) index and a walk of the whole campaign, where (type, campaign)
        finds the few corrections directly."""
        with self._recorder.reading() as conn:
            rows = list(conn.rows("corrections", {"campaign": campaign}))
        return sorted(
            (int(seq), str(kind), msgspec.json.decode(data))
            for seq, kind, data in rows
            if upto is None or seq <= upto
        )

    # --- snapshots (a disposable cache: journal.store.snapshot_cache) ---------------------

    def latest_snapshot(
        self, campaign: str, rules_version: str, *, upto: int | None = None
    ) -> Stored | None:
        """The newest snapshot at or before `upto`, unchecked (see `snapshots.load`)."""
        return self._snapshots.latest(campaign, rules_version, upto=upto)

    def snapshot_rows(self, campaign: str | None = None) -> list[Stored]:
        """Every snapshot of `campaign` (of every campaign when None), unchecked."""
        return self._snapshots.rows(campaign)

    def save_snapshot(self, campaign: str, seq: int, rules_version: str, state: str) -> None:
        """Keep the state text `state`, folded up to event `seq` (a cache: nothing is kept
        when it cannot be written)."""
        self._snapshots.save(campaign, seq, rules_version, state)

    def discard_snapshot(self, row: Stored) -> bool:
        """Delete one snapshot (found bad), if the database lets this command write."""
        return self._snapshots.discard(row)

    def drop_snapshots(self, campaign: str | None = None) -> int:
        """Delete every snapshot of `campaign` (of every campaign when None); how many. The
        tree's stored nodes, a cache too, go with them (computed again when next asked)."""
        dropped = self._snapshots.drop(campaign)
        self.tree_nodes.drop(campaign)
        return dropped

    def repair_snapshots(self) -> bool:
        """Make the snapshots SQL table again when it is missing or not the journal's; whether
        it had to."""
        return self._snapshots.repair()

    # --- writing (journal.store.appending) -----------------------------------------------

    def append(
        self,
        campaign: str,
        expected_seq: int,
        drafts: Sequence[Draft],
        snapshot: tuple[str, str] | None = None,
    ) -> list[Recorded]:
        """Append after `expected_seq`, or raise ConcurrencyConflict if another writer won;
        `snapshot` (rules version, state text) is kept in the same transaction."""
        return self._appender.append(campaign, expected_seq, drafts, snapshot)

    def import_records(
        self,
        campaign: str,
        batches: Iterable[tuple[Sequence[Recorded], bool, Collection[int]]],
        snapshot: Callable[[], tuple[str, str] | None] | None = None,
    ) -> Imported:
        """Append the part of an imported log this campaign does not have yet, all or
        nothing (see `Appender.import_records`)."""
        return self._appender.import_records(campaign, batches, snapshot)
