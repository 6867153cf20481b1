"""Where a running `journal serve` listens, so `journal links` names the right address:
`serving.json` beside the link secret (`$XDG_CONFIG_HOME/journal/`, readable by this user
only), one entry per database, written when the server starts listening and taken out
when it stops. An entry whose server is gone (killed, the machine restarted) is ignored.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from journal.api.files import config_file, read_private, write_private


def _file() -> Path:
    return config_file("serving.json")


def _read() -> dict[str, dict[str, object]]:
    try:
        found = json.loads(read_private(_file()) or "{}")
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def _write(entries: dict[str, dict[str, object]]) -> None:
    target = _file()
    if entries:
        write_private(target, json.dumps(entries, indent=2, sort_keys=True))
        return
    with contextlib.suppress(FileNotFoundError):
        target.unlink()


def _alive(pid: object) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remember(database: str, url: str) -> None:
    """This process serves `database` at `url`."""
    entries = _read()
    entries[database] = {"url": url, "pid": os.getpid()}
    _write(entries)


def forget(database: str) -> None:
    """This process no longer serves `database`."""
    entries = _read()
    entry = entries.get(database)
    if entry is not None and entry.get("pid") == os.getpid():
        del entries[database]
        _write(entries)


def serving(database: str) -> str | None:
    """The address a running `journal serve` of `database` answers at, if one runs."""
    entry = _read().get(database)
    if entry is None or not _alive(entry.get("pid")):
        return None
    url = entry.get("url")
    return url if isinstance(url, str) else None
