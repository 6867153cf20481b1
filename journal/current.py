"""The current campaign of each database (`journal campaign use SLUG`), remembered for this
user in `$XDG_CONFIG_HOME/journal/current.json` (default `~/.config/...`): the database is
shared by a group, the campaign a GM is working on is theirs."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from journal.files import read_private, write_private
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
    return store.key()


def _read() -> dict[str, str]:
    """What was remembered; nothing when the file is missing, unreadable or not a regular
    file of a sane size (a FIFO, a link to /dev/zero: set aside with a notice)."""
    try:
        text = read_private(_file())
    except OSError:
        return {}
    if text is None:
        return {}
    try:
        found = msgspec.json.decode(text)  # not `json`: a command reading it needs no more
    except ValueError:
        return {}
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def current(store: Store) -> str | None:
    """The campaign last chosen with `campaign use` (or started) in this database."""
    return _read().get(_key(store))


def remember(store: Store, slug: str) -> str | None:
    """Make `slug` this database's current campaign (written whole, never half, 0600 in a
    0700 folder); None when done, else why it could not be remembered (a read-only home
    only means naming --campaign again: the command itself stands)."""
    import json

    chosen = {**_read(), _key(store): slug}
    target = _file()
    try:
        write_private(target, json.dumps(chosen, indent=2, sort_keys=True))
    except OSError as exc:
        return f"{target}: {exc.strerror or exc}"
    return None


def database_key(store: Store) -> str:
    """How this user's files name a database (the links of `journal serve` too)."""
    return _key(store)


def config_file(name: str) -> Path:
    """A file of this user's journal settings, beside the current campaign's."""
    return _file().with_name(name)
