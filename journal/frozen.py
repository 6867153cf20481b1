"""`changed`: a copy of a frozen state with some fields changed, for the folds.

The journal's states are frozen `msgspec.Struct`s: `msgspec.structs.replace` copies one in
C, several times per folded event. A ruleset may still keep its state in frozen
dataclasses: `dataclasses.replace` runs `__init__` with every field, so for a plain one
copying the instance's attributes gives the same object at a fraction of the cost. A class
where that would not be exact (slots, `__post_init__`, `init=False` fields, cached
properties) falls back to `dataclasses.replace`, and so does a name that is not a field
(which it refuses, as `structs.replace` does for a Struct).

`field_names` and `defaults` read either kind of class, for the snapshot codec and the
fold's comparisons.
"""

from __future__ import annotations

import dataclasses
from functools import cache, cached_property
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

_Struct = msgspec.Struct
_replace = msgspec.structs.replace


def changed(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen state `obj` (a `msgspec.Struct` or a dataclass) with `changes`."""
    if isinstance(obj, _Struct):
        return _replace(obj, **changes)
    cls: type = obj.__class__
    if cls not in _PLAIN and _fields(cls) is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    attributes = obj.__dict__.copy()
    attributes.update(changes)
    if len(attributes) != len(obj.__dict__):  # a name that is not a field: let replace say
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    copy: T = _new(cls)
    _set_attribute(copy, "__dict__", attributes)
    return copy


def is_state_class(cls: object) -> bool:
    """Whether `cls` is a class `changed` and the snapshot codec can read: a Struct or a
    dataclass."""
    return isinstance(cls, type) and (issubclass(cls, _Struct) or dataclasses.is_dataclass(cls))


def field_names(cls: Any) -> tuple[str, ...]:
    """The fields of a Struct or dataclass, in their order."""
    if issubclass(cls, _Struct):
        names: tuple[str, ...] = cls.__struct_fields__
        return names
    return tuple(f.name for f in dataclasses.fields(cls))


def required_fields(cls: Any) -> dict[str, bool]:
    """Each field of a Struct or dataclass, and whether `__init__` needs it (no default);
    `TypeError` for a dataclass field `__init__` does not set."""
    if issubclass(cls, _Struct):
        return {
            f.name: f.default is msgspec.NODEFAULT and f.default_factory is msgspec.NODEFAULT
            for f in msgspec.structs.fields(cls)
        }
    found = {}
    for f in dataclasses.fields(cls):
        if not f.init:
            raise TypeError(f"{cls.__module__}:{cls.__qualname__}.{f.name} is not set by __init__")
        found[f.name] = (
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        )
    return found


@cache
def _fields(cls: type) -> frozenset[str] | None:
    """The field names when copying a dataclass's attributes is exact, else None."""
    if not dataclasses.is_dataclass(cls) or "__slots__" in cls.__dict__:
        return None
    if hasattr(cls, "__post_init__"):
        return None
    if any(isinstance(v, cached_property) for k in cls.__mro__ for v in vars(k).values()):
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None
    names = _PLAIN[cls] = frozenset(f.name for f in fields)
    return names


_PLAIN: dict[type, frozenset[str]] = {}
_new = object.__new__
_set_attribute = object.__setattr__


class NoDataclass(msgspec.StructMeta):
    """The metaclass of `Event` and `Command`: a subclass is a frozen `msgspec.Struct` by
    inheritance, and `@dataclass` on one is refused in words (dataclasses would fail with
    msgspec's bare "readonly attribute")."""

    def __setattr__(cls, name: str, value: Any) -> None:
        if name.startswith("__dataclass"):
            raise TypeError(not_a_struct(cls.__name__, cls))
        super().__setattr__(name, value)


def not_a_struct(name: str, base: type) -> str:
    """The refusal of an event or command class that is not a msgspec Struct (`base`:
    the class it should subclass, or one of its subclasses)."""
    kind = next((b.__name__ for b in base.__mro__ if b.__name__ in ("Event", "Command")), "Event")
    return (
        f"{name} is not a msgspec Struct: an event or a command is a frozen msgspec.Struct, "
        f"made by subclassing journal.plugin.rules.{kind} "
        f"(class {name}({kind}, frozen=True): ...) without @dataclass"
    )


def require_struct(cls: object, base: type) -> None:
    """Refuse (TypeError) a class registered as an event or a command that is not a
    subclass of `base` (`Event` or `Command`), the frozen msgspec Struct each must be."""
    if not (isinstance(cls, type) and issubclass(cls, base) and issubclass(cls, _Struct)):
        raise TypeError(not_a_struct(getattr(cls, "__name__", repr(cls)), base))
