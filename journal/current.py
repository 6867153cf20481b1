"""The current campaign of each database (`journal campaign use SLUG`), remembered for this
user in `$XDG_CONFIG_HOME/journal/current.json` (default `~/.config/...`): the database is
shared by a group, the campaign a GM is working on is theirs."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path

from journal.store import Store


def config_file(name: str) -> Path:
    """A file of this user's journal settings (`$XDG_CONFIG_HOME/journal/NAME`)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "journal" / name


def _file() -> Path:
    return config_file("current.json")


def write_whole(target: Path, document: object, private: bool = False) -> None:
    """Write `document` as JSON to `target`, whole or not at all (beside it, then moved
    into place); `private`: readable by this user only. OSError when it cannot."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(
        "w", dir=target.parent, delete=False, encoding="utf-8", suffix=".tmp"
    ) as handle:
        if private:
            os.chmod(handle.name, 0o600)
        json.dump(document, handle, indent=2, sort_keys=True)
    Path(handle.name).replace(target)


def database_key(store: Store) -> str:
    """How this user's files name a database: its resolved path, or its URL (no password)."""
    path = store.sqlite_path
    if path is not None:
        return str(path.expanduser().resolve())
    return store.engine.url.render_as_string(hide_password=True)


def _read() -> dict[str, str]:
    try:
        found = json.loads(_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def current(store: Store) -> str | None:
    """The campaign last chosen with `campaign use` (or started) in this database."""
    return _read().get(database_key(store))


def remember(store: Store, slug: str) -> None:
    """Make `slug` this database's current campaign (written whole, never half)."""
    # a convenience: a read-only home only means asking for --campaign again
    with contextlib.suppress(OSError):
        write_whole(_file(), {**_read(), database_key(store): slug})
