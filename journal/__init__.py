"""journal: a campaign journal for horror tabletop games.

Every game occurrence is an immutable event; characters are projections of the log.
Scripts start with `journal.open(...)` (one campaign) or `journal.open_database(...)`
(the database: its campaigns, schema, snapshots, imports); see `journal.api`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.version import __version__

if TYPE_CHECKING:
    from journal.api.database_level import Database
    from journal.api.journal import Journal

__all__ = ["__version__", "create", "open", "open_database"]


def open(
    db: str | None = None, *, campaign: str | None = None, writer: str | None = None
) -> Journal:
    """Open a campaign of the journal at `db` (default `./journal.db`; a SQLite path or a
    SQLAlchemy URL); `campaign` may be left out when the database holds one. Its events
    record `writer` (default user@host) as who entered them."""
    from journal.api.database_level import open_journal

    return open_journal(db, campaign=campaign, writer=writer)


def open_database(
    db: str | None = None, *, create: bool = False, writer: str | None = None
) -> Database:
    """The journal database at `db` (default `./journal.db`): its campaigns, schema,
    snapshot cache, imports and exports; `create` lets a new SQLite file be made."""
    from journal.api.database_level import open_database as opened

    return opened(db, create=create, writer=writer)


def create(
    db: str | None,
    slug: str,
    ruleset: str,
    title: str = "",
    options: dict[str, str] | None = None,
    *,
    writer: str | None = None,
) -> Journal:
    """Start campaign `slug` playing `ruleset` (creating the database on first use) and open
    it; see `journal.api`."""
    from journal.api.database_level import create as create_campaign

    return create_campaign(db, slug, ruleset, title, options, writer)
