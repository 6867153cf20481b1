"""Each statement of the store, once: the SQL both recorders run, by name.

The `Store` asks its recorder for named statements (`STATEMENTS`); `statements(dialect)`
gives each as that database's driver takes it, made once per dialect and kept, so no call
builds or compiles SQL. SQLite's `sqlite3` runs them as written here (`:name`
parameters). PostgreSQL's driver (psycopg, on SQLAlchemy's connection, straight through
`exec_driver_sql`) gets its own parameter style (`%(name)s`), and its JSONB columns are
given JSON text cast to JSONB and read back as text, so a record decodes its payload once,
as on SQLite.

The events' columns a record is read from and written with are the schema's
(`journal.store.layout.RECORD`): a column a migration adds to the events SQL table reaches
every statement here from there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from journal.events.registry import CORRECTION_TYPES
from journal.store.layout import RECORD

#: the names of the statements every recorder answers
STATEMENTS = (
    "head",
    "read",
    "read_for_fold",
    "read_for_log",
    "get",
    "firsts",
    "corrections",
    "read_backwards",
    "count",
    "last_of_session",
    "latest_snapshot",
    "snapshot_rows",
    "all_snapshot_rows",
    "hash_at",
    "any_event",
    "revision",
    "insert_event",
    "insert_snapshot",
    "make_room",
    "delete_snapshot",
    "drop_snapshots",
    "drop_campaign_snapshots",
    "chain_hashes",
    "session_ends",
    "tree_node",
    "newest_tree_node",
    "tree_nodes",
    "insert_tree_node",
    "drop_tree_nodes",
    "drop_campaign_tree_nodes",
)

_PARAMETER = re.compile(r"(?<![:\w]):([a-z_][a-z0-9_]*)")


def _table(as_text: Callable[[str], str], json: Callable[[str], str]) -> dict[str, str]:
    """Every statement, given how this database reads a JSON column as text and takes a
    JSON text parameter."""
    record = ", ".join(as_text(c) if c == "data" else c for c in RECORD)
    fold = "seq, type, schema, " + as_text("data") + ", recorded_at, game_time, session"
    between = "campaign = :campaign AND seq > :after AND seq <= :upto ORDER BY seq"
    snapshot_rows = (
        f"SELECT s.campaign, s.seq, s.rules_version, {as_text('s.state')}, e.hash "
        "FROM snapshots AS s "
        "LEFT OUTER JOIN events AS e ON e.campaign = s.campaign AND e.seq = s.seq"
    )
    corrections = ", ".join(f"'{kind}'" for kind in CORRECTION_TYPES)
    # a stored node with the chain hash of the last event it covers (null: no such event)
    tree = (
        "SELECT t.level, t.position, t.hash, t.bound, e.hash FROM tree_nodes AS t "
        "LEFT OUTER JOIN events AS e ON e.campaign = t.campaign "
        "AND e.seq = ((t.position + 1) << t.level) WHERE t.campaign = :campaign"
    )
    return {
        "head": "SELECT seq, hash FROM events WHERE campaign = :campaign ORDER BY seq DESC LIMIT 1",
        "read": f"SELECT {record} FROM events WHERE {between}",
        # what a fold reads of each event (none of the chain's columns)
        "read_for_fold": f"SELECT {fold} FROM events WHERE {between}",
        # what the text of `journal log` reads
        "read_for_log": f"SELECT seq, type, schema, {as_text('data')}, session, writer "
        f"FROM events WHERE {between}",
        "get": f"SELECT {record} FROM events WHERE campaign = :campaign AND seq = :seq",
        "firsts": f"SELECT campaign, {record} FROM events "
        "WHERE type = 'CampaignCreated' AND seq = 1 ORDER BY position",
        # by (type, campaign): a bound on seq here would walk the campaign's (campaign, seq)
        "corrections": f"SELECT seq, type, {as_text('data')} FROM events "
        f"WHERE type IN ({corrections}) AND campaign = :campaign",
        "read_backwards": f"SELECT {record} FROM events "
        "WHERE campaign = :campaign AND seq <= :upto ORDER BY seq DESC",
        "count": "SELECT count(*) FROM events WHERE campaign = :campaign",
        "last_of_session": "SELECT max(seq) FROM events "
        "WHERE campaign = :campaign AND session = :session",
        "latest_snapshot": f"{snapshot_rows} WHERE s.campaign = :campaign "
        "AND s.rules_version = :rules_version AND s.seq <= :upto "
        "ORDER BY s.seq DESC LIMIT 1",
        # every snapshot of a campaign, and of every campaign (`verify`, `db snapshots`)
        "snapshot_rows": f"{snapshot_rows} WHERE s.campaign = :campaign "
        "ORDER BY s.seq, s.rules_version",
        "all_snapshot_rows": f"{snapshot_rows} ORDER BY s.campaign, s.seq, s.rules_version",
        "hash_at": "SELECT hash FROM events WHERE campaign = :campaign AND seq = :seq",
        "any_event": "SELECT seq FROM events LIMIT 1",
        "revision": "SELECT version_num FROM alembic_version",
        "insert_event": insert_event(RECORD, json),
        "insert_snapshot": "INSERT INTO snapshots "
        "(campaign, seq, rules_version, state, created_at) "
        f"VALUES (:campaign, :seq, :rules_version, {json('state_json')}, :created_at)",
        # what goes when a snapshot is kept at `seq`: the one there, those ahead of `head`
        # (not the journal's) and those of other rules code (never read again)
        "make_room": "DELETE FROM snapshots WHERE campaign = :campaign "
        "AND (seq > :head OR seq = :seq OR rules_version != :rules_version)",
        "delete_snapshot": "DELETE FROM snapshots "
        "WHERE campaign = :campaign AND seq = :seq AND rules_version = :rules_version",
        "drop_snapshots": "DELETE FROM snapshots",
        "drop_campaign_snapshots": "DELETE FROM snapshots WHERE campaign = :campaign",
        # the Merkle tree's leaves (the chain hashes) and its stored nodes
        "chain_hashes": f"SELECT hash FROM events WHERE {between}",
        "session_ends": "SELECT seq, session FROM events "
        "WHERE campaign = :campaign AND type = 'SessionEnded' ORDER BY seq",
        "tree_node": f"{tree} AND t.level = :level AND t.position = :position",
        "newest_tree_node": f"{tree} AND t.level = :level ORDER BY t.position DESC LIMIT 1",
        "tree_nodes": tree,
        "insert_tree_node": "INSERT INTO tree_nodes (campaign, level, position, hash, bound) "
        "VALUES (:campaign, :level, :position, :hash, :bound)",
        "drop_tree_nodes": "DELETE FROM tree_nodes",
        "drop_campaign_tree_nodes": "DELETE FROM tree_nodes WHERE campaign = :campaign",
    }


def insert_event(columns: tuple[str, ...], json: Callable[[str], str]) -> str:
    """The INSERT of one sealed record into the events SQL table with these of its
    columns, its payload given as the JSON text `seal` made (`data_json`)."""
    values = ", ".join(json("data_json") if c == "data" else f":{c}" for c in columns)
    return f"INSERT INTO events (campaign, {', '.join(columns)}) VALUES (:campaign, {values})"


def at_schema(dialect: str, columns: tuple[str, ...]) -> dict[str, str]:
    """What a migration reads and writes of the events SQL table as its own schema has
    it (`columns`: a record's columns then): the campaigns, a campaign's newest event,
    and the INSERT of one."""
    as_text, json = (str, _sqlite_json) if dialect == "sqlite" else (_postgres_text, _postgres_json)
    record = ", ".join(as_text(c) if c == "data" else c for c in columns)
    found = {
        "campaigns": "SELECT DISTINCT campaign FROM events",
        "newest": f"SELECT {record} FROM events WHERE campaign = :campaign "
        "ORDER BY seq DESC LIMIT 1",
        "insert_event": insert_event(columns, json),
    }
    return found if dialect == "sqlite" else {k: pyformat(v) for k, v in found.items()}


def _sqlite_json(name: str) -> str:
    return f":{name}"


def _postgres_json(name: str) -> str:
    return f"CAST(:{name} AS JSONB)"


def _postgres_text(column: str) -> str:
    return f"CAST({column} AS TEXT)"


@cache
def statements(dialect: str) -> dict[str, str]:
    """Every statement as this dialect's driver takes it."""
    if dialect == "sqlite":
        return _table(str, _sqlite_json)
    return {name: pyformat(sql) for name, sql in _table(_postgres_text, _postgres_json).items()}


def pyformat(sql: str) -> str:
    """A statement with `:name` parameters in psycopg's style, `%(name)s`."""
    return _PARAMETER.sub(r"%(\1)s", sql.replace("%", "%%"))


@cache
def insert_many(dialect: str) -> str:
    """The import's many-row INSERT, given straight to the driver's executemany (no
    per-row work): the record's columns with its campaign first, positionally."""
    mark = "?" if dialect == "sqlite" else "%s"
    values = [
        f"CAST({mark} AS JSONB)" if c == "data" and dialect != "sqlite" else mark
        for c in ("campaign", *RECORD)
    ]
    return f"INSERT INTO events (campaign, {', '.join(RECORD)}) VALUES ({', '.join(values)})"


@cache
def taken(dialect: str, count: int) -> str:
    """The campaign, seq and id of an event holding one of `count` ids (`:id0` ...)."""
    marks = ", ".join(f":id{i}" for i in range(count))
    sql = f"SELECT campaign, seq, event_id FROM events WHERE event_id IN ({marks}) LIMIT 1"
    return sql if dialect == "sqlite" else pyformat(sql)
