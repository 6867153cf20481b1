"""Shared fixtures: `db_url` (SQLite always, PostgreSQL when JOURNAL_TEST_POSTGRES_URL is
set, as `.ci/run` always does), `journal` (an opened campaign) and `runner` (the CLI)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli, postgres_database

BACKENDS = ["sqlite", "postgresql"]


def pytest_configure(config: pytest.Config) -> None:
    """journal/ byte-compiled once, before any test (by the controller alone under xdist):
    with PYTHONDONTWRITEBYTECODE set, as a developer's shell may, each `python -m journal`
    a test starts would compile every module it imports again (or a stale .pyc's module),
    ~0.05-0.1 s a process; compileall writes the .pyc files even so, and reads them back."""
    if hasattr(config, "workerinput"):
        return
    import compileall
    from importlib.util import find_spec

    spec = find_spec("journal")  # the journal the tests run: this tree's, or an installed one
    for folder in (spec.submodule_search_locations or []) if spec else []:
        compileall.compile_dir(folder, quiet=2)  # (read-only: as before)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under the mutation run (docs/mutation.md), a mutant's tests are its area's alone."""
    from support.mutation import keep_the_area

    keep_the_area(items, config.hook.pytest_deselected)


def _postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    with postgres_database() as url:
        yield url


#: what the user's shell may set that would point a test at the user's own journal
USER_ENVIRONMENT = ("JOURNAL_DB", "JOURNAL_CAMPAIGN", "JOURNAL_DICE_SEED", "JOURNAL_WRITER",
                    "JOURNAL_NO_INPUT")  # fmt: skip
#: the user's folders (XDG): the current campaign, the rulesets' cache, the link secret
USER_FOLDERS = ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                "XDG_RUNTIME_DIR")  # fmt: skip


def _isolate(
    env: pytest.MonkeyPatch, folder: Path, folders: tuple[str, ...] = USER_FOLDERS
) -> None:
    """Nothing of the user's: not the working folder's journal.db (README's first command
    makes one), not JOURNAL_DB & co, not their XDG folders (made when first written)."""
    for variable in USER_ENVIRONMENT:
        env.delenv(variable, raising=False)
    for variable in folders:
        name = "config" if variable == "XDG_CONFIG_HOME" else f".{variable.lower()}"
        env.setenv(variable, str(folder / name))
    env.chdir(folder)


@pytest.fixture(scope="session", autouse=True)
def _isolated_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Module- and session-scoped fixtures too run away from the user's journal."""
    with pytest.MonkeyPatch.context() as env:
        _isolate(env, tmp_path_factory.mktemp("isolated"))
        yield


@pytest.fixture(scope="session", autouse=True)
def _chapters_printed_here() -> Iterator[None]:
    """A book's chapters printed in the test's own process, never in a pool of spawned
    ones: the pool gives the same bytes (test_book_chapters proves it, turning the pool
    back on), and on two cores already busy with pytest's workers each spawned printer
    only adds its start (Python, journal, WeasyPrint imported again) to every book."""
    try:
        from journal.handouts import chapters
    except ImportError:  # (msgspec: always installed with journal)
        yield
        return
    with pytest.MonkeyPatch.context() as env:
        env.setattr(chapters, "PARALLEL_FROM", 10_000)
        yield


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts in its own empty folder (tmp_path), with no current campaign
    (`$XDG_CONFIG_HOME` is tmp_path/config) and no JOURNAL_* setting of the user's."""
    # (the rulesets' entry-point cache stays the session's: it is only ever a cache)
    kept = tuple(v for v in USER_FOLDERS if v != "XDG_CACHE_HOME")
    _isolate(monkeypatch, tmp_path, kept)


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
