"""The measured campaign: N realistic Horror Factor events as an importable JSON Lines log.

The events come from `bench_long_campaign.build` (sessions of fights, checks, rests and
notes, decided by the real rules with seeded dice), cut to N. Each line is what `journal
export` writes: seq, a stable event id, a recorded time, and the SHA-256 chain, so the
journal's import checks the file exactly as it checks an export.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from bench_long_campaign import build

from journal.store import Draft, seal

NAMESPACE = uuid.UUID("0b5c7e0e-9a1d-4f4e-8f1e-6a3d2c1b0a99")
START = datetime(2024, 1, 1, 20, 0, 0)
EVENTS_PER_SESSION = 33


def rows(events: int) -> list[dict[str, object]]:
    sessions = events // EVENTS_PER_SESSION + 2
    found = build(sessions)
    while len(found) < events:
        sessions *= 2
        found = build(sessions)
    return found[:events]


def write_log(path: Path, events: int) -> Path:
    """Write (once: the file is kept beside its size) the N-event log to `path`."""
    return _write(path, lambda: rows(events))


def write_sanity_log(path: Path, events: int) -> Path:
    """Write (once) the N-event d100 sanity log (`bench_sanity.build`, cut to N)."""
    from bench_sanity import build as sanity

    def made() -> list[dict[str, object]]:
        sessions = events // 36 + 2
        found = sanity(sessions)
        while len(found) < events:
            sessions *= 2
            found = sanity(sessions)
        return found[:events]

    return _write(path, made)


def write_sessions(path: Path, sessions: int) -> Path:
    """Write (once) the log of the campaign's first `sessions` sessions, whole."""
    return _write(path, lambda: build(sessions))


def _write(path: Path, made: Callable[[], list[dict[str, object]]]) -> Path:
    if path.exists():
        return path
    partial = path.with_name(path.name + f".{os.getpid()}.partial")
    prev_hash = ""
    with partial.open("w", encoding="utf-8") as out:
        for seq, row in enumerate(made(), start=1):
            draft = Draft(
                str(row["type"]),
                int(row["schema"]),  # type: ignore[call-overload]
                row["data"],  # type: ignore[arg-type]
                row["game_time"],  # type: ignore[arg-type]
                row["session"],  # type: ignore[arg-type]
                event_id=str(uuid.uuid5(NAMESPACE, str(seq))),
                recorded_at=START + timedelta(seconds=seq),
            )
            record = seal("long", seq, prev_hash, draft)
            prev_hash = record.hash
            out.write(json.dumps(record.export(), ensure_ascii=False) + "\n")
    partial.replace(path)
    return path


def head_lines(source: Path, target: Path, count: int) -> Path:
    """The first `count` lines of a log (a shorter campaign with the same events)."""
    if not target.exists():
        with source.open(encoding="utf-8") as lines, target.open("w", encoding="utf-8") as out:
            for number, line in enumerate(lines):
                if number == count:
                    break
                out.write(line)
    return target
