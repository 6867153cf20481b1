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
from typing import Any

from journal.errors import JournalError, RuleError
from journal.events import (
    GENESIS_HASH,
    Event,
    Recorded,
    canonical_json,
    check_plain,
    from_data,
    rehash,
)
from journal.projection import Corrections, fold
from journal.rules import clock, load, load_all
from journal.rules.core import SLUG, CampaignCreated, CharacterAdded, EventVoided
from journal.rules.ruleset import Ruleset
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


def _envelope(raw: dict[str, Any], expected_seq: int, where: str) -> dict[str, Any]:
    """The line's envelope fields, checked: what the hash covers must read back the same."""
    seq = raw.get("seq", expected_seq)
    schema = raw.get("schema", 1)
    for name, value in (("seq", seq), ("schema", schema)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ImportRefused(f"{where}: {name} must be a whole number from 1, not {value!r}")
    if seq != expected_seq:
        raise ImportRefused(
            f"{where} is event {seq}, expected {expected_seq}: events must run 1, 2, 3 ... "
            "without gaps"
        )
    game_time = raw.get("game_time")
    if game_time is not None:
        if not isinstance(game_time, str):
            raise ImportRefused(f"{where}: game_time must be text like 1925-10-31T22:00")
        try:
            canonical = clock.parse_game_time(game_time)
        except RuleError as exc:
            raise ImportRefused(f"{where}: {exc}") from None
        # (an older journal wrote a year before 1000 with three digits: that reads back too)
        if canonical != game_time and canonical.lstrip("0") != game_time:
            raise ImportRefused(f"{where}: write game_time as {canonical}, not {game_time!r}")
    session = raw.get("session")
    if session is not None and (
        not isinstance(session, int) or isinstance(session, bool) or session < 1
    ):
        raise ImportRefused(f"{where}: session must be a whole number from 1, not {session!r}")
    event_id = raw.get("event_id")
    if event_id is not None:
        try:
            event_id = str(uuid.UUID(str(event_id)))
        except ValueError:
            raise ImportRefused(f"{where}: event_id {event_id!r} is not a UUID") from None
        if event_id != raw["event_id"]:
            raise ImportRefused(f"{where}: write event_id as {event_id}")
    return {
        "seq": seq,
        "schema": schema,
        "game_time": game_time,
        "session": session,
        "event_id": event_id,
    }


def _meaningful(
    payload: Event, records: list[Recorded], ruleset: Ruleset | None, where: str
) -> None:
    """What the deciders would never have written: a void of nothing, a sheet out of range."""
    try:
        match payload:
            case CampaignCreated(ruleset=name, options=options):
                rules = load(name)
                for key, value in options.items():
                    if rules.parse_option(key, str(value)) != value:
                        raise RuleError(f"option {key} cannot be {value!r}")
            case CharacterAdded(sheet=sheet) if ruleset is not None:
                ruleset.build_sheet(sheet)
            case EventVoided(seq=target):
                if not 1 <= target <= len(records):
                    raise RuleError(f"it voids event {target}, which comes after it")
                voided_type = records[target - 1].type
                if voided_type in ("CampaignCreated", "CharacterAdded", "EventVoided"):
                    raise RuleError(f"event {target} is {voided_type}, which cannot be voided")
    except (RuleError, ValueError) as exc:
        raise ImportRefused(f"{where}: {exc}") from None


def parse_lines(lines: Iterable[str], campaign: str | None) -> tuple[str, list[Recorded], bool]:
    """Validate every line and seal the chain; refuses the first bad line with its number.
    Returns the slug, the sealed records, and whether the file carried its own hashes."""
    load_all()
    records: list[Recorded] = []
    slug = campaign
    prev_hash = GENESIS_HASH
    hashed = False
    ruleset: Ruleset | None = None
    number = 0
    try:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            record, carried = _parse_line(line, f"line {number}", records, slug, prev_hash, ruleset)
            if record.seq == 1:
                slug = slug or str(record.data["slug"])
                ruleset = load(str(record.data["ruleset"]))
            hashed = hashed or carried
            records.append(record)
            prev_hash = record.hash
    except UnicodeDecodeError:
        raise ImportRefused(f"line {number + 1} is not UTF-8 text; nothing was imported") from None
    except ImportRefused as exc:
        raise ImportRefused(f"{exc}; nothing was imported") from None
    if not records:
        raise ImportRefused("the file holds no events; nothing was imported")
    return slug or "", records, hashed


def _parse_line(
    line: str,
    where: str,
    records: list[Recorded],
    slug: str | None,
    prev_hash: str,
    ruleset: Ruleset | None,
) -> tuple[Recorded, bool]:
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ImportRefused(f"{where} is not JSON ({exc.msg})") from None
    if not isinstance(raw, dict):
        raise ImportRefused(f"{where} is not a JSON object")
    stray = sorted(set(raw) - FIELDS)
    if stray:
        raise ImportRefused(f"{where} has unknown field(s) {', '.join(stray)}")
    if "type" not in raw or "data" not in raw:
        raise ImportRefused(f'{where} needs at least "type" and "data"')
    type_name, data = raw["type"], raw["data"]
    if not isinstance(type_name, str) or not isinstance(data, dict):
        raise ImportRefused(f"{where}: type must be text and data an object")
    envelope = _envelope(raw, len(records) + 1, where)
    try:
        check_plain(data)
        payload = from_data(type_name, envelope["schema"], data)
    except (ValueError, TypeError) as exc:
        raise ImportRefused(f"{where}: {exc}") from None
    if (envelope["seq"] == 1) != isinstance(payload, CampaignCreated):
        raise ImportRefused(
            f"{where}: a log starts with CampaignCreated, once; import one campaign per file"
        )
    _meaningful(payload, records, ruleset, where)
    event_id = envelope["event_id"] or str(
        uuid.uuid5(
            ID_NAMESPACE,
            canonical_json(
                [envelope["seq"], type_name, data, envelope["game_time"], envelope["session"]]
            ),
        )
    )
    draft = Draft(
        type_name,
        envelope["schema"],
        data,
        envelope["game_time"],
        envelope["session"],
        event_id=event_id,
        recorded_at=_parse_instant(raw.get("recorded_at"), where),
    )
    record = seal(slug or "", envelope["seq"], prev_hash, draft)
    if "prev_hash" in raw and raw["prev_hash"] != prev_hash:
        raise ImportRefused(
            f"{where}: prev_hash does not link to event {envelope['seq'] - 1}; "
            "the file was altered or lines are missing"
        )
    if "hash" in raw and raw["hash"] != rehash(record):
        raise ImportRefused(
            f"{where}: its hash does not match its content (event {envelope['seq']} was altered)"
        )
    return record, "hash" in raw


def import_file(store: Store, stream: Iterable[str], campaign: str | None = None) -> ImportResult:
    if campaign is not None and not SLUG.match(campaign):
        raise ImportRefused(
            f"{campaign!r} is not a campaign slug: use lowercase letters, digits and dashes"
        )
    slug, records, hashed = parse_lines(stream, campaign)
    # the whole log folds (a hand-written log is checked to the end), its corrections too
    fold(records, Corrections.of((r.seq, r.type, r.data) for r in records))
    store.ensure_schema()
    added = store.import_records(slug, records, hashed)
    return ImportResult(slug, len(records), added)
