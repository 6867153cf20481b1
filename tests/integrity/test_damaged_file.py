"""A SQLite file with a damaged page: `verify` runs SQLite's integrity check and says so,
`db check` fails, and every command that meets the page ends in one specific `Error:`
line, never a traceback or an "unexpected failure"."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from support import WORKED_EXAMPLE
from support.cli import Cli, clone


@pytest.fixture(scope="module")
def intact(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    db = tmp_path_factory.mktemp("intact") / "journal.db"
    Cli(CliRunner(), str(db))("import", str(WORKED_EXAMPLE))
    return db


def _scribble(db: Path, page: int, start: float = 0.0) -> None:
    """Overwrite the page from `start` (a share of its size) to its end."""
    conn = sqlite3.connect(db)
    (size,) = conn.execute("PRAGMA page_size").fetchone()
    conn.close()
    with db.open("r+b") as file:
        file.seek((page - 1) * size + int(size * start))
        file.write(b"\xff" * (size - int(size * start)))


def _pages(db: Path) -> list[int]:
    """The events table's pages, in the order of its b-tree (the root first)."""
    conn = sqlite3.connect(db)
    pages = [
        p for (p,) in conn.execute("SELECT pageno FROM dbstat WHERE name = 'events' ORDER BY path")
    ]
    conn.close()
    assert len(pages) >= 4  # a root and leaves
    return pages


@pytest.fixture
def damaged(intact: Path, runner: Cli) -> Cli:
    """The second half of a leaf in the middle of the events: the first event and the last
    still read, and SQLite's integrity check lists what it finds."""
    clone(intact, runner.db)
    pages = _pages(Path(runner.db))
    _scribble(Path(runner.db), pages[len(pages) // 2], start=0.5)
    return runner


@pytest.fixture
def ruined(intact: Path, runner: Cli, tmp_path: Path) -> Cli:
    """The events table's root page gone: no event reads."""
    cli = Cli(runner.runner, str(tmp_path / "ruined.db"))
    clone(intact, cli.db)
    _scribble(Path(cli.db), _pages(Path(cli.db))[0])
    return cli


def test_the_intact_file_passes(intact: Path, runner: Cli) -> None:
    clone(intact, runner.db)
    assert runner.json("verify")["checks"] == {  # type: ignore[index]
        "chain": True,
        "receipt": None,
        "triggers": True,
        "integrity": True,
    }
    assert "its file intact" in runner("db", "check").stdout


def test_verify_reports_the_damage(damaged: Cli) -> None:
    result = damaged("verify", ok=False)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "BROKEN: the database file is damaged (SQLite's integrity check: " in result.stderr
    assert "restore the file from a backup" in result.stderr
    report = json.loads(damaged("verify", "--json", ok=False).stdout)
    assert report["checks"] == {
        "chain": False,
        "receipt": None,
        "triggers": True,
        "integrity": False,
    }
    assert [f["kind"] for f in report["findings"]] == ["chain", "integrity"]
    assert "cannot be read: the database file is damaged" in report["problem"]


def test_db_check_reports_a_damaged_file(damaged: Cli) -> None:
    result = damaged.refused("db", "check")
    assert result.stderr.startswith(
        f"Error: {damaged.db} is damaged (SQLite's integrity check: On tree page "
    )
    report = json.loads(damaged("db", "check", "--json", ok=False).stdout)
    assert report["ok"] is False and report["integrity"][0].startswith("On tree page ")


@pytest.mark.parametrize("command", [("log",), ("export",), ("audit",), ("recap", "--for", "gm")])
def test_a_command_meeting_the_page_says_the_file_is_damaged(
    damaged: Cli, ruined: Cli, command: tuple[str, ...]
) -> None:
    for cli in (damaged, ruined):
        result = cli.refused(*command)
        assert result.stderr == (
            f"Error: {cli.db} is damaged (SQLite: database disk image is malformed): restore "
            f"it from a backup; `sqlite3 {cli.db} .recover` may save what still reads\n"
        )


def test_verify_and_db_check_on_a_ruined_file_say_so_in_one_line(ruined: Cli) -> None:
    for command in (("verify",), ("db", "check"), ("status",)):
        assert "is damaged (SQLite" in ruined.refused(*command).stderr
