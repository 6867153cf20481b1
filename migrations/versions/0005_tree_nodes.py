"""The Merkle tree's stored nodes (RFC 9162): a cache of the hashes of each campaign's
complete subtrees of 256 leaves and more, bound to the chain by the hash of the last event
each covers; `journal verify` recomputes them from the chain. Nothing is lost if they go.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tree_nodes",
        sa.Column("campaign", sa.String(length=64), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.Column("bound", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("campaign", "level", "position", name=op.f("pk_tree_nodes")),
    )


def downgrade() -> None:
    op.drop_table("tree_nodes")
