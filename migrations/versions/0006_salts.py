"""Each event's salted parts (issue 40): a nullable `salts` column, each payload field's
salt as canonical JSON. From this schema on, an event's hash covers the digests of its
salted fields (RFC 9901's disclosures), so a proof shows an audience exactly the parts it
may see; the events older journals wrote keep a null `salts`, and their hashes.

A plain ADD COLUMN (no batch copy of the table on SQLite), so the append-only triggers of
0001 stay as they are.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("events", sa.Column("salts", sa.Text(), nullable=True))


def downgrade() -> None:
    """Events are never updated: a downgrade would drop the salts their hashes cover, and
    every event written since could no longer be checked. Refused."""
    raise NotImplementedError("schema 0006 cannot be downgraded: the salts would be lost")
