"""The store's statements, built once per dialect: SQLAlchemy then finds each compiled form
in its cache by identity instead of building and keying a new statement per call (most of
the cost of a one-row query).

Records are read with the payload as its JSON text (the record decodes it once, not
SQLAlchemy) and, on SQLite, the instant as text (`datetime.fromisoformat`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import (
    Delete,
    Insert,
    Select,
    String,
    Text,
    and_,
    bindparam,
    cast,
    column,
    func,
    select,
    table,
    type_coerce,
)

from journal.events.registry import CORRECTION_TYPES
from journal.store.layout import NO_BOUND
from journal.store.schema import events, snapshots

__all__ = ["NO_BOUND", "Queries", "queries"]


@dataclass(frozen=True)
class Queries:
    columns: tuple[Any, ...]
    head: Select[Any]
    read: Select[Any]
    #: what a fold reads of each event: seq, type, schema, data, recorded_at, game_time,
    #: session (none of the chain's columns)
    read_for_fold: Select[Any]
    #: what the text of `journal log` reads: seq, type, schema, data, session, writer
    read_for_log: Select[Any]
    get: Select[Any]
    firsts: Select[Any]
    corrections: Select[Any]
    read_backwards: Select[Any]
    latest_snapshot: Select[Any]
    #: every snapshot of a campaign, and of every campaign (`verify`, `db snapshots`)
    snapshot_rows: Select[Any]
    all_snapshot_rows: Select[Any]
    hash_at: Select[Any]
    any_event: Select[Any]
    insert_event: Insert
    insert_snapshot: Insert
    #: what goes when a snapshot is kept at `seq`: the one there, those ahead of `head`
    #: (not the journal's) and those of other rules code (never read again)
    make_room: Delete
    #: the import's many-row INSERT, given straight to the driver's executemany (no
    #: per-row bind processing): (campaign, seq, event_id, type, schema, data as JSON
    #: text, recorded_at, game_time, session, prev_hash, hash, writer, salts)
    insert_many: str
    count: Select[Any]
    last_of_session: Select[Any]
    revision: Select[Any]
    delete_snapshot: Delete
    drop_snapshots: Delete
    drop_campaign_snapshots: Delete


@cache
def queries(dialect: str) -> Queries:
    c = events.c
    columns = _columns(dialect)
    campaign: Any = bindparam("campaign")
    return Queries(
        columns=columns,
        head=select(c.seq, c.hash).where(c.campaign == campaign).order_by(c.seq.desc()).limit(1),
        read=select(*columns)
        .where(c.campaign == campaign, c.seq > bindparam("after"), c.seq <= bindparam("upto"))
        .order_by(c.seq),
        read_for_fold=select(columns[0], *columns[2:8])  # seq, type ... session
        .where(c.campaign == campaign, c.seq > bindparam("after"), c.seq <= bindparam("upto"))
        .order_by(c.seq),
        read_for_log=select(*(columns[i] for i in (0, 2, 3, 4, 7, 10)))
        .where(c.campaign == campaign, c.seq > bindparam("after"), c.seq <= bindparam("upto"))
        .order_by(c.seq),
        get=select(*columns).where(c.campaign == campaign, c.seq == bindparam("seq")),
        firsts=select(c.campaign, *columns)
        .where(c.type == "CampaignCreated", c.seq == 1)
        .order_by(c.position),
        # by (type, campaign): a bound on seq here would walk the campaign's (campaign, seq)
        corrections=select(c.seq, c.type, _text(dialect, c.data)).where(
            c.type.in_(CORRECTION_TYPES), c.campaign == campaign
        ),
        read_backwards=select(*columns)
        .where(c.campaign == campaign, c.seq <= bindparam("upto"))
        .order_by(c.seq.desc()),
        latest_snapshot=_snapshot_rows(dialect)
        .where(
            snapshots.c.campaign == campaign,
            snapshots.c.rules_version == bindparam("rules_version"),
            snapshots.c.seq <= bindparam("upto"),
        )
        .order_by(snapshots.c.seq.desc())
        .limit(1),
        snapshot_rows=_snapshot_rows(dialect)
        .where(snapshots.c.campaign == campaign)
        .order_by(snapshots.c.seq, snapshots.c.rules_version),
        all_snapshot_rows=_snapshot_rows(dialect).order_by(
            snapshots.c.campaign, snapshots.c.seq, snapshots.c.rules_version
        ),
        hash_at=select(c.hash).where(c.campaign == campaign, c.seq == bindparam("seq")),
        any_event=select(c.seq).limit(1),
        insert_event=_insert(dialect),
        insert_snapshot=snapshots.insert().values(state=_json(dialect, "state_json")),
        make_room=snapshots.delete().where(
            snapshots.c.campaign == campaign,
            (snapshots.c.seq > bindparam("head"))
            | (snapshots.c.seq == bindparam("seq"))
            | (snapshots.c.rules_version != bindparam("rules_version")),
        ),
        insert_many=_insert_many(dialect),
        count=select(func.count()).select_from(events).where(c.campaign == campaign),
        last_of_session=select(func.max(c.seq)).where(
            c.campaign == campaign, c.session == bindparam("session")
        ),
        revision=select(column("version_num")).select_from(table("alembic_version")),
        delete_snapshot=snapshots.delete().where(
            snapshots.c.campaign == campaign,
            snapshots.c.seq == bindparam("seq"),
            snapshots.c.rules_version == bindparam("rules_version"),
        ),
        drop_snapshots=snapshots.delete(),
        drop_campaign_snapshots=snapshots.delete().where(snapshots.c.campaign == campaign),
    )


_IMPORTED = "campaign, seq, event_id, type, schema, data, recorded_at, game_time, session, "
_IMPORTED += "prev_hash, hash, writer, salts"


def _insert_many(dialect: str) -> str:
    if dialect == "sqlite":
        values = ", ".join("?" * 13)
    else:
        values = "%s, %s, %s, %s, %s, CAST(%s AS JSONB), %s, %s, %s, %s, %s, %s, %s"
    return f"INSERT INTO events ({_IMPORTED}) VALUES ({values})"


def _snapshot_rows(dialect: str) -> Select[Any]:
    """Snapshots with the hash of the event each claims to fold up to (null: no such
    event), the document as its JSON text: the snapshot's checks decode it themselves."""
    s = snapshots.c
    joined = snapshots.outerjoin(
        events, and_(events.c.campaign == s.campaign, events.c.seq == s.seq)
    )
    return select(
        s.campaign, s.seq, s.rules_version, _text(dialect, s.state), events.c.hash
    ).select_from(joined)


def _text(dialect: str, column: Any) -> Any:
    return type_coerce(column, Text) if dialect == "sqlite" else cast(column, Text)


def _columns(dialect: str) -> tuple[Any, ...]:
    c = events.c
    recorded_at = type_coerce(c.recorded_at, String) if dialect == "sqlite" else c.recorded_at
    return (
        c.seq,
        c.event_id,
        c.type,
        c.schema,
        _text(dialect, c.data),
        recorded_at,
        c.game_time,
        c.session,
        c.prev_hash,
        c.hash,
        c.writer,  # the columns before it are those of schemas 0001 to 0003
        c.salts,  # schema 0006
    )


def _json(dialect: str, name: str) -> Any:
    """A parameter that gives a JSON column its text as it is (JSONB on PostgreSQL)."""
    data: Any = bindparam(name, type_=Text)
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import JSONB

        data = cast(data, JSONB)
    return data


def _insert(dialect: str) -> Insert:
    """INSERT of a sealed record, its payload given as the JSON text `seal` made."""
    return events.insert().values(data=_json(dialect, "data_json"))
