"""Databases that are not what they seem: a foreign SQLite file, an in-memory URL, a
device, a folder, a URL that does not parse, a database locked by another writer. Each
is refused with one `Error:` line, and a refused command changes nothing."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli, count_events

COMMANDS = [
    ["status"],
    ["log"],
    ["campaign", "list"],
    ["campaign", "new", "night", "--ruleset", "horror-factor"],
    ["character", "list"],
    ["note", "hello"],
    ["db", "check"],
    ["db", "upgrade"],
    ["demo"],
    ["export"],
    ["verify"],
    ["recap"],
]


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "config")


def _foreign(path: Path) -> str:
    """Another program's SQLite file, in rollback-journal mode."""
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.close()
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_a_foreign_sqlite_file_is_refused_and_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    foreign = tmp_path / "recipes.db"
    before = _foreign(foreign)
    result = Cli(CliRunner(), str(foreign)).refused(*args)
    assert "is not a journal database" in result.stderr
    assert hashlib.sha256(foreign.read_bytes()).hexdigest() == before
    assert _files(tmp_path) == ["recipes.db"]  # no -wal, no -shm, no journal.db
    with sqlite3.connect(foreign) as conn:  # never switched to WAL
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


@pytest.mark.parametrize(
    "url", ["sqlite://", "sqlite:///:memory:", ":memory:", "sqlite:///file:x?mode=memory&uri=true"]
)
@pytest.mark.parametrize(
    "args", [["campaign", "new", "night", "--ruleset", "horror-factor"], ["status"], ["demo"]]
)
def test_an_in_memory_database_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, args: list[str]
) -> None:
    """Its data would be gone when the command ends: `campaign new` would report a
    campaign nobody can ever read."""
    monkeypatch.chdir(tmp_path)
    result = Cli(CliRunner(), url).refused(*args)
    assert "in-memory database" in result.stderr and "point --db at a file" in result.stderr
    assert _files(tmp_path) == []


@pytest.mark.parametrize(
    ("db", "says"),
    [
        ("/dev/null", "/dev/null is not a file (a device or a pipe)"),
        (".", "is a folder, not a journal database file"),
        ("missing/journal.db", "folder 'missing' does not exist"),
        (
            "postgresql+psycopg://gm:secret@127.0.0.1:abc/horror",
            "'postgresql+psycopg://gm:***@127.0.0.1:abc/horror' is not a database URL: "
            "check its host and port",
        ),
        ("postgresql+psycopg://gm@[::1/horror", "is not a database URL"),
        ("nosuchdialect://x/y", "cannot use database nosuchdialect://x/y"),
    ],
)
@pytest.mark.parametrize(
    "args", [["campaign", "new", "night", "--ruleset", "horror-factor"], ["status"]]
)
def test_a_database_that_cannot_be_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db: str, says: str, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    result = Cli(CliRunner(), db).refused(*args)
    assert says in result.stderr
    assert "secret" not in result.stderr


def test_a_bad_lock_timeout_is_refused(runner: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    for value in ("abc", "0", "-3", "1e9"):
        monkeypatch.setenv("JOURNAL_LOCK_TIMEOUT", value)
        assert "is not a number of seconds" in runner.refused("note", "x").stderr
    assert count_events(runner.db) == 1


@contextmanager
def locked(db: str) -> Iterator[None]:
    """Another program holds the write lock (SQLite) or a lock on the events table that
    stops reads too (PostgreSQL)."""
    if db.startswith("sqlite"):
        holder = sqlite3.connect(db.removeprefix("sqlite:///"), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    from sqlalchemy import create_engine

    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("LOCK TABLE events IN ACCESS EXCLUSIVE MODE")
            yield
            conn.rollback()
    finally:
        engine.dispose()


def test_a_lock_held_too_long_is_refused_as_on_sqlite(
    db_url: str, cli_on: Callable[[str], Cli], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The journal waits JOURNAL_LOCK_TIMEOUT (30 s unless set) for another writer, then
    says so: an append, a new campaign and an import alike; on PostgreSQL (which would wait
    forever) a read too, with the same message."""
    journal = cli_on(db_url)
    journal("campaign", "new", "night", "--ruleset", "horror-factor")
    (tmp_path / "night.jsonl").write_text(journal("export").stdout, encoding="utf-8")
    monkeypatch.setenv("JOURNAL_LOCK_TIMEOUT", "0.5")
    commands = [
        ["note", "the lights go out"],
        ["campaign", "new", "other", "--ruleset", "horror-factor"],
        ["--campaign", "copy", "import", "night.jsonl"],
    ]
    if not db_url.startswith("sqlite"):
        commands.append(["status"])
    with locked(db_url):
        for args in commands:
            result = journal.refused(*args)
            assert "stayed locked by another writer for 0.5 s; try again" in result.stderr, args
    assert count_events(db_url) == 1


def test_a_lock_released_in_time_is_waited_for(
    runner: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    holder = sqlite3.connect(runner.db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    threading.Timer(0.5, lambda: holder.execute("ROLLBACK")).start()
    monkeypatch.setenv("JOURNAL_LOCK_TIMEOUT", "20")
    runner("note", "the lights go out")
    holder.close()
    assert count_events(runner.db) == 2
