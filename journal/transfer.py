"""Export a campaign as JSON Lines, and import one: all or nothing, idempotent by event_id.

An exported line holds campaign, seq, event_id, type, schema, data, recorded_at, game_time,
session, prev_hash and hash. A hand-written log may leave out everything but type and data:
the missing seqs follow the line order, event ids are derived from the content (so
importing the same file twice adds nothing), and the hash chain is computed. A file that
carries hashes carries them on every line, and they are verified: a file whose chain is
broken, or a line without hashes after lines with them, is refused. The hashes are kept
when the campaign keeps its name; imported under another name, its events are sealed
anew under that name. An older journal's export (hashed without the campaign's slug) is
sealed at its end (`journal.store.sealing`).
"""

from __future__ import annotations

import itertools
import json
import re
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

import msgspec

from journal.cache import encoded
from journal.errors import JournalError, RuleError
from journal.events import (
    CORRECTION_TYPES,
    GENESIS_HASH,
    Event,
    Recorded,
    canonical_json,
    check_plain,
    from_data,
)
from journal.projection import apply
from journal.rules import clock, load, load_all
from journal.rules.core import (
    SLUG,
    UNVOIDABLE,
    CampaignCreated,
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    EventVoided,
    Meta,
    audience_named,
)
from journal.rules.ruleset import Ruleset
from journal.store import Draft, Store, seal, utc_now
from journal.store.layout import NO_BOUND

#: a UUID as the journal writes one (lowercase, hyphens), checked without parsing it
UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
#: lines checked, sealed and written at a time (memory stays flat whatever the log's length)
BATCH = 2000
ID_NAMESPACE = uuid.UUID("6f1d2a43-5b7e-4c39-9a55-1f0e2d7c8b90")
FIELDS = {
    "campaign",
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
    #: the seq of the `ChainSealed` appended after an older journal's export, if any
    sealed: int | None = None
    #: imported under another name: the first event whose hash changed with the name
    rehashed_from: int | None = None
    #: the campaign the file's hashes were made for
    source: str = ""


def _parse_instant(value: Any, where: str) -> datetime:
    if value is None:
        return utc_now()
    if type(value) is str and value.endswith("Z") and "+" not in value:
        try:
            moment = datetime.fromisoformat(value[:-1])  # what an export writes: UTC
        except ValueError:
            pass
        else:
            if moment.tzinfo is None:
                return moment
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        raise ImportRefused(f"{where}: recorded_at {value!r} is not an ISO date-time") from None
    if moment.tzinfo is not None:
        from datetime import UTC

        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def _counted(value: object) -> bool:
    """A seq, schema or session number: a whole number from 1 that the database's integer
    columns hold."""
    return type(value) is int and 1 <= value <= NO_BOUND


def _envelope(raw: dict[str, Any], expected_seq: int, where: str) -> dict[str, Any]:
    """The line's envelope fields, checked: what the hash covers must read back the same."""
    seq = raw.get("seq", expected_seq)
    schema = raw.get("schema", 1)
    for name, value in (("seq", seq), ("schema", schema)):
        if not _counted(value):
            raise ImportRefused(
                f"{where}: {name} must be a whole number from 1 to {NO_BOUND}, not {value!r}"
            )
    if seq != expected_seq:
        raise ImportRefused(
            f"{where} is event {seq}, expected {expected_seq}: events must run 1, 2, 3 ... "
            "without gaps"
        )
    game_time = raw.get("game_time")
    if game_time is not None:
        if not isinstance(game_time, str):
            raise ImportRefused(f"{where}: game_time must be text like 1925-10-31T22:00")
        canonical = _game_time(game_time)
        if canonical is None:
            try:
                clock.parse_game_time(game_time)
            except RuleError as exc:
                raise ImportRefused(f"{where}: {exc}") from None
        # (an older journal wrote a year before 1000 with three digits: that reads back too)
        if canonical != game_time and (canonical or "").lstrip("0") != game_time:
            raise ImportRefused(f"{where}: write game_time as {canonical}, not {game_time!r}")
    session = raw.get("session")
    if session is not None and not _counted(session):
        raise ImportRefused(
            f"{where}: session must be a whole number from 1 to {NO_BOUND}, not {session!r}"
        )
    event_id = raw.get("event_id")
    if event_id is not None and not (type(event_id) is str and UUID_TEXT.fullmatch(event_id)):
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


def _meaningful(payload: Event, log: _Log, ruleset: Ruleset | None, where: str) -> None:
    """What the deciders would never have written: a void of nothing, a sheet out of range."""
    try:
        match payload:
            case CampaignCreated(ruleset=name, options=options):
                rules = load(name)
                for key, value in options.items():
                    if rules.parse_option(key, str(value)) != value:
                        raise RuleError(f"option {key} cannot be {value!r}")
            case CharacterAdded(name=name, sheet=sheet) if ruleset is not None:
                _named(name)
                ruleset.build_sheet(sheet)
            case CharacterRenamed(new=name):
                _named(name)
            case EventVoided(seq=target):
                if not 1 <= target <= log.count:
                    raise RuleError(f"it voids event {target}, which comes after it")
                voided_type = log.unvoidable.get(target)
                if voided_type is not None:
                    raise RuleError(f"event {target} is {voided_type}, which cannot be voided")
    except (RuleError, ValueError) as exc:
        raise ImportRefused(f"{where}: {exc}") from None


def _named(name: str) -> None:
    """A character is never named after a handout's audience, as the deciders refuse."""
    audience = audience_named(name)
    if audience is not None:
        raise RuleError(
            f"{name!r} cannot name a character (`recap --for {audience}` is another "
            "handout): change it in the file, or rename them in the journal it came from "
            "(`journal character rename`) and export again"
        )


class _Log:
    """What the reading of a log keeps from line to line: never the lines themselves, so a
    log of any length is read in the same memory."""

    def __init__(self, campaign: str | None) -> None:
        #: the campaign the log goes into (`--campaign`, else the file's own)
        self.slug = campaign
        #: the campaign the file's hashes were made for (its lines' `campaign`, else the
        #: slug its CampaignCreated names)
        self.source = ""
        self.count = 0
        self.prev_hash = GENESIS_HASH  # the last line's hash, as the file has it
        self.written_hash = GENESIS_HASH  # the last record's hash, as it will be written
        self.hashed: bool | None = None  # whether the file carries hashes (line 1 says)
        #: the file's chain is still in its leading run hashed without the campaign's slug
        #: (an older journal's), and whether the last line was
        self.legacy_allowed = True
        self.legacy = False
        self.rehashed_from: int | None = None
        self.ruleset: Ruleset | None = None
        self.unvoidable: dict[int, str] = {}  # seq -> type, of the events a void cannot void
        self.corrected = False  # a void or an amended ruling: the fold as it came is not final
        #: the fold so far: each event is folded as it comes (a void cannot take back what
        #: was folded before it), so every event goes through the rules before it is written
        self.state = CampaignState()

    def take(self, record: Recorded, payload: Event) -> None:
        self.count = record.seq
        self.written_hash = record.hash
        if record.type in UNVOIDABLE:
            self.unvoidable[record.seq] = record.type
        if record.type in CORRECTION_TYPES:
            self.corrected = True
        if record.seq == 1:
            self.ruleset = load(str(record.data["ruleset"]))
        meta = Meta(record.seq, record.game_time, record.session, record.recorded_at)
        self.state = apply(self.state, payload, meta, self.ruleset)


def parse_lines(
    lines: Iterable[str], campaign: str | None, log: _Log | None = None
) -> Iterator[tuple[str, list[Recorded], bool]]:
    """Validate every line, seal its chain and fold it, a batch of records at a time:
    (slug, records, whether the file carries its own hashes). Refuses the first bad line
    with its number. `log` keeps what was read (the fold included)."""
    load_all()
    log = log or _Log(campaign)
    records: list[Recorded] = []
    number = 0
    try:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            record, payload = _parse_line(line, f"line {number}", log)
            log.take(record, payload)
            if log.state.clock is not None and _game_time(log.state.clock) is None:
                raise ImportRefused(
                    f"line {number}: the campaign clock would read {log.state.clock!r}, not a "
                    "game time of the years 1 to 9999 (write it as 1925-10-31T22:00)"
                )
            records.append(record)
            if len(records) == BATCH:
                yield log.slug or "", records, bool(log.hashed)
                records = []
    except UnicodeDecodeError:
        raise ImportRefused(f"line {number + 1} is not UTF-8 text; nothing was imported") from None
    except ImportRefused as exc:
        raise ImportRefused(f"{exc}; nothing was imported") from None
    if not log.count:
        raise ImportRefused("the file holds no events; nothing was imported")
    if records:
        yield log.slug or "", records, bool(log.hashed)


def _no_float(text: str) -> object:
    raise ValueError("a float")


#: reads a line, refusing any float: what it reads needs no `check_plain` walk when the
#: line has no escape (no NUL, no lone surrogate can hide in it)
_PLAIN_LINE = msgspec.json.Decoder(float_hook=_no_float)


def _decode_line(line: str, where: str) -> tuple[Any, bool]:
    """The line's object, and whether it is known to hold only what `check_plain` allows."""
    try:
        return _PLAIN_LINE.decode(line), "\\u" not in line
    except (msgspec.DecodeError, msgspec.ValidationError):
        pass  # the standard library says what is wrong, or reads what msgspec would not
    try:
        return json.loads(line), False
    except json.JSONDecodeError as exc:
        raise ImportRefused(f"{where} is not JSON ({exc.msg})") from None


@lru_cache(maxsize=4096)
def _game_time(text: str) -> str | None:
    """The canonical form of a game time (None: not one); a log repeats the same few."""
    try:
        return clock.parse_game_time(text)
    except RuleError:
        return None


def _parse_line(line: str, where: str, log: _Log) -> tuple[Recorded, Event]:
    raw, plain = _decode_line(line, where)
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
    envelope = _envelope(raw, log.count + 1, where)
    carried = _carries_hashes(raw, log, where)
    try:
        if not plain:
            check_plain(data)
        payload = from_data(type_name, envelope["schema"], data)
    except (ValueError, TypeError) as exc:
        raise ImportRefused(f"{where}: {exc}") from None
    if (envelope["seq"] == 1) != isinstance(payload, CampaignCreated):
        raise ImportRefused(
            f"{where}: a log starts with CampaignCreated, once; import one campaign per file"
        )
    _campaign_of(raw.get("campaign"), payload, log, where)
    _meaningful(payload, log, log.ruleset, where)
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
    seq = envelope["seq"]
    if not carried:
        record = seal(log.slug or "", seq, log.written_hash, draft)
        log.prev_hash = record.hash
        return record, payload
    if raw["prev_hash"] != log.prev_hash:
        raise ImportRefused(
            f"{where}: prev_hash does not link to event {seq - 1}; "
            "the file was altered or lines are missing"
        )
    record = _as_hashed(raw["hash"], seq, draft, log, where)
    log.prev_hash = record.hash
    if log.slug != log.source and not log.legacy:
        # under another name: sealed anew from the first event bound to the file's name
        log.rehashed_from = log.rehashed_from or seq
        record = seal(log.slug or "", seq, log.written_hash, draft)
    return record, payload


def _carries_hashes(raw: dict[str, Any], log: _Log, where: str) -> bool:
    """Whether the line carries its hashes: both or neither, and as every line of the file
    does (a line without them among lines with them was added or edited by hand)."""
    carried = "hash" in raw
    if carried != ("prev_hash" in raw):
        has, lacks = ("hash", "prev_hash") if carried else ("prev_hash", "hash")
        raise ImportRefused(f"{where} has a {has} but no {lacks}: an export carries both")
    if log.hashed is None:
        log.hashed = carried
    elif carried and not log.hashed:
        raise ImportRefused(
            f"{where} carries hashes and line 1 does not: a file carries them on every line "
            "or on none"
        )
    elif log.hashed and not carried:
        raise ImportRefused(
            f"{where} has no hash and prev_hash, and the lines before it have them: a file "
            "that carries hashes carries them on every line (was this line added or edited "
            "by hand?); import the file as it was exported"
        )
    return carried


def _campaign_of(named: object, payload: Event, log: _Log, where: str) -> None:
    """The campaign the file's lines name (an export names it on each), the same on every
    line; the first line fixes the file's campaign (its CampaignCreated's slug, when the
    lines name none) and, without --campaign, the one it goes into."""
    if named is not None and not (isinstance(named, str) and SLUG.match(named)):
        raise ImportRefused(f"{where}: campaign must be a campaign slug, not {named!r}")
    if isinstance(payload, CampaignCreated):
        log.source = named or payload.slug
        log.slug = log.slug or log.source
    elif named is not None and named != log.source:
        raise ImportRefused(
            f"{where} is an event of campaign {named!r}, and the lines before it of "
            f"{log.source!r}: import one campaign per file"
        )


def _as_hashed(carried: object, seq: int, draft: Draft, log: _Log, where: str) -> Recorded:
    """The line's record with the hash it carries, checked: bound to the file's campaign, or
    (in the chain's leading run only) hashed without it by an older journal."""
    schemes = (False, True) if not log.legacy else (True, False)
    for legacy in schemes if log.legacy_allowed else (False,):
        # a legacy hash leaves the campaign out: the record is the target campaign's as is
        campaign = (log.slug or "") if legacy else log.source
        record = seal(campaign, seq, log.prev_hash, draft, legacy=legacy)
        if record.hash == carried:
            log.legacy = legacy
            log.legacy_allowed = legacy
            return record
    raise ImportRefused(
        f"{where}: its hash does not match its content (event {seq} was altered, or it "
        f"belongs to another campaign than {log.source!r})"
    )


def import_file(store: Store, stream: Iterable[str], campaign: str | None = None) -> ImportResult:
    """Import a log, streamed in batches in one write transaction: all of it or nothing.
    Every line is checked and folded (as they come: corrections are
    applied when the campaign is next folded) before it is written."""
    if campaign is not None and not SLUG.match(campaign):
        raise ImportRefused(
            f"{campaign!r} is not a campaign slug: use lowercase letters, digits and dashes"
        )
    log = _Log(campaign)
    batches = parse_lines(stream, campaign, log)
    slug, first, hashed = next(batches)  # a log refused at once leaves no new database
    store.ensure_schema()

    def folded() -> tuple[str, str] | None:
        """The state the import folded, kept as a snapshot when it is the campaign's (no
        correction: a void or an amended ruling would have to be known before the events
        it corrects were folded)."""
        if log.corrected or not log.state.ruleset:
            return None
        return encoded(log.state)

    added, sealed = store.import_records(
        slug,
        (
            (records, carried)
            for _, records, carried in itertools.chain([(slug, first, hashed)], batches)
        ),
        folded,
    )
    rehashed = log.rehashed_from if added else None
    return ImportResult(slug, log.count, added, sealed, rehashed, log.source)
