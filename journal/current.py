"""The current campaign of each database (`journal campaign use SLUG`), remembered for this
user in `$XDG_CONFIG_HOME/journal/current.json` (default `~/.config/...`): the database is
shared by a group, the campaign a GM is working on is theirs."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from journal.store import Store


def _file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "journal" / "current.json"


def where_remembered() -> str:
    """The file that remembers each database's current campaign, as a GM would type it."""
    path = _file()
    home = Path.home()
    return f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)


def _key(store: Store) -> str:
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
    return _read().get(_key(store))


def remember(store: Store, slug: str) -> None:
    """Make `slug` this database's current campaign (written whole, never half)."""
    chosen = {**_read(), _key(store): slug}
    target = _file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", dir=target.parent, delete=False, encoding="utf-8", suffix=".tmp"
        ) as handle:
            json.dump(chosen, handle, indent=2, sort_keys=True)
        Path(handle.name).replace(target)
    except OSError:
        pass  # a convenience: a read-only home only means asking for --campaign again
