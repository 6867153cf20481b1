"""The database's SQL tables (SQLAlchemy Core). Alembic's migrations create them; a test checks
that the migrations and these SQL tables never drift apart."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator, TypeEngine

from journal.store.layout import SCHEMA_HEAD, SCHEMA_HISTORY

__all__ = ["SCHEMA_HEAD", "SCHEMA_HISTORY", "events", "metadata", "snapshots", "tree_nodes"]

#: the longest writer name the `writer` column holds
WRITER_LENGTH = 120

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)


class Payload(TypeDecorator[Any]):
    """JSON, stored as JSONB on PostgreSQL: the PostgreSQL dialect is imported only there,
    not by every command on a SQLite file."""

    impl = JSON
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import JSONB

            return dialect.type_descriptor(JSONB())
        return dialect.type_descriptor(JSON())


events = Table(
    "events",
    metadata,
    Column("position", BigInteger().with_variant(Integer(), "sqlite"), primary_key=True),
    Column("campaign", String(64), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("event_id", String(36), nullable=False, unique=True),
    Column("type", String(64), nullable=False),
    Column("schema", Integer, nullable=False),
    Column("data", Payload(), nullable=False),
    Column("recorded_at", DateTime(), nullable=False),
    Column("game_time", String(16)),
    Column("session", Integer),
    Column("prev_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False),
    # who entered the event (schema 0004); null for the events older journals wrote
    Column("writer", String(WRITER_LENGTH)),
    # each payload field's salt, as canonical JSON (schema 0006): the hash covers their
    # digests (`journal.events.disclosure`); null for the events older journals wrote
    Column("salts", Text),
    UniqueConstraint("campaign", "seq"),
    # voids and campaign lists look events up by type without scanning the log
    Index("ix_events_type_campaign", "type", "campaign"),
)

#: A disposable cache of folded projections, keyed by campaign, seq and rules version.
snapshots = Table(
    "snapshots",
    metadata,
    Column("campaign", String(64), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("rules_version", String(64), primary_key=True),
    Column("state", Payload(), nullable=False),
    Column("created_at", DateTime(), nullable=False),
)

#: The Merkle tree's stored nodes (`journal.proof.tree`), a cache bound to the chain.
tree_nodes = Table(
    "tree_nodes",
    metadata,
    Column("campaign", String(64), primary_key=True),
    Column("level", Integer, primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("hash", String(64), nullable=False),
    Column("bound", String(64), nullable=False),
)
