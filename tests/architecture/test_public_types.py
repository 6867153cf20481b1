"""The public API is typed all the way down: no `Any` and no bare `object` in the
signatures of what the `journal` package exports and of each module of `journal.api` (its
functions, the methods and properties of its classes), nor in the documents they return,
read through `typing.get_type_hints` (a document's fields, methods and properties; a
TypedDict's keys).

A type of a lower layer that is no document (the campaign's state, a record, a ruleset)
is checked where it is named, not opened: its own module types it.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import sys
import types
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ForwardRef, get_args, get_type_hints, is_typeddict

import msgspec

import journal
import journal.api
import journal.documents
from journal.documents import Document
from journal.events.canonical import JSON


def _namespace(module_name: str) -> dict[str, object]:
    """A module's globals and the names it imports only for the type checker (`if
    TYPE_CHECKING:`), for resolving its annotations."""
    module = sys.modules[module_name]
    # the recursive JSON alias names itself ("JSON"), wherever a module uses it
    names: dict[str, object] = {"JSON": JSON, **vars(module)}
    tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for imported in ast.walk(node):
                if isinstance(imported, ast.ImportFrom) and imported.module:
                    source = importlib.import_module(imported.module)
                    for alias in imported.names:
                        names[alias.asname or alias.name] = getattr(source, alias.name)
                elif isinstance(imported, ast.Import):
                    for alias in imported.names:
                        importlib.import_module(alias.name)
                        names[alias.asname or alias.name] = sys.modules[alias.name]
    return names


def _hints(owner: object, module_name: str) -> dict[str, object]:
    return get_type_hints(owner, globalns=_namespace(module_name), include_extras=True)


def _is_document(kind: type) -> bool:
    return kind.__module__.startswith("journal") and (
        is_typeddict(kind) or (isinstance(kind, type) and issubclass(kind, Document))
    )


def _has_fields(kind: type) -> bool:
    """A dataclass or a struct (the documents and payloads of one-shot commands)."""
    return dataclasses.is_dataclass(kind) or issubclass(kind, msgspec.Struct)


class Checker:
    """Walks hints, and the documents they name, collecting each place `Any` or `object`
    stands."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.opened: set[type] = set()

    def hint(self, where: str, hint: object) -> None:
        if hint is Any:
            self.found.append(f"{where}: Any")
        elif hint is object:
            self.found.append(f"{where}: object")
        elif isinstance(hint, ForwardRef | str):
            pass  # a recursive alias naming itself (JSON inside JSON)
        elif isinstance(hint, type) and not get_args(hint):
            if _is_document(hint):
                self.document(hint)
        else:
            for arg in get_args(hint):
                if isinstance(arg, list):  # a Callable's parameters
                    for param in arg:
                        self.hint(where, param)
                elif arg is not Ellipsis:
                    self.hint(where, arg)

    def signature(self, where: str, function: Callable[..., object], module: str) -> None:
        for name, hint in _hints(function, module).items():
            self.hint(f"{where} {'returns' if name == 'return' else name}", hint)

    def members(self, kind: type) -> None:
        """Its public methods and properties (its `__init__` too)."""
        for name, member in vars(kind).items():
            if name.startswith("_") and name != "__init__":
                continue
            if isinstance(member, property) and member.fget is not None:
                self.signature(f"{kind.__name__}.{name}", member.fget, kind.__module__)
            elif isinstance(member, staticmethod | classmethod):
                self.signature(f"{kind.__name__}.{name}", member.__func__, kind.__module__)
            elif isinstance(member, types.FunctionType):
                self.signature(f"{kind.__name__}.{name}", member, kind.__module__)

    def document(self, kind: type) -> None:
        if kind in self.opened:
            return
        self.opened.add(kind)
        if is_typeddict(kind) or _has_fields(kind):
            for name, hint in _hints(kind, kind.__module__).items():
                self.hint(f"{kind.__name__}.{name}", hint)
        if not is_typeddict(kind):
            for base in kind.__mro__:
                if base is not object and base.__module__.startswith("journal"):
                    self.members(base)


#: the modules of `journal.api` whose names were never held to this (none was in the
#: package's former list of names): they show or take any value (`text`, `html`), hand out
#: the contract's classes (`rulesets`) or read any JSON (`proof.check`, a sheet of
#: `commands.AddCharacter`)
UNCHECKED = frozenset({"commands", "html", "proof", "rulesets", "text"})


def api_modules() -> list[types.ModuleType]:
    """Every module of `journal.api` (the package itself holds no names)."""
    folder = Path(journal.api.__file__).parent
    return [
        importlib.import_module(f"journal.api.{path.stem}")
        for path in sorted(folder.glob("*.py"))
        if path.stem != "__init__"
    ]


def public_names(module: types.ModuleType) -> list[str]:
    """What an API module offers: its `__all__`, else the public names it defines."""
    listed = getattr(module, "__all__", None)
    if listed is not None:
        return list(listed)
    return [
        name
        for name, found in vars(module).items()
        if not name.startswith("_") and getattr(found, "__module__", None) == module.__name__
    ]


def _public() -> Iterator[tuple[str, object, str]]:
    """(name, object, its module) of everything the public API offers."""
    for name in ("open", "create"):
        yield f"journal.{name}", getattr(journal, name), "journal"
    for module in api_modules():
        if module.__name__.rpartition(".")[2] in UNCHECKED:
            continue
        for name in public_names(module):
            found = getattr(module, name)
            where = getattr(found, "__module__", module.__name__)
            yield f"{module.__name__}.{name}", found, where
    # the documents the CLI and scripts read (`journal.documents`), each of its own
    for name, found in vars(journal.documents).items():
        ours = getattr(found, "__module__", "") == "journal.documents"
        if ours and callable(found) and not name.startswith("_"):
            yield f"journal.documents.{name}", found, "journal.documents"


def test_the_public_api_names_no_any_and_no_object() -> None:
    checker = Checker()
    for name, found, module in _public():
        if isinstance(found, type):
            checker.members(found)
            if _is_document(found):
                checker.document(found)
            if _has_fields(found):
                for field, hint in _hints(found, found.__module__).items():
                    checker.hint(f"{found.__name__}.{field}", hint)
        elif isinstance(found, types.FunctionType):  # not a constant nor a type alias
            checker.signature(name, found, module)
    assert checker.found == []
    # the walk reached the documents: the recap's, the explanation's, the status's
    reached = {kind.__name__ for kind in checker.opened}
    assert {"RecapDocument", "Encounter", "ArcDocument", "Explanation", "StatusDocument"} <= reached


def test_the_checker_finds_any_and_object() -> None:
    """The walk is no test that cannot fail: it finds them nested, in a document's fields
    and in a method's parameters."""

    class Leaky(typing.TypedDict):
        rows: list[dict[str, Any]]

    checker = Checker()
    checker.hint("x", dict[str, list[object]])
    checker.hint("y", Callable[[int, Any], str])
    checker.document(Leaky)
    assert checker.found == ["x: object", "y: Any", "Leaky.rows: Any"]
