"""Test support shared by every capability's tests: the CLI runner wrapper and helpers.

Imported as `from support.cli import Cli, count_events`.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

POSTGRES_ENV = "JOURNAL_TEST_POSTGRES_URL"


@dataclass
class Cli:
    """Runs `journal --db URL ...` in-process and keeps the database for later calls."""

    runner: CliRunner
    db: str

    def __call__(self, *args: str, input: str | None = None, ok: bool = True) -> Result:
        from journal.cli.main import cli

        result = self.runner.invoke(cli, ["--db", self.db, *args], input=input)
        if ok and result.exit_code != 0:
            raise AssertionError(
                f"journal {' '.join(args)} exited {result.exit_code}\n"
                f"stdout: {result.stdout}\nstderr: {result.stderr}\n{result.exception!r}"
            )
        return result

    def refused(self, *args: str, exit_code: int = 1) -> Result:
        """Run a command that must be refused: an `Error:` line, no traceback."""
        result = self(*args, ok=False)
        assert result.exit_code == exit_code, (result.exit_code, result.output)
        if exit_code == 1:
            assert result.stderr.startswith("Error: "), result.stderr
            assert result.stderr.count("\n") == 1, result.stderr
        assert "Traceback" not in result.output
        return result

    def json(self, *args: str) -> object:
        import json

        return json.loads(self(*args, "--json").stdout)


def count_events(db: str, campaign: str | None = None) -> int:
    """How many events a database holds (0 when it has no journal yet)."""
    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(db if "://" in db else f"sqlite:///{db}")
    try:
        with engine.connect() as conn:
            if "events" not in inspect(conn).get_table_names():
                return 0
            query = "SELECT count(*) FROM events"
            if campaign:
                return int(
                    conn.execute(text(query + " WHERE campaign = :c"), {"c": campaign}).scalar_one()
                )
            return int(conn.execute(text(query)).scalar_one())
    finally:
        engine.dispose()


def lines(text: str) -> Sequence[str]:
    return [line for line in text.splitlines() if line.strip()]


def typist(db: Path) -> Callable[..., Result]:
    """`journal --db DB ARGS...`, checked to succeed: for tables built once per module."""
    from journal.cli.main import cli

    def run(*args: str) -> Result:
        result = CliRunner().invoke(cli, ["--db", str(db), *args])
        assert result.exit_code == 0, (args, result.output)
        return result

    return run


@contextmanager
def clean_folder(folder: Path) -> Iterator[None]:
    """Work in `folder` with no JOURNAL_* variables (for module-scoped fixtures)."""
    with pytest.MonkeyPatch.context() as env:
        env.chdir(folder)
        for variable in ("JOURNAL_DB", "JOURNAL_CAMPAIGN", "JOURNAL_DICE_SEED"):
            env.delenv(variable, raising=False)
        yield


def clone(source: Path | str, target: Path | str) -> None:
    """Copy a database built once; a closed SQLite file in WAL mode holds it all."""
    assert not Path(f"{source}-wal").exists()
    shutil.copyfile(source, target)


@contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database (its URL), dropped afterwards: on the server at
    JOURNAL_TEST_POSTGRES_URL when set, else on a throwaway server of this test process
    (support.postgres_server); the test is skipped, saying why, when neither can be had."""
    import os
    import uuid

    from support.extras import needs
    from support.postgres_server import NoServer, throwaway_url

    needs("postgres")
    admin = os.environ.get(POSTGRES_ENV)
    if not admin:
        try:
            admin = os.environ[POSTGRES_ENV] = throwaway_url()  # (for the tests that read it)
        except NoServer as why:
            pytest.skip(str(why))
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"journal_test_{uuid.uuid4().hex[:12]}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


#: a Horror Factor sheet as a hand-written log gives it
HAND_SHEET = {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"}


def hand_written_log(tmp_path: Path, character: str, *lines: dict[str, object]) -> str:
    """A hand-written log (no hashes, no seqs) of campaign `old`: its creation, `character`
    added, then `lines`; the file's path."""
    import json

    created = {"slug": "old", "ruleset": "horror-factor", "title": "Old", "options": {}}
    body = [
        {"type": "CampaignCreated", "data": {**created, "journal_version": "0.1.0"}},
        {"type": "CharacterAdded", "data": {"name": character, "sheet": HAND_SHEET}},
        *lines,
    ]
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in body), encoding="utf-8")
    return str(path)
