"""Who enters an event: `--writer NAME`, `JOURNAL_WRITER`, or by default user@host.

Every event records its writer, so `journal undo` takes back your own last event, not a
co-GM's note. A `journal play` session adds its own id (`gm@host/play-3f2a`): its events
are the session's, and its writer's too.
"""

from __future__ import annotations

import getpass
import os
import re
import unicodedata

from journal.errors import JournalError

#: the longest name a GM may give (`play` adds its session id, `/play-3f2a`, to it)
LONGEST = 100
#: the longest writer an event may record (the store's `writer` column holds 120)
LONGEST_RECORDED = LONGEST + len("/play-3f2a")
VARIABLE = "JOURNAL_WRITER"


def default_writer() -> str:
    """user@host, as the system tells them (`gm` when it cannot tell the user)."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no login name and no passwd entry (a container)
        user = "gm"
    host = host_name().split(".")[0] or "localhost"
    return checked(f"{user}@{host}"[:LONGEST])


def host_name() -> str:
    """The machine's name: `uname`'s node name where there is one (what gethostname()
    returns there, without importing `socket` into every command), else the socket's."""
    uname = getattr(os, "uname", None)
    if uname is not None:
        return str(uname().nodename)
    import socket  # pragma: no cover - Windows

    return socket.gethostname()  # pragma: no cover


def checked(name: str, longest: int = LONGEST) -> str:
    """A writer's name as recorded, or a JournalError saying what is wrong with it."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name:
        raise JournalError("--writer needs a name, e.g. --writer sam@table")
    if len(name) > longest:
        raise JournalError(f"--writer is {len(name)} characters long: at most {longest}")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
        raise JournalError("--writer holds control or invisible characters: type it plainly")
    recorded = longest > LONGEST and re.fullmatch(r"[^/]+/play-[0-9a-f]{4}", name)
    if "/" in name and not recorded:  # `gm/play-3f2a` is a `play` session's: the journal's
        raise JournalError(
            f"--writer {name!r} holds a '/': a writer is a word like sam@table "
            "(a `play` session's id is the journal's to add)"
        )
    return name


def session_writer(writer: str) -> str:
    """The writer of one `journal play` session: `writer/play-` and a short random id."""
    import secrets

    return f"{writer}/play-{secrets.token_hex(2)}"
