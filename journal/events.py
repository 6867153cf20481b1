"""The event envelope, payload types, their registry, schema versions and upcasters.

A payload is a frozen dataclass named in the past tense and registered with `@event`. Its
fields are typed precisely (str, int, bool, None, tuples, mappings, nested frozen
dataclasses such as a recorded change), so one typed decoder (msgspec) turns the stored
JSON back into the very payload the decider produced, refusing what does not fit.
A payload records a ruling's inputs (dice faces, flags, names) and its derived results
with their terms, so `explain` can show them and `audit` can recompute them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import ClassVar, TypeVar

import msgspec

#: One term of a derived number: a label and its signed value, e.g. ("HF 6 - Hardness 2", -4).
Term = tuple[str, int]
Terms = tuple[Term, ...]
#: A JSON object whose shape the journal does not fix (a sheet, a table effect).
JSONObject = Mapping[str, object]
#: A campaign option's value.
OptionValue = int | str | bool

GENESIS_HASH = ""
#: the events that correct others: the fold reads the log through them
CORRECTION_TYPES = ("EventVoided", "RulingAmended")


class Event:
    """Base of every payload. Subclasses are frozen dataclasses registered with `@event`."""

    schema: ClassVar[int] = 1

    @property
    def type(self) -> str:
        return type(self).__name__


@dataclass(frozen=True)
class DiceRoll:
    """The faces a roll showed and where they came from (entered, rolled, seeded, audit)."""

    faces: tuple[int, ...]
    source: str


#: the dice a ruling used, by purpose (`initiative`, `will`, `table`, `stun`, ...)
Dice = Mapping[str, DiceRoll]

E = TypeVar("E", bound=type[Event])
Upcaster = Callable[[dict[str, object]], dict[str, object]]

_REGISTRY: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Upcaster] = {}


def event(cls: E) -> E:
    """Register a payload class under its class name (the `type` column)."""
    if cls.__name__ in _REGISTRY and _REGISTRY[cls.__name__] is not cls:
        raise TypeError(f"event type {cls.__name__} registered twice")
    _REGISTRY[cls.__name__] = cls
    return cls


def upcaster(type_name: str, from_schema: int) -> Callable[[Upcaster], Upcaster]:
    """Register a function turning a payload of `from_schema` into `from_schema + 1`."""

    def register(fn: Upcaster) -> Upcaster:
        _UPCASTERS[(type_name, from_schema)] = fn
        return fn

    return register


def event_class(type_name: str) -> type[Event]:
    try:
        return _REGISTRY[type_name]
    except KeyError:
        raise ValueError(f"unknown event type {type_name!r}") from None


def plain(value: object) -> object:
    """A JSON-ready copy: dataclasses become objects (fields in order), tuples lists."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is dict:
        return {str(k): plain(v) for k, v in value.items()}  # type: ignore[attr-defined]
    if kind is list or kind is tuple:
        return [plain(v) for v in value]  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def sorted_json(value: object) -> object:
    """Mappings with their keys in order, at every depth: an export reads the same whichever
    database it came from (PostgreSQL's JSONB keeps keys in its own order). Decoding the
    canonical JSON gives exactly that, and lists for tuples."""
    return msgspec.json.decode(canonical_bytes(value))


def keep_sorted(payload: Event, *fields: str) -> None:
    """For a payload's `__post_init__`: its free-form JSON objects (`fields`) with their keys
    sorted at every depth. A JSON object has no order of its own, and PostgreSQL's JSONB
    keeps the keys in another than SQLite does; so whatever reads one (a log line, a sheet's
    traits folded into a state) reads the same, from either store or from the decider."""
    for name in fields:
        object.__setattr__(payload, name, sorted_json(getattr(payload, name)))


def to_data(payload: Event) -> dict[str, object]:
    """The payload as the JSON object the store keeps."""
    data = plain(payload)
    assert isinstance(data, dict)
    return data


def upcast(
    type_name: str, schema: int, data: Mapping[str, object]
) -> tuple[int, dict[str, object]]:
    current = event_class(type_name).schema
    if schema > current:
        raise ValueError(
            f"{type_name} has schema {schema}, newer than this journal knows ({current}): "
            "upgrade journal"
        )
    copy = dict(data)
    while schema < current:
        step = _UPCASTERS.get((type_name, schema))
        if step is None:
            raise ValueError(f"no upcaster for {type_name} schema {schema}")
        copy = step(copy)
        schema += 1
    return schema, copy


@cache
def _field_names(type_name: str) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(event_class(type_name)))  # type: ignore[arg-type]


def from_data(type_name: str, schema: int, data: Mapping[str, object]) -> Event:
    """Build a payload, upcasting old schemas; a ValueError names the field that does not
    fit its declared type (`NoteTaken.text cannot be ["a"]`)."""
    cls = event_class(type_name)
    if schema != cls.schema:
        _, data = upcast(type_name, schema, data)
    unknown = sorted(set(data) - _field_names(type_name))
    if unknown:
        raise ValueError(f"{type_name} has unknown field(s): {', '.join(unknown)}")
    try:
        payload: Event = msgspec.convert(data, cls)
    except msgspec.ValidationError as exc:
        raise ValueError(_validation_message(type_name, data, exc)) from None
    return payload


@cache
def _decoder(cls: type[Event]) -> msgspec.json.Decoder[Event]:
    return msgspec.json.Decoder(cls)


def from_json(type_name: str, schema: int, text: str | bytes) -> Event:
    """A payload from JSON text the journal wrote itself: decoded straight into its type,
    without the checks `from_data` makes of what comes from outside."""
    cls = event_class(type_name)
    if schema == cls.schema:
        try:
            return _decoder(cls).decode(text)  # type: ignore[arg-type]
        except msgspec.ValidationError:
            pass  # let from_data say precisely what does not fit
    return from_data(type_name, schema, msgspec.json.decode(text))


def _validation_message(type_name: str, data: Mapping[str, object], exc: Exception) -> str:
    text = str(exc)
    if text.startswith("Object missing required field"):
        missing = text.split("`")[1]
        return f"{type_name} is missing field(s): {missing}"
    path = text.rsplit("- at `$", 1)
    if len(path) == 2:
        where = path[1].rstrip("`")
        field = where.lstrip(".").split(".")[0].split("[")[0]
        shown = json.dumps(data.get(field), default=str)[:60]
        return f"{type_name}{where} cannot be {shown} ({path[0].strip()})"
    return f"{type_name}: {text}"


def check_plain(value: object, where: str = "data") -> None:
    """Refuse what would not survive the store and the hash chain unchanged: floats (JSONB
    rewrites them), NUL characters (PostgreSQL refuses them) and lone surrogates (not
    UTF-8). Payloads hold strings, whole numbers, booleans, null, lists and objects."""
    kind = type(value)
    if kind is int or kind is bool or value is None:
        return
    if isinstance(value, float):
        raise ValueError(f"{where} holds the number {value!r}: only whole numbers are allowed")
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError(f"{where} holds a NUL character")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"{where} holds text that is not valid UTF-8") from None
    elif isinstance(value, Mapping):
        for key, item in value.items():
            check_plain(key, where)
            check_plain(item, f"{where}.{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            check_plain(item, f"{where}[{index}]")


#: sorted keys at every depth, no spaces, text as UTF-8: exactly `json.dumps(value,
#: sort_keys=True, separators=(",", ":"), ensure_ascii=False)` (a test holds them equal)
_CANONICAL = msgspec.json.Encoder(order="sorted")


def canonical_bytes(value: object) -> bytes:
    """The one canonical JSON form (hashes, event ids, stored payloads), as UTF-8."""
    try:
        return _CANONICAL.encode(value)
    except TypeError:  # a mapping or sequence type msgspec does not know
        return _CANONICAL.encode(plain(value))


def canonical_json(value: object) -> str:
    return canonical_bytes(value).decode("utf-8")


class Recorded:
    """An event as stored: its place in the campaign's stream, its payload and its chain link.

    A record read from the store keeps the payload's JSON text and decodes it once, when
    first asked: straight into the typed payload (the journal wrote and checked it), or
    into `data` for the readers that want the plain object.
    """

    __slots__ = (
        "_data",
        "_payload",
        "_text",
        "campaign",
        "event_id",
        "game_time",
        "hash",
        "prev_hash",
        "recorded_at",
        "schema",
        "seq",
        "session",
        "type",
        "writer",
    )

    def __init__(
        self,
        campaign: str,
        seq: int,
        event_id: str,
        type: str,
        schema: int,
        data: Mapping[str, object] | None,
        recorded_at: datetime,
        game_time: str | None,
        session: int | None,
        prev_hash: str,
        hash: str,
        *,
        text: str | bytes | None = None,
        writer: str | None = None,
    ) -> None:
        if data is None and text is None:
            raise TypeError("a record needs its data or its JSON text")
        self.campaign = campaign
        self.seq = seq
        self.event_id = event_id
        self.type = type
        self.schema = schema
        self.recorded_at = recorded_at
        self.game_time = game_time
        self.session = session
        self.prev_hash = prev_hash
        self.hash = hash
        #: who entered it (`--writer`, `JOURNAL_WRITER`, user@host); None before schema 0004
        self.writer = writer
        self._data = data
        self._text = text
        self._payload: Event | None = None

    def __repr__(self) -> str:
        return f"Recorded({self.campaign!r}, {self.seq}, {self.type})"

    @property
    def data(self) -> Mapping[str, object]:
        """The payload as a plain JSON object."""
        if self._data is None:
            assert self._text is not None
            self._data = msgspec.json.decode(self._text)
        return self._data

    @property
    def text(self) -> str | bytes | None:
        """The payload's JSON text as stored (canonical when the journal sealed it), if known."""
        return self._text

    @property
    def payload(self) -> Event:
        """The typed payload, decoded once."""
        if self._payload is None:
            if self._text is not None and self._data is None:
                self._payload = from_json(self.type, self.schema, self._text)
            else:
                self._payload = from_data(self.type, self.schema, self.data)
        return self._payload

    def export(self) -> dict[str, object]:
        """The export line (JSON Lines) and `log --json` fields; `writer` when it is known
        (an event older journals wrote has none, and its line reads as it did)."""
        line: dict[str, object] = {
            "campaign": self.campaign,
            "seq": self.seq,
            "event_id": self.event_id,
            "type": self.type,
            "schema": self.schema,
            "data": sorted_json(self.data),
            "recorded_at": format_instant(self.recorded_at),
            "game_time": self.game_time,
            "session": self.session,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }
        if self.writer is not None:
            line["writer"] = self.writer
        return line


def format_instant(moment: datetime) -> str:
    """UTC wall-clock time as ISO 8601 with microseconds and a Z."""
    if moment.year < 1000 or moment.tzinfo is not None:  # strftime's year has no zeros
        return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    return moment.isoformat(timespec="microseconds") + "Z"


def chain_hash(
    prev_hash: str,
    *,
    campaign: str | None,
    seq: int,
    event_id: str,
    type: str,
    schema: int,
    data: Mapping[str, object] | bytes,
    recorded_at: datetime,
    game_time: str | None,
    session: int | None,
    writer: str | None = None,
) -> str:
    """hash = sha256(prev_hash + canonical JSON of the event, its campaign's slug included).

    `campaign=None` gives the legacy scheme of older journals (database schema before 0003:
    the slug not hashed), which `verify` accepts only for a campaign's leading run of
    events, bound to the campaign by the event after it (`ChainSealed`, hashed with it).
    `data` may be given as its canonical JSON already (what `seal` stores). The writer is
    hashed when the event names one (schema 0004 on), so older hashes stay valid."""
    body: dict[str, object] = {
        "seq": seq,
        "event_id": event_id,
        "type": type,
        "schema": schema,
        "data": msgspec.Raw(data if isinstance(data, bytes) else canonical_bytes(data)),
        "recorded_at": format_instant(recorded_at),
        "game_time": game_time,
        "session": session,
    }
    if campaign is not None:
        body["campaign"] = campaign
    if writer is not None:
        body["writer"] = writer
    return hashlib.sha256(prev_hash.encode("utf-8") + canonical_bytes(body)).hexdigest()


def rehash(record: Recorded, *, legacy: bool = False) -> str:
    """The hash the record's content gives: bound to its campaign, or (`legacy`) in the
    slug-free scheme of older journals."""
    return chain_hash(
        record.prev_hash,
        campaign=None if legacy else record.campaign,
        seq=record.seq,
        event_id=record.event_id,
        type=record.type,
        schema=record.schema,
        data=record.data,
        recorded_at=record.recorded_at,
        game_time=record.game_time,
        session=record.session,
        writer=record.writer,
    )


def is_legacy(record: Recorded) -> bool:
    """Whether the record's hash is of the slug-free scheme of older journals (and not of
    the current one): such a chain is bound to its campaign by a `ChainSealed` after it."""
    return rehash(record) != record.hash and rehash(record, legacy=True) == record.hash


def describe_terms(terms: Terms, total: int | None = None) -> str:
    """`Reaction 12, HF 6 - Hardness 2 -4, +d10 +9, -d10 -3 = 14`."""
    text = ", ".join(
        f"{label} {value:+d}" if i else f"{label} {value}" for i, (label, value) in enumerate(terms)
    )
    return f"{text} = {total}" if total is not None else text


def recorded_terms(data: Mapping[str, object]) -> Terms | None:
    """The terms a stored payload recorded, as (label, value) pairs; None when it has none,
    or when they are malformed (a hand-written log)."""
    terms = data.get("terms")
    if not isinstance(terms, list | tuple) or not terms:
        return None
    try:
        return tuple((str(label), int(value)) for label, value in terms)
    except (TypeError, ValueError):
        return None


def terms_text(data: Mapping[str, object]) -> str | None:
    """A stored ruling's terms and total as one line (`Reaction 12, ... = 14`), or None (a
    recovery roll's terms sum to its `target`)."""
    pairs = recorded_terms(data)
    if pairs is None:
        return None
    total = data.get("total", data.get("target"))
    return describe_terms(pairs, total if isinstance(total, int) else None)
