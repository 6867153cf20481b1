"""The rules version fingerprints only the code that folds events: the journal's fold and
core rules, and a ruleset's pure `rules/` part. Rewording a log line, a handout sentence
or a command's help keeps every snapshot; changing a rule discards them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import journal
from journal.rules import fold_files, load_all

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "stress-ruleset" / "journal_stress"
RULESETS = load_all()


@pytest.mark.parametrize("ruleset", [r.name for r in RULESETS])
def test_only_the_pure_rules_and_the_fold_are_fingerprinted(ruleset: str) -> None:
    files = fold_files(ruleset)
    installed = Path(journal.__file__).resolve().parent  # the checkout, or site-packages
    assert installed / "projection.py" in files
    assert installed / "rules" / "core" / "evolve.py" in files
    assert installed / "rules" / "core" / "decide.py" not in files  # deciding folds nothing
    parts = {path.parent.name for path in files}
    assert "rules" in parts
    assert not [
        path
        for path in files
        if {"telling", "cli", "handouts", "templates"} & set(path.parts)
        or path.name in ("cli.py", "narrator.py", "telling.py")
    ]


def _version_of_copy(tmp_path: Path, edit: str | None) -> str:
    """The rules version of a copy of the example plugin, with one of its files edited."""
    folder = tmp_path / (edit or "same").replace("/", "-")
    copy = folder / "journal_stress"
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    if edit is not None:
        with (copy / edit).open("a", encoding="utf-8") as changed:
            changed.write("\n# edited: the copy differs here\n")
    env = {**os.environ, "PYTHONPATH": str(folder), "XDG_CACHE_HOME": str(folder / "cache")}
    script = (
        "import journal_stress, sys\n"
        f"assert journal_stress.__file__.startswith({str(folder)!r}), journal_stress.__file__\n"
        "from journal.rules import rules_version\n"
        "print(rules_version('stress'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_changed_telling_or_cli_keeps_the_version_a_changed_rule_does_not(
    tmp_path: Path,
) -> None:
    same = _version_of_copy(tmp_path, None)
    assert same.startswith("stress-1:")
    assert _version_of_copy(tmp_path, "telling/__init__.py") == same
    assert _version_of_copy(tmp_path, "telling/panic.py") == same
    assert _version_of_copy(tmp_path, "cli.py") == same
    assert _version_of_copy(tmp_path, "narrator.py") == same
    assert _version_of_copy(tmp_path, "rules/__init__.py") != same
    assert _version_of_copy(tmp_path, "rules/panic.py") != same
