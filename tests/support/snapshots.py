"""Reaching into the snapshots table as someone with the database file (or a PostgreSQL
role) would: read a snapshot's document, write any text in its place, add rows."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, create_engine, text

from journal.store import snapshots
from support import WORKED_EXAMPLE


@contextmanager
def connected(db: str) -> Iterator[Connection]:
    engine = create_engine(db)
    try:
        with engine.begin() as conn:
            yield conn
    finally:
        engine.dispose()


def rows(db: str) -> list[tuple[str, int, str]]:
    """(campaign, seq, rules version) of every snapshot."""
    with connected(db) as conn:
        found = conn.execute(
            text("SELECT campaign, seq, rules_version FROM snapshots ORDER BY campaign, seq")
        )
        return [(str(c), int(s), str(v)) for c, s, v in found]


def document(db: str, seq: int) -> dict[str, Any]:
    with connected(db) as conn:
        stored = conn.execute(
            text("SELECT CAST(state AS TEXT) FROM snapshots WHERE seq = :seq"), {"seq": seq}
        ).scalar_one()
    found: dict[str, Any] = json.loads(stored)
    return found


def put(db: str, seq: int, stored: str, *, key: dict[str, object] | None = None) -> None:
    """Write `stored` as the state column of the snapshot at `seq` (and change its key
    columns to `key`)."""
    sets = ", ".join(f"{column} = :new_{column}" for column in key or {})
    value = "CAST(:stored AS JSONB)" if db.startswith("postgresql") else ":stored"
    params = {"stored": stored, "seq": seq, **{f"new_{k}": v for k, v in (key or {}).items()}}
    with connected(db) as conn:
        conn.execute(
            text(
                f"UPDATE snapshots SET state = {value}{', ' if sets else ''}{sets} WHERE seq = :seq"
            ),
            params,
        )


def add(db: str, campaign: str, seq: int, rules_version: str, stored: str) -> None:
    value = "CAST(:stored AS JSONB)" if db.startswith("postgresql") else ":stored"
    with connected(db) as conn:
        conn.execute(
            text(
                "INSERT INTO snapshots (campaign, seq, rules_version, state, created_at) "
                f"VALUES (:campaign, :seq, :version, {value}, CURRENT_TIMESTAMP)"
            ),
            {"campaign": campaign, "seq": seq, "version": rules_version, "stored": stored},
        )


def forge(db: str, seq: int, edit: Callable[[dict[str, Any]], None], *, digest: bool) -> None:
    """Edit the state of the snapshot at `seq` (a JSON object given to `edit`); with
    `digest`, recompute its digest as someone who read the journal's code would."""
    found = document(db, seq)
    state = json.loads(found["state"])
    edit(state)
    found["state"] = json.dumps(state)
    if digest:
        found["digest"] = snapshots.SEAL.digest(found, found["state"])
    put(db, seq, json.dumps(found))


def redigested(found: dict[str, Any], state: str) -> str:
    """The document `found` holding the state text `state`, its digest recomputed."""
    digest = snapshots.SEAL.digest(found, state)
    return json.dumps({**found, "state": state, "digest": digest})


def character(state: dict[str, Any], name: str) -> dict[str, Any]:
    """A Horror Factor character's fields in a snapshot's state."""
    for key, value in state["rules"]["characters"]["__m__"]:
        if key == name:
            found: dict[str, Any] = value
            return found
    raise KeyError(name)


def long_log(path: Path, notes: int) -> Path:
    """The shipped Jackson Zombies log as a hand-written log (no event ids, no hashes:
    it imports beside the shipped one), then `notes` notes (a long campaign keeps
    snapshots)."""
    lines = [json.loads(line) for line in WORKED_EXAMPLE.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        for written in ("event_id", "hash", "prev_hash"):
            line.pop(written, None)
    for number in range(notes):
        note = {"text": f"note {number}", "gm_only": False, "about": []}
        lines.append({"type": "NoteTaken", "data": note, "session": None})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path
