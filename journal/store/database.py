"""The event store on SQLAlchemy Core: open, migrate, append, read.

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
from sqlalchemy import Connection, Engine, func, inspect, select, text
from sqlalchemy.exc import (
    DatabaseError,
    DBAPIError,
    IntegrityError,
    OperationalError,
)

from journal.errors import ConcurrencyConflict, SnapshotsUnavailable, StoreError
from journal.events import GENESIS_HASH, Recorded, canonical_bytes, canonical_json, chain_hash
from journal.files import copy_file, disk_problem
from journal.store.engine import (
    in_memory,
    lock_schema,
    open_engine,
    problem,
    use_wal,
)
from journal.store.queries import NO_BOUND, queries
from journal.store.schema import SCHEMA_HEAD, SCHEMA_HISTORY, events, snapshots
from journal.store.snapshots import Stored
from journal.store.snapshots import document as snapshot_document

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

    def __init__(self, engine: Engine, path: Path | None = None, read_only: bool = False) -> None:
        self.engine = engine
        self._q = queries(engine.dialect.name)
        self._path = path
        #: a SQLite file opened read-only (it or its folder cannot be written)
        self.read_only = read_only
        #: campaign -> (seq, hash) after this store's own last append to it
        self._heads: dict[str, tuple[int, str]] = {}

    @classmethod
    def open(cls, target: str | None, *, create: bool = True) -> Store:
        """Open a database; with `create=False` a missing SQLite file is refused, not made."""
        opened = open_engine(target, create=create)
        return cls(opened.engine, opened.path, opened.read_only)

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @property
    def sqlite_path(self) -> Path | None:
        if self._path is not None:
            return self._path
        database = self.engine.url.database
        if self.is_sqlite and not in_memory(self.engine.url) and database:
            return Path(database)
        return None

    def describe(self) -> str:
        path = self.sqlite_path
        return str(path) if path else self.engine.url.render_as_string(hide_password=True)

    # --- schema --------------------------------------------------------------------------

    def revision(self) -> str | None:
        """The Alembic revision of the database; None for an empty one. A SQLite journal
        (never a foreign file) is put in WAL mode when it is not."""
        try:
            with self.engine.connect() as conn:
                version = self._revision(conn)
            if version is not None and self.is_sqlite and not self.read_only:
                use_wal(self.engine)
            return version
        except DatabaseError as exc:
            raise StoreError(problem(self.describe(), exc, self.engine.url)) from None

    def _revision(self, conn: Connection) -> str | None:
        names = inspect(conn).get_table_names()
        if "alembic_version" not in names:
            if names:
                raise StoreError(
                    f"{self.describe()} is not a journal database (it has other tables); "
                    "point --db at a journal database or a new file"
                )
            return None
        version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
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
        """Bring the database to head with Alembic. Returns (from, to, backup copy).

        The migration runs under the write lock (SQLite's BEGIN IMMEDIATE, an advisory
        lock on PostgreSQL) and reads the revision again under it: several commands using
        a new database at once wait for the first to create it, then find it made."""
        before = self.revision()
        copy = None
        path = self.sqlite_path
        if backup and before is not None and before != SCHEMA_HEAD and path and path.exists():
            copy = path.with_name(f"{path.name}.bak-{before}")
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(FULL)")
            try:
                copy_file(path, copy)
            except OSError as exc:
                raise StoreError(
                    f"cannot write the backup {copy} ({disk_problem(exc)}): nothing was "
                    "upgraded; free some space or move the file, then run `journal db upgrade` "
                    "again"
                ) from None
        if before is None and self.is_sqlite and not self.read_only:
            use_wal(self.engine)  # a new journal: WAL from its first write
        from journal.store.migrate import upgrade_to_head

        with self._write() as conn:
            lock_schema(conn)
            if self._revision(conn) != SCHEMA_HEAD:
                upgrade_to_head(conn)
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

        with self.engine.connect() as conn:
            return trigger_problems(conn)

    def integrity_problems(self) -> list[str] | None:
        """What SQLite's integrity check finds wrong with the file (None on a server)."""
        from journal.store.health import integrity_problems

        with self.engine.connect() as conn:
            return integrity_problems(conn)

    def reinstall_triggers(self) -> list[str]:
        """Put back the append-only triggers that are not in place; their names."""
        from journal.store.health import reinstall_triggers

        with self._write() as conn:
            return reinstall_triggers(conn)

    # --- reading -------------------------------------------------------------------------

    def campaigns(self) -> list[Recorded]:
        """Each campaign's first event (CampaignCreated), in the order they were created."""
        with self.engine.connect() as conn:
            return [_record(row[0], row[1:]) for row in conn.execute(self._q.firsts)]

    def head(self, campaign: str) -> tuple[int, str]:
        with self.engine.connect() as conn:
            return self._head(conn, campaign)

    def count(self, campaign: str) -> int:
        query = select(func.count()).select_from(events).where(events.c.campaign == campaign)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def read(self, campaign: str, *, after: int = 0, upto: int | None = None) -> Iterator[Recorded]:
        """The campaign's events in seq order, streamed in batches."""
        bounds = {"campaign": campaign, "after": after, "upto": NO_BOUND if upto is None else upto}
        with self.engine.connect() as conn:
            result = conn.execution_options(yield_per=READ_BATCH).execute(self._q.read, bounds)
            for rows in result.partitions():
                for row in rows:
                    yield _record(campaign, row)

    def read_backwards(self, campaign: str, *, upto: int | None = None) -> Iterator[Recorded]:
        """The campaign's events from the newest (at or before `upto`) back to the first."""
        bounds = {"campaign": campaign, "upto": NO_BOUND if upto is None else upto}
        with self.engine.connect() as conn:
            result = conn.execution_options(yield_per=50).execute(self._q.read_backwards, bounds)
            try:
                for row in result:
                    yield _record(campaign, row)
            finally:  # a reader that stops early (`undo`) leaves no server cursor open
                result.close()

    def get(self, campaign: str, seq: int) -> Recorded | None:
        if not _stored_int(seq):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(self._q.get, {"campaign": campaign, "seq": seq}).first()
        return None if row is None else _record(campaign, row)

    def last_seq_of_session(self, campaign: str, number: int) -> int | None:
        if not _stored_int(number):
            return None
        query = select(func.max(events.c.seq)).where(
            events.c.campaign == campaign, events.c.session == number
        )
        with self.engine.connect() as conn:
            seq = conn.execute(query).scalar()
        return None if seq is None else int(seq)

    def corrections(
        self, campaign: str, *, upto: int | None = None
    ) -> list[tuple[int, str, Mapping[str, Any]]]:
        """(seq, type, data) of every void and amended ruling up to `upto`, in seq order.

        The bound is applied here, not in SQL: `seq <= upto` would lead the planner to the
        (campaign, seq) index and a walk of the whole campaign, where (type, campaign)
        finds the few corrections directly."""
        with self.engine.connect() as conn:
            rows = conn.execute(self._q.corrections, {"campaign": campaign}).all()
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
            row = conn.execute(self._q.latest_snapshot, key).first()
        return None if row is None else Stored(*row)

    def snapshot_rows(self, campaign: str | None = None) -> list[Stored]:
        """Every snapshot of `campaign` (of every campaign when None), unchecked."""
        with self._snapshots_read() as conn:
            if campaign is None:
                rows = conn.execute(self._q.all_snapshot_rows)
            else:
                rows = conn.execute(self._q.snapshot_rows, {"campaign": campaign})
            return [Stored(*row) for row in rows]

    def save_snapshot(self, campaign: str, seq: int, rules_version: str, state: str) -> None:
        """Keep the state text `state`, folded up to event `seq`, bound to that event (it
        replaces a snapshot of the same key). A cache: when it cannot be written (a lost
        race, a read-only file or role, no snapshots table), nothing is kept."""
        try:
            with self._write() as conn:
                found = conn.execute(self._q.hash_at, {"campaign": campaign, "seq": seq}).first()
                if found is not None:
                    self._keep(conn, campaign, seq, str(found.hash), (rules_version, state))
        except (DBAPIError, StoreError):
            pass

    def discard_snapshot(self, row: Stored) -> bool:
        """Delete one snapshot (found bad), if the database lets this command write."""
        try:
            with self._write() as conn:
                conn.execute(
                    snapshots.delete().where(
                        snapshots.c.campaign == row.campaign,
                        snapshots.c.seq == row.seq,
                        snapshots.c.rules_version == row.rules_version,
                    )
                )
        except (DBAPIError, StoreError):
            return False  # a cache: a lost race or a read-only role just means no delete
        return True

    def drop_snapshots(self, campaign: str | None = None) -> int:
        """Delete every snapshot of `campaign` (of every campaign when None); how many."""
        query = snapshots.delete()
        if campaign is not None:
            query = query.where(snapshots.c.campaign == campaign)
        try:
            with self._write() as conn:
                return int(conn.execute(query).rowcount)
        except (DBAPIError, StoreError) as exc:  # `_write` says what a locked file is
            raise self._snapshots_problem(exc) from None

    def repair_snapshots(self) -> bool:
        """Make the snapshots table again when it is missing or not the journal's (it is a
        cache: nothing is lost). Whether it had to."""
        with self._write() as conn:
            found = inspect(conn)
            if found.has_table("snapshots"):
                columns = {c["name"] for c in found.get_columns("snapshots")}
                if columns == set(snapshots.c.keys()):
                    return False
                snapshots.drop(conn)
            snapshots.create(conn)
        return True

    def _keep(
        self,
        conn: Connection,
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
        row = {
            "campaign": campaign,
            "seq": seq,
            "rules_version": rules_version,
            "state": snapshot_document(seq, head_hash, rules_version, state),
            "created_at": utc_now(),
        }
        try:
            with conn.begin_nested():
                room = {
                    "campaign": campaign,
                    "seq": seq,
                    "head": NO_BOUND if head is None else head,
                }
                conn.execute(self._q.make_room, {**room, "rules_version": rules_version})
                conn.execute(self._q.insert_snapshot, row)
        except DBAPIError:
            pass

    @contextmanager
    def _snapshots_read(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as conn:
                yield conn
        except DBAPIError as exc:
            raise self._snapshots_problem(exc) from None

    def _snapshots_problem(self, exc: DBAPIError | StoreError) -> StoreError:
        """`SnapshotsUnavailable` when the snapshots table is gone or not the journal's,
        else the database's own problem."""
        try:
            with self.engine.connect() as conn:
                found = inspect(conn)
                present = found.has_table("snapshots")
                columns = {c["name"] for c in found.get_columns("snapshots")} if present else set()
        except DBAPIError:
            return self._problem(exc)
        if not present or columns != set(snapshots.c.keys()):
            what = "missing" if not present else "not the journal's"
            return SnapshotsUnavailable(
                f"the snapshots table (a cache) is {what}: `journal db upgrade` makes it "
                "again (until then every command folds the whole log)"
            )
        return self._problem(exc)

    def _problem(self, exc: DBAPIError | StoreError) -> StoreError:
        if isinstance(exc, StoreError):
            return exc
        return StoreError(problem(self.describe(), exc, self.engine.url))

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

        After its own append, the store knows the head: the next append after it skips
        reading it (a round trip on a server), since UNIQUE(campaign, seq) refuses the
        insert if another writer got there first."""
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
                rows = [_row(r) for r in records]
                conn.execute(self._q.insert_event, rows[0] if len(rows) == 1 else rows)
                self._notify(conn, campaign)
                if snapshot is not None:
                    self._keep(conn, campaign, seq, prev_hash, snapshot, expected_seq)
            self._heads[campaign] = (seq, prev_hash)
            return records
        except IntegrityError:
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
            others = conn.execute(self._q.any_event).first() is not None
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
                    with conn.begin_nested():
                        conn.exec_driver_sql(self._q.insert_many, rows)
                except IntegrityError:
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
                conn.execute(self._q.insert_event, _row(sealed))
            if added:
                self._notify(conn, campaign)
        return Imported(added, None if sealed is None else sealed.seq)

    def _same_history(
        self, conn: Connection, campaign: str, records: Sequence[Recorded], hashed: bool
    ) -> None:
        bounds = {"campaign": campaign, "after": records[0].seq - 1, "upto": records[-1].seq}
        ours = {row.seq: row for row in conn.execute(self._q.read, bounds)}
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

    def _head(self, conn: Connection, campaign: str) -> tuple[int, str]:
        row = conn.execute(self._q.head, {"campaign": campaign}).first()
        return (0, GENESIS_HASH) if row is None else (int(row.seq), str(row.hash))

    def _notify(self, conn: Connection, campaign: str) -> None:
        """On PostgreSQL, tell every listener (`journal serve` on any machine) that the
        campaign has new events: delivered when this transaction commits, never if it
        rolls back. SQLite's readers watch the file instead (`PRAGMA data_version`)."""
        if not self.is_sqlite:
            notify = text("SELECT pg_notify(:channel, :campaign)")
            conn.execute(notify, {"channel": NOTIFY_CHANNEL, "campaign": campaign})

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (on SQLite it takes the write lock at BEGIN, waiting for
        another writer's up to the lock timeout); a failure of the database (locked,
        read-only, a full disk) is a StoreError that says so."""
        try:
            with self.engine.connect() as conn:
                conn.execution_options(journal_write=True)
                with conn.begin():
                    yield conn
        except OperationalError as exc:
            raise StoreError(problem(self.describe(), exc, self.engine.url)) from None


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


def _refuse_taken_ids(conn: Connection, records: Sequence[Recorded]) -> None:
    """An event id belongs to one event: refuse records whose id another event holds."""
    for start in range(0, len(records), READ_BATCH):
        batch = {r.event_id: r for r in records[start : start + READ_BATCH]}
        taken = conn.execute(
            select(events.c.campaign, events.c.seq, events.c.event_id).where(
                events.c.event_id.in_(list(batch))
            )
        ).first()
        if taken is not None:
            record = batch[taken.event_id]
            raise StoreError(
                f"event {record.event_id} (seq {record.seq}) is already in this database "
                f"as {taken.campaign} event {taken.seq}; nothing was imported"
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
