"""Export a campaign as JSON Lines, and import one: all or nothing, idempotent by event_id.

An exported line holds seq, event_id, type, schema, data, recorded_at, game_time, session,
prev_hash and hash. A hand-written log may leave out everything but type and data: the
missing seqs follow the line order, event ids are derived from the content (so importing
the same file twice adds nothing), and the hash chain is computed. When hashes are present
they are verified, and a file whose chain is broken is refused.
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

from journal.errors import JournalError, RuleError
from journal.events import (
    GENESIS_HASH,
    Event,
    Recorded,
    canonical_json,
    check_plain,
    from_data,
)
from journal.projection import apply
from journal.rules import clock, load, load_all, rules_version
from journal.rules.core import (
    SLUG,
    CampaignCreated,
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    EventVoided,
    Meta,
    audience_named,
)
from journal.rules.ruleset import Ruleset
from journal.store import Draft, Store, seal, snapshots, utc_now
from journal.store.queries import NO_BOUND

#: a UUID as the journal writes one (lowercase, hyphens), checked without parsing it
UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
#: lines checked, sealed and written at a time (memory stays flat whatever the log's length)
BATCH = 2000
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


UNVOIDABLE = ("CampaignCreated", "CharacterAdded", "EventVoided")
CORRECTIONS = ("EventVoided", "RulingAmended")


class _Log:
    """What the reading of a log keeps from line to line: never the lines themselves, so a
    log of any length is read in the same memory."""

    def __init__(self, campaign: str | None) -> None:
        self.slug = campaign
        self.count = 0
        self.prev_hash = GENESIS_HASH
        self.hashed = False
        self.ruleset: Ruleset | None = None
        self.unvoidable: dict[int, str] = {}  # seq -> type, of the events a void cannot void
        self.corrected = False  # a void or an amended ruling: the fold as it came is not final
        #: the fold so far: each event is folded as it comes (a void cannot take back what
        #: was folded before it), so every event goes through the rules before it is written
        self.state = CampaignState()

    def take(self, record: Recorded, payload: Event, carried: bool) -> None:
        self.count = record.seq
        self.prev_hash = record.hash
        self.hashed = self.hashed or carried
        if record.type in UNVOIDABLE:
            self.unvoidable[record.seq] = record.type
        if record.type in CORRECTIONS:
            self.corrected = True
        if record.seq == 1:
            self.slug = self.slug or str(record.data["slug"])
            self.ruleset = load(str(record.data["ruleset"]))
        meta = Meta(record.seq, record.game_time, record.session, record.recorded_at)
        self.state = apply(self.state, payload, meta, self.ruleset)


def parse_lines(
    lines: Iterable[str], campaign: str | None, log: _Log | None = None
) -> Iterator[tuple[str, list[Recorded], bool]]:
    """Validate every line, seal its chain and fold it, a batch of records at a time:
    (slug, records, whether the file carried its own hashes so far). Refuses the first bad
    line with its number. `log` keeps what was read (the fold included)."""
    load_all()
    log = log or _Log(campaign)
    records: list[Recorded] = []
    number = 0
    try:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            record, payload, carried = _parse_line(line, f"line {number}", log)
            log.take(record, payload, carried)
            if log.state.clock is not None and _game_time(log.state.clock) is None:
                raise ImportRefused(
                    f"line {number}: the campaign clock would read {log.state.clock!r}, not a "
                    "game time of the years 1 to 9999 (write it as 1925-10-31T22:00)"
                )
            records.append(record)
            if len(records) == BATCH:
                yield log.slug or "", records, log.hashed
                records = []
    except UnicodeDecodeError:
        raise ImportRefused(f"line {number + 1} is not UTF-8 text; nothing was imported") from None
    except ImportRefused as exc:
        raise ImportRefused(f"{exc}; nothing was imported") from None
    if not log.count:
        raise ImportRefused("the file holds no events; nothing was imported")
    if records:
        yield log.slug or "", records, log.hashed


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


def _parse_line(line: str, where: str, log: _Log) -> tuple[Recorded, Event, bool]:
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
    slug = log.slug or (str(data.get("slug", "")) if envelope["seq"] == 1 else "")
    record = seal(slug, envelope["seq"], log.prev_hash, draft)
    if "prev_hash" in raw and raw["prev_hash"] != log.prev_hash:
        raise ImportRefused(
            f"{where}: prev_hash does not link to event {envelope['seq'] - 1}; "
            "the file was altered or lines are missing"
        )
    if "hash" in raw and raw["hash"] != record.hash:
        raise ImportRefused(
            f"{where}: its hash does not match its content (event {envelope['seq']} was altered)"
        )
    return record, payload, "hash" in raw


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

    def folded() -> tuple[str, object] | None:
        """The state the import folded, kept as a snapshot when it is the campaign's (no
        correction: a void or an amended ruling would have to be known before the events
        it corrects were folded)."""
        if log.corrected or not log.state.ruleset:
            return None
        return rules_version(log.state.ruleset), snapshots.dump(log.state)

    added = store.import_records(
        slug,
        (
            (records, carried)
            for _, records, carried in itertools.chain([(slug, first, hashed)], batches)
        ),
        folded,
    )
    return ImportResult(slug, log.count, added)
