"""The event store: open, migrate, append, read, on any database through its `Recorder`
(`journal.store.sqlite` on the standard library's sqlite3, `journal.store.postgres` on
SQLAlchemy Core).

Appends are optimistic: the caller says which seq it last saw; UNIQUE(campaign, seq) turns a
lost race into `ConcurrencyConflict`. Each event links to the one before it by SHA-256.
Reads stream rows in order and never load a whole campaign into memory.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from journal.errors import ConcurrencyConflict, SnapshotsUnavailable, StoreError
from journal.events.canonical import canonical_bytes, canonical_json
from journal.events.chain import GENESIS_HASH, chain_hash
from journal.events.recorded import Recorded
from journal.files import copy_file, disk_problem
from journal.store.engine import open_recorder, problem
from journal.store.layout import NO_BOUND, SCHEMA_HEAD, SCHEMA_HISTORY
from journal.store.recorder import Conn, DriverError, Duplicate, Recorder
from journal.store.snapshots import Stored
from journal.store.snapshots import document as snapshot_document

#: the snapshots table's columns (`journal.store.schema.snapshots`)
SNAPSHOT_COLUMNS = {"campaign", "seq", "rules_version", "state", "created_at"}
_ENCODE = msgspec.json.Encoder().encode
READ_BATCH = 500
#: the PostgreSQL channel an append notifies (its payload: the campaign's slug)
NOTIFY_CHANNEL = "journal_events"


class Imported(NamedTuple):
    """What an import wrote: how many of the file's events, and the seq of the seal it
    appended after them (None: the chain needed none)."""

    added: int
    sealed: int | None = None


class Draft(NamedTuple):
    """An event about to be appended: the payload and the envelope fields the caller knows
    (a named tuple: an import makes one per line)."""

    type: str
    schema: int
    data: Mapping[str, Any]
    game_time: str | None = None
    session: int | None = None
    event_id: str = ""
    recorded_at: datetime | None = None
    #: who entered it (None: not known, as in the events of older journals)
    writer: str | None = None


def utc_now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _naive_utc(moment: datetime) -> datetime:
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


class Store:
    """One database, any number of campaigns."""

    def __init__(self, recorder: Recorder) -> None:
        self._recorder = recorder
        self.dialect = recorder.dialect
        #: a SQLite file opened read-only (it or its folder cannot be written)
        self.read_only = recorder.read_only
        #: campaign -> (seq, hash) after this store's own last append to it
        self._heads: dict[str, tuple[int, str]] = {}
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
        return None if self.is_sqlite else self.engine.url

    def key(self) -> str:
        """This database told apart from every other (the current campaign's key)."""
        return self._recorder.key()

    # --- schema --------------------------------------------------------------------------

    def revision(self) -> str | None:
        """The Alembic revision of the database; None for an empty one. A SQLite journal
        (never a foreign file) is put in WAL mode when it is not."""
        try:
            with self._recorder.reading() as conn:
                version = self._revision(conn)
            if version is not None and self.is_sqlite and not self.read_only:
                self._recorder.use_wal()
            return version
        except DriverError as exc:
            raise StoreError(problem(self.describe(), exc.orig, self.url())) from None

    def _revision(self, conn: Conn) -> str | None:
        names = conn.tables()
        if "alembic_version" not in names:
            if names:
                raise StoreError(
                    f"{self.describe()} is not a journal database (it has other tables); "
                    "point --db at a journal database or a new file"
                )
            return None
        found = conn.first("revision")
        version = None if found is None else found[0]
        if version is not None and ("events" not in names or str(version) not in SCHEMA_HISTORY):
            if "events" in names and str(version) > SCHEMA_HEAD:
                raise StoreError(
                    f"{self.describe()} was written by a newer journal (schema "
                    f"{version}; this one knows up to {SCHEMA_HEAD}): upgrade journal"
                )
            raise StoreError(
                f"{self.describe()} is not a journal database (another program's "
                "migrations); point --db at a journal database or a new file"
            )
        return None if version is None else str(version)

    def require_current(self) -> None:
        """Refuse to work on a database that is empty, foreign or not at the code's schema."""
        version = self.revision()
        if version is None:
            raise StoreError(
                f"no journal in {self.describe()}: start one with "
                "`journal campaign new SLUG --ruleset RULESET` (or `journal import FILE`)"
            )
        if version != SCHEMA_HEAD:
            raise StoreError(
                f"the journal in {self.describe()} is at schema {version}, this journal needs "
                f"{SCHEMA_HEAD}: run `journal db upgrade`"
            )

    def upgrade(self, *, backup: bool = True) -> tuple[str | None, str, Path | None]:
        """Bring the database to head. Returns (from, to, backup copy). A new database is
        made at head (on SQLite from `layout`'s statements, without Alembic); an older one
        is migrated by Alembic.

        Either runs under the write lock (SQLite's BEGIN IMMEDIATE, an advisory lock on
        PostgreSQL) and reads the revision again under it: several commands using a new
        database at once wait for the first to create it, then find it made."""
        before = self.revision()
        copy = None
        path = self.sqlite_path
        if backup and before is not None and before != SCHEMA_HEAD and path and path.exists():
            copy = path.with_name(f"{path.name}.bak-{before}")
            try:
                self._recorder.checkpoint()
            except DriverError as exc:
                raise StoreError(problem(self.describe(), exc.orig, self.url())) from None
            try:
                copy_file(path, copy)
            except OSError as exc:
                raise StoreError(
                    f"cannot write the backup {copy} ({disk_problem(exc)}): nothing was "
                    "upgraded; free some space or move the file, then run `journal db upgrade` "
                    "again"
                ) from None
        if before is None:
            if self.is_sqlite and not self.read_only:
                self._recorder.use_wal()  # a new journal: WAL from its first write
            with self._write() as conn:
                conn.lock_schema()
                if self._revision(conn) is None:
                    conn.create_schema()
            return before, SCHEMA_HEAD, copy
        if before == SCHEMA_HEAD:
            return before, SCHEMA_HEAD, copy  # nothing to migrate: no Alembic
        try:
            with self._recorder.migrating() as conn:
                conn.lock_schema()
                if self._revision(conn) != SCHEMA_HEAD:
                    conn.upgrade_schema()
        except DriverError as exc:
            raise StoreError(problem(self.describe(), exc.orig, self.url())) from None
        return before, SCHEMA_HEAD, copy

    def ensure_schema(self) -> None:
        """For commands that may start a journal: create an empty database at head."""
        version = self.revision()
        if version is None:
            self.upgrade(backup=False)
        elif version != SCHEMA_HEAD:
            self.require_current()

    # --- health (what the hash chain cannot prove) ---------------------------------------

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

        with self._write() as conn:
            return reinstall_triggers(conn)

    # --- reading -------------------------------------------------------------------------

    def campaigns(self) -> list[Recorded]:
        """Each campaign's first event (CampaignCreated), in the order they were created."""
        with self._recorder.reading() as conn:
            found = [_record(row[0], row[1:]) for row in conn.rows("firsts")]
        self._firsts = {first.campaign: first for first in found}
        return found

    def head(self, campaign: str) -> tuple[int, str]:
        """The campaign's newest (seq, hash); an append right after it, at that seq, skips
        reading it again (see `append`)."""
        with self._recorder.reading() as conn:
            found = self._head(conn, campaign)
        self._heads[campaign] = found
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
                yield _record(campaign, row)

    def read_backwards(self, campaign: str, *, upto: int | None = None) -> Iterator[Recorded]:
        """The campaign's events from the newest (at or before `upto`) back to the first."""
        bounds = {"campaign": campaign, "upto": NO_BOUND if upto is None else upto}
        with self._recorder.reading() as conn:
            for row in conn.rows("read_backwards", bounds):
                yield _record(campaign, row)

    def get(self, campaign: str, seq: int) -> Recorded | None:
        """Event `seq` of the campaign (a campaign's first, once `campaigns` read it, is not
        read again: events never change)."""
        if seq == 1 and campaign in self._firsts:
            return self._firsts[campaign]
        if not _stored_int(seq):
            return None
        with self._recorder.reading() as conn:
            row = conn.first("get", {"campaign": campaign, "seq": seq})
        return None if row is None else _record(campaign, row)

    def last_seq_of_session(self, campaign: str, number: int) -> int | None:
        if not _stored_int(number):
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

    # --- snapshots (a disposable cache) --------------------------------------------------

    def latest_snapshot(
        self, campaign: str, rules_version: str, *, upto: int | None = None
    ) -> Stored | None:
        """The newest snapshot at or before `upto`, unchecked (see `snapshots.load`)."""
        key = {
            "campaign": campaign,
            "rules_version": rules_version,
            "upto": NO_BOUND if upto is None else upto,
        }
        with self._snapshots_read() as conn:
            row = conn.first("latest_snapshot", key)
        return None if row is None else Stored(*row)

    def snapshot_rows(self, campaign: str | None = None) -> list[Stored]:
        """Every snapshot of `campaign` (of every campaign when None), unchecked."""
        with self._snapshots_read() as conn:
            if campaign is None:
                rows = conn.rows("all_snapshot_rows")
            else:
                rows = conn.rows("snapshot_rows", {"campaign": campaign})
            return [Stored(*row) for row in rows]

    def save_snapshot(self, campaign: str, seq: int, rules_version: str, state: str) -> None:
        """Keep the state text `state`, folded up to event `seq`, bound to that event (it
        replaces a snapshot of the same key). A cache: when it cannot be written (a lost
        race, a read-only file or role, no snapshots table), nothing is kept."""
        try:
            with self._write() as conn:
                found = conn.first("hash_at", {"campaign": campaign, "seq": seq})
                if found is not None:
                    self._keep(conn, campaign, seq, str(found[0]), (rules_version, state))
        except (DriverError, StoreError):
            pass

    def discard_snapshot(self, row: Stored) -> bool:
        """Delete one snapshot (found bad), if the database lets this command write."""
        key = {"campaign": row.campaign, "seq": row.seq, "rules_version": row.rules_version}
        try:
            with self._write() as conn:
                conn.run("delete_snapshot", key)
        except (DriverError, StoreError):
            return False  # a cache: a lost race or a read-only role just means no delete
        return True

    def drop_snapshots(self, campaign: str | None = None) -> int:
        """Delete every snapshot of `campaign` (of every campaign when None); how many."""
        try:
            with self._write() as conn:
                if campaign is None:
                    return conn.run("drop_snapshots")
                return conn.run("drop_campaign_snapshots", {"campaign": campaign})
        except (DriverError, StoreError) as exc:  # `_write` says what a locked file is
            raise self._snapshots_problem(exc) from None

    def repair_snapshots(self) -> bool:
        """Make the snapshots table again when it is missing or not the journal's (it is a
        cache: nothing is lost). Whether it had to."""
        with self._write() as conn:
            columns = conn.columns("snapshots")
            if columns == SNAPSHOT_COLUMNS:
                return False
            if columns:
                conn.drop_table("snapshots")
            conn.make_snapshots_table()
        return True

    def _keep(
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
            "created_at": self._recorder.instant(utc_now()),
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
    def _snapshots_read(self) -> Iterator[Conn]:
        try:
            with self._recorder.reading() as conn:
                yield conn
        except DriverError as exc:
            raise self._snapshots_problem(exc) from None

    def _snapshots_problem(self, exc: DriverError | StoreError) -> StoreError:
        """`SnapshotsUnavailable` when the snapshots table is gone or not the journal's,
        else the database's own problem."""
        try:
            with self._recorder.reading() as conn:
                columns = conn.columns("snapshots")
        except DriverError:
            return self._problem(exc)
        if columns != SNAPSHOT_COLUMNS:
            what = "missing" if not columns else "not the journal's"
            return SnapshotsUnavailable(
                f"the snapshots table (a cache) is {what}: `journal db upgrade` makes it "
                "again (until then every command folds the whole log)"
            )
        return self._problem(exc)

    def _problem(self, exc: DriverError | StoreError) -> StoreError:
        if isinstance(exc, StoreError):
            return exc
        return StoreError(problem(self.describe(), exc.orig, self.url()))

    # --- writing -------------------------------------------------------------------------

    def append(
        self,
        campaign: str,
        expected_seq: int,
        drafts: Sequence[Draft],
        snapshot: tuple[str, str] | None = None,
    ) -> list[Recorded]:
        """Append after `expected_seq`, or raise ConcurrencyConflict if another writer won.
        `snapshot` (rules version, state text) keeps the state after the drafts, in the
        same transaction.

        After its own append or `head`, the store knows the head: an append after it
        skips reading it (a round trip on a server), since UNIQUE(campaign, seq) refuses
        the insert if another writer got there first."""
        known = self._heads.pop(campaign, None)
        try:
            with self._write() as conn:
                if known is not None and known[0] == expected_seq:
                    seq, prev_hash = known
                else:
                    seq, prev_hash = self._head(conn, campaign)
                if seq != expected_seq:
                    raise ConcurrencyConflict(
                        f"campaign {campaign!r} moved on to event {seq} while this command "
                        f"was deciding after event {expected_seq}"
                    )
                records = []
                for draft in drafts:
                    seq += 1
                    record = seal(campaign, seq, prev_hash, draft)
                    records.append(record)
                    prev_hash = record.hash
                instant = self._recorder.instant
                rows = [_row(r) for r in records]
                for row in rows:
                    row["recorded_at"] = instant(row["recorded_at"])
                    row.setdefault("writer", None)  # one statement for every row
                conn.run("insert_event", rows[0] if len(rows) == 1 else rows)
                self._notify(conn, campaign)
                if snapshot is not None:
                    self._keep(conn, campaign, seq, prev_hash, snapshot, expected_seq)
            self._heads[campaign] = (seq, prev_hash)
            return records
        except Duplicate:
            raise ConcurrencyConflict(
                f"another writer appended to campaign {campaign!r} at the same moment"
            ) from None

    def import_records(
        self,
        campaign: str,
        batches: Iterable[tuple[Sequence[Recorded], bool]],
        snapshot: Callable[[], tuple[str, str] | None] | None = None,
    ) -> Imported:
        """Append the part of an imported log this campaign does not have yet, all or
        nothing, batch by batch in one write transaction (`batches`: sealed records, and
        whether the file carried their hashes).

        The part it has must be the same events (same ids, and same hashes when the file
        carried them). The new part goes onto this database's own chain, in the same
        transaction that read its head, so two imports cannot interleave; a log sealed
        onto the same link (the usual case) is written as it was sealed. A log an older
        journal hashed without the campaign's slug is sealed at its end (`ChainSealed`).
        `snapshot`, asked once every batch is in, gives the state to keep at the last
        event (or None).
        """
        added = 0
        written: Recorded | None = None
        with self._write() as conn:
            head_seq, head_hash = self._head(conn, campaign)
            # an empty database can hold no event id already: only the file can repeat one
            others = conn.first("any_event") is not None
            rechain: bool | None = None  # decided at the first new event
            prev_hash = head_hash
            for records, hashed in batches:
                old = [r for r in records if r.seq <= head_seq]
                if old:
                    self._same_history(conn, campaign, old, hashed)
                tail = list(records[len(old) :])
                if not tail:
                    continue
                if rechain is None:
                    rechain = tail[0].prev_hash != head_hash
                if rechain:
                    tail = _rechain(campaign, prev_hash, tail)
                    prev_hash = tail[-1].hash
                if others:
                    _refuse_taken_ids(conn, tail)
                rows = [_many_row(r, campaign, self.is_sqlite) for r in tail]
                try:
                    with conn.savepoint():
                        conn.insert_many(rows)
                except Duplicate:
                    raise StoreError(
                        f"an event id of events {tail[0].seq} to {tail[-1].seq} is already in "
                        "this database or twice in the file; nothing was imported"
                    ) from None
                added += len(tail)
                written = tail[-1]
            sealed = None
            if written is not None:
                from journal.store.sealing import seal_after

                sealed = seal_after(written)
            kept = snapshot() if snapshot is not None and added else None
            if kept is not None:
                assert written is not None
                self._keep(conn, campaign, written.seq, written.hash, kept, head_seq)
            if sealed is not None:
                row = _row(sealed)
                row["recorded_at"] = self._recorder.instant(row["recorded_at"])
                row.setdefault("writer", None)
                conn.run("insert_event", row)
            if added:
                self._notify(conn, campaign)
        return Imported(added, None if sealed is None else sealed.seq)

    def _same_history(
        self, conn: Conn, campaign: str, records: Sequence[Recorded], hashed: bool
    ) -> None:
        bounds = {"campaign": campaign, "after": records[0].seq - 1, "upto": records[-1].seq}
        ours = {row[0]: row for row in conn.rows("read", bounds)}
        for record in records:
            mine = _record(campaign, ours[record.seq])
            if (
                mine.event_id != record.event_id
                or _content(mine) != _content(record)
                or (hashed and mine.hash != record.hash)
            ):
                if mine.type == "ChainSealed" and record.type != "ChainSealed":
                    raise StoreError(
                        f"event {record.seq} of campaign {campaign!r} seals the chain an older "
                        "journal wrote, and the file goes on past it without the seal: it was "
                        "exported by an older journal after this copy was upgraded; nothing "
                        "was imported (import it under another name with --campaign)"
                    )
                raise StoreError(
                    f"campaign {campaign!r} has another history from event {record.seq} "
                    "on; nothing was imported (import under another name with --campaign)"
                )

    def _head(self, conn: Conn, campaign: str) -> tuple[int, str]:
        row = conn.first("head", {"campaign": campaign})
        return (0, GENESIS_HASH) if row is None else (int(row[0]), str(row[1]))

    def _notify(self, conn: Conn, campaign: str) -> None:
        """On PostgreSQL, tell every listener (`journal serve` on any machine) that the
        campaign has new events: delivered when this transaction commits, never if it
        rolls back. SQLite's readers watch the file instead (`PRAGMA data_version`)."""
        if not self.is_sqlite:
            conn.sql("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, campaign))

    @contextmanager
    def _write(self) -> Iterator[Conn]:
        """A write transaction (on SQLite it takes the write lock at BEGIN, waiting for
        another writer's up to the lock timeout); a failure of the database (locked,
        read-only, a full disk) is a StoreError that says so."""
        try:
            with self._recorder.writing() as conn:
                yield conn
        except Duplicate:
            raise
        except DriverError as exc:
            if not exc.operational:
                raise
            raise StoreError(problem(self.describe(), exc.orig, self.url())) from None


def _stored_int(number: int) -> bool:
    """A number the integer columns (seq, session) can hold: any other is in no row (and
    SQLite or PostgreSQL would fail on it rather than find nothing)."""
    return -NO_BOUND <= number <= NO_BOUND


def seal(
    campaign: str, seq: int, prev_hash: str, draft: Draft, *, legacy: bool = False
) -> Recorded:
    """The record of a draft at `seq`, linked to `prev_hash` and bound to `campaign` (with
    `legacy`, hashed as an older journal did, without the campaign: only an import checking
    an older export asks for that). Its payload is encoded twice, each once: canonical JSON
    for the hash, and in its own key order for the store."""
    event_id = draft.event_id or str(uuid.uuid4())
    recorded_at = _naive_utc(draft.recorded_at or utc_now())
    data_json = _ENCODE(draft.data)
    link = chain_hash(
        prev_hash,
        campaign=None if legacy else campaign,
        seq=seq,
        event_id=event_id,
        type=draft.type,
        schema=draft.schema,
        data=canonical_bytes(draft.data),
        recorded_at=recorded_at,
        game_time=draft.game_time,
        session=draft.session,
        writer=draft.writer,
    )
    return Recorded(
        campaign,
        seq,
        event_id,
        draft.type,
        draft.schema,
        draft.data,
        recorded_at,
        draft.game_time,
        draft.session,
        prev_hash,
        link,
        text=data_json,
        writer=draft.writer,
    )


def _rechain(campaign: str, prev_hash: str, records: Sequence[Recorded]) -> list[Recorded]:
    """The records sealed again onto this database's chain, from `prev_hash`."""
    sealed = []
    for r in records:
        draft = Draft(
            r.type, r.schema, r.data, r.game_time, r.session, r.event_id, r.recorded_at, r.writer
        )
        sealed.append(seal(campaign, r.seq, prev_hash, draft))
        prev_hash = sealed[-1].hash
    return sealed


def _refuse_taken_ids(conn: Conn, records: Sequence[Recorded]) -> None:
    """An event id belongs to one event: refuse records whose id another event holds."""
    for start in range(0, len(records), READ_BATCH):
        batch = {r.event_id: r for r in records[start : start + READ_BATCH]}
        taken = conn.taken(list(batch))
        if taken is not None:
            owner, seq, event_id = taken
            record = batch[event_id]
            raise StoreError(
                f"event {record.event_id} (seq {record.seq}) is already in this database "
                f"as {owner} event {seq}; nothing was imported"
            )


def _content(record: Recorded) -> str:
    """What an event says, whatever its chain: for comparing an import with the database."""
    return canonical_json(
        [record.type, record.schema, record.data, record.game_time, record.session, record.writer]
    )


def _row(record: Recorded, campaign: str | None = None) -> dict[str, Any]:
    """The INSERT's parameters; `writer` only when the event has one, so a seal written
    by migration 0003 (before the column existed) names only the columns it had."""
    stored = record.text
    row = {
        "campaign": campaign or record.campaign,
        "seq": record.seq,
        "event_id": record.event_id,
        "type": record.type,
        "schema": record.schema,
        "data_json": stored.decode() if isinstance(stored, bytes) else stored,
        "recorded_at": record.recorded_at,
        "game_time": record.game_time,
        "session": record.session,
        "prev_hash": record.prev_hash,
        "hash": record.hash,
    }
    if record.writer is not None:
        row["writer"] = record.writer
    return row


def _many_row(record: Recorded, campaign: str, sqlite: bool) -> tuple[Any, ...]:
    """A row for `insert_many`: on SQLite the instant as SQLAlchemy writes it."""
    stored = record.text
    moment: Any = record.recorded_at
    if sqlite:
        moment = moment.isoformat(" ", "microseconds")
    return (
        campaign,
        record.seq,
        record.event_id,
        record.type,
        record.schema,
        stored.decode() if isinstance(stored, bytes) else stored,
        moment,
        record.game_time,
        record.session,
        record.prev_hash,
        record.hash,
        record.writer,
    )


def _record(campaign: str, row: Any) -> Recorded:
    """A record from a row of `Queries.columns` (or of the columns before `writer`, as
    migration 0003 reads them)."""
    if len(row) != 11:
        row = (*row, None)
    seq, event_id, type_, schema, data, recorded_at, game_time, session, prev_hash, link, writer = (
        row
    )
    if type(recorded_at) is str:
        recorded_at = datetime.fromisoformat(recorded_at)
    elif recorded_at.tzinfo is not None:
        recorded_at = _naive_utc(recorded_at)
    return Recorded(
        campaign,
        seq,
        event_id,
        type_,
        schema,
        None,
        recorded_at,
        game_time,
        session,
        prev_hash,
        link,
        text=data,
        writer=writer,
    )
