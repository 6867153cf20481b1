"""Shared fixtures: `db_url` (SQLite always, PostgreSQL when JOURNAL_TEST_POSTGRES_URL is
set, as `.ci/run` always does), `journal` (an opened campaign) and `runner` (the CLI)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli, postgres_database

BACKENDS = ["sqlite", "postgresql"]


def _postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    with postgres_database() as url:
        yield url


@pytest.fixture(scope="session", autouse=True)
def _config_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The current campaign (`campaign use`) is remembered in the user's config folder:
    never the real one in tests."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
        # the rulesets' entry-point cache (journal.installed): never the real one
        env.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture(autouse=True)
def _fresh_config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no current campaign."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty database on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'backend.db'}"
    else:
        yield from _postgres_database()


@pytest.fixture
def store(db_url: str) -> Iterator[object]:
    """A Store at the current schema on each backend, closed after the test."""
    from journal.store import Store

    with Store.open(db_url) as opened:
        opened.ensure_schema()
        yield opened


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'journal.db'}"


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """The CLI on a SQLite file in a temporary folder (also the working directory)."""
    monkeypatch.chdir(tmp_path)
    for variable in ("JOURNAL_DB", "JOURNAL_CAMPAIGN", "JOURNAL_DICE_SEED"):
        monkeypatch.delenv(variable, raising=False)
    return Cli(CliRunner(), str(tmp_path / "journal.db"))


@pytest.fixture
def cli_on(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> object:
    """`cli_on(db_url)`: the CLI on any database (for per-backend CLI tests)."""
    monkeypatch.chdir(tmp_path)

    def make(db: str) -> Cli:
        return Cli(CliRunner(), db)

    return make


@pytest.fixture
def journal(db_url: str) -> Iterator[object]:
    """An opened horror-factor campaign `night` on each backend."""
    from journal.app import Campaign as Journal
    from journal.app import create_campaign
    from journal.store import Store

    store = Store.open(db_url)
    create_campaign(store, "night", "horror-factor", "", {})
    yield Journal.open(store, "night")
    store.engine.dispose()
