"""The schema as plain facts, for the code that runs without SQLAlchemy: its revisions, and
the SQL with which a new SQLite journal is made at head.

Alembic's migrations remain the schema's history and `journal.store.schema` its SQLAlchemy
form; `tests/store/upgrade/test_migrations.py` checks that a SQLite file made from
`SQLITE_HEAD` is the very file the migrations make (the same `sqlite_master`, to the
character), so the three never drift apart.
"""

from __future__ import annotations

#: Every Alembic revision the journal has shipped, oldest first (`db upgrade` starts from any).
SCHEMA_HISTORY = ("0001", "0002", "0003", "0004", "0005", "0006")
#: The Alembic revision the code expects; `journal db check` compares the database with it.
SCHEMA_HEAD = SCHEMA_HISTORY[-1]
#: `upto` when a read is not bounded (the largest seq either database holds)
NO_BOUND = 2**31 - 1

IMMUTABLE = "events are immutable: record a correction with `journal void SEQ --reason ...`"

SNAPSHOTS_TABLE = (
    "CREATE TABLE snapshots (\n"
    "\tcampaign VARCHAR(64) NOT NULL, \n"
    "\tseq INTEGER NOT NULL, \n"
    "\trules_version VARCHAR(64) NOT NULL, \n"
    "\tstate JSON NOT NULL, \n"
    "\tcreated_at DATETIME NOT NULL, \n"
    "\tCONSTRAINT pk_snapshots PRIMARY KEY (campaign, seq, rules_version)\n"
    ")"
)

TREE_NODES_TABLE = (
    "CREATE TABLE tree_nodes (\n"
    "\tcampaign VARCHAR(64) NOT NULL, \n"
    "\tlevel INTEGER NOT NULL, \n"
    "\tposition INTEGER NOT NULL, \n"
    "\thash VARCHAR(64) NOT NULL, \n"
    "\tbound VARCHAR(64) NOT NULL, \n"
    "\tCONSTRAINT pk_tree_nodes PRIMARY KEY (campaign, level, position)\n"
    ")"
)

#: the statements Alembic runs on a new SQLite file, up to the head (in its order)
SQLITE_HEAD = (
    "CREATE TABLE alembic_version (\n"
    "\tversion_num VARCHAR(32) NOT NULL, \n"
    "\tCONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)\n"
    ")",
    "CREATE TABLE events (\n"
    "\tposition INTEGER NOT NULL, \n"
    "\tcampaign VARCHAR(64) NOT NULL, \n"
    "\tseq INTEGER NOT NULL, \n"
    "\tevent_id VARCHAR(36) NOT NULL, \n"
    "\ttype VARCHAR(64) NOT NULL, \n"
    "\tschema INTEGER NOT NULL, \n"
    "\tdata JSON NOT NULL, \n"
    "\trecorded_at DATETIME NOT NULL, \n"
    "\tgame_time VARCHAR(16), \n"
    "\tsession INTEGER, \n"
    "\tprev_hash VARCHAR(64) NOT NULL, \n"
    # 0004 and 0006 added `writer` and `salts` with ADD COLUMN: SQLite keeps them where it
    # put them
    "\thash VARCHAR(64) NOT NULL, writer VARCHAR(120), salts TEXT, \n"
    "\tCONSTRAINT pk_events PRIMARY KEY (position), \n"
    "\tCONSTRAINT uq_events_campaign_seq UNIQUE (campaign, seq), \n"
    "\tCONSTRAINT uq_events_event_id UNIQUE (event_id)\n"
    ")",
    "CREATE INDEX ix_events_type_campaign ON events (type, campaign)",
    *(
        f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
        f"BEGIN SELECT RAISE(ABORT, '{IMMUTABLE}'); END"
        for action in ("UPDATE", "DELETE")
    ),
    SNAPSHOTS_TABLE,
    TREE_NODES_TABLE,
    f"INSERT INTO alembic_version (version_num) VALUES ('{SCHEMA_HEAD}')",
)
