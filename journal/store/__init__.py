"""The event store: the database, its schema and migrations, snapshots and their codec.

This package imports nothing from the rules: it stores events and cached states as data.
"""

from journal.store.drafts import Draft, seal, utc_now
from journal.store.engine import DEFAULT_DB, database_url
from journal.store.event_store import Store

__all__ = ["DEFAULT_DB", "Draft", "Store", "database_url", "seal", "utc_now"]
