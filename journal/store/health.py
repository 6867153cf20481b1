"""What the hash chain cannot prove by itself: the database's append-only triggers are in
place, and (SQLite) the file is sound.

Migration 0001 installed the triggers; this module knows them as they must read, to find
one dropped, disabled or replaced by a toothless one of the same name (`verify`, `db
check`), and to put them back (`db upgrade`, when the events SQL table's owner runs it).
"""

from __future__ import annotations

import re

from journal.errors import StoreError
from journal.store.layout import IMMUTABLE as MESSAGE
from journal.store.recorder import Conn, DriverError

#: SQLite: name -> the statement that made it (as sqlite_master keeps it)
SQLITE_TRIGGERS = {
    f"events_no_{action.lower()}": (
        f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
        f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
    )
    for action in ("UPDATE", "DELETE")
}
#: PostgreSQL: the function every trigger calls, and name -> its definition as
#: `pg_get_triggerdef` gives it (the SQL table's schema left out)
PG_FUNCTION = f"BEGIN RAISE EXCEPTION '{MESSAGE}'; END"
PG_TRIGGERS = {
    "events_no_update_or_delete": "CREATE TRIGGER events_no_update_or_delete BEFORE DELETE OR "
    "UPDATE ON events FOR EACH ROW EXECUTE FUNCTION events_immutable()",
    "events_no_truncate": "CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events "
    "FOR EACH STATEMENT EXECUTE FUNCTION events_immutable()",
}


def _plain(sql: str) -> str:
    return " ".join(sql.split())


def trigger_problems(conn: Conn) -> list[str]:
    """What is wrong with the append-only triggers: one line per trigger missing, disabled
    or not the journal's; empty when every one is in place."""
    if conn.dialect == "postgresql":
        return _pg_trigger_problems(conn)
    listed = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'"
    found: dict[str, str] = {str(n): str(sql) for n, sql in conn.sql(listed)}
    problems = []
    for name, sql in SQLITE_TRIGGERS.items():
        if name not in found:
            problems.append(f"trigger {name} is missing")
        elif _plain(found[name]) != sql:
            problems.append(f"trigger {name} is not the journal's (it was replaced)")
    return problems


def _pg_trigger_problems(conn: Conn) -> list[str]:
    rows = conn.sql(
        "SELECT t.tgname, t.tgenabled, pg_get_triggerdef(t.oid), p.proname, p.prosrc "
        "FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid "
        "WHERE t.tgrelid = to_regclass('events') AND NOT t.tgisinternal"
    )
    found = {str(row[0]): row for row in rows}
    problems = []
    for name, definition in PG_TRIGGERS.items():
        row = found.get(name)
        if row is None:
            problems.append(f"trigger {name} is missing")
            continue
        _, enabled, actual, function, source = row
        actual = re.sub(r" ON [\w\"]+\.events ", " ON events ", _plain(str(actual)))
        if enabled not in ("O", "A"):
            problems.append(f"trigger {name} is disabled")
        elif actual != definition:
            problems.append(f"trigger {name} is not the journal's (it was replaced)")
        elif function != "events_immutable" or _plain(str(source)) != PG_FUNCTION:
            problems.append(f"trigger {name} calls a function that no longer refuses changes")
    return problems


def reinstall_triggers(conn: Conn) -> list[str]:
    """Put back the triggers `trigger_problems` finds wrong, in the caller's transaction:
    the names put back. Needs the owner of the events SQL table."""
    problems = trigger_problems(conn)
    if not problems:
        return []
    try:
        if conn.dialect == "postgresql":
            conn.sql(
                "CREATE OR REPLACE FUNCTION events_immutable() RETURNS trigger "
                f"LANGUAGE plpgsql AS $$ {PG_FUNCTION} $$"
            )
            statements = PG_TRIGGERS
            for name in statements:
                conn.sql(f"DROP TRIGGER IF EXISTS {name} ON events")
        else:
            statements = SQLITE_TRIGGERS
            for name in statements:
                conn.sql(f"DROP TRIGGER IF EXISTS {name}")
        for sql in statements.values():
            conn.sql(sql)
    except DriverError as exc:
        orig = getattr(exc.orig, "orig", None) or exc.orig
        raise StoreError(
            "the append-only triggers could not be put back "
            f"({str(orig).strip().splitlines()[0]}): run "
            "`journal db upgrade` as the owner of the events SQL table"
        ) from None
    return list(statements)


def integrity_problems(conn: Conn) -> list[str] | None:
    """SQLite's `PRAGMA integrity_check` of the whole file: what it finds wrong (empty when
    the file is sound); None on a server database, which keeps its own pages."""
    if conn.dialect != "sqlite":
        return None
    try:
        rows = [str(row[0]) for row in conn.sql("PRAGMA integrity_check")]
    except (DriverError, StoreError) as exc:  # too damaged to check: SQLite's own words
        return [str(getattr(exc, "orig", None) or exc.__cause__ or exc).strip()]
    if rows == ["ok"]:
        return []
    # one problem a line (a row may hold several), without SQLite's "*** in database ***"
    return [
        line.strip()
        for row in rows
        for line in row.splitlines()
        if line.strip() and not line.startswith("***")
    ]
