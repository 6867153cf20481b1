"""Records and the rows of the events SQL table: a record read from a row, and the parameters
of the INSERT that writes one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from journal.events.recorded import Recorded
from journal.store.drafts import naive_utc
from journal.store.layout import NO_BOUND


def stored_int(number: int) -> bool:
    """A number the integer columns (seq, session) can hold: any other is in no row (and
    SQLite or PostgreSQL would fail on it rather than find nothing)."""
    return -NO_BOUND <= number <= NO_BOUND


def insert_row(record: Recorded, campaign: str | None = None) -> dict[str, Any]:
    """The INSERT's parameters; `writer` and `salts` only when the event has them, so a
    seal written by migration 0003 (before the columns existed) names only the columns it
    had."""
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
    salts = record.salts_text
    if salts is not None:
        row["salts"] = salts
    return row


def import_row(record: Recorded, campaign: str, sqlite: bool) -> tuple[Any, ...]:
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
        record.salts_text,
    )


def instant(stored: Any) -> datetime:
    """A row's `recorded_at` as the journal keeps it (naive UTC): SQLite's text, or
    PostgreSQL's aware instant."""
    if type(stored) is str:
        return datetime.fromisoformat(stored)
    if stored.tzinfo is not None:
        return naive_utc(stored)
    moment: datetime = stored
    return moment


def recorded_from_row(campaign: str, row: Any) -> Recorded:
    """A record from a row of the record's columns (`layout.RECORD`), or of the columns
    before `writer` and `salts`, as migration 0003 reads them."""
    if len(row) != 12:
        row = (*row, *(None,) * (12 - len(row)))
    (seq, event_id, type_, schema, data, recorded_at, game_time, session, prev_hash, link,
     writer, salts) = row  # fmt: skip
    return Recorded(
        campaign,
        seq,
        event_id,
        type_,
        schema,
        None,
        instant(recorded_at),
        game_time,
        session,
        prev_hash,
        link,
        text=data,
        writer=writer,
        salts=salts,
    )
