"""An installed journal works from any folder, and SQLite is set up to keep what it says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import text

from journal.store import Store


def test_journal_runs_from_any_folder(tmp_path: Path) -> None:
    """Templates, migrations and the demo campaign travel with the package."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_") and k != "PYTHONPATH"
    }
    result = subprocess.run(
        [sys.executable, "-m", "journal", "demo"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "journal.db").exists()
    version = subprocess.run(
        [sys.executable, "-m", "journal", "--version"], cwd=tmp_path, capture_output=True, text=True
    )
    assert version.stdout.startswith("journal, version ")


def test_sqlite_is_durable_and_patient(tmp_path: Path) -> None:
    with Store.open(str(tmp_path / "j.db")) as store:
        store.ensure_schema()
        with store.engine.connect() as conn:
            pragma = {
                name: conn.execute(text(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
            }
    assert pragma == {
        "journal_mode": "wal",
        "synchronous": 2,
        "foreign_keys": 1,
        "busy_timeout": 30000,
    }


def test_every_package_of_the_journal_is_in_the_wheel() -> None:
    """`pip install .` ships the packages pyproject.toml lists (the templates, migrations
    and campaigns are mapped in from the top of the repository, so they are listed by hand):
    a package added under journal/ and not listed would be missing from every install but
    an editable one."""
    import tomllib

    root = Path(__file__).parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text())
    listed = set(project["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(root).parts)
        for init in (root / "journal").rglob("__init__.py")
    }
    assert found - listed == set()
