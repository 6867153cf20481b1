"""The installed rulesets (the entry points of the group `journal.rulesets`), found once and
kept in a small cache. It lives here, below the rules, so the pure rules write no file.
Scanning every installed distribution's metadata with
`importlib.metadata` costs a one-shot command more than the rest of its start.

The cache is one file an installation in this user's cache folder (`entry-points/KEY.json`),
sealed as every cache is (`journal.caching`: bound to its key, under a digest, written
privately and whole, never through a link). Its key is what an installation changes: the
`sys.path` entries that hold distributions, in order, and in each the names and mtimes of
the distributions' metadata (`*.dist-info`, `*.egg-info`, `*.egg-link`, `__editable__*`).
A folder without any (the working folder of `python -m journal`, a script's) finds no
entry point and leaves the key alone, so running from another folder does not scan again.
The folder keeps the scans of the last few keys. A key it does not hold, or a file that
cannot be read or does not hold, means a new scan.
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

from journal.caching import CacheFile, Rejected, Seal

#: the entry-point group every ruleset registers its `Plugin` in
ENTRY_POINT_GROUP = "journal.rulesets"
FOLDER = "entry-points"
#: the cache's seal: a scan is the JSON list of [name, value] pairs
SEAL = Seal("entry points", 2, {"installation": str}, body="scan", what="a scan of rulesets")
#: the installations (keys) the cache remembers, the most recent last
KEPT = 8
_METADATA = (".dist-info", ".egg-info", ".egg-link")
_SCAN = msgspec.json.Decoder(list[tuple[str, str]])


class Found(Struct, frozen=True):
    """A ruleset's entry point: its name and where its object is (`module:attribute`)."""

    name: str
    value: str

    def load(self) -> object:
        return reference(self.value)


class Unloadable(ImportError):
    """What `module:attribute` names cannot be had; its message is the cause in words (what
    the import raised, or that it called sys.exit, or the attribute it lacks)."""


def reference(value: str) -> object:
    """What `module:attribute` (or a bare `module`) names, imported; `Unloadable` whatever
    stops it, a call of sys.exit included (a plugin's import never ends the command)."""
    module, _, attribute = (part.strip() for part in value.partition(":"))
    try:
        found: object = importlib.import_module(module)
    except Unloadable:
        raise
    except SystemExit as exc:
        raise Unloadable(f"importing {module} called sys.exit({exc.code!r})") from exc
    except SyntaxError as exc:
        where = f"{exc.filename}, line {exc.lineno}" if exc.filename else module
        raise Unloadable(f"{module} has a syntax error: {exc.msg} ({where})") from exc
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module == exc.name or module.startswith(f"{exc.name}.")):
            raise Unloadable(f"there is no module {module} (is its package installed?)") from exc
        raise Unloadable(
            f"{module} imports {exc.name or 'a module'}, which is not installed ({exc})"
        ) from exc
    except Exception as exc:
        said = (str(exc).strip().splitlines() or [""])[0][:200]
        raise Unloadable(f"importing {module} raised {type(exc).__name__}: {said}") from exc
    try:
        return reduce(getattr, attribute.split("."), found) if attribute else found
    except AttributeError as exc:
        raise Unloadable(f"{module} has no {attribute}") from exc


def cache_file(key: str | None = None) -> Path:
    """The cache file of the installation `key` (this one's when None)."""
    return _file(installation_key() if key is None else key).path


def _file(key: str) -> CacheFile:
    return CacheFile(FOLDER, f"{key}.json")


def installation_key() -> str:
    """What the installed distributions look like, as a digest."""
    digest = hashlib.sha256(f"{SEAL.format}\n{sys.version}\n".encode())
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


def distribution(name: str) -> str | None:
    """The installed distribution that registers the ruleset `name` (what `pip uninstall`
    takes), read from the metadata: asked only when the ruleset cannot be loaded."""
    from importlib.metadata import entry_points

    for ep in entry_points(group=ENTRY_POINT_GROUP, name=name):
        found = getattr(ep, "dist", None)
        if found is not None:
            return str(found.name)
    return None


def rulesets() -> list[Found]:
    """The installed rulesets' entry points: from the cache when it holds this
    installation's, else scanned (and the cache written, when it can be)."""
    key = installation_key()
    file = _file(key)
    try:
        scanned = _SCAN.decode(SEAL.entry(file.read(), {"installation": key}).body)
    except (Rejected, msgspec.DecodeError):
        found = scan()
        if file.write(SEAL.text({"installation": key}, _scan_text(found))):
            _forget_older(file.path.parent)
        return found
    return [Found(name, value) for name, value in scanned]


def _scan_text(found: list[Found]) -> str:
    return msgspec.json.encode([[f.name, f.value] for f in found]).decode()


def _forget_older(folder: Path) -> None:
    """Keep the scans of the KEPT installations used last (by when each was written)."""
    with suppress(OSError):
        kept = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns)
        for old in kept[:-KEPT]:
            with suppress(OSError):
                old.unlink()
