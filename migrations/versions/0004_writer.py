"""Who entered each event: a nullable `writer` column (`--writer`, `JOURNAL_WRITER`, or
user@host; a `journal play` session adds its own id), so `journal undo` takes back your own
last event and not a co-GM's.

The events older journals wrote keep a null writer, and their hashes: the writer is hashed
only when an event names one. A plain ADD COLUMN (no batch copy of the table on SQLite),
so the append-only triggers of 0001 stay as they are.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("events", sa.Column("writer", sa.String(length=120), nullable=True))


def downgrade() -> None:
    """Events are never updated: a downgrade would drop who wrote them. Refused."""
    raise NotImplementedError("schema 0004 cannot be downgraded: the writers would be lost")
