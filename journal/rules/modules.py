"""A ruleset's parts found by where they live: every module of a package imported, so a
command's module registers its handlers (`journal.rules.dispatch`) with no list to edit."""

from __future__ import annotations

import importlib
import os
import sys


def load_modules(package: str) -> tuple[str, ...]:
    """Import each module of the package `package` (its `*.py` files and sub-packages, by
    name, not `__init__`): a ruleset's `rules` or `telling` package calls it with its own
    `__name__`, before it reads its tables. Returns the modules' names."""
    where = getattr(sys.modules[package], "__path__", None)
    if where is None:
        raise TypeError(f"{package} is a module, not a package: it has no modules to load")
    names: set[str] = set()
    for folder in where:
        with os.scandir(folder) as entries:
            for entry in entries:
                stem, dot, suffix = entry.name.partition(".")
                if entry.is_file() and dot and suffix == "py" and stem.isidentifier():
                    names.add(stem)
                elif (
                    entry.is_dir()
                    and entry.name.isidentifier()
                    and os.path.isfile(os.path.join(entry.path, "__init__.py"))
                ):
                    names.add(entry.name)
    names.discard("__init__")
    loaded = tuple(f"{package}.{name}" for name in sorted(names))
    for module in loaded:
        importlib.import_module(module)
    return loaded
