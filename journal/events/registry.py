"""Payloads: the base of every event payload, the registry of payload types by name, their
schema versions and upcasters, and the typed decoding of stored JSON back into them.

A payload is a frozen `msgspec.Struct` (a subclass of `Event`, frozen by inheritance)
named in the past tense and registered with `@event`. Its fields are typed precisely (str,
int, bool, None, tuples, mappings, nested frozen structs such as a recorded change), so one
typed decoder (msgspec) turns the stored JSON back into the very payload the decider
produced, refusing what does not fit. A struct class costs next to nothing to define (a
frozen dataclass compiles its `__init__`, `__eq__` and `__hash__` when the class is made:
most of a one-shot command's start, issue 24) and decodes faster.
A payload records a ruling's inputs (dice faces, flags, names) and its derived results
with their terms, so `explain` can show them and `audit` can recompute them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import ClassVar, TypeVar

import msgspec
import msgspec.structs

from journal.events.canonical import plain, sorted_json
from journal.frozen import NoDataclass, require_struct

#: A campaign option's value.
OptionValue = int | str | bool


#: the events that correct others: the fold reads the log through them
CORRECTION_TYPES = ("EventVoided", "RulingAmended")


class Event(msgspec.Struct, frozen=True, metaclass=NoDataclass):
    """Base of every payload. Subclasses (frozen structs, by inheritance) are registered
    with `@event`; their fields, in order, are the stored JSON object's."""

    schema: ClassVar[int] = 1

    @property
    def type(self) -> str:
        return type(self).__name__


class DiceRoll(msgspec.Struct, frozen=True):
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
    """Register a payload class under its class name (the `type` column); a class that is
    not a frozen Struct subclassing `Event` is refused in words (TypeError)."""
    require_struct(cls, Event)
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


def keep_sorted(payload: Event, *fields: str) -> None:
    """For a payload's `__post_init__`: its free-form JSON objects (`fields`) with their keys
    sorted at every depth. A JSON object has no order of its own, and PostgreSQL's JSONB
    keeps the keys in another than SQLite does; so whatever reads one (a log line, a sheet's
    traits folded into a state) reads the same, from either store or from the decider."""
    for name in fields:
        msgspec.structs.force_setattr(payload, name, sorted_json(getattr(payload, name)))


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
    return frozenset(event_class(type_name).__struct_fields__)


def from_data(type_name: str, schema: int, data: Mapping[str, object]) -> Event:
    """Build a payload, upcasting old schemas; a ValueError names the field that does not
    fit its declared type (`NoteTaken.text cannot be ["a"]`)."""
    cls = event_class(type_name)
    if schema != cls.schema:
        _, data = upcast(type_name, schema, data)
    fields = _field_names(type_name)
    if not fields.issuperset(data):
        unknown = sorted(set(data) - fields)
        raise ValueError(f"{type_name} has unknown field(s): {', '.join(unknown)}")
    try:
        payload: Event = msgspec.convert(data, cls)
    except msgspec.ValidationError as exc:
        raise ValueError(_validation_message(type_name, data, exc)) from None
    return payload


#: type name -> its schema and its decoder's `decode`, made once: `from_json` looks each
#: event up once (a replay or a log decodes every event of a campaign)
_DECODERS: dict[str, tuple[int, Callable[[str | bytes], Event]]] = {}


def from_json(type_name: str, schema: int, text: str | bytes) -> Event:
    """A payload from JSON text the journal wrote itself: decoded straight into its type,
    without the checks `from_data` makes of what comes from outside."""
    found = _DECODERS.get(type_name)
    if found is None:
        cls = event_class(type_name)
        found = _DECODERS[type_name] = (cls.schema, msgspec.json.Decoder(cls).decode)
    if schema == found[0]:
        try:
            return found[1](text)
        except msgspec.ValidationError:
            pass  # let from_data say precisely what does not fit
    return from_data(type_name, schema, msgspec.json.decode(text))


def _validation_message(type_name: str, data: Mapping[str, object], exc: Exception) -> str:
    import json

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
