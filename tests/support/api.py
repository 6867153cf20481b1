"""Test support for logs written through the public API (the property tests): a command
recorded or refused, reproducible rolling, and the settings of a property over such logs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

from journal.api.database_level import Database
from journal.api.journal import Journal
from journal.errors import JournalError

if TYPE_CHECKING:
    from journal.app import Campaign
    from journal.rules.core.state import CampaignState
    from journal.store import Store


def recorded(
    night: Journal, command: object, dice: dict[str, tuple[int, ...]] | None = None
) -> Any:
    """Record a command; one the rules refuse (a random log tries many) records nothing."""
    try:
        return night.run(command, dice)
    except JournalError:
        return None


def dice_seed(seed: str) -> Callable[[], Iterator[None]]:
    """A module's autouse fixture: the dice it rolls come from `JOURNAL_DICE_SEED=seed`."""

    @pytest.fixture(scope="module", autouse=True)
    def seeded() -> Iterator[None]:
        with pytest.MonkeyPatch.context() as env:
            env.setenv("JOURNAL_DICE_SEED", seed)
            yield

    return seeded


def random_logs(examples: int) -> settings:
    """The settings of a property over random logs: `examples` of them, the same ones on
    every run (derandomized, no example database), however slow each is to write."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def on_file(night: Journal, target: Path) -> Path:
    """A journal's in-memory database copied to the SQLite file `target` (for a server or
    the CLI, which open a database of their own)."""
    import sqlite3

    # the store's own sqlite3 connection: an in-memory database is that connection's alone
    with night._store._recorder.reading() as conn, sqlite3.connect(target) as copy:
        conn._raw.backup(copy)  # type: ignore[attr-defined]
    return target


# --- below the API: for a test of the fold or the store behind a journal ------------------
# (the API hands out documents only; these reach its private parts, and nothing else does)


def state_of(night: Journal, as_of: int | None = None) -> CampaignState:
    """The folded state behind `night` (as of event `as_of`), as `Journal` keeps it."""
    return night._state(as_of)


def store_of(opened: Journal | Database) -> Store:
    """The event store behind a journal or a database."""
    return opened._store


def service_of(night: Journal) -> Campaign:
    """The application service behind a journal."""
    return night._campaign
