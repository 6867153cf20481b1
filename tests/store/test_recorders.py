"""One store, one recorder per database: SQLite on the standard library's sqlite3, a
server on SQLAlchemy Core. Both answer the same named statements; a SQLite target is read
as SQLAlchemy reads it; PostgreSQL keeps one engine per process and pays no round trip a
command does not need (the store suite itself runs on both through the `store` fixture)."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from support.api import state_of
from support.cli import Cli, postgres_database

from journal.store import Store
from journal.store.engine import memory_target, sqlite_target
from journal.store.sqlite import SQL, SQLiteRecorder
from journal.store.statements import STATEMENTS, statements

#: round trips of one command on PostgreSQL, once the process has connected (the dialect's
#: own first-connect queries, once per process, are not counted): the schema check (2),
#: the campaigns' first events (the current one's ruleset among them), the head, the
#: corrections, the newest snapshot, the events after it; `note` then inserts (the head
#: the state read is not read again)
STATUS_QUERIES = 7
NOTE_QUERIES = 9
#: an append in a process that knows the head (`play`, the API): the insert and the notice
#: to `journal serve`'s listeners, nothing read first; a state asked again reads the head
APPEND_QUERIES = 2
STATE_QUERIES = 1


def test_both_recorders_answer_every_statement_from_the_one_table() -> None:
    """Each statement is written once (`journal.store.statements`): SQLite's recorder runs
    it as written, PostgreSQL's in psycopg's style, with JSON cast where it is kept and
    read; the same words otherwise."""
    assert SQL is statements("sqlite") and set(SQL) == set(STATEMENTS)
    server = statements("postgresql")
    assert set(server) == set(STATEMENTS)
    for name, sql in SQL.items():
        back = re.sub(r"%\((\w+)\)s", r":\1", server[name])
        back = re.sub(r"CAST\((:?[\w.]+) AS (?:TEXT|JSONB)\)", r"\1", back)
        assert back == sql, name
    assert "CAST(:data_json AS JSONB)" not in SQL["insert_event"]
    assert "CAST(%(data_json)s AS JSONB)" in server["insert_event"]
    assert (
        "CAST(data AS TEXT)" in server["read"]
        and "CAST(s.state AS TEXT)" in server["snapshot_rows"]
    )


#: a statement of the store's: reading or writing one of the journal's SQL tables
_STORE_SQL = re.compile(
    r"\b(SELECT\b.*\bFROM|INSERT INTO|DELETE FROM|UPDATE)\s+(events|snapshots|tree_nodes)\b",
    re.S | re.I,
)


def store_sql(text: str) -> list[int]:
    """The lines of a module whose string constants hold a statement of the store's."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and _STORE_SQL.search(node.value)
    )


def test_each_statement_is_written_once() -> None:
    """Only `journal.store.statements` holds the SQL that reads and writes the journal's
    SQL tables (a recorder, the tree cache, a migration's seal take theirs from it)."""
    root = Path(__file__).parents[2]
    found = {
        str(path.relative_to(root)): lines
        for path in sorted((root / "journal").rglob("*.py"))
        if (lines := store_sql(path.read_text(encoding="utf-8")))
    }
    assert list(found) == ["journal/store/statements.py"], found
    planted = 'SQL = {"head": "SELECT seq, hash FROM events WHERE campaign = :c"}\n'
    assert store_sql(planted) == [1]


def test_a_statement_runs_on_each_database(store: Store) -> None:
    """The table's statements as each recorder runs them, reading and writing."""
    store.ensure_schema()
    with store._recorder.writing() as conn:
        conn.run("insert_tree_node", [
            {"campaign": "c", "level": 8, "position": p, "hash": "ab" * 32, "bound": "cd" * 32}
            for p in (0, 1)
        ])  # fmt: skip
        newest = conn.first("newest_tree_node", {"campaign": "c", "level": 8})
        assert newest == (8, 1, "ab" * 32, "cd" * 32, None)  # no event 512 to bind it to
        assert conn.taken(["nobody"]) is None
    with store._recorder.reading() as conn:
        assert len(list(conn.rows("tree_nodes", {"campaign": "c"}))) == 2
        assert conn.first("any_event") is None


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:///relative.db",
        "sqlite:////tmp/absolute.db",
        "sqlite:///a%20b.db",
        "sqlite+pysqlite:///x.db",
        "sqlite:///:memory:",
        "sqlite://",
        "sqlite:///file:x.db?mode=ro&uri=true",
    ],
)
def test_a_sqlite_url_is_read_as_sqlalchemy_reads_it(url: str) -> None:
    from sqlalchemy.engine import make_url

    expected = make_url(url)
    found = sqlite_target(url)
    assert found is not None
    database = expected.database or ":memory:"
    if expected.query.get("uri") == "true":
        assert found.uri and found.database == f"{database}?mode=ro"
    else:
        assert found.database == database
    assert found.url().database == (None if database == ":memory:" else expected.database)


def test_memory_and_server_targets_are_told_apart() -> None:
    assert memory_target("sqlite://") and memory_target("sqlite:///:memory:")
    assert memory_target("sqlite:///file::memory:?uri=true")
    assert not memory_target("journal.db")
    assert sqlite_target("postgresql+psycopg://u@h/db") is None


def test_a_sqlite_store_is_on_sqlite3(tmp_path: Path) -> None:
    with Store.open(str(tmp_path / "journal.db")) as store:
        assert isinstance(store._recorder, SQLiteRecorder)
        store.ensure_schema()
        assert store.revision() is not None


@pytest.fixture
def postgres() -> Iterator[str]:
    with postgres_database() as url:
        yield url


def test_postgres_keeps_one_engine_per_process_and_pings_nothing(postgres: str) -> None:
    first, second = Store.open(postgres), Store.open(postgres)
    assert first.engine is second.engine
    assert not first.engine.pool._pre_ping
    first.close()
    second.close()


def _counted(cli: Cli, engine: object, *args: str) -> list[str]:
    return _statements(engine, lambda: cli(*args))


def _statements(engine: Any, work: Callable[[], object]) -> list[str]:
    """The statements `work` sends through `engine`; it opens one connection at most
    (none when the pool has one) and pings none."""
    from sqlalchemy import event

    seen: list[str] = []
    connects: list[object] = []

    def count(conn: object, cursor: object, statement: str, *_: object) -> None:
        seen.append(" ".join(statement.split())[:80])

    def connect(dbapi: object, record: object) -> None:
        connects.append(dbapi)

    event.listen(engine, "before_cursor_execute", count)
    event.listen(engine, "connect", connect)
    try:
        work()
    finally:
        event.remove(engine, "before_cursor_execute", count)
        event.remove(engine, "connect", connect)
    assert len(connects) <= 1, seen
    assert not [s for s in seen if s.upper().startswith("SELECT 1")], seen
    return seen


def test_postgres_round_trips_of_note_and_status(postgres: str) -> None:
    cli = Cli(CliRunner(), postgres)
    cli("campaign", "new", "night", "--ruleset", "horror-factor")
    cli("note", "The first.")
    with Store.open(postgres) as store:  # the very engine the commands use
        engine = store.engine
        status = _counted(cli, engine, "status")
        note = _counted(cli, engine, "note", "The lights go out.")
    assert len(status) <= STATUS_QUERIES, status
    assert len(note) <= NOTE_QUERIES, note
    assert len([s for s in note if s.startswith("INSERT")]) == 1


def test_postgres_round_trips_of_an_append_in_process(postgres: str) -> None:
    import journal
    from journal.rules.core.commands import TakeNote

    Cli(CliRunner(), postgres)("campaign", "new", "night", "--ruleset", "horror-factor")
    with journal.open(postgres) as campaign, Store.open(postgres) as store:
        campaign.run(TakeNote("The first."))
        append = _statements(store.engine, lambda: campaign.run(TakeNote("The second.")))
        state = _statements(store.engine, lambda: state_of(campaign))
    assert len(append) == APPEND_QUERIES, append
    assert append[0].startswith("INSERT INTO events"), append
    assert len(state) == STATE_QUERIES, state


def test_the_store_knows_the_snapshots_table_as_the_schema_has_it() -> None:
    from journal.store.schema import snapshots
    from journal.store.snapshot_cache import SNAPSHOT_COLUMNS

    assert set(snapshots.c.keys()) == SNAPSHOT_COLUMNS
