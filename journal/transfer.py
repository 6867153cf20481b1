"""Export a campaign as JSON Lines, and import one: all or nothing, idempotent by event_id.

An exported line holds seq, event_id, type, schema, data, recorded_at, game_time, session,
prev_hash and hash. A hand-written log may leave out everything but type and data: the
missing seqs follow the line order, event ids are derived from the content (so importing
the same file twice adds nothing), and the hash chain is computed. When hashes are present
they are verified, and a file whose chain is broken is refused.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import IO, Any

from journal.errors import JournalError
from journal.events import (
    GENESIS_HASH,
    Recorded,
    canonical_json,
    from_data,
    rehash,
)
from journal.projection import fold
from journal.rules import load_all
from journal.rules.core import CampaignCreated
from journal.store import Draft, Store, seal, utc_now

ID_NAMESPACE = uuid.UUID("6f1d2a43-5b7e-4c39-9a55-1f0e2d7c8b90")
FIELDS = {
    "seq",
    "event_id",
    "type",
    "schema",
    "data",
    "recorded_at",
    "game_time",
    "session",
    "prev_hash",
    "hash",
    "voided",
}


class ImportRefused(JournalError):
    pass


def export_lines(records: Iterable[Recorded]) -> Iterator[str]:
    for record in records:
        yield json.dumps(record.export(), ensure_ascii=False, sort_keys=False)


@dataclass(frozen=True)
class ImportResult:
    campaign: str
    read: int
    added: int


def _parse_instant(value: Any, where: str) -> datetime:
    if value is None:
        return utc_now()
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        raise ImportRefused(f"{where}: recorded_at {value!r} is not an ISO date-time") from None
    if moment.tzinfo is not None:
        from datetime import UTC

        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def parse_lines(lines: Iterable[str], campaign: str | None) -> tuple[str, list[Recorded]]:
    """Validate every line and seal the chain; refuses the first bad line with its number."""
    load_all()
    records: list[Recorded] = []
    slug = campaign
    prev_hash = GENESIS_HASH
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ImportRefused(f"{where} is not JSON ({exc.msg}); nothing was imported") from None
        if not isinstance(raw, dict):
            raise ImportRefused(f"{where} is not a JSON object; nothing was imported")
        stray = sorted(set(raw) - FIELDS)
        if stray:
            raise ImportRefused(
                f"{where} has unknown field(s) {', '.join(stray)}; nothing was imported"
            )
        if "type" not in raw or "data" not in raw:
            raise ImportRefused(f'{where} needs at least "type" and "data"; nothing was imported')
        type_name, data = raw["type"], raw["data"]
        schema = raw.get("schema", 1)
        try:
            payload = from_data(str(type_name), int(schema), data if isinstance(data, dict) else {})
        except (ValueError, TypeError) as exc:
            raise ImportRefused(f"{where}: {exc}; nothing was imported") from None
        if not isinstance(data, dict):
            raise ImportRefused(f"{where}: data must be an object; nothing was imported")
        expected_seq = len(records) + 1
        seq = raw.get("seq", expected_seq)
        if seq != expected_seq:
            raise ImportRefused(
                f"{where} is event {seq}, expected {expected_seq}: events must run 1, 2, 3 ... "
                "without gaps; nothing was imported"
            )
        if seq == 1:
            if not isinstance(payload, CampaignCreated):
                raise ImportRefused(
                    f"{where}: a log starts with CampaignCreated; nothing was imported"
                )
            slug = slug or payload.slug
        elif isinstance(payload, CampaignCreated):
            raise ImportRefused(f"{where}: a second CampaignCreated; import one campaign per file")
        game_time = raw.get("game_time")
        session = raw.get("session")
        event_id = raw.get("event_id") or str(
            uuid.uuid5(ID_NAMESPACE, canonical_json([seq, type_name, data, game_time, session]))
        )
        draft = Draft(
            str(type_name),
            int(schema),
            data,
            game_time,
            session,
            event_id=str(event_id),
            recorded_at=_parse_instant(raw.get("recorded_at"), where),
        )
        record = seal(slug or "", int(seq), prev_hash, draft)
        if "prev_hash" in raw and raw["prev_hash"] != prev_hash:
            raise ImportRefused(
                f"{where}: prev_hash does not link to event {seq - 1}; the file was altered "
                "or lines are missing; nothing was imported"
            )
        if "hash" in raw and raw["hash"] != rehash(record):
            raise ImportRefused(
                f"{where}: its hash does not match its content (event {seq} was altered); "
                "nothing was imported"
            )
        records.append(record)
        prev_hash = record.hash
    if not records:
        raise ImportRefused("the file holds no events; nothing was imported")
    return slug or "", records


def import_file(store: Store, stream: IO[str], campaign: str | None = None) -> ImportResult:
    slug, records = parse_lines(stream, campaign)
    fold(records, frozenset(r.data["seq"] for r in records if r.type == "EventVoided"))
    store.ensure_schema()
    head_seq, _ = store.head(slug)
    if head_seq:
        existing = store.get(slug, 1)
        if existing is not None and existing.event_id != records[0].event_id:
            raise ImportRefused(
                f"campaign {slug!r} already exists with another history; import under "
                "another name with --campaign NEW-SLUG"
            )
        ours = store.get(slug, min(head_seq, len(records)))
        theirs = records[min(head_seq, len(records)) - 1]
        if ours is not None and ours.event_id != theirs.event_id:
            raise ImportRefused(
                f"campaign {slug!r} has diverged from this file at or before event "
                f"{min(head_seq, len(records))}; import under another name with --campaign"
            )
    added = store.import_records(slug, records[head_seq:])
    return ImportResult(slug, len(records), added)
