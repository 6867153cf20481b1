"""How `journal serve` runs uvicorn so that no client slows the others: a header timeout
(a connection that has not sent a whole request within `HEADER_TIMEOUT` seconds is closed,
as uvicorn's own keep-alive timeout closes an idle one after a response), a cap on
connections (past it the longest-idle connection without a request in flight is closed to
make room, or the newcomer gets a 503), and running out of file descriptors logged once a
minute instead of once per refused connection.

Out of file descriptors, asyncio (3.11, 3.12) schedules a retry of its accept for each of
the up to `backlog` accepts it tries in one turn of the loop; those still pending when the
server stops fire on the closed socket. Each would print a traceback (thousands, enough
to fill a pipe and hang the process on Ctrl-C): they are dropped. `more_files` raises the
soft limit to the hard one first, so a laptop's 1,024 rarely comes into it.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import sys
import time
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

#: seconds a new connection has to send its request's headers
HEADER_TIMEOUT = 10.0
#: seconds an idle kept-alive connection stays open after a response (uvicorn's setting)
KEEP_ALIVE = 5
#: open connections at most (streams included), well under a usual limit of 1,024 files;
#: with more files allowed (`more_files`), that limit less `RESERVED_FILES`, up to
#: `MOST_CONNECTIONS` (each open stream holds a file: a table of 2,000 phones needs them)
MAX_CONNECTIONS = 800
#: files kept for what is not a connection: the database, templates, the cache, logs
RESERVED_FILES = 224
MOST_CONNECTIONS = 10_000
#: seconds between two lines about running out of file descriptors
OUT_OF_FILES_EVERY = 60.0

BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"retry-after: 5\r\nconnection: close\r\ncontent-length: 47\r\n\r\n"
    b"The journal's server is busy: reload in a bit.\n"
)


def out_of_files(exc: BaseException | None) -> bool:
    return isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE)


class Throttled:
    """Says "out of file descriptors" at most once a minute."""

    def __init__(self) -> None:
        self.said = -OUT_OF_FILES_EVERY

    def say(self, where: str) -> None:
        now = time.monotonic()
        if now - self.said >= OUT_OF_FILES_EVERY:
            self.said = now
            print(
                f"journal serve: out of file descriptors ({where}); pages answer 503 "
                "until connections close (`ulimit -n` raises the limit)",
                file=sys.stderr,
            )


THROTTLED = Throttled()


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a header timeout and a cap on connections."""

    max_connections = MAX_CONNECTIONS
    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self.opened = time.monotonic()
        super().connection_made(transport)
        self._header_timer: asyncio.TimerHandle | None = self.loop.call_later(
            self.header_timeout, self._headers_too_slow
        )
        if len(self.connections) > self.max_connections and not self._shed_one():
            self.connections.discard(self)
            transport.write(BUSY)
            transport.close()

    def _idle(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _shed_one(self) -> bool:
        """Close the longest-idle other connection (no request in flight); whether one was."""
        idle = [c for c in self.connections if c is not self and isinstance(c, GuardedH11)
                and c._idle() and not c.transport.is_closing()]  # fmt: skip
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c.opened)
        oldest.connections.discard(oldest)
        oldest.transport.close()
        return True

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.cycle is None and not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and self._header_timer is not None:
            self._header_timer.cancel()  # a whole request arrived
            self._header_timer = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)


def _a_retry_after_stopping(context: dict[str, Any]) -> bool:
    """Asyncio's retried accept firing on the listening socket closed since."""
    handle = context.get("handle")
    callback = getattr(handle, "_callback", None)
    return (
        isinstance(context.get("exception"), ValueError)
        and getattr(callback, "__name__", "") == "_start_serving"
    )


def _exceptions(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    if out_of_files(context.get("exception")):
        THROTTLED.say("accepting a connection")
        return
    if _a_retry_after_stopping(context):
        return
    loop.default_exception_handler(context)


def more_files() -> int:
    """This process's soft limit of open files raised to its hard limit (at most 65,536):
    the limit it has now (what `connection_cap` takes)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):  # refused: the cap still holds
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return MOST_CONNECTIONS + RESERVED_FILES if soft == resource.RLIM_INFINITY else soft


def connection_cap(files: int) -> int:
    """The open connections `serve` holds with `files` open files allowed: `MAX_CONNECTIONS`,
    or more where the limit leaves room (never more than `MOST_CONNECTIONS`)."""
    return max(MAX_CONNECTIONS, min(files - RESERVED_FILES, MOST_CONNECTIONS))


def quiet_when_out_of_files(loop: asyncio.AbstractEventLoop) -> None:
    """The event loop's "Too many open files" at each refused accept, once a minute."""
    loop.set_exception_handler(_exceptions)


def _capped(connections: int) -> type[GuardedH11]:
    class Capped(GuardedH11):
        max_connections = connections

    return Capped


def config(app: Any, connections: int = MAX_CONNECTIONS, **settings: Any) -> uvicorn.Config:
    """uvicorn's configuration of `journal serve` (the tests' servers use it too), holding
    at most `connections` open connections."""
    return uvicorn.Config(
        app,
        http=GuardedH11 if connections == GuardedH11.max_connections else _capped(connections),
        timeout_keep_alive=KEEP_ALIVE,
        log_level="warning",
        lifespan="on",
        **settings,
    )
