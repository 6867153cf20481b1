"""`changed`: a copy of a frozen dataclass with some fields changed, for the folds.

`dataclasses.replace` runs `__init__` with every field, several times per folded event;
the states a fold copies are plain frozen dataclasses, so copying the instance's
attributes gives the same object at a fraction of the cost. A class where that would not
be exact (slots, `__post_init__`, `init=False` fields, cached properties) falls back to
`dataclasses.replace`, and so does a name that is not a field (which it refuses).
"""

from __future__ import annotations

import dataclasses
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


@cache
def _fields(cls: type) -> frozenset[str] | None:
    """The field names when copying the attributes is exact, else None."""
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


def changed(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace(obj, **changes)`, fast for plain frozen dataclasses."""
    cls = obj.__class__
    if cls not in _PLAIN and _fields(cls) is None:
        return dataclasses.replace(obj, **changes)
    attributes = obj.__dict__.copy()
    attributes.update(changes)
    if len(attributes) != len(obj.__dict__):  # a name that is not a field: let replace say
        return dataclasses.replace(obj, **changes)
    copy: T = _new(cls)
    _set_attribute(copy, "__dict__", attributes)
    return copy


_PLAIN: dict[type, frozenset[str]] = {}
_new = object.__new__
_set_attribute = object.__setattr__
