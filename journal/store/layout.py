"""The database's schema, in one place: its SQL tables as plain facts (no SQLAlchemy, for the
code that runs without it), its revisions, and the SQL a new SQLite journal is made with.

`journal.store.schema` builds the SQLAlchemy form of the same tables from here; `SQLITE_HEAD`
is rendered from here as SQLite keeps it (`sqlite_master`, to the character: a column a
migration added with ADD COLUMN stays on the line of the column before it); the store's
statements read a record's columns from here (`RECORD`). Alembic's migrations are the
schema's history: `tests/store/upgrade/test_migrations.py` checks that they make exactly
this schema, on SQLite (the very `sqlite_master` of `SQLITE_HEAD`) and on PostgreSQL
(Alembic's comparison with `schema.metadata`). A schema change is a line here and its
migration (and the fixture database of `tests/store/upgrade/fixtures/schema/`).
"""

from __future__ import annotations

from msgspec import Struct

#: Every Alembic revision the journal has shipped, oldest first (`db upgrade` starts from any).
SCHEMA_HISTORY = ("0001", "0002", "0003", "0004", "0005", "0006")
#: The Alembic revision the code expects; `journal db check` compares the database with it.
SCHEMA_HEAD = SCHEMA_HISTORY[-1]
#: `upto` when a read is not bounded (the largest seq either database holds)
NO_BOUND = 2**31 - 1

IMMUTABLE = "events are immutable: record a correction with `journal void SEQ --reason ...`"


class Column(Struct, frozen=True):
    """A column: its name, its kind (`int`, `bigint`: an INTEGER on SQLite, where it is
    the row id; `text`, a VARCHAR with a `length`; `json`, JSONB on PostgreSQL; `time`, a
    naive UTC timestamp), whether it may be null, and the revision that added it to a table
    made before it (ADD COLUMN)."""

    name: str
    kind: str
    length: int | None = None
    null: bool = False
    added: str | None = None


class Table(Struct, frozen=True):
    name: str
    columns: tuple[Column, ...]
    key: tuple[str, ...]
    unique: tuple[tuple[str, ...], ...] = ()
    #: (name, columns) of each index
    indexes: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)


EVENTS = Table(
    "events",
    (
        Column("position", "bigint"),
        Column("campaign", "text", 64),
        Column("seq", "int"),
        Column("event_id", "text", 36),
        Column("type", "text", 64),
        Column("schema", "int"),
        Column("data", "json"),
        Column("recorded_at", "time"),
        Column("game_time", "text", 16, null=True),
        Column("session", "int", null=True),
        Column("prev_hash", "text", 64),
        Column("hash", "text", 64),
        # who entered the event (0004); null for the events older journals wrote
        Column("writer", "text", 120, null=True, added="0004"),
        # each payload field's salt, as canonical JSON (0006): the hash covers their
        # digests (`journal.events.disclosure`); null for the events older journals wrote
        Column("salts", "text", null=True, added="0006"),
    ),
    key=("position",),
    unique=(("campaign", "seq"), ("event_id",)),
    # voids and campaign lists look events up by type without scanning the log
    indexes=(("ix_events_type_campaign", ("type", "campaign")),),
)
#: a disposable cache of folded states, keyed by campaign, seq and rules version
SNAPSHOTS = Table(
    "snapshots",
    (
        Column("campaign", "text", 64),
        Column("seq", "int"),
        Column("rules_version", "text", 64),
        Column("state", "json"),
        Column("created_at", "time"),
    ),
    key=("campaign", "seq", "rules_version"),
)
#: the Merkle tree's stored nodes (`journal.proof.tree`), a cache sealed to the chain
#: (`bound`: the seal of the node's place, hash and the chain hash of its last event)
TREE_NODES = Table(
    "tree_nodes",
    (
        Column("campaign", "text", 64),
        Column("level", "int"),
        Column("position", "int"),
        Column("hash", "text", 64),
        Column("bound", "text", 64),
    ),
    key=("campaign", "level", "position"),
)
#: the journal's SQL tables, in the order the migrations made them
TABLES = (EVENTS, SNAPSHOTS, TREE_NODES)
#: the events' columns a record is read from and written with, in order (its campaign and
#: position apart)
RECORD = tuple(c.name for c in EVENTS.columns if c.name not in ("position", "campaign"))

_SQLITE_TYPES = {"int": "INTEGER", "bigint": "INTEGER", "json": "JSON", "time": "DATETIME"}


def _sqlite_column(column: Column) -> str:
    kind = _SQLITE_TYPES.get(column.kind) or (
        f"VARCHAR({column.length})" if column.length else "TEXT"
    )
    return f"{column.name} {kind}{'' if column.null else ' NOT NULL'}"


def sqlite_table(table: Table) -> str:
    """The table's CREATE as SQLite keeps it once the migrations made it: as Alembic
    writes a new table, each column a later migration added appended to the line of the
    last column before it, as SQLite's ADD COLUMN leaves it."""
    lines: list[str] = []
    for column in table.columns:
        if column.added is not None and lines:
            lines[-1] += f", {_sqlite_column(column)}"
        else:
            lines.append(f"\t{_sqlite_column(column)}")
    lines.append(f"\tCONSTRAINT pk_{table.name} PRIMARY KEY ({', '.join(table.key)})")
    lines += [
        f"\tCONSTRAINT uq_{table.name}_{'_'.join(u)} UNIQUE ({', '.join(u)})" for u in table.unique
    ]
    return f"CREATE TABLE {table.name} (\n" + ", \n".join(lines) + "\n)"


SNAPSHOTS_TABLE = sqlite_table(SNAPSHOTS)

#: the statements Alembic runs on a new SQLite file, up to the head (in its order)
SQLITE_HEAD = (
    "CREATE TABLE alembic_version (\n"
    "\tversion_num VARCHAR(32) NOT NULL, \n"
    "\tCONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)\n"
    ")",
    sqlite_table(EVENTS),
    *(f"CREATE INDEX {name} ON events ({', '.join(columns)})" for name, columns in EVENTS.indexes),
    *(
        f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
        f"BEGIN SELECT RAISE(ABORT, '{IMMUTABLE}'); END"
        for action in ("UPDATE", "DELETE")
    ),
    *(sqlite_table(table) for table in TABLES[1:]),
    f"INSERT INTO alembic_version (version_num) VALUES ('{SCHEMA_HEAD}')",
)
