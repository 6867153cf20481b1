"""The installed rulesets (the entry points of the group `journal.rulesets`), found once and
kept in a small cache. It lives here, below the rules, so the pure rules write no file.
Scanning every installed distribution's metadata with
`importlib.metadata` costs a one-shot command more than the rest of its start.

The cache, `$XDG_CACHE_HOME/journal/entry-points.json` (default `~/.cache/...`), is keyed
by what an installation changes: the `sys.path` entries that hold distributions, in order,
and in each the names and mtimes of the distributions' metadata (`*.dist-info`,
`*.egg-info`, `*.egg-link`, `__editable__*`). A folder without any (the working folder of
`python -m journal`, a script's) finds no entry point and leaves the key alone, so running
from another folder does not scan again. It keeps the scans of the last few keys. A key
it does not hold, or a cache that cannot be read or is not one, means a new scan; the
cache is written privately (0600, in a 0700 folder), through a new file moved into place,
never through a link someone left at its name.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
from contextlib import suppress
from functools import reduce
from pathlib import Path

import msgspec
from msgspec import Struct

#: the entry-point group every ruleset registers its `Plugin` in
ENTRY_POINT_GROUP = "journal.rulesets"
CACHE_NAME = "entry-points.json"
#: the cache's format (a new one is never read by an older journal, and the other way)
FORMAT = 1
#: the installations (keys) the cache remembers, the most recent last
KEPT = 8
_METADATA = (".dist-info", ".egg-info", ".egg-link")


class Found(Struct, frozen=True):
    """A ruleset's entry point: its name and where its object is (`module:attribute`)."""

    name: str
    value: str

    def load(self) -> object:
        return reference(self.value)


def reference(value: str) -> object:
    """What `module:attribute` (or a bare `module`) names, imported."""
    module, _, attribute = value.partition(":")
    found: object = importlib.import_module(module.strip())
    if attribute.strip():
        found = reduce(getattr, attribute.strip().split("."), found)
    return found


def cache_file() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "journal" / CACHE_NAME


def installation_key() -> str:
    """What the installed distributions look like, as a digest."""
    digest = hashlib.sha256(f"{FORMAT}\n{sys.version}\n".encode())
    for entry in sys.path:
        try:
            listed = os.scandir(entry or ".")
        except OSError:
            continue
        with listed:
            found = []
            for item in listed:
                name = item.name
                if name.endswith(_METADATA) or name.startswith("__editable__"):
                    try:
                        found.append(f"{name}\t{item.stat(follow_symlinks=False).st_mtime_ns}")
                    except OSError:
                        continue
        if found:  # a folder without distributions holds no entry point
            digest.update(f"\0{os.path.abspath(entry or '.')}\n".encode())
            digest.update("\n".join(sorted(found)).encode())
    return digest.hexdigest()


def scan() -> list[Found]:
    """The rulesets' entry points, read from every installed distribution."""
    from importlib.metadata import entry_points

    return [Found(ep.name, ep.value) for ep in entry_points(group=ENTRY_POINT_GROUP)]


def rulesets() -> list[Found]:
    """The installed rulesets' entry points: from the cache when it is this
    installation's, else scanned (and the cache written, when it can be)."""
    key = installation_key()
    kept = _read(cache_file())
    cached = kept.get(key)
    if cached is not None:
        return [Found(name, value) for name, value in cached]
    found = scan()
    kept.pop(key, None)
    kept[key] = [[f.name, f.value] for f in found]
    _write(cache_file(), dict(list(kept.items())[-KEPT:]))
    return found


def _read(file: Path) -> dict[str, list[list[str]]]:
    """The cache's scans by key; empty when it cannot be read or is not this format."""
    try:
        handle = os.open(file, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return {}
    try:
        with os.fdopen(handle, "rb") as opened:
            document = msgspec.json.decode(opened.read(1 << 20))
    except (OSError, ValueError):
        return {}
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return {}
    scans = document.get("scans")
    if not isinstance(scans, dict):
        return {}
    return {
        key: listed
        for key, listed in scans.items()
        if isinstance(listed, list)
        and all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)
            for pair in listed
        )
    }


def _write(file: Path, scans: dict[str, list[list[str]]]) -> None:
    """Write the cache whole, privately, or not at all (a read-only home only means
    scanning again next time), by the one safe writer (`journal.files.replace_file`: a link
    at its name is replaced, never followed)."""
    from journal.files import PRIVATE_FILE, replace_file

    def quiet(text: str) -> None:
        pass

    document = {"format": FORMAT, "scans": scans}
    with suppress(OSError):
        file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        replace_file(
            file, [msgspec.json.encode(document)], mode=PRIVATE_FILE, follow=False, notice=quiet
        )
