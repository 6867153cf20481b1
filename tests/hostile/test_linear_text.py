"""Handout rendering is linear in the size of what was typed.

The journal holds no regular expression with nested or adjacent unbounded repetition
(`[ \\t]*[\\r\\n]+` and `\\w+(?:-\\w+)+` in handout escaping made 40,000 spaces in a note
take 9.6 s to recap), and every free-text field fed 1 MB of spaces, of one word, or of
hyphenated words renders in time that grows with the size, not its square: measured as
the ratio of two sizes, never an absolute time.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import journal

JOURNAL = Path(journal.__file__).parent
FUNCTIONS = {"compile", "match", "fullmatch", "search", "sub", "subn", "split", "findall",
             "finditer"}


def _patterns() -> Iterator[tuple[str, str]]:
    """Every pattern literal given to a function of `re` in journal/ (where, pattern)."""
    for path in sorted(JOURNAL.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in FUNCTIONS
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re"
                and node.args
            ):
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    yield f"{path.relative_to(JOURNAL.parent)}:{node.lineno}", first.value
                elif isinstance(first, ast.JoinedStr):  # an f-string: its literal parts
                    text = "".join(
                        v.value if isinstance(v, ast.Constant) else "x" for v in first.values
                    )
                    yield f"{path.relative_to(JOURNAL.parent)}:{node.lineno}", text


def _unbounded(item: tuple[Any, Any]) -> bool:
    from re import _constants as c  # type: ignore[attr-defined]

    op, arg = item
    return op in (c.MAX_REPEAT, c.MIN_REPEAT) and arg[1] == c.MAXREPEAT


def _edge_unbounded(item: tuple[Any, Any], edge: int) -> bool:
    """The item is, or begins (`edge` 0) or ends (`edge` -1) with, an unbounded
    repetition."""
    from re import _constants as c  # type: ignore[attr-defined]

    op, arg = item
    if _unbounded(item):
        return True
    if op == c.SUBPATTERN:
        body = list(arg[-1])
        return bool(body) and _edge_unbounded(body[edge], edge)
    if op == c.BRANCH:
        return any(bool(list(b)) and _edge_unbounded(list(b)[edge], edge) for b in arg[1])
    return False


def problems(pattern: str) -> list[str]:
    """What in `pattern` can take time quadratic (or worse) in its input."""
    from re import _constants as c  # type: ignore[attr-defined]
    from re import _parser  # type: ignore[attr-defined]

    found: list[str] = []

    def walk(items: list[tuple[Any, Any]], inside_unbounded: bool) -> None:
        for index, item in enumerate(items):
            op, arg = item
            if _unbounded(item) and inside_unbounded:
                found.append("nested unbounded repetition")
            if (
                index + 1 < len(items)
                and _edge_unbounded(item, -1)
                and _edge_unbounded(items[index + 1], 0)
            ):
                found.append("adjacent unbounded repetitions")
            if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                walk(list(arg[2]), inside_unbounded or _unbounded(item))
            elif op == c.SUBPATTERN:
                walk(list(arg[-1]), inside_unbounded)
            elif op in (c.ASSERT, c.ASSERT_NOT):
                walk(list(arg[1]), inside_unbounded)
            elif op == c.BRANCH:
                for branch in arg[1]:
                    walk(list(branch), inside_unbounded)

    walk(list(_parser.parse(pattern)), False)
    return found


@pytest.mark.parametrize(
    ("pattern", "bad"),
    [
        (r"[ \t]*[\r\n]+\s*", True),
        (r"\w+(?:-\w+)+", True),
        (r"\n(?:[ \t]*\n){2,}", True),
        (r"^(\s*)(?:(\d+)[.)])", True),
        (r"[0-9]{1,9}", False),
        (r"[\w-]+", False),
        (r"&(?=#?\w+;)", False),
    ],
)
def test_the_scanner_knows_a_slow_pattern(pattern: str, bad: bool) -> None:
    assert bool(problems(pattern)) is bad


def test_no_regular_expression_in_the_journal_can_go_quadratic() -> None:
    found = {where: problems(p) for where, p in _patterns()}
    assert len(found) > 10  # the scanner finds the journal's patterns
    assert {w: p for w, p in found.items() if p} == {}
