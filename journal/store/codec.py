"""A JSON form for projection states (frozen dataclasses of tuples, mappings and scalars).

Used by the snapshot cache. It rebuilds only dataclasses defined in the journal's own
modules, so a tampered snapshot row can at worst fail to load, never run code.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from typing import Any

_DC, _TUPLE, _MAP, _FROZENSET = "__dc__", "__t__", "__m__", "__fs__"


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {_DC: f"{cls.__module__}:{cls.__qualname__}", **fields}
    if isinstance(value, tuple):
        return {_TUPLE: [encode(v) for v in value]}
    if isinstance(value, frozenset | set):
        return {_FROZENSET: [encode(v) for v in sorted(value, key=repr)]}
    if isinstance(value, Mapping):
        return {_MAP: [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"cannot snapshot a {type(value).__name__}")


def _dataclass(path: str) -> type[Any]:
    module_name, _, qualname = path.partition(":")
    if module_name != "journal" and not module_name.startswith("journal."):
        raise ValueError(f"refusing to rebuild {path}: not a journal type")
    target: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        target = getattr(target, part)
    if not (isinstance(target, type) and dataclasses.is_dataclass(target)):
        raise ValueError(f"{path} is not a dataclass")
    return target


def decode(value: Any) -> Any:
    if isinstance(value, list):
        return [decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if _DC in value:
        cls = _dataclass(str(value[_DC]))
        return cls(**{k: decode(v) for k, v in value.items() if k != _DC})
    if _TUPLE in value:
        return tuple(decode(v) for v in value[_TUPLE])
    if _FROZENSET in value:
        return frozenset(decode(v) for v in value[_FROZENSET])
    if _MAP in value:
        return {decode(k): decode(v) for k, v in value[_MAP]}
    raise ValueError(f"unknown snapshot value {sorted(value)}")
