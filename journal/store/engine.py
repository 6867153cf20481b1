"""Opening a database: its target (a SQLite file read without SQLAlchemy, or a server's
URL), its recorder, the SQLAlchemy engines and their settings (SQLite's pragmas and write
lock for `db upgrade`, PostgreSQL's timeouts), read-only access, and what a failure of the
database means to the GM. SQLAlchemy is imported only by the functions that make an
engine.

A refused command changes no file it opened: the journal's own settings that live in the
file (SQLite's WAL mode) are set only once the file is known to be a journal (or a new
one). A SQLite file that cannot be written (its own permissions, or a read-only folder
where the `-wal` and `-shm` files cannot be made) is opened read-only, so every reading
command works and a writing one is refused with a clear message.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, quote, unquote

from msgspec import Struct

from journal.errors import StoreError

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine
    from sqlalchemy.engine.url import URL


DEFAULT_DB = "journal.db"
#: what SQLite says of a file whose pages are corrupt
DAMAGED = "database disk image is malformed"
#: how long a command waits for another writer's lock, in seconds (SQLite's busy timeout,
#: PostgreSQL's lock_timeout)
LOCK_TIMEOUT_ENV = "JOURNAL_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 30.0
#: PostgreSQL's statement_timeout, a backstop for a statement that runs away (a lock wait
#: ends at the lock timeout first); `db upgrade` runs without it
STATEMENT_TIMEOUT = 300.0
#: how long PostgreSQL may take to answer the connection (libpq's connect_timeout)
CONNECT_TIMEOUT = 15
#: replace a pooled connection this old (seconds) rather than ping it before each use
RECYCLE = 300
#: the transaction-level advisory lock that serializes schema changes on PostgreSQL
#: (the first use of a database by several commands at once)
SCHEMA_LOCK = 0x6A6F75726E616C  # "journal"


class SQLiteTarget(Struct, frozen=True):
    """A SQLite database as `sqlite3.connect` opens it."""

    #: a file's path, or a `file:` URI (`uri`)
    database: str
    uri: bool = False
    #: the file itself (None: in memory, or a URI the GM gave)
    path: Path | None = None
    #: opened read-only: the file or its folder cannot be written
    read_only: bool = False

    @property
    def where(self) -> str:
        """The database as the GM names it."""
        return str(self.path) if self.path is not None else self.database

    def url(self) -> URL:
        """The same database as a SQLAlchemy URL."""
        from sqlalchemy.engine.url import URL

        if not self.uri:
            database = None if self.database == ":memory:" else self.database
            return URL.create("sqlite", database=database)
        database, _, query = self.database.partition("?")
        options = {"uri": "true", **dict(parse_qsl(query))}
        return URL.create("sqlite", database=database, query=options)


def sqlite_target(target: str | None) -> SQLiteTarget | None:
    """A SQLite target read without SQLAlchemy (a path, or a `sqlite://` URL as SQLAlchemy
    reads it); None for a server's URL."""
    target = target or DEFAULT_DB
    if "://" not in target:
        return SQLiteTarget(str(Path(target).expanduser()), path=Path(target).expanduser())
    scheme, rest = target.split("://", 1)
    if scheme.split("+", 1)[0].lower() != "sqlite":
        return None
    if rest and not rest.startswith("/"):
        raise StoreError(f"{_masked(target)!r} is not a database URL: a SQLite URL has no host")
    rest, _, raw_query = rest[1:].partition("?")
    database = unquote(rest) or ":memory:"
    query = dict(parse_qsl(raw_query))
    if query.pop("uri", "").lower() == "true":
        extra = "&".join(f"{k}={v}" for k, v in query.items())
        return SQLiteTarget(f"{database}?{extra}" if extra else database, uri=True)
    if database == ":memory:" or query.get("mode", "").lower() == "memory":
        return SQLiteTarget(":memory:")
    return SQLiteTarget(database, path=Path(database))


def memory_target(target: str | None) -> bool:
    """A SQLite database that lives only as long as the process (`sqlite://`, `:memory:`,
    a `mode=memory` URI), told without SQLAlchemy."""
    found = sqlite_target(target)
    if found is None:
        return False
    database = found.database
    return (
        database in ("", ":memory:")
        or database.startswith("file::memory:")
        or "mode=memory" in database
    )


def sqlite_file(target: SQLiteTarget, *, create: bool) -> SQLiteTarget:
    """The target checked as a journal file: with `create=False` a missing file is refused;
    a file that cannot be written (or a read-only folder) is opened read-only."""
    if target.path is None:
        return target
    file = target.path
    path = target.database
    if not file.parent.is_dir():
        raise StoreError(f"folder {str(file.parent)!r} does not exist: create it first")
    if file.is_dir():
        raise StoreError(f"{path} is a folder, not a journal database file")
    if file.exists() and not file.is_file():
        raise StoreError(f"{path} is not a file (a device or a pipe): point --db at a journal file")
    if not file.exists():
        if not create:
            raise StoreError(
                f"no journal at {path}: start one with "
                "`journal campaign new SLUG --ruleset RULESET` "
                "(or `journal import FILE`), or point --db at your journal"
            )
        if not os.access(file.parent, os.W_OK):
            raise StoreError(
                f"folder {str(file.parent)!r} is read-only: no journal can start there"
            )
    elif not (os.access(file, os.W_OK) and os.access(file.parent, os.W_OK)):
        return SQLiteTarget(_read_only_uri(file), uri=True, path=file, read_only=True)
    return target


def database_url(target: str | None) -> URL:
    """A SQLAlchemy URL, or a file path for SQLite (the default `./journal.db`)."""
    from sqlalchemy.engine.url import URL, make_url
    from sqlalchemy.exc import ArgumentError

    target = target or DEFAULT_DB
    if "://" in target:
        try:
            return make_url(target)
        except ArgumentError:
            raise StoreError(f"{_masked(target)!r} is not a database URL") from None
        except ValueError:  # a port that is not a number, a bracket left open
            raise StoreError(
                f"{_masked(target)!r} is not a database URL: check its host and port"
            ) from None
    return URL.create("sqlite", database=str(Path(target).expanduser()))


def _masked(target: str) -> str:
    """A URL as a message may show it: without its password."""
    return re.sub(r"(//[^/:@]*:)[^/@]*@", r"\1***@", target)


def lock_timeout() -> float:
    """Seconds to wait for a lock: `JOURNAL_LOCK_TIMEOUT`, else 30."""
    raw = os.environ.get(LOCK_TIMEOUT_ENV, "").strip()
    if not raw:
        return DEFAULT_LOCK_TIMEOUT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 86400:
        raise StoreError(f"{LOCK_TIMEOUT_ENV}={raw!r} is not a number of seconds (1 to 86400)")
    return seconds


def _read_only_uri(file: Path) -> str:
    """A read-only open that makes no file: `immutable` when the file holds everything (no
    write-ahead log with events not yet folded into it), else `mode=ro`, which needs the
    log (and its index, `-shm`, made if the folder allows)."""
    wal = Path(f"{file}-wal")
    pending = wal.exists() and wal.stat().st_size > 0
    if pending and not Path(f"{file}-shm").exists() and not os.access(file.parent, os.W_OK):
        raise StoreError(
            f"{file} has events in its write-ahead log ({wal.name}) that SQLite cannot read "
            "in a read-only folder: open it once where its folder can be written"
        )
    mode = "mode=ro" if pending else "immutable=1"
    return f"file:{quote(str(file.absolute()))}?{mode}"


def sqlite_engine(url: URL, where: str) -> Engine:
    """The SQLAlchemy engine of a SQLite database (`db upgrade`'s Alembic, tests); `where`
    names it to the GM."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.engine import ExceptionContext

    timeout = lock_timeout()
    engine = create_engine(url, connect_args={"timeout": timeout})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" below emit BEGIN itself, so writers can take the lock
        # up front (BEGIN IMMEDIATE) instead of failing to upgrade a read lock. WAL mode is
        # the file's own setting: `use_wal` sets it once the file is known to be a journal.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        immediate = conn.get_execution_options().get("journal_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    @event.listens_for(engine, "handle_error")
    def _on_error(context: ExceptionContext) -> None:
        # a damaged page can surface in any read: say so in one line wherever it does
        if DAMAGED in str(context.original_exception):
            raise StoreError(problem(where, context.original_exception)) from (
                context.original_exception
            )

    return engine


#: one engine per database URL and process (see `journal.store.postgres`), and how many
#: open stores use it: the last one to close disposes of it (closing one store must not
#: pull connections from under another store of the same process, e.g. `journal serve`)
_ENGINES: dict[tuple[int, str, str], Engine] = {}
_USERS: dict[int, int] = {}


def release(engine: Engine) -> None:
    """A store is done with `engine`: disposed of once no open store uses it."""
    left = _USERS.get(id(engine), 1) - 1
    if left > 0:
        _USERS[id(engine)] = left
        return
    _USERS.pop(id(engine), None)
    for key, shared in list(_ENGINES.items()):
        if shared is engine:
            del _ENGINES[key]
    engine.dispose()


def server_engine(url: URL) -> Engine:
    """PostgreSQL (or another server): a lock waited for at most the lock timeout, a
    statement at most STATEMENT_TIMEOUT; settings the URL gives itself (`?options=-c ...`)
    come after ours and win. One engine per URL and process, its connections never pinged
    before use (replaced when older than `RECYCLE`)."""
    from sqlalchemy import create_engine

    args: dict[str, Any] = {}
    if url.get_backend_name() == "postgresql":
        ours = (
            f"-c lock_timeout={int(lock_timeout() * 1000)} "
            f"-c statement_timeout={int(STATEMENT_TIMEOUT * 1000)}"
        )
        given = str(url.query.get("options", "")).strip()
        args["options"] = f"{ours} {given}".strip()
        if "connect_timeout" not in url.query:
            args["connect_timeout"] = CONNECT_TIMEOUT
    # by process too: a child forked with its parent's engine would share its sockets
    key = (os.getpid(), url.render_as_string(hide_password=False), repr(sorted(args.items())))
    if key in _ENGINES:
        engine = _ENGINES[key]
        _USERS[id(engine)] = _USERS.get(id(engine), 0) + 1
        return engine
    try:
        engine = create_engine(url, pool_recycle=RECYCLE, connect_args=args)
    except Exception as exc:  # missing driver and the like
        if isinstance(exc, ModuleNotFoundError) and url.get_backend_name() == "postgresql":
            from journal.installation import needs_extra

            raise StoreError(needs_extra("A PostgreSQL database", "postgres")) from None
        raise StoreError(
            f"cannot use database {url.render_as_string(hide_password=True)}: {exc}"
        ) from None
    _ENGINES[key] = engine
    _USERS[id(engine)] = 1
    return engine


def lock_schema(conn: Connection) -> None:
    """Serialize schema changes (inside the write transaction): SQLite's BEGIN IMMEDIATE
    already holds the write lock; PostgreSQL takes an advisory lock until the commit, and
    lets `db upgrade`'s statements run as long as they need."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
        conn.exec_driver_sql("SET LOCAL statement_timeout = 0")


#: free space below which a disk I/O error is read as a full disk
NEARLY_FULL = 1024 * 1024


def _disk_full(where: str) -> bool:
    """The disk holding the SQLite file `where` has (nearly) no room left: SQLite says
    "disk I/O error" when its write-ahead log cannot grow."""
    if "://" in where:
        return False
    try:
        found = os.statvfs(Path(where).absolute().parent)
    except OSError:
        return False
    return found.f_bavail * found.f_frsize < NEARLY_FULL


#: SQLSTATEs of a server that will not take a write: a read-only transaction (a hot
#: standby, `default_transaction_read_only`), a role without the privilege
READ_ONLY_SERVER = "25006"
NO_PRIVILEGE = "42501"
REFUSED_WRITES = frozenset({READ_ONLY_SERVER, NO_PRIVILEGE})


def in_force(url: URL | None, name: str) -> str | None:
    """The value the URL's `options` (`-c statement_timeout=1`, `--lock_timeout=5s`) give
    the PostgreSQL setting `name`, as written there; None when they give none."""
    if url is None:
        return None
    given = str(url.query.get("options", ""))
    found = re.findall(rf"(?:-c\s{{0,8}}|--){name}\s{{0,8}}=\s{{0,8}}([^\s]{{1,40}})", given)
    return found[-1] if found else None


def _setting(url: URL | None, name: str, ours: float) -> str:
    """How long a timeout is, as the GM gave it (`statement_timeout=1` is 1 ms) or ours."""
    given = in_force(url, name)
    if given is None:
        return f"{ours:g} s"
    shown = f"{given} ms" if given.isascii() and given.isdigit() else given
    return f"{shown} ({name} in the URL's options)"


def problem(where: str, exc: BaseException, url: URL | None = None) -> str:
    """What a failure of the database (SQLAlchemy's, or the driver's own) means, in the
    GM's words; `url` (the database's) says which timeouts are in force. No password
    shows, whatever the driver said."""
    from journal.text import without_passwords

    return without_passwords(_problem(where, exc, url))


def _problem(where: str, exc: BaseException, url: URL | None) -> str:
    orig = getattr(exc, "orig", None)
    detail = str(orig) if orig is not None else str(exc)
    first = detail.strip().splitlines()[0] if detail.strip() else type(exc).__name__
    code = getattr(orig, "sqlstate", None)
    if code == READ_ONLY_SERVER:
        return (
            f"{where} is read-only (a standby server, or default_transaction_read_only is "
            "on): commands that read work; to record, connect to the primary server"
        )
    if code == NO_PRIVILEGE:
        role = url.username if url is not None and url.username else "this role"
        return (
            f"{role} may not write to {where} ({first}): commands that read work; to "
            "record, connect as a role granted INSERT on the journal's SQL tables"
        )
    if DAMAGED in detail:
        return (
            f"{where} is damaged (SQLite: {DAMAGED}): restore it from a backup; "
            f"`sqlite3 {where} .recover` may save what still reads"
        )
    if "file is not a database" in detail or "not a database" in detail:
        return f"{where} is not a journal database (not even SQLite); point --db at another file"
    if "readonly" in detail or "read-only" in detail:
        return (
            f"{where} is read-only (the file or its folder cannot be written): commands that "
            "read it work; to record, make it writable"
        )
    if "unable to open" in detail:
        return f"cannot open {where}: check the path and its permissions"
    if "locked" in detail or code == "55P03" or "lock timeout" in detail:
        waited = _setting(url, "lock_timeout", lock_timeout())
        return (
            f"{where} stayed locked by another writer for {waited}; try again "
            f"(or wait longer: {LOCK_TIMEOUT_ENV}=SECONDS)"
        )
    if code == "57014" and "statement timeout" in detail:
        ran = _setting(url, "statement_timeout", STATEMENT_TIMEOUT)
        return f"a statement on {where} ran past {ran} and was stopped; nothing was written"
    if "database or disk is full" in detail or ("disk I/O error" in detail and _disk_full(where)):
        return (
            f"the disk is full: {where} could not be written; free some space and try "
            "again (nothing was written)"
        )
    if "disk I/O error" in detail:
        return f"{where} could not be read or written ({first}): check the disk"
    return f"the database {where} failed: {first}"
