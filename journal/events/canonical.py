"""The one canonical JSON form (hashes, event ids, stored payloads) and the plain,
JSON-ready copies of payloads and documents it is made from."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ForwardRef, TypeAlias, cast

import msgspec

#: A JSON object whose shape the journal does not fix (a sheet, a table effect).
JSONObject = Mapping[str, object]
#: A JSON value: what the canonical form decodes to, and what a document's `--json` holds
#: (a payload holds no float; a chart's numbers may)
if TYPE_CHECKING:
    JSON: TypeAlias = bool | int | float | str | Sequence["JSON"] | Mapping[str, "JSON"] | None
else:  # the same, its self-reference bound to this module: `get_type_hints` resolves it
    # wherever the alias is used (a TypedDict of another module that holds JSON)
    _ITSELF = ForwardRef("JSON", module=__name__)
    JSON = bool | int | float | str | Sequence[_ITSELF] | Mapping[str, _ITSELF] | None


def plain(value: object) -> object:
    """A JSON-ready copy: structs and dataclasses become objects (fields in order), tuples
    lists."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is dict and isinstance(value, dict):  # the common cases first, by exact type
        return {str(k): plain(v) for k, v in value.items()}
    if (kind is list or kind is tuple) and isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, msgspec.Struct):
        return {name: plain(getattr(value, name)) for name in value.__struct_fields__}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def as_json(value: object) -> JSON:
    """`plain(value)` of what holds only JSON-ready values (str, int, bool, None, tuples,
    mappings, structs and dataclasses of them): a document's fields, a payload's."""
    return cast("JSON", plain(value))


def sorted_json(value: object) -> JSON:
    """Mappings with their keys in order, at every depth: an export reads the same whichever
    database it came from (PostgreSQL's JSONB keeps keys in its own order). Decoding the
    canonical JSON gives exactly that, and lists for tuples."""
    decoded: JSON = msgspec.json.decode(canonical_bytes(value))
    return decoded


#: the longest text one field of a new event may hold, about 30 printed pages: a handout's
#: PDF prints about 20,000 characters a second, so a pasted book is refused at entry rather
#: than printed for minutes. An import keeps whatever an older journal wrote.
TEXT_LIMIT = 100_000


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


def check_lengths(value: object, limit: int | None = None, field: str = "text") -> None:
    """Refuse a text longer than `limit` characters (`TEXT_LIMIT`) anywhere in `value`
    (`TextTooLong`, naming the field that holds it)."""
    limit = TEXT_LIMIT if limit is None else limit
    if isinstance(value, str):
        if len(value) > limit:
            raise TextTooLong(field, len(value), limit)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            check_lengths(item, limit, str(key))
    elif isinstance(value, list | tuple):
        for item in value:
            check_lengths(item, limit, field)


class TextTooLong(ValueError):
    """A new event's text over `TEXT_LIMIT` characters: `field` names it."""

    def __init__(self, field: str, length: int, limit: int) -> None:
        self.field, self.length, self.limit = field, length, limit
        super().__init__(
            f"its {field} is {length:,} characters long, and one text holds at most "
            f"{limit:,} (about 30 printed pages): shorten it, or split a long note into several"
        )


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
