"""The database's SQL tables as SQLAlchemy Core, built from the schema's one description
(`journal.store.layout`): what Alembic's migrations are compared with, what PostgreSQL's
snapshots SQL table is made again from, and what tests and tools query."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy import Column as SQLColumn
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator, TypeEngine

from journal.store import layout
from journal.store.layout import SCHEMA_HEAD, SCHEMA_HISTORY

__all__ = ["SCHEMA_HEAD", "SCHEMA_HISTORY", "events", "metadata", "snapshots", "tree_nodes"]

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


def _type(column: layout.Column) -> Any:
    match column.kind:
        case "int":
            return Integer()
        case "bigint":
            return BigInteger().with_variant(Integer(), "sqlite")
        case "json":
            return Payload()
        case "time":
            return DateTime()
        case _:
            return String(column.length) if column.length else Text()


def sql_table(table: layout.Table, into: MetaData = metadata) -> Table:
    """One table of the description, as SQLAlchemy's."""
    return Table(
        table.name,
        into,
        *(SQLColumn(c.name, _type(c), nullable=c.null) for c in table.columns),
        PrimaryKeyConstraint(*table.key),
        *(UniqueConstraint(*columns) for columns in table.unique),
        *(Index(name, *columns) for name, columns in table.indexes),
    )


events, snapshots, tree_nodes = (sql_table(table) for table in layout.TABLES)
