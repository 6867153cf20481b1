"""Every payload type keeps its stored form byte for byte (issue 24 made payloads
`msgspec.Struct`s, once frozen dataclasses): every field in declaration order, defaults
encoded, none omitted, the same bytes from msgspec's own encoding of the struct as from
the plain object the chain hashes; and every event the schema fixtures stored reads back
and re-encodes to exactly the text that was stored."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Union

import msgspec
import pytest
from support import CAMPAIGNS, SCHEMA_FIXTURES

from journal.events.canonical import canonical_bytes
from journal.events.registry import _REGISTRY, Event, event_class, from_json, to_data
from journal.rules import load_all

load_all()  # every installed ruleset's event types registered
#: the payload in its fields' order, compact: what the journals before issue 24 stored (the
#: schema fixtures hold it); an appended event now stores its canonical JSON (sorted keys)
_ENCODE = msgspec.json.Encoder().encode
TYPES = sorted(_REGISTRY)


def example(hint: Any, depth: int = 0) -> Any:
    """A plain JSON value of type `hint` (the first choice of a union, one item of a
    tuple or mapping): what a decider could have produced."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is str or hint is object:
        return f"text {depth}"
    if hint is bool:
        return True
    if hint is int:
        return 7 + depth
    if hint is type(None):
        return None
    if origin in (Union, types.UnionType):
        return example(next(a for a in args if a is not type(None)), depth)
    if origin is typing.Literal:
        return args[0]
    if origin is tuple:
        items = args[:1] if len(args) == 2 and args[1] is Ellipsis else args
        return [example(a, depth + 1) for a in items]
    if origin is not None and issubclass(origin, Mapping):
        key, value = args or (str, object)
        return {example(key, depth + 1): example(value, depth + 1)}
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        hints = typing.get_type_hints(hint)
        return {name: example(hints[name], depth + 1) for name in hint.__struct_fields__}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):  # a state class's too
        hints = typing.get_type_hints(hint)
        return {f.name: example(hints[f.name], depth + 1) for f in dataclasses.fields(hint)}
    if hint is Any:
        return f"text {depth}"
    raise AssertionError(f"no example for {hint!r}")


def required(cls: type[Event]) -> dict[str, Any]:
    """The fields without a default, each an example."""
    hints = typing.get_type_hints(cls)
    fields = cls.__struct_fields__
    defaults = len(cls.__struct_defaults__)
    return {name: example(hints[name]) for name in fields[: len(fields) - defaults]}


@pytest.mark.parametrize("type_name", TYPES)
def test_a_payload_encodes_every_field_in_order_defaults_included(type_name: str) -> None:
    cls = event_class(type_name)
    assert issubclass(cls, msgspec.Struct) and cls.__struct_config__.frozen, type_name
    payload = msgspec.convert(required(cls), cls)
    data = to_data(payload)
    assert list(data) == list(cls.__struct_fields__)  # no field omitted, none reordered
    # the struct's own encoding is the plain object's, sorted (what the chain hashes and the
    # store keeps) and in field order (what older journals stored)
    assert canonical_bytes(payload) == canonical_bytes(data)
    assert msgspec.json.encode(payload) == _ENCODE(data)
    assert from_json(type_name, cls.schema, _ENCODE(data)) == payload


#: the fixtures' campaigns imported from the shipped logs: their events keep the log's key
#: order (an import stores the text as given); every other event was decided, in field order
IMPORTED = {path.name for path in CAMPAIGNS.iterdir() if path.is_dir()}


def _stored(db: Path) -> list[tuple[str, str, int, str]]:
    with sqlite3.connect(db) as conn:
        query = "SELECT campaign, type, schema, data FROM events ORDER BY campaign, seq"
        return list(conn.execute(query))


def _free_form(hint: Any) -> bool:
    """A mapping of plain values (a sheet, the options): its keys are sorted on reading
    (`keep_sorted`), whatever order they were stored in."""
    if typing.get_origin(hint) is not Mapping:
        return False
    value = typing.get_args(hint)[1]
    return not (isinstance(value, type) and issubclass(value, msgspec.Struct))


@pytest.mark.parametrize("db", sorted(SCHEMA_FIXTURES.glob("*.db")), ids=lambda p: p.stem)
def test_every_stored_payload_reads_back_to_its_stored_text(db: Path) -> None:
    """A field added since (with its default, in the same schema) is the only difference."""
    compared = set()
    for campaign, type_name, schema, text in _stored(db):
        cls = event_class(type_name)
        if schema != cls.schema:
            continue  # upcast: a newer form, by design
        stored = json.loads(text)
        data = to_data(from_json(type_name, schema, text))
        # a journal since issue 24 stores the canonical JSON its hash covers (keys sorted
        # at every depth): compared as the same JSON, as an imported log's is
        canonical = (text.encode() if isinstance(text, str) else text) == canonical_bytes(stored)
        decided = campaign not in IMPORTED and not canonical
        if decided:
            assert [name for name in data if name in stored] == list(stored), type_name
        assert set(stored) <= set(data), type_name
        hints = typing.get_type_hints(cls)
        for name, value in stored.items():
            if decided and not _free_form(hints[name]):  # nested fields in their order too
                assert _ENCODE(data[name]) == _ENCODE(value), (type_name, name, text)
            else:  # the same JSON (a free-form object's keys are sorted on reading)
                assert canonical_bytes(data[name]) == canonical_bytes(value), (type_name, name)
        added = {name: data[name] for name in data if name not in stored}
        # the defaults are those of the last fields
        fields, values = cls.__struct_fields__[::-1], cls.__struct_defaults__[::-1]
        defaults = dict(zip(fields, values, strict=False))
        assert _ENCODE(added) == _ENCODE({name: defaults[name] for name in added}), type_name
        compared.add(type_name)
    assert compared, f"{db.name} holds no event at a current schema"
