"""CI keeps the gates: `.ci/run` runs `.ci/gates` (ruff check, ruff format --check, mypy
--strict on journal/ and the example plugin) before the README's test command, and the
gates fail on any finding of any of the three, naming it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT

#: the gates run ruff and mypy, which the `dev` extra installs (.ci/run installs it; the
#: README's test command does not)
needs_dev = pytest.mark.skipif(
    not all(shutil.which(tool, path=str(Path(sys.executable).parent)) for tool in ("ruff", "mypy")),
    reason="the gates need ruff and mypy: pip install -e '.[dev]'",
)

GATES = ROOT / ".ci" / "gates"
BIN = Path(sys.executable).parent
CLEAN = "def shout(text: str) -> str:\n    return text.upper()\n"


def test_ci_runs_the_gates_before_the_tests() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    gates, tests = ci.index("bash .ci/gates"), ci.index('eval "$TEST_COMMAND"')
    assert gates < tests
    assert "set -euo pipefail" in ci  # a failed gate ends the run before the tests
    assert "dev]" in ci[:gates]  # ruff and mypy installed for them


def _tree(tmp_path: Path, source: str) -> Path:
    """A small tree shaped like the project's: its configuration, a `journal` package holding
    `source`, and a clean example plugin."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "journal").mkdir()
    (tmp_path / "journal" / "__init__.py").write_text(source)
    plugin = tmp_path / "examples" / "stress-ruleset" / "journal_stress"
    plugin.mkdir(parents=True)
    (plugin / "__init__.py").write_text(CLEAN)
    return tmp_path


def _gates(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(GATES), str(BIN)], cwd=tree, capture_output=True, text=True, timeout=300
    )


@needs_dev
def test_a_clean_tree_passes(tmp_path: Path) -> None:
    done = _gates(_tree(tmp_path, CLEAN))
    assert done.returncode == 0, done.stdout + done.stderr


@needs_dev
@pytest.mark.parametrize(
    ("source", "gate"),
    [
        ("import os\n\n\n" + CLEAN, "ruff check journal"),
        ("def shout(text: str) -> str:\n    return   text.upper()\n", "ruff format --check"),
        ("def shout(text):\n    return text.upper()\n", "mypy --strict journal"),
    ],
    ids=["lint", "format", "types"],
)
def test_a_finding_fails_the_gates_naming_it(tmp_path: Path, source: str, gate: str) -> None:
    done = _gates(_tree(tmp_path, source))
    assert done.returncode == 1
    failed = [line.strip() for line in done.stderr.splitlines()[1:]]
    assert len(failed) == 1 and failed[0].startswith(gate), done.stderr
