"""Writing events: the optimistic append (the caller says which seq it last saw;
UNIQUE(campaign, seq) turns a lost race into `ConcurrencyConflict`) and the import of a
log, all or nothing, onto the database's own chain."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import NamedTuple

from journal.errors import ConcurrencyConflict, StoreError
from journal.events.canonical import canonical_json
from journal.events.chain import GENESIS_HASH
from journal.events.recorded import Recorded
from journal.store.access import Access
from journal.store.drafts import Draft, rechain, seal
from journal.store.recorder import Conn, Duplicate
from journal.store.rows import import_row, insert_row, recorded_from_row
from journal.store.snapshot_cache import SnapshotCache

READ_BATCH = 500
#: the PostgreSQL channel an append notifies (its payload: the campaign's slug)
NOTIFY_CHANNEL = "journal_events"


class Imported(NamedTuple):
    """What an import wrote: how many of the file's events, and the seq of the seal it
    appended after them (None: the chain needed none)."""

    added: int
    sealed: int | None = None


def head_in(conn: Conn, campaign: str) -> tuple[int, str]:
    """The campaign's newest (seq, hash), read in the caller's transaction."""
    row = conn.first("head", {"campaign": campaign})
    return (0, GENESIS_HASH) if row is None else (int(row[0]), str(row[1]))


class Appender:
    """The writes of one database: appends and imports (and the snapshot each may keep in
    the same transaction)."""

    def __init__(self, access: Access, snapshots: SnapshotCache) -> None:
        self._access = access
        self._snapshots = snapshots
        #: campaign -> (seq, hash) after this store's own last append to it (or `head`)
        self.heads: dict[str, tuple[int, str]] = {}

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
        known = self.heads.pop(campaign, None)
        try:
            with self._access.writing() as conn:
                if known is not None and known[0] == expected_seq:
                    seq, prev_hash = known
                else:
                    seq, prev_hash = head_in(conn, campaign)
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
                instant = self._access.recorder.instant
                rows = [insert_row(r) for r in records]
                for row in rows:
                    row["recorded_at"] = instant(row["recorded_at"])
                    row.setdefault("writer", None)  # one statement for every row
                    row.setdefault("salts", None)
                conn.run("insert_event", rows[0] if len(rows) == 1 else rows)
                self._notify(conn, campaign)
                if snapshot is not None:
                    self._snapshots.keep(conn, campaign, seq, prev_hash, snapshot, expected_seq)
            self.heads[campaign] = (seq, prev_hash)
            return records
        except Duplicate:
            raise ConcurrencyConflict(
                f"another writer appended to campaign {campaign!r} at the same moment"
            ) from None

    def import_records(
        self,
        campaign: str,
        batches: Iterable[tuple[Sequence[Recorded], bool, Collection[int]]],
        snapshot: Callable[[], tuple[str, str] | None] | None = None,
    ) -> Imported:
        """Append the part of an imported log this campaign does not have yet, all or
        nothing, batch by batch in one write transaction (`batches`: sealed records,
        whether the file carried their hashes, and the seqs whose ids the import made,
        the file giving none).

        The part it has must be the same events (same ids, where the file gave them, and
        same hashes when the file carried them). The new part goes onto this database's own
        chain, in the same transaction that read its head, so two imports cannot interleave;
        a log sealed onto the same link (the usual case) is written as it was sealed. A log
        an older journal hashed without the campaign's slug is sealed at its end
        (`ChainSealed`).
        `snapshot`, asked once every batch is in, gives the state to keep at the last
        event (or None).
        """
        added = 0
        written: Recorded | None = None
        is_sqlite = self._access.is_sqlite
        with self._access.writing() as conn:
            head_seq, head_hash = head_in(conn, campaign)
            # an empty database can hold no event id already: only the file can repeat one
            others = conn.first("any_event") is not None
            chained_anew: bool | None = None  # decided at the first new event
            prev_hash = head_hash
            for records, hashed, made_ids in batches:
                old = [r for r in records if r.seq <= head_seq]
                if old:
                    _same_history(conn, campaign, old, hashed, made_ids)
                tail = list(records[len(old) :])
                if not tail:
                    continue
                if chained_anew is None:
                    chained_anew = tail[0].prev_hash != head_hash
                if chained_anew:
                    tail = rechain(campaign, prev_hash, tail)
                    prev_hash = tail[-1].hash
                if others:
                    _refuse_taken_ids(conn, tail)
                rows = [import_row(r, campaign, is_sqlite) for r in tail]
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
                self._snapshots.keep(conn, campaign, written.seq, written.hash, kept, head_seq)
            if sealed is not None:
                row = insert_row(sealed)
                row["recorded_at"] = self._access.recorder.instant(row["recorded_at"])
                row.setdefault("writer", None)
                row.setdefault("salts", None)
                conn.run("insert_event", row)
            if added:
                self._notify(conn, campaign)
        return Imported(added, None if sealed is None else sealed.seq)

    def _notify(self, conn: Conn, campaign: str) -> None:
        """On PostgreSQL, tell every listener (`journal serve` on any machine) that the
        campaign has new events: delivered when this transaction commits, never if it
        rolls back. SQLite's readers watch the file instead (`PRAGMA data_version`)."""
        if not self._access.is_sqlite:
            conn.sql("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, campaign))


def _same_history(
    conn: Conn,
    campaign: str,
    records: Sequence[Recorded],
    hashed: bool,
    made_ids: Collection[int] = (),
) -> None:
    bounds = {"campaign": campaign, "after": records[0].seq - 1, "upto": records[-1].seq}
    ours = {row[0]: row for row in conn.rows("read", bounds)}
    for record in records:
        mine = recorded_from_row(campaign, ours[record.seq])
        if (
            (mine.event_id != record.event_id and record.seq not in made_ids)
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
