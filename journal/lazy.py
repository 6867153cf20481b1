"""Names a package hands out but imports from their homes on first use (PEP 562), so that
importing the package stays cheap: `journal.plugin` and `journal.api` are read by
commands that need only a few of their names."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], object]:
    """The module `__getattr__` of `package`: each name of `homes` from the module it names
    (the module itself when the home ends in `.name`), kept in `namespace` once found."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(home)
        found: object = module if home.endswith(f".{name}") else getattr(module, name)
        namespace[name] = found
        return found

    return __getattr__
