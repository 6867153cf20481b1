"""Export a campaign as JSON Lines, and import one: all or nothing, idempotent by event_id.

An exported line holds campaign, seq, event_id, type, schema, data, recorded_at, game_time,
session, prev_hash and hash, writer when the event names who entered it, and salts when its
hash covers salted parts (`journal.events.disclosure`). A hand-written log may leave out
everything but type and data: the missing seqs follow the line order, a line without an
event id gets a random one (an id derived from the content would let anyone who guesses the
words check the guess against a hash in a player's proof), its parts fresh salts, and the
hash chain is computed; importing the same file twice still adds nothing (the events a
campaign has are compared by content where the file gave no id). A file that carries hashes
carries them on every line, and they are verified: a file whose chain is broken, or a line
without hashes after lines with them, is refused. The hashes are kept when the campaign
keeps its name; imported under another name, its events are sealed anew under that name. An
older journal's export (hashed without the campaign's slug) is sealed at its end
(`journal.store.sealing`).
"""

from __future__ import annotations

import json
import re
import uuid
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

import msgspec

from journal.cache import encoded
from journal.collector import uncollected
from journal.errors import JournalError, RuleError
from journal.events.canonical import canonical_bytes, check_plain
from journal.events.chain import GENESIS_HASH
from journal.events.disclosure import DisclosureError, well_formed_salts
from journal.events.recorded import Recorded
from journal.events.registry import CORRECTION_TYPES, Event, event_class, from_data
from journal.frozen import changed
from journal.projection import apply
from journal.rules import clock, load, load_all
from journal.rules.core.commands import AddCharacter, RenameCharacter, is_slug
from journal.rules.core.decide import UNVOIDABLE, decide_core
from journal.rules.core.events import (
    CampaignCreated,
    CharacterAdded,
    CharacterRenamed,
    CharacterRetired,
    EventVoided,
    LanguageSet,
    RulingAmended,
    SecretRevealed,
    SessionEnded,
    SessionStarted,
)
from journal.rules.core.evolve import evolve_core
from journal.rules.core.language import language_tag
from journal.rules.core.state import CampaignState, Meta
from journal.rules.ruleset import Ruleset
from journal.store import Draft, Store, seal, utc_now
from journal.store.layout import NO_BOUND
from journal.writer import LONGEST_RECORDED, checked

#: a UUID as the journal writes one (lowercase, hyphens), checked without parsing it
UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
#: a recorded_at as an export writes it (`format_instant`): hashed as it is, not formatted again
EXPORTED_INSTANT = re.compile(r"[1-9]\d{3}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", re.ASCII)
#: lines checked, sealed and written at a time (memory stays flat whatever the log's length)
BATCH = 2000
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
    "writer",
    "salts",
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

        try:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
        except OverflowError:
            raise ImportRefused(
                f"{where}: recorded_at {value!r} falls outside the years 1 to 9999 in UTC"
            ) from None
    return moment


def _counted(value: object) -> bool:
    """A seq, schema or session number: a whole number from 1 that the database's integer
    columns hold."""
    return type(value) is int and 1 <= value <= NO_BOUND


class _Envelope(NamedTuple):
    seq: int
    schema: int
    game_time: str | None
    session: int | None
    event_id: str | None
    writer: str | None


def _envelope(raw: dict[str, Any], expected_seq: int, where: str) -> _Envelope:
    """The line's envelope fields, checked: what the hash covers must read back the same."""
    get = raw.get
    seq = get("seq", expected_seq)
    schema = get("schema", 1)
    if not (_counted(seq) and _counted(schema)):
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
    game_time = get("game_time")
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
    session = get("session")
    if session is not None and not _counted(session):
        raise ImportRefused(
            f"{where}: session must be a whole number from 1 to {NO_BOUND}, not {session!r}"
        )
    event_id = get("event_id")
    if event_id is not None and not (type(event_id) is str and UUID_TEXT.fullmatch(event_id)):
        try:
            event_id = str(uuid.UUID(str(event_id)))
        except ValueError:
            raise ImportRefused(f"{where}: event_id {event_id!r} is not a UUID") from None
        if event_id != raw["event_id"]:
            raise ImportRefused(f"{where}: write event_id as {event_id}")
    writer = get("writer")
    if writer is not None:
        writer = _writer(writer, where)
    return _Envelope(seq, schema, game_time, session, event_id, writer)


def _writer(value: object, where: str) -> str | None:
    """Who entered the line's event, as an export names them (or nobody: older lines)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ImportRefused(f"{where}: writer must be text like gm@table, not {value!r}")
    try:
        written = checked(value, LONGEST_RECORDED)  # a `play` session's writer included
    except JournalError as exc:
        raise ImportRefused(f"{where}: {exc}".replace("--writer", "writer")) from None
    if written != value:
        raise ImportRefused(f"{where}: write writer as {written!r}, not {value!r}")
    return written


#: the events `_meaningful` checks (one test lets every other event by)
_CHECKED = (
    CampaignCreated,
    CharacterAdded,
    CharacterRenamed,
    SessionStarted,
    SessionEnded,
    EventVoided,
    SecretRevealed,
    LanguageSet,
)
#: the events `_Log._follow` keeps `view` by
_FOLLOWED = (*_CHECKED, CharacterRetired, RulingAmended)


def _meaningful(payload: Event, log: _Log, ruleset: Ruleset | None, where: str) -> None:
    """What the deciders would never have written: a void of nothing, a sheet out of range."""
    if isinstance(payload, RulingAmended):
        try:
            _amends_a_ruling(payload, log, ruleset)
        except (RuleError, ValueError, TypeError) as exc:
            raise ImportRefused(f"{where}: {exc}") from None
        return
    if not isinstance(payload, _CHECKED):
        return
    try:
        match payload:
            case CampaignCreated(slug=slug, ruleset=name, options=options):
                if not is_slug(slug):
                    raise RuleError(
                        f"{slug!r} is not a campaign slug: use lowercase letters, digits and dashes"
                    )
                rules = load(name)
                for key, value in options.items():
                    if rules.parse_option(key, str(value)) != value:
                        raise RuleError(f"option {key} cannot be {value!r}")
            case CharacterAdded() | CharacterRenamed() | SessionStarted() | SessionEnded():
                if ruleset is not None:
                    _as_commanded(payload, log, ruleset)
            case EventVoided(seq=target):
                if not 1 <= target <= log.count:
                    raise RuleError(f"it voids event {target}, which comes after it")
                voided_type = log.unvoidable.get(target)
                if voided_type is not None:
                    raise RuleError(f"event {target} is {voided_type}, which cannot be voided")
            case LanguageSet(language=tag):
                if language_tag(tag) != tag:
                    raise RuleError(
                        f"{tag!r} is not a language tag as `campaign language` sets one"
                    )
            case SecretRevealed(seq=target):
                if not 1 <= target <= log.count:
                    raise RuleError(f"it reveals event {target}, which comes after it")
                if target not in log.state.secrets or target in log.state.voided:
                    raise RuleError(
                        f"it reveals event {target}, which is no secret (a `note --for` or "
                        "`--gm-only` one)"
                    )
    except (RuleError, ValueError) as exc:
        raise ImportRefused(f"{where}: {exc}") from None


def _amends_a_ruling(payload: RulingAmended, log: _Log, ruleset: Ruleset | None) -> None:
    """An amendment names an earlier, unvoided ruling of the rules, and replaces it by one
    of the same type and schema that the rules can read (what `journal amend` writes)."""
    target = payload.seq
    if not 1 <= target <= log.count:
        raise RuleError(f"it amends event {target}: the events before it are 1 to {log.count}")
    if target in log.voided:
        raise RuleError(f"it amends event {target}, which is voided")
    kind, schema = log.kinds[target]
    if (payload.ruling, payload.ruling_schema) != (kind, schema):
        raise RuleError(
            f"it amends event {target} ({kind}, schema {schema}) with a {payload.ruling} "
            f"ruling of schema {payload.ruling_schema}: an amendment keeps the type and schema"
        )
    amended = payload.amended()  # every field the ruling needs (ValueError: one is missing)
    if (
        ruleset is None
        or kind in CORRECTION_TYPES
        or type(amended) not in ruleset.events
        or ruleset.command_for(amended) is None
    ):
        raise RuleError(f"it amends event {target} ({kind}), which is not a ruling of the rules")


#: what to do about a name the commands refuse, in a file (its events stay as recorded:
#: a rename in the journal it came from would not change this line)
_RENAME = (
    "change the name in the file (in an export, take every line's hash and prev_hash off "
    "too: it then imports as a hand-written log)"
)


def _as_commanded(payload: Event, log: _Log, ruleset: Ruleset) -> None:
    """A character's name and a session's number as the command gives them, decided again
    against the characters and sessions as the commands saw them (`_Log.view`): names as
    `journal.names` has them, sessions numbered 1, 2, 3 ... and ended as opened."""
    view = log.view
    match payload:
        case CharacterAdded(name=name, sheet=sheet):
            try:
                decided = decide_core(view, AddCharacter(name, sheet), ruleset)[0]
            except RuleError as exc:
                raise RuleError(f"{exc}; {_RENAME}") from None
            _same_name(name, getattr(decided, "name", name))
        case CharacterRenamed(old=old, new=new):
            if old not in view.characters or old in view.retired:
                raise RuleError(f"it renames {old!r}, who is no character of the campaign then")
            try:
                decided = decide_core(view, RenameCharacter(old, new), ruleset)[0]
            except RuleError as exc:
                raise RuleError(f"{exc}; {_RENAME}") from None
            _same_name(new, getattr(decided, "new", new))
        case SessionStarted(number=number):
            if view.session is not None:
                raise RuleError(f"session {number} starts while session {view.session} is open")
            if number != view.sessions + 1:
                after = f"after session {view.sessions}" if view.sessions else "as the first"
                raise RuleError(
                    f"it starts session {number} {after}: sessions are numbered 1, 2, 3 ... "
                    "in order"
                )
        case SessionEnded(number=number) if number != view.session:
            open_ = "no session is open" if view.session is None else f"session {view.session} is"
            raise RuleError(f"it ends session {number}, and {open_}")


def _same_name(written: str, stored: str) -> None:
    if written != stored:
        raise RuleError(
            f"the name {written!r} is not as the journal stores it (spaces single, Unicode "
            f"NFC): write it as {stored!r}"
        )


class _Kinds:
    """Each event's (type, schema), by seq from 1: two bytes an event (the index of its
    pair among the few a log holds), where a dict of tuples took some 240."""

    def __init__(self) -> None:
        self._codes: dict[tuple[str, int], int] = {}
        self._pairs: list[tuple[str, int]] = []
        self._by_seq = array("H")

    def append(self, type_name: str, schema: int) -> None:
        """The next seq's type and schema."""
        pair = (type_name, schema)
        code = self._codes.get(pair)
        if code is None:
            code = self._codes[pair] = len(self._pairs)
            self._pairs.append(pair)
            if code > 0xFFFF and self._by_seq.typecode == "H":
                self._by_seq = array("L", self._by_seq)
        self._by_seq.append(code)

    def __getitem__(self, seq: int) -> tuple[str, int]:
        return self._pairs[self._by_seq[seq - 1]]


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
        #: seq -> (type, schema), and the seqs voided: what an amendment may name
        self.kinds = _Kinds()
        self.voided: set[int] = set()
        self.corrected = False  # a void or an amended ruling: the fold as it came is not final
        #: the fold so far: each event is folded as it comes (a void cannot take back what
        #: was folded before it), so every event goes through the rules before it is written
        self.state = CampaignState()
        #: the characters and sessions as the commands saw them, voids and amendments
        #: applied (not the clock: no check reads it): the core's naming events (few) and
        #: each session event's seq and number (a session's events are as many as the
        #: sessions: kept as numbers, not payloads), folded again when a correction takes
        #: one back
        self.view = CampaignState()
        self.named: dict[int, Event] = {}
        #: the session events in order: their seqs, and their numbers (negative: an end)
        self.session_seqs = array("q")
        self.session_numbers = array("q")
        self.taken_back: set[int] = set()
        self.amended: dict[int, Event] = {}
        self.top_session = 0  # the highest session number started
        #: the seqs of the batch being read whose lines gave no event id (a random one was
        #: made): a campaign that has them already is compared with them by content
        self.made_ids: set[int] = set()

    def _refold(self) -> CampaignState:
        view = CampaignState(slug=self.view.slug, options=self.view.options)
        for seq, payload in self.named.items():
            if seq not in self.taken_back:
                view = evolve_core(view, self.amended.get(seq, payload), Meta(seq))
        # the sessions as the last session events left standing leave them: the last one's
        # open session (none after an end), the last start's number as the count
        session: int | None = None
        last = True
        for index in range(len(self.session_seqs) - 1, -1, -1):
            if self.session_seqs[index] in self.taken_back:
                continue
            number = self.session_numbers[index]
            if last:
                session, last = (number if number > 0 else None), False
            if number > 0:
                return changed(view, session=session, sessions=number)
        return view

    def _follow(self, seq: int, payload: Event) -> None:
        """Keep `view` as the commands' fold has it."""
        if not isinstance(payload, _FOLLOWED):
            return
        match payload:
            case CampaignCreated(slug=slug, options=options):
                # the options too: a preset may give the sheets other ranges
                self.view = CampaignState(slug=self.slug or slug, options=options)
            case CharacterAdded() | CharacterRenamed() | CharacterRetired():
                self.named[seq] = payload
                self.view = evolve_core(self.view, payload, Meta(seq))
            case SessionStarted(number=number):
                self.session_seqs.append(seq)
                self.session_numbers.append(number)
                self.top_session = max(self.top_session, number)
                self.view = changed(self.view, session=number, sessions=number)
            case SessionEnded(number=number):
                self.session_seqs.append(seq)
                self.session_numbers.append(-number)
                self.top_session = max(self.top_session, number)
                self.view = changed(self.view, session=None)
            case EventVoided(seq=target) if target in self.named or self._a_session(target):
                self.taken_back.add(target)
                self.view = self._refold()
            case RulingAmended(seq=target) if target in self.named:
                self.amended[target] = payload.amended()
                self.view = self._refold()

    def _a_session(self, seq: int) -> bool:
        """Whether event `seq` is a session's start or end (the seqs are in order)."""
        index = bisect_left(self.session_seqs, seq)
        return index < len(self.session_seqs) and self.session_seqs[index] == seq

    def take(self, record: Recorded, payload: Event) -> None:
        self._follow(record.seq, payload)
        self.count = record.seq
        self.written_hash = record.hash
        if record.type in UNVOIDABLE:
            self.unvoidable[record.seq] = record.type
        self.kinds.append(record.type, record.schema)
        if record.type == "EventVoided":
            self.voided.add(int(str(record.data["seq"])))
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
    log = log or _Log(campaign)
    records: list[Recorded] = []
    number = 0
    try:
        for number, line in enumerate(lines, start=1):
            if not line or line.isspace():  # (no copy of the line, as strip makes)
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
                records, log.made_ids = [], set()
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
_PLAIN_LINE_ENCODER = msgspec.json.Encoder()


#: deeper than any line the journal writes (an event's data is a few levels deep)
MAX_DEPTH = 32


class _Repeated(Exception):
    """A key given twice in one object (`json.loads` would keep the last)."""


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
    return found


def _depth(value: object) -> int:
    """How deep lists and objects nest in `value` (walked without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            children = item.values() if isinstance(item, dict) else item
            stack += [(child, depth + 1) for child in children]
    return deepest


def _decode_line(line: str, where: str) -> tuple[Any, bool, bytes | None]:
    """The line's object, whether it is known to hold only what `check_plain` allows, and
    (then) the canonical JSON of its data, made once for the colons, the hash and the
    store. Refused: a key twice in an object, nesting deeper than `MAX_DEPTH`, a number
    too long."""
    plain = "\\u" not in line
    try:
        raw = _PLAIN_LINE.decode(line)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        pass  # the standard library says what is wrong, or reads what msgspec would not
    else:
        # without escapes, a line's colons are its keys' and its texts' own: re-encoded, a
        # line loses some only when an object repeated a key (and msgspec kept the last)
        if plain:
            # (the data's colons are the same in any key order: one encoding counts them)
            data = raw.get("data") if type(raw) is dict else None
            canonical = canonical_bytes(data) if type(data) is dict else None
            if _PLAIN_LINE_ENCODER.encode(raw).count(b":") == line.count(":"):
                _shallow(raw, line, where)
                return raw, True, canonical
    try:
        raw = json.loads(line, object_pairs_hook=_once)
    except json.JSONDecodeError as exc:
        raise ImportRefused(f"{where} is not JSON ({exc.msg})") from None
    except _Repeated as exc:
        raise ImportRefused(
            f"{where} gives the key {exc.args[0]!r} twice in one object: the journal writes "
            "each key once (which one is meant?)"
        ) from None
    except RecursionError:
        raise ImportRefused(f"{where} nests lists or objects more than {MAX_DEPTH} deep") from None
    except ValueError:  # an integer past the digits Python converts
        raise ImportRefused(f"{where} holds a number far too long for any field") from None
    _shallow(raw, line, where)
    return raw, False, None


def _shallow(raw: object, line: str, where: str) -> None:
    if line.count("[") + line.count("{") > MAX_DEPTH and _depth(raw) > MAX_DEPTH:
        raise ImportRefused(f"{where} nests lists or objects more than {MAX_DEPTH} deep")


@lru_cache(maxsize=4096)
def _game_time(text: str) -> str | None:
    """The canonical form of a game time (None: not one); a log repeats the same few."""
    try:
        return clock.parse_game_time(text)
    except RuleError:
        return None


def _parse_line(line: str, where: str, log: _Log) -> tuple[Recorded, Event]:
    raw, plain, canonical = _decode_line(line, where)
    if not isinstance(raw, dict):
        raise ImportRefused(f"{where} is not a JSON object")
    if not FIELDS.issuperset(raw):
        stray = sorted(set(raw) - FIELDS)
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
        _registered(type_name)
        payload = from_data(type_name, envelope.schema, data)
    except (ValueError, TypeError) as exc:
        raise ImportRefused(f"{where}: {exc}") from None
    if (envelope.seq == 1) != isinstance(payload, CampaignCreated):
        raise ImportRefused(
            f"{where}: a log starts with CampaignCreated, once; import one campaign per file"
        )
    _campaign_of(raw.get("campaign"), payload, log, where)
    _meaningful(payload, log, log.ruleset, where)
    _stamped(envelope.session, payload, log, where)
    recorded_at = raw.get("recorded_at")
    moment = _parse_instant(recorded_at, where)
    instant = (
        recorded_at
        if type(recorded_at) is str and EXPORTED_INSTANT.fullmatch(recorded_at)
        else None
    )
    event_id = envelope.event_id
    if event_id is None:  # a random id (the OS's source), never one derived from the line
        event_id = str(uuid.uuid4())
        log.made_ids.add(envelope.seq)
    draft = Draft(
        type_name,
        envelope.schema,
        data,
        envelope.game_time,
        envelope.session,
        event_id,
        moment,
        envelope.writer,
        _salts(raw, data, carried, where),
    )
    seq = envelope.seq
    if not carried:
        record = seal(
            log.slug or "", seq, log.written_hash, draft, canonical=canonical, instant=instant
        )
        log.prev_hash = record.hash
        return record, payload
    if raw["prev_hash"] != log.prev_hash:
        raise ImportRefused(
            f"{where}: prev_hash does not link to event {seq - 1}; "
            "the file was altered or lines are missing"
        )
    record = _as_hashed(raw["hash"], seq, draft, log, where, canonical, instant)
    log.prev_hash = record.hash
    if log.slug != log.source and not log.legacy:
        # under another name: sealed anew from the first event bound to the file's name
        log.rehashed_from = log.rehashed_from or seq
        record = seal(
            log.slug or "", seq, log.written_hash, draft, canonical=canonical, instant=instant
        )
    return record, payload


def _salts(
    raw: dict[str, Any], data: dict[str, Any], carried: bool, where: str
) -> Mapping[str, str] | bool:
    """The salts a line's event is hashed with: those it carries (an export of an event
    written from schema 0006 on), none for a hashed line without them (an older journal's
    event, kept as it was hashed), fresh ones for a line without hashes (sealed now)."""
    given = raw.get("salts")
    if given is None:
        return not carried
    try:
        salts = well_formed_salts(given)
    except DisclosureError as exc:
        raise ImportRefused(f"{where}: {exc}") from None
    if salts.keys() != data.keys():
        raise ImportRefused(
            f"{where}: its salts name the fields {', '.join(sorted(salts)) or 'none'}, and its "
            f"data holds {', '.join(sorted(data)) or 'none'}: an export carries one salt a field"
        )
    return salts


def _registered(type_name: str) -> None:
    """Every installed ruleset's event types, loaded the first time a line names a type not
    known yet: a log's own ruleset (loaded by its CampaignCreated) knows its events, and the
    others cost an import's start a tenth of a second."""
    try:
        event_class(type_name)
    except ValueError:
        load_all()


def _stamped(session: int | None, payload: Event, log: _Log, where: str) -> None:
    """An event is stamped with a session that has started (or none)."""
    top = max(log.top_session, payload.number if isinstance(payload, SessionStarted) else 0)
    if session is not None and session > top:
        started = {0: "no session has started", 1: "only session 1 has started"}.get(
            top, f"sessions 1 to {top} have started"
        )
        raise ImportRefused(
            f"{where} is stamped with session {session}, and {started}: the commands stamp "
            "an event with the session open when it was recorded"
        )


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
    if named is not None and named != log.source and not is_slug(named):
        raise ImportRefused(f"{where}: campaign must be a campaign slug, not {named!r}")
    if isinstance(payload, CampaignCreated):
        log.source = named or payload.slug
        log.slug = log.slug or log.source
    elif named is not None and named != log.source:
        raise ImportRefused(
            f"{where} is an event of campaign {named!r}, and the lines before it of "
            f"{log.source!r}: import one campaign per file"
        )


def _as_hashed(
    carried: object,
    seq: int,
    draft: Draft,
    log: _Log,
    where: str,
    canonical: bytes | None,
    instant: str | None,
) -> Recorded:
    """The line's record with the hash it carries, checked: bound to the file's campaign, or
    (in the chain's leading run only) hashed without it by an older journal."""
    schemes = (False, True) if not log.legacy else (True, False)
    for legacy in schemes if log.legacy_allowed else (False,):
        # a legacy hash leaves the campaign out: the record is the target campaign's as is
        campaign = (log.slug or "") if legacy else log.source
        record = seal(
            campaign,
            seq,
            log.prev_hash,
            draft,
            legacy=legacy,
            canonical=canonical,
            instant=instant,
        )
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
    if campaign is not None and not is_slug(campaign):
        raise ImportRefused(
            f"{campaign!r} is not a campaign slug: use lowercase letters, digits and dashes"
        )
    with uncollected():
        return _import(store, stream, campaign)


def _import(store: Store, stream: Iterable[str], campaign: str | None) -> ImportResult:
    log = _Log(campaign)
    batches = parse_lines(stream, campaign, log)
    slug, first, hashed = next(batches)  # a log refused at once leaves no new database
    first_made = log.made_ids
    store.ensure_schema()

    def folded() -> tuple[str, str] | None:
        """The state the import folded, kept as a snapshot when it is the campaign's (no
        correction: a void or an amended ruling would have to be known before the events
        it corrects were folded)."""
        if log.corrected or not log.state.ruleset:
            return None
        return encoded(log.state)

    def paired() -> Iterator[tuple[list[Recorded], bool, set[int]]]:
        """Each batch with the seqs whose ids it made (read as the batch comes: the
        reading starts the next batch's set once this one is written)."""
        yield first, hashed, first_made
        for _, records, carried in batches:
            yield records, carried, log.made_ids

    added, sealed = store.import_records(slug, paired(), folded)
    rehashed = log.rehashed_from if added else None
    return ImportResult(slug, log.count, added, sealed, rehashed, log.source)
