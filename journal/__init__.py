"""journal: a campaign journal for horror tabletop games.

Every game occurrence is an immutable event; characters are projections of the log.
Scripts start with `journal.open(...)` (see `journal.api`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.version import __version__

if TYPE_CHECKING:
    from journal.api import Journal

__all__ = ["__version__", "create", "open"]


def open(db: str | None = None, *, campaign: str | None = None) -> Journal:
    """Open a campaign of the journal at `db` (default `./journal.db`; a SQLite path or a
    SQLAlchemy URL); `campaign` may be left out when the database holds one."""
    from journal.api import open_journal

    return open_journal(db, campaign=campaign)


def create(
    db: str | None,
    slug: str,
    ruleset: str,
    title: str = "",
    options: dict[str, str] | None = None,
) -> Journal:
    """Start campaign `slug` playing `ruleset` (creating the database on first use) and open
    it; see `journal.api`."""
    from journal.api import create as create_campaign

    return create_campaign(db, slug, ruleset, title, options)
