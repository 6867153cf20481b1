"""What an attacker with the database file (or the server's owner role) can do behind the
journal's back: raw SQL, the append-only triggers dropped first when the change needs it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, create_engine, text

from journal.events.chain import chain_hash
from journal.store.health import PG_FUNCTION, PG_TRIGGERS, SQLITE_TRIGGERS
from support import WORKED_EXAMPLE

SLUG = "jackson-zombies"


def url_of(db: str) -> str:
    return db if "://" in db else f"sqlite:///{db}"


@contextmanager
def raw(db: str) -> Iterator[Connection]:
    """A transaction on the database, as any SQL client would open one."""
    engine = create_engine(url_of(db))
    try:
        with engine.begin() as conn:
            yield conn
    finally:
        engine.dispose()


def drop_triggers(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        for name in PG_TRIGGERS:
            conn.execute(text(f"DROP TRIGGER {name} ON events"))
    else:
        for name in SQLITE_TRIGGERS:
            conn.execute(text(f"DROP TRIGGER {name}"))


def restore_triggers(conn: Connection) -> None:
    """Put the journal's own triggers back, as a careful attacker would to hide."""
    if conn.dialect.name == "postgresql":
        conn.execute(
            text(
                "CREATE OR REPLACE FUNCTION events_immutable() RETURNS trigger "
                f"LANGUAGE plpgsql AS $$ {PG_FUNCTION} $$"
            )
        )
        statements = PG_TRIGGERS.values()
    else:
        statements = SQLITE_TRIGGERS.values()
    for sql in statements:
        conn.execute(text(sql))


@contextmanager
def behind_the_journal(db: str) -> Iterator[Connection]:
    """Triggers dropped, the change made, the triggers put back: one transaction."""
    with raw(db) as conn:
        drop_triggers(conn)
        yield conn
        restore_triggers(conn)


def rows(conn: Connection, campaign: str = SLUG) -> list[Any]:
    return list(
        conn.execute(
            text(
                "SELECT seq, event_id, type, schema, data, recorded_at, game_time, session, "
                "prev_hash, hash, writer FROM events WHERE campaign = :c ORDER BY seq"
            ),
            {"c": campaign},
        )
    )


def rehash_from(conn: Connection, seq: int, campaign: str = SLUG) -> None:
    """Hash the campaign's chain again from event `seq` on, as the journal would: a forger
    who knows the algorithm (it is no secret) makes a chain that checks."""
    from datetime import datetime

    previous = ""
    for row in rows(conn, campaign):
        if row.seq >= seq:
            data = row.data if isinstance(row.data, dict) else json.loads(row.data)
            moment = row.recorded_at
            if isinstance(moment, str):
                moment = datetime.fromisoformat(moment)
            link = chain_hash(
                previous,
                campaign=campaign,
                seq=row.seq,
                event_id=row.event_id,
                type=row.type,
                schema=row.schema,
                data=data,
                recorded_at=moment,
                game_time=row.game_time,
                session=row.session,
                writer=row.writer,
            )
            conn.execute(
                text(
                    "UPDATE events SET prev_hash = :p, hash = :h WHERE campaign = :c AND seq = :s"
                ),
                {"p": previous, "h": link, "c": campaign, "s": row.seq},
            )
            previous = link
        else:
            previous = row.hash


def set_data(conn: Connection, seq: int, data: dict[str, Any], campaign: str = SLUG) -> None:
    cast = "CAST(:d AS JSONB)" if conn.dialect.name == "postgresql" else ":d"
    conn.execute(
        text(f"UPDATE events SET data = {cast} WHERE campaign = :c AND seq = :s"),
        {"d": json.dumps(data), "c": campaign, "s": seq},
    )


def data_of(conn: Connection, seq: int, campaign: str = SLUG) -> dict[str, Any]:
    value = conn.execute(
        text("SELECT data FROM events WHERE campaign = :c AND seq = :s"), {"c": campaign, "s": seq}
    ).scalar_one()
    return value if isinstance(value, dict) else json.loads(value)


def export_rows(path: Path = WORKED_EXAMPLE) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write_rows(path: Path, lines: list[dict[str, Any]]) -> str:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return str(path)
