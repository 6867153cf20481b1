"""Alembic the documented way: a new database comes to head, the migrations and the tables
never drift, a database of another program or a newer journal says what to do, and a new
SQLite journal is the file Alembic makes. (A database an older journal wrote, refused until
`db upgrade`, backed up and upgraded: test_schema_fixtures.py, on every shipped schema.)"""

from __future__ import annotations

import ast
import sqlite3
from pathlib import Path

import msgspec
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from click.testing import CliRunner
from sqlalchemy import MetaData, create_engine, inspect, text
from support.cli import Cli

from journal.events.chain import GENESIS_HASH
from journal.store import Store, layout
from journal.store.drafts import Draft, seal
from journal.store.migrate import alembic_config, script_head
from journal.store.schema import SCHEMA_HEAD, metadata, sql_table


def test_the_code_expects_the_newest_migration() -> None:
    assert script_head() == SCHEMA_HEAD


def test_an_empty_database_upgrades_to_head_without_drift(db_url: str) -> None:
    with Store.open(db_url) as store:
        assert store.revision() is None
        store.upgrade()
        assert store.revision() == SCHEMA_HEAD
        with store.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, metadata) == []


def test_the_schema_is_described_once_and_the_migrations_are_checked_against_it(
    db_url: str,
) -> None:
    """`layout` describes each table once; SQLAlchemy's tables and SQLite's CREATE are made
    from it, and a column it names that no migration makes is found on both databases."""
    for table in layout.TABLES:
        built = metadata.tables[table.name]
        assert [(c.name, c.nullable) for c in built.columns] == [
            (c.name, c.null) for c in table.columns
        ]
        assert [c.name for c in built.primary_key.columns] == list(table.key)
    assert layout.sqlite_table(layout.EVENTS) in layout.SQLITE_HEAD
    # SQLAlchemy's form names no column of its own: every table is built from `layout`
    schema = Path(__file__).parents[3] / "journal" / "store" / "schema.py"
    named = {c.name for table in layout.TABLES for c in table.columns}
    literals = {
        node.value
        for node in ast.walk(ast.parse(schema.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert named & literals == set()
    mood = layout.Column("mood", "text", 16, null=True, added="0007")
    planted = msgspec.structs.replace(layout.EVENTS, columns=(*layout.EVENTS.columns, mood))
    assert "writer VARCHAR(120), salts TEXT, mood VARCHAR(16), \n" in layout.sqlite_table(planted)
    elsewhere = MetaData(naming_convention=dict(metadata.naming_convention))
    for table in (planted, *layout.TABLES[1:]):
        sql_table(table, elsewhere)
    with Store.open(db_url) as store:
        store.upgrade()
        with store.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, metadata) == []
            drift = compare_metadata(context, elsewhere)
        if store._recorder.dialect == "sqlite":
            made = [sql for *_, sql in _master(store._recorder.path)]
            assert layout.sqlite_table(layout.EVENTS) in made
            assert layout.sqlite_table(planted) not in made
    assert [(d[0], d[3].name) for d in drift] == [("add_column", "mood")]


def test_a_file_that_is_not_a_database_is_refused(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "journal.db").write_text("shopping list: garlic, stakes, holy water\n" * 200)
    result = runner.refused("status")
    assert "not a journal database" in result.stderr
    assert (tmp_path / "journal.db").read_text().startswith("shopping list")


def test_status_on_a_missing_database_says_how_to_start(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = runner.refused("status")
    assert "journal campaign new" in result.stderr


def test_the_history_lists_every_migration_in_order() -> None:
    from alembic.script import ScriptDirectory

    from journal.store.schema import SCHEMA_HISTORY

    scripts = ScriptDirectory.from_config(alembic_config())
    revisions = [r.revision for r in reversed(list(scripts.walk_revisions()))]
    assert tuple(revisions) == SCHEMA_HISTORY


def _stamped(path: Path, version: str, with_events: bool) -> None:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
    connection.execute("INSERT INTO alembic_version VALUES (?)", (version,))
    if with_events:
        connection.execute("CREATE TABLE events (position INTEGER)")
    else:
        connection.execute("CREATE TABLE users (name TEXT)")
    connection.commit()
    connection.close()


def test_a_newer_journal_database_says_to_upgrade_the_program(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _stamped(tmp_path / "journal.db", "0099", with_events=True)
    assert "newer journal" in runner.refused("db", "upgrade").stderr
    assert not list(tmp_path.glob("journal.db.bak-*"))


def test_another_programs_alembic_database_is_refused(runner, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _stamped(tmp_path / "journal.db", "9f3ab2", with_events=False)
    assert "not a journal database" in runner.refused("status").stderr
    assert "not a journal database" in runner.refused("db", "upgrade").stderr


def test_0004_adds_the_writer_and_keeps_every_older_event_and_hash(db_url: str) -> None:
    """Events written at schema 0003 keep a null writer and their hashes; the column comes
    by a plain ADD COLUMN, so the append-only triggers stay; new events name their writer
    and the chain verifies across the two."""
    from alembic import command

    with Store.open(db_url) as store:
        with store.engine.begin() as conn:
            command.upgrade(alembic_config(conn), "0003")
        with store.engine.begin() as conn:  # what a 0003 journal wrote: no writer column
            assert "writer" not in {c["name"] for c in inspect(conn).get_columns("events")}
            json = "JSONB" if conn.dialect.name == "postgresql" else "TEXT"
            first = seal(
                "night",
                1,
                GENESIS_HASH,
                Draft(
                    "CampaignCreated",
                    1,
                    {
                        "slug": "night",
                        "ruleset": "horror-factor",
                        "title": "Night",
                        "options": {},
                        "journal_version": "0.1.0",
                    },
                    salts=False,  # as a journal of 0003 wrote it
                ),
            )
            conn.execute(
                text(
                    "INSERT INTO events (campaign, seq, event_id, type, schema, data, "
                    "recorded_at, game_time, session, prev_hash, hash) VALUES ('night', 1, "
                    f":id, 'CampaignCreated', 1, CAST(:data AS {json}), :at, NULL, NULL, '', "
                    ":hash)"
                ),
                {
                    "id": first.event_id,
                    "data": bytes(first.text or b"").decode(),
                    "at": first.recorded_at,
                    "hash": first.hash,
                },
            )
    cli = Cli(CliRunner(), db_url)
    assert "from schema 0003 to" in cli("db", "upgrade").stdout
    assert cli("db", "check").exit_code == 0
    with Store.open(db_url) as store:
        assert store.trigger_problems() == []
    cli("--writer", "sam", "note", "The first note with a writer.")
    log = cli.json("log")
    assert isinstance(log, list)
    assert (log[0]["writer"], log[0]["hash"]) == (None, first.hash)
    assert log[1]["writer"] == "sam"
    assert cli.json("verify")["ok"]  # type: ignore[index]


def _master(path: Path) -> list[tuple[str, str, str, str | None]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid"
        ).fetchall()
    finally:
        connection.close()


def test_a_new_sqlite_journal_is_the_file_alembic_makes(tmp_path: Path) -> None:
    """A new SQLite journal is made from `layout.SQLITE_HEAD`, without Alembic: the same
    tables, indexes, triggers and revision as Alembic's migrations make, to the character
    (a new migration that is not in `layout` fails here)."""
    from alembic import command

    by_alembic = tmp_path / "alembic.db"
    engine = create_engine(f"sqlite:///{by_alembic}")
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "head")
    engine.dispose()
    with Store.open(str(tmp_path / "journal.db")) as store:
        store.ensure_schema()
        assert store.revision() == SCHEMA_HEAD
    assert _master(tmp_path / "journal.db") == _master(by_alembic)
    ours = sqlite3.connect(tmp_path / "journal.db")
    assert ours.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert ours.execute("SELECT version_num FROM alembic_version").fetchall() == [(SCHEMA_HEAD,)]
    ours.close()


def test_a_command_that_starts_a_sqlite_journal_imports_no_alembic(tmp_path: Path) -> None:
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from journal.cli.main import cli\n"
        f"args = ['--db', {str(tmp_path / 'journal.db')!r}, 'campaign', 'new', 'night', "
        "'--ruleset', 'horror-factor']\n"
        "try:\n    cli(args, prog_name='journal')\nexcept SystemExit:\n    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'alembic', 'sqlalchemy'}))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout + result.stderr
