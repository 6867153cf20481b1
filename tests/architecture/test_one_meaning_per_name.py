"""One meaning per name: every class of the journal's package (and of the example plugin)
is defined once, and no two modules share a file name for different things
(`database.py`, `numbers.py`). The one exception is a ruleset's own name for what each
ruleset has in its own words: its `Character` state and its `Rest` command, each under its
ruleset's package, mean the same thing in each."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from architecture.test_layers import ROOT, modules

#: the names each ruleset defines for its own kind of the same thing (`journal.rulesets.*`)
IN_EACH_RULESET = frozenset({"Character", "Rest"})


def classes(sources: dict[str, str]) -> dict[str, list[str]]:
    """Each class name with the modules that define it (nested classes included)."""
    found: dict[str, list[str]] = defaultdict(list)
    for module, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                found[node.name].append(module)
    return found


def twice(sources: dict[str, str]) -> dict[str, list[str]]:
    """The class names defined more than once, but for a ruleset's own names."""
    found = {}
    for name, where in classes(sources).items():
        if len(where) < 2:
            continue
        rulesets = {".".join(m.split(".")[:3]) for m in where}
        if (
            name in IN_EACH_RULESET
            and all(m.startswith("journal.rulesets.") for m in where)
            and len(rulesets) == len(where)
        ):
            continue
        found[name] = where
    return found


def _sources() -> dict[str, str]:
    return {name: path.read_text(encoding="utf-8") for name, path in modules().items()}


def test_every_class_name_is_defined_once() -> None:
    assert twice(_sources()) == {}


def test_a_second_class_of_a_name_is_caught() -> None:
    planted = {**_sources(), "journal.web.planted": "class Audience:\n    pass\n"}
    assert twice(planted) == {"Audience": ["journal.handouts.recap", "journal.web.planted"]}
    planted = {**_sources(), "journal.rulesets.horror_factor.rules.planted": "class Rest: ..."}
    assert "Rest" in twice(planted)  # twice in one ruleset: no longer its own name


def test_no_two_modules_share_a_file_name_that_says_what_they_hold() -> None:
    stems: dict[str, list[Path]] = defaultdict(list)
    for path in (ROOT / "journal").rglob("*.py"):
        stems[path.stem].append(path)
    for stem in ("database", "numbers"):
        assert len(stems.get(stem, [])) <= 1, stems[stem]
