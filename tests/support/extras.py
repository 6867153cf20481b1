"""The optional extras (`serve`, `pdf`, `postgres`): a test of one skips, saying so, where
its extra is not installed (`pip install -e '.[test]'` alone runs the suite green), and
the journal's advice to add one keeps the extras this installation has."""

from __future__ import annotations

from importlib.util import find_spec

import pytest

#: a module each extra brings (as journal.installation tells them apart)
MODULES = {"pdf": "weasyprint", "postgres": "psycopg", "serve": "uvicorn"}
#: what each extra is for, in a skipped test's reason
FOR = {
    "pdf": "PDF needs the pdf extra (WeasyPrint)",
    "postgres": "PostgreSQL needs the postgres extra (psycopg)",
    "serve": "journal serve's tests need the serve extra",
}


def needs(extra: str) -> None:
    """Skip the test, saying why, unless `extra` is installed."""
    pytest.importorskip(MODULES[extra], reason=FOR[extra])


def needed(extra: str) -> pytest.MarkDecorator:
    """A mark: the test skips, saying why, unless `extra` is installed."""
    return pytest.mark.skipif(not _found(MODULES[extra]), reason=FOR[extra])


def adding(extra: str, installer: str = "pip install") -> str:
    """`pip install 'horror-journal[...]'`: `extra` with the extras installed here."""
    kept = {name for name, module in MODULES.items() if _found(module)}
    return f"{installer} 'horror-journal[{','.join(sorted({extra, *kept}))}]'"


def _found(module: str) -> bool:
    try:
        return find_spec(module) is not None
    except ValueError:  # set aside by the test (None in sys.modules)
        return False
