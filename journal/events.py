"""The event envelope, payload types, their registry, schema versions and upcasters.

A payload is a frozen dataclass named in the past tense and registered with `@event`.
Payloads hold plain JSON values only (str, int, bool, None, tuples, mappings), so
`to_data` / `from_data` round-trip them through the store's JSON column exactly.
A payload records a ruling's inputs (dice faces, flags, names) and its derived results
with their terms, so `explain` can show them and `audit` can recompute them.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import hashlib
import json
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, TypeVar

#: One term of a derived number: a label and its signed value, e.g. ("HF 6 - Hardness 2", -4).
Term = tuple[str, int]
Terms = tuple[Term, ...]

GENESIS_HASH = ""


class Event:
    """Base of every payload. Subclasses are frozen dataclasses registered with `@event`."""

    schema: ClassVar[int] = 1

    @property
    def type(self) -> str:
        return type(self).__name__


E = TypeVar("E", bound=type[Event])

_REGISTRY: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


def event(cls: E) -> E:
    """Register a payload class under its class name (the `type` column)."""
    if cls.__name__ in _REGISTRY and _REGISTRY[cls.__name__] is not cls:
        raise TypeError(f"event type {cls.__name__} registered twice")
    _REGISTRY[cls.__name__] = cls
    return cls


def upcaster(
    type_name: str, from_schema: int
) -> Callable[
    [Callable[[dict[str, Any]], dict[str, Any]]], Callable[[dict[str, Any]], dict[str, Any]]
]:
    """Register a function turning a payload of `from_schema` into `from_schema + 1`."""

    def register(
        fn: Callable[[dict[str, Any]], dict[str, Any]],
    ) -> Callable[[dict[str, Any]], dict[str, Any]]:
        _UPCASTERS[(type_name, from_schema)] = fn
        return fn

    return register


def event_class(type_name: str) -> type[Event]:
    try:
        return _REGISTRY[type_name]
    except KeyError:
        raise ValueError(f"unknown event type {type_name!r}") from None


def known_types() -> list[str]:
    return sorted(_REGISTRY)


def _plain(value: Any) -> Any:
    """JSON-ready copy: tuples become lists, mappings become dicts."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is dict:
        return {str(k): _plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [_plain(v) for v in value]
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _sorted(value: Any) -> Any:
    """Mappings with their keys in order, at every depth: an export reads the same whichever
    database it came from (PostgreSQL's JSONB keeps keys in its own order)."""
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    """Inverse of `_plain` for payload fields: lists become tuples (mappings stay mappings)."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def to_data(payload: Event) -> dict[str, Any]:
    assert dataclasses.is_dataclass(payload)
    return {f.name: _plain(getattr(payload, f.name)) for f in dataclasses.fields(payload)}


def upcast(type_name: str, schema: int, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    current = event_class(type_name).schema
    if schema > current:
        raise ValueError(
            f"{type_name} has schema {schema}, newer than this journal knows ({current}): "
            "upgrade journal"
        )
    while schema < current:
        step = _UPCASTERS.get((type_name, schema))
        if step is None:
            raise ValueError(f"no upcaster for {type_name} schema {schema}")
        data = step(dict(data))
        schema += 1
    return schema, data


def from_data(type_name: str, schema: int, data: Mapping[str, Any]) -> Event:
    """Build a payload, upcasting old schemas; raises ValueError with a readable reason."""
    cls = event_class(type_name)
    _, data = upcast(type_name, schema, dict(data))
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ValueError(f"{type_name} has unknown field(s): {', '.join(unknown)}")
    missing = sorted(
        name
        for name, f in fields.items()
        if name not in data
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    )
    if missing:
        raise ValueError(f"{type_name} is missing field(s): {', '.join(missing)}")
    return cls(**{k: _frozen(v) for k, v in data.items()})


def check_plain(value: Any, where: str = "data") -> None:
    """Refuse what would not survive the store and the hash chain unchanged: floats (JSONB
    rewrites them), NUL characters (PostgreSQL refuses them) and lone surrogates (not
    UTF-8). Payloads hold strings, whole numbers, booleans, null, lists and objects."""
    kind = type(value)
    if kind is int or kind is bool or value is None:
        return
    if isinstance(value, float):
        raise ValueError(f"{where} holds the number {value!r}: only whole numbers are allowed")
    if kind is str:
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


def _fits(value: Any, hint: Any) -> bool:
    """Does a JSON value fit a payload field's annotation (str, int, bool, None, unions,
    tuple[...], Mapping[...], Any)?"""
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in args)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(item, args[0]) for item in value)
        return len(value) == len(args) and all(
            _fits(v, a) for v, a in zip(value, args, strict=True)
        )
    if origin in (Mapping, collections.abc.Mapping, dict):
        if not isinstance(value, Mapping):
            return False
        key, item = args if args else (Any, Any)
        return all(_fits(k, key) and _fits(v, item) for k, v in value.items())
    return True  # an annotation this check does not know: the ruleset's own checks apply


@functools.cache
def _hints(type_name: str) -> dict[str, Any]:
    return typing.get_type_hints(event_class(type_name))


def check_fields(type_name: str, data: Mapping[str, Any]) -> None:
    """Refuse a payload whose fields do not have the types its class declares."""
    hints = _hints(type_name)
    for name, value in data.items():
        if name in hints and not _fits(value, hints[name]):
            raise ValueError(f"{type_name}.{name} cannot be {json.dumps(value)[:60]}")


def canonical_json(value: Any) -> str:
    return json.dumps(_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Recorded:
    """An event as stored: its place in the campaign's stream, its payload and its chain link."""

    campaign: str
    seq: int
    event_id: str
    type: str
    schema: int
    data: Mapping[str, Any]
    recorded_at: datetime
    game_time: str | None
    session: int | None
    prev_hash: str
    hash: str

    @property
    def payload(self) -> Event:
        return from_data(self.type, self.schema, self.data)

    def export(self) -> dict[str, Any]:
        """The export line (JSON Lines) and `log --json` fields."""
        return {
            "seq": self.seq,
            "event_id": self.event_id,
            "type": self.type,
            "schema": self.schema,
            "data": _sorted(_plain(self.data)),
            "recorded_at": format_instant(self.recorded_at),
            "game_time": self.game_time,
            "session": self.session,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }


def format_instant(moment: datetime) -> str:
    """UTC wall-clock time as ISO 8601 with microseconds and a Z."""
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def chain_hash(
    prev_hash: str,
    *,
    seq: int,
    event_id: str,
    type: str,
    schema: int,
    data: Mapping[str, Any],
    recorded_at: datetime,
    game_time: str | None,
    session: int | None,
) -> str:
    """hash = sha256(prev_hash + canonical JSON of the event). The campaign slug is not
    hashed, so a log keeps its hashes when imported under another name."""
    body = canonical_json(
        {
            "seq": seq,
            "event_id": event_id,
            "type": type,
            "schema": schema,
            "data": data,
            "recorded_at": format_instant(recorded_at),
            "game_time": game_time,
            "session": session,
        }
    )
    return hashlib.sha256((prev_hash + body).encode("utf-8")).hexdigest()


def rehash(record: Recorded) -> str:
    return chain_hash(
        record.prev_hash,
        seq=record.seq,
        event_id=record.event_id,
        type=record.type,
        schema=record.schema,
        data=record.data,
        recorded_at=record.recorded_at,
        game_time=record.game_time,
        session=record.session,
    )


def describe_terms(terms: Terms, total: int | None = None) -> str:
    """`Reaction 12, HF 6 - Hardness 2 -4, +d10 +9, -d10 -3 = 14`."""
    text = ", ".join(
        f"{label} {value:+d}" if i else f"{label} {value}" for i, (label, value) in enumerate(terms)
    )
    return f"{text} = {total}" if total is not None else text


def recorded_terms(data: Mapping[str, Any]) -> Terms | None:
    """The terms a stored payload recorded, as (label, value) pairs; None when it has none,
    or when they are malformed (a hand-written log)."""
    terms = data.get("terms")
    if not isinstance(terms, list | tuple) or not terms:
        return None
    try:
        return tuple((str(label), int(value)) for label, value in terms)
    except (TypeError, ValueError):
        return None


def terms_text(data: Mapping[str, Any]) -> str | None:
    """A stored ruling's terms and total as one line (`Reaction 12, ... = 14`), or None."""
    pairs = recorded_terms(data)
    if pairs is None:
        return None
    total = data.get("total")
    return describe_terms(pairs, total if isinstance(total, int) else None)
