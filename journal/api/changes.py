"""Watching a database for new events, whoever appends them (another process, another
machine): what `journal serve`'s live pages wait on (`Database.watch`).

SQLite: `PRAGMA data_version` read every `poll` seconds on a read-only connection of its
own (a number that changes when any other connection commits; it reads no table, so it
costs next to nothing). PostgreSQL: LISTEN on the channel every append notifies in its own
transaction (`journal.store.appending.NOTIFY_CHANNEL`). Either way the watcher is also
told every `fallback` seconds, in case a change went unseen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from journal.store import Store


def watch(
    store: Store,
    stop: threading.Event,
    changed: Callable[[], None],
    trouble: Callable[[str], None],
    poll: float,
    fallback: float,
) -> None:
    """Call `changed()` at once, then whenever the database may hold new events, until
    `stop` is set (it blocks: run it in a thread of its own). `trouble` is told, in words,
    when the database cannot be listened to (it is tried again)."""
    if store.is_sqlite:
        _watch_sqlite(store, stop, changed, poll, fallback)
    else:
        _watch_postgres(store, stop, changed, trouble, fallback)


def _watch_sqlite(
    store: Store,
    stop: threading.Event,
    changed: Callable[[], None],
    poll: float,
    fallback: float,
) -> None:
    import sqlite3

    path = store.sqlite_path
    assert path is not None
    changed()
    connection: sqlite3.Connection | None = None
    version = None
    waited = 0.0
    while not stop.wait(poll):
        waited += poll
        try:
            if connection is None:
                connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            now = connection.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            connection, now = None, None
        if now != version or waited >= fallback:
            version, waited = now, 0.0
            changed()
    if connection is not None:
        connection.close()


def _watch_postgres(
    store: Store,
    stop: threading.Event,
    changed: Callable[[], None],
    trouble: Callable[[str], None],
    fallback: float,
) -> None:
    import psycopg

    from journal.store.appending import NOTIFY_CHANNEL

    url = store.engine.url.set(drivername="postgresql")
    conninfo = url.render_as_string(hide_password=False)
    changed()
    while not stop.is_set():
        try:
            with psycopg.connect(conninfo, autocommit=True) as connection:
                connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                changed()  # what was appended while it was not listening
                while not stop.is_set():
                    told = list(connection.notifies(timeout=fallback / 5, stop_after=1))
                    if told:
                        changed()
        except psycopg.Error as exc:
            trouble(f"cannot listen for new events: {exc}")
            changed()
            stop.wait(1.0)
