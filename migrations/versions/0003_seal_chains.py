"""Bind each campaign's hash chain to its slug: older journals hashed events without it.

Events are never updated, so their hashes stay; each campaign whose newest event was hashed
the old way gets one `ChainSealed` event, hashed with its slug like every event from now on
(see journal/store/sealing.py). A no-op for the projections.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from journal.store.sealing import seal_legacy_chains

    seal_legacy_chains(op.get_bind())


def downgrade() -> None:
    """The seals stay: events are never deleted (an older journal reads them as an event
    type it does not know)."""
