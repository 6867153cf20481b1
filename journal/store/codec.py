"""A JSON form for projection states (frozen `msgspec.Struct`s or dataclasses of tuples,
mappings and scalars).

Used by the snapshot cache. A state is written with each class tagged by its name and
read back only through a fixed `Registry`: the journal's own state classes and those a
ruleset declares (`Ruleset.state_classes`). A tag names a class of the registry or the
value is refused; nothing is ever imported by a name read from a row. Every value is
checked against the type its field declares, and nesting is bounded, so a damaged or
forged snapshot can at worst fail to load (`CodecError`), never run code or hand a
command a state of the wrong shape.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

import msgspec

from journal.frozen import field_names, is_state_class, required_fields

_DC, _TUPLE, _MAP, _FROZENSET = "__dc__", "__t__", "__m__", "__fs__"
#: deeper than any state the journal folds (a campaign state is about ten levels deep)
MAX_DEPTH = 64
_ENCODE = msgspec.json.Encoder().encode
_SCALARS: tuple[type, ...] = (str, int, float, bool)


class CodecError(ValueError):
    """A value the registry's types do not allow (the message says which)."""


class _Mismatch(CodecError):
    """A value of another kind altogether than its type (a string for a number, say)."""


def tag(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


#: reads a value of one type, at a depth: built once per type by the registry
Reader = Callable[[Any, int], Any]


class Registry:
    """The classes (Structs or dataclasses) a state may hold, `root` (the state's own class)
    first. Each class's field types are read once, when the registry is made, into a reader
    per type: a type the codec cannot check is refused then (`TypeError`), not when a
    snapshot is read."""

    def __init__(self, root: type, classes: Iterable[type] = ()) -> None:
        self.root = root
        self._by_tag: dict[str, type] = {}
        #: class -> (its field names and the tag key, [(field, reader, required)])
        self._fields: dict[type, tuple[frozenset[str], list[tuple[str, Reader, bool]]]] = {}
        self._readers: dict[Any, Reader] = {}
        for cls in (root, *classes):
            if not is_state_class(cls):
                raise TypeError(f"{cls!r} is not a Struct or dataclass: a snapshot cannot hold it")
            self._by_tag[tag(cls)] = cls
        for cls in list(self._by_tag.values()):
            hints = typing.get_type_hints(cls)
            fields = []
            for name, needed in required_fields(cls).items():
                where = f"{cls.__qualname__}.{name}"
                reader = self._inner(self._reader(hints[name], f"{tag(cls)}.{name}"), where)
                fields.append((name, reader, needed))
            self._fields[cls] = (frozenset({_DC, *(name for name, _, _ in fields)}), fields)
        self._root = self._reader(root, tag(root))

    def __contains__(self, cls: object) -> bool:
        return isinstance(cls, type) and self._by_tag.get(tag(cls)) is cls

    def decode(self, value: Any) -> Any:
        """A state (of the root class) from its JSON form."""
        return self._root(value, 0)

    # --- a reader per type -------------------------------------------------------------------

    def _reader(self, hint: Any, where: str) -> Reader:
        found = self._readers.get(hint)
        if found is None:
            found = self._readers[hint] = self._build(hint, where)
        return found

    def _inner(self, read: Reader, where: str = "") -> Reader:
        """A reader of a value inside another: a kind that does not fit is then a problem
        of the whole (which a union does not try another way)."""

        def inner(value: Any, depth: int) -> Any:
            if depth >= MAX_DEPTH:
                raise CodecError("it is nested too deep")
            try:
                return read(value, depth + 1)
            except _Mismatch as exc:
                raise CodecError(f"{where}: {exc}" if where else str(exc)) from None

        return inner

    def _build(self, hint: Any, where: str) -> Reader:
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is Any or hint is object:
            return self._untyped
        if hint is type(None):
            return _none
        if hint in _SCALARS:
            return lambda value, depth: _scalar(value, hint)
        if origin in (typing.Union, types.UnionType):
            return self._union([self._reader(arg, where) for arg in args], args)
        if origin is typing.Literal:
            return lambda value, depth: _literal(value, args)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            item = self._inner(self._reader(args[0], where))
            return lambda value, depth: tuple(item(v, depth) for v in _tagged(value, _TUPLE))
        if origin is tuple:
            items = [self._inner(self._reader(arg, where)) for arg in args]
            return lambda value, depth: _fixed(_tagged(value, _TUPLE), items, depth)
        if origin in (frozenset, set):
            member = self._inner(self._reader(args[0], where))
            return lambda value, depth: frozenset(
                member(v, depth) for v in _tagged(value, _FROZENSET)
            )
        if origin in (dict, Mapping):
            key = self._inner(self._reader(args[0], where))
            item = self._inner(self._reader(args[1], where))
            return lambda value, depth: {
                key(k, depth): item(v, depth) for k, v in map(_pair, _tagged(value, _MAP))
            }
        if origin is list:
            item = self._inner(self._reader(args[0], where))
            return lambda value, depth: [item(v, depth) for v in _list(value)]
        if isinstance(hint, type) and origin is None:
            if is_state_class(hint) and hint not in self:
                raise TypeError(f"{where}: {tag(hint)} is not among the state classes")
            if not any(issubclass(cls, hint) for cls in self._by_tag.values()):
                raise TypeError(f"{where}: no state class is a {hint.__qualname__}")
            return lambda value, depth: self._dataclass(value, hint, depth)
        raise TypeError(f"{where}: the snapshot codec cannot check {hint!r}")

    def _union(self, readers: list[Reader], args: tuple[Any, ...]) -> Reader:
        def union(value: Any, depth: int) -> Any:
            deeper = []
            for read in readers:
                try:
                    return read(value, depth)
                except _Mismatch:
                    continue
                except CodecError as exc:
                    deeper.append(exc)
            if deeper:  # the value was of a kind that fits, and failed inside
                raise deeper[0]
            raise _Mismatch(f"{_kind(value)} where {' or '.join(map(_name, args))} belongs")

        return union

    def _dataclass(self, value: Any, expected: type, depth: int) -> Any:
        if not isinstance(value, dict) or not isinstance(value.get(_DC), str):
            raise _Mismatch(f"{_kind(value)} where a {expected.__qualname__} belongs")
        cls = self._by_tag.get(value[_DC])
        if cls is None:
            raise CodecError(f"it names a type that is not a state class: {value[_DC][:80]!r}")
        if not issubclass(cls, expected):
            raise CodecError(f"a {cls.__qualname__} where a {expected.__qualname__} belongs")
        names, fields = self._fields[cls]
        unknown = value.keys() - names
        if unknown:
            raise CodecError(f"{cls.__qualname__} has no field {sorted(unknown)[0][:80]!r}")
        given = {}
        for name, read, required in fields:
            if name in value:
                given[name] = read(value[name], depth)
            elif required:
                raise CodecError(f"{cls.__qualname__} lacks its field {name!r}")
        try:
            return cls(**given)
        except (TypeError, ValueError) as exc:
            raise CodecError(f"{cls.__qualname__}: {exc}") from None

    def _untyped(self, value: Any, depth: int) -> Any:
        """A value of a field typed `object` (a JSON object in a state, say)."""
        if depth > MAX_DEPTH:
            raise CodecError("it is nested too deep")
        if value is None or type(value) in _SCALARS:
            return value
        if isinstance(value, list):
            return [self._untyped(v, depth + 1) for v in value]
        if not isinstance(value, dict):
            raise CodecError(f"{_kind(value)} is not a value of a state")
        if _DC in value:
            return self._dataclass(value, object, depth)
        try:
            if _TUPLE in value:
                return tuple(self._untyped(v, depth + 1) for v in _tagged(value, _TUPLE))
            if _FROZENSET in value:
                return frozenset(self._untyped(v, depth + 1) for v in _tagged(value, _FROZENSET))
            if _MAP in value:
                return {
                    self._untyped(k, depth + 1): self._untyped(v, depth + 1)
                    for k, v in map(_pair, _tagged(value, _MAP))
                }
        except TypeError:  # an unhashable key or member
            raise CodecError("a mapping key or set member that cannot be one") from None
        raise CodecError(f"unknown snapshot value {sorted(value)[:3]}")


def _none(value: Any, depth: int) -> None:
    if value is not None:
        raise _Mismatch(f"{_kind(value)} where nothing (null) belongs")


def _literal(value: Any, allowed: tuple[Any, ...]) -> Any:
    if type(value) in _SCALARS and value in allowed:
        return value
    raise CodecError(f"{value!r} is not one of {list(allowed)}")


def _fixed(items: list[Any], readers: list[Reader], depth: int) -> tuple[Any, ...]:
    if len(items) != len(readers):
        raise CodecError(f"{len(items)} items where {len(readers)} belong")
    return tuple(read(v, depth) for v, read in zip(items, readers, strict=True))


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise _Mismatch(f"{_kind(value)} where a list belongs")
    return value


def _scalar(value: Any, hint: type) -> Any:
    kind = type(value)
    if kind is hint or (hint is float and kind is int) or (hint is int and kind is bool):
        return value
    raise _Mismatch(f"{_kind(value)} where a {hint.__name__} belongs")


def _tagged(value: Any, key: str) -> list[Any]:
    if not isinstance(value, dict) or len(value) != 1 or not isinstance(value.get(key), list):
        raise _Mismatch(f"{_kind(value)} where {key} belongs")
    items: list[Any] = value[key]
    return items


def _pair(item: Any) -> tuple[Any, Any]:
    if not isinstance(item, list) or len(item) != 2:
        raise CodecError(f"{_kind(item)} where a [key, value] pair belongs")
    return item[0], item[1]


def _kind(value: Any) -> str:
    return "null" if value is None else f"a {type(value).__name__}"


def _name(hint: Any) -> str:
    if hint is type(None):
        return "nothing (null)"
    return f"a {hint.__qualname__}" if isinstance(hint, type) else str(hint)


@cache
def registry(classes: tuple[type, ...]) -> Registry:
    """The registry of these classes (the first is the root), made once."""
    return Registry(classes[0], classes[1:])


# --- the two ends ------------------------------------------------------------------------


def encode(value: Any, classes: Registry) -> Any:
    """The JSON form of a state; a class outside the registry is refused (TypeError)."""
    cls = type(value)
    if is_state_class(cls):
        if cls not in classes:
            raise TypeError(f"{tag(cls)} is not among the state classes")
        fields = {name: encode(getattr(value, name), classes) for name in field_names(cls)}
        return {_DC: tag(cls), **fields}
    if isinstance(value, tuple):
        return {_TUPLE: [encode(v, classes) for v in value]}
    if isinstance(value, frozenset | set):
        return {_FROZENSET: [encode(v, classes) for v in sorted(value, key=repr)]}
    if isinstance(value, Mapping):
        return {_MAP: [[encode(k, classes), encode(v, classes)] for k, v in value.items()]}
    if isinstance(value, list):
        return [encode(v, classes) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"cannot snapshot a {type(value).__name__}")


def dumps(state: Any, classes: Registry) -> str:
    """A state as the JSON text a snapshot keeps."""
    return _ENCODE(encode(state, classes)).decode()


def loads(text: str, classes: Registry) -> Any:
    """A state from the JSON text a snapshot kept (`CodecError` when it is not one)."""
    try:
        document = msgspec.json.decode(text)
    except RecursionError:
        raise CodecError("it is nested too deep") from None
    except (msgspec.DecodeError, ValueError):
        raise CodecError("it is not JSON") from None
    try:
        return classes.decode(document)
    except RecursionError:  # a Python recursion limit set below MAX_DEPTH
        raise CodecError("it is nested too deep") from None
