"""The claims of docs/ARCHITECTURE.md that the layer test does not hold, each checked on the
code (and, where a claim forbids something, planted to prove the check fails)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[2]
JOURNAL = ROOT / "journal"


def _imports(text: str) -> set[str]:
    """Every module a module's code imports, anywhere in it (`from X import y`: X and X.y)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def wording_in_the_service(text: str) -> list[str]:
    """What of the telling layer (the words) the application service imports."""
    return sorted(
        m for m in _imports(text) if m == "journal.telling" or m.startswith("journal.telling.")
    )


def test_the_service_returns_facts_and_words_nothing() -> None:
    """ "The application returns facts": `app.py` imports nothing of the telling layer;
    the API words what it returns (`journal.api.outcome`)."""
    assert wording_in_the_service((JOURNAL / "app.py").read_text()) == []
    assert "journal.telling.contract" in _imports((JOURNAL / "api" / "outcome.py").read_text())


def test_a_word_made_in_the_service_is_caught() -> None:
    planted = (
        JOURNAL / "app.py"
    ).read_text() + "\n\ndef _f():\n    from journal.telling.lines import describe\n"
    assert wording_in_the_service(planted) == [
        "journal.telling.lines",
        "journal.telling.lines.describe",
    ]
