"""journal: a campaign journal for horror tabletop games.

Every game occurrence is an immutable event; characters are projections of the log.
Scripts start with `journal.open(...)` (see `journal.api`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from journal.api import Journal

__version__ = "0.1.0"


def open(db: str | None = None, *, campaign: str | None = None) -> Journal:
    """Open a campaign of the journal at `db` (default `./journal.db`; a SQLite path or a
    SQLAlchemy URL); `campaign` may be left out when the database holds one."""
    from journal.api import open_journal

    return open_journal(db, campaign=campaign)
