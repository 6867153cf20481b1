"""The anchors: the same work done raw, with nothing but the driver and the standard library.

Each figure of `run.py` is the journal's time divided by one of these, measured in the same
run on the same data. Run as a script, this module is a whole raw process:

    python benchmarks/anchors.py fold DB            read every payload, json.loads, dict.update
    python benchmarks/anchors.py verify DB          check the SHA-256 chain
    python benchmarks/anchors.py import DB LOG DDL  read the JSON Lines, one executemany
    python benchmarks/anchors.py note DB            read the head, insert a note, commit
    python benchmarks/anchors.py snapshot DB        read the newest snapshot, decode its state
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sqlite3
import sys
import uuid
from pathlib import Path
from typing import Any

PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON")
COLUMNS = (
    "campaign, seq, event_id, type, schema, data, recorded_at, game_time, session, prev_hash, "
    "hash, salts"
)
#: the statement's placeholders, one a column (SQLite's; PostgreSQL's `%s`)
MARKS = ",".join("?" * len(COLUMNS.split(",")))
PG_MARKS = ",".join(["%s"] * len(COLUMNS.split(",")))


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def note_row(seq: int) -> tuple[object, ...]:
    """The columns after (campaign, seq) of a note as the journal stores one: a random
    event id, a payload, the instant, two SHA-256 links and a random salt a field."""
    fields = {"text": f"Note {seq}: the lights go out.", "gm_only": False, "about": []}
    link = hashlib.sha256(str(seq).encode()).hexdigest()
    at = "2024-01-01 00:00:00.000000"
    salts = json.dumps({k: _b64url(os.urandom(16)) for k in fields}, sort_keys=True)
    return (str(uuid.uuid4()), "NoteTaken", 1, json.dumps(fields), at, None, None, link, link,
            salts)  # fmt: skip


def _committed(data: dict[str, Any], salts: dict[str, str]) -> dict[str, Any]:
    """What the hash covers of a salted payload (RFC 9901): each field's disclosure's
    digest, sorted, with the algorithm's name."""
    digests = []
    for key, value in data.items():
        array = [salts[key], key, value]
        text = json.dumps(array, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        disclosed = _b64url(text.encode())
        digests.append(_b64url(hashlib.sha256(disclosed.encode()).digest()))
    return {"_sd": sorted(digests), "_sd_alg": "sha-256"}


def sqlite_connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    for pragma in PRAGMAS:
        conn.execute(pragma)
    return conn


def raw_fold(path: str, campaign: str = "long") -> dict[str, Any]:
    state: dict[str, Any] = {}
    conn = sqlite_connect(path)
    for (data,) in conn.execute(
        "SELECT data FROM events WHERE campaign = ? ORDER BY seq", (campaign,)
    ):
        state.update(json.loads(data))
    conn.close()
    return state


def _instant(stored: str) -> str:
    """SQLAlchemy's SQLite DATETIME text as the chain hashes it (ISO, microseconds, Z)."""
    return stored.replace(" ", "T") + "Z"


def raw_verify(path: str, campaign: str = "long") -> int:
    conn = sqlite_connect(path)
    prev, bad = "", 0
    query = (
        "SELECT seq, event_id, type, schema, data, recorded_at, game_time, session, "
        "prev_hash, hash, salts FROM events WHERE campaign = ? ORDER BY seq"
    )
    for (
        seq,
        event_id,
        type_,
        schema,
        data,
        at,
        game_time,
        session,
        prev_hash,
        hash_,
        salts,
    ) in conn.execute(query, (campaign,)):
        payload = json.loads(data)
        if salts is not None:
            payload = _committed(payload, json.loads(salts))
        body = json.dumps(
            {
                "campaign": campaign,
                "seq": seq,
                "event_id": event_id,
                "type": type_,
                "schema": schema,
                "data": payload,
                "recorded_at": _instant(at),
                "game_time": game_time,
                "session": session,
            },
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )
        digest = hashlib.sha256((prev + body).encode()).hexdigest()
        bad += prev_hash != prev or digest != hash_
        prev = hash_
    conn.close()
    return bad


def raw_import(path: str, log: str, ddl: str) -> int:
    conn = sqlite_connect(path)
    for statement in json.loads(Path(ddl).read_text()):
        conn.execute(statement)
    rows = []
    with open(log, encoding="utf-8") as lines:
        for line in lines:
            e = json.loads(line)
            rows.append(
                (
                    "long",
                    e["seq"],
                    e["event_id"],
                    e["type"],
                    e["schema"],
                    json.dumps(e["data"]),
                    e["recorded_at"].replace("T", " ").rstrip("Z"),
                    e["game_time"],
                    e["session"],
                    e["prev_hash"],
                    e["hash"],
                    None if e.get("salts") is None else json.dumps(e["salts"]),
                )
            )
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(f"INSERT INTO events ({COLUMNS}) VALUES ({MARKS})", rows)
    conn.execute("COMMIT")
    conn.close()
    return len(rows)


def raw_note(path: str, campaign: str = "long") -> int:
    """What `journal note` must do at the least: open the file, read the campaign's head,
    insert the next event and commit."""
    conn = sqlite_connect(path)
    conn.execute("BEGIN IMMEDIATE")
    seq, _ = conn.execute(
        "SELECT seq, hash FROM events WHERE campaign = ? ORDER BY seq DESC LIMIT 1", (campaign,)
    ).fetchone()
    row = (campaign, seq + 1, *note_row(seq + 1))
    conn.execute(f"INSERT INTO events ({COLUMNS}) VALUES ({MARKS})", row)
    conn.execute("COMMIT")
    conn.close()
    return int(seq) + 1


def raw_snapshot(path: str, campaign: str = "long") -> int:
    """What a warm `journal status` must do at the least: read the newest snapshot row and
    decode its document and the state inside it."""
    conn = sqlite_connect(path)
    (document,) = conn.execute(
        "SELECT state FROM snapshots WHERE campaign = ? ORDER BY seq DESC LIMIT 1", (campaign,)
    ).fetchone()
    conn.close()
    state = json.loads(json.loads(document)["state"])
    return len(state)


# --- PostgreSQL (psycopg) ------------------------------------------------------------------


def pg_fold(dsn: str, campaign: str = "long") -> dict[str, Any]:
    import psycopg

    state: dict[str, Any] = {}
    with psycopg.connect(dsn) as conn, conn.cursor(name="replay") as cursor:
        cursor.itersize = 2000
        cursor.execute(
            "SELECT data::text FROM events WHERE campaign = %s ORDER BY seq", (campaign,)
        )
        for (data,) in cursor:
            state.update(json.loads(data))
    return state


if __name__ == "__main__":
    job, *arguments = sys.argv[1:]
    if job == "fold":
        raw_fold(*arguments)
    elif job == "verify":
        sys.exit(1 if raw_verify(*arguments) else 0)
    elif job == "import":
        raw_import(*arguments)
    elif job == "note":
        raw_note(*arguments)
    elif job == "snapshot":
        raw_snapshot(*arguments)
    else:
        sys.exit(f"unknown anchor {job}")
