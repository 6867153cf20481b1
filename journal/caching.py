"""One way to cache: every cache the journal keeps is bound to what it was made from, sealed
with a digest, written privately and whole, and refused when anything about it does not
hold. The snapshots of folded states (`store/snapshots.py`), the audit's checkpoint
(`audit/checkpoint.py`), the Merkle tree's stored nodes (`store/tree_cache.py`), a book's
printed chapters (`handouts/chapters.py`) and the installed rulesets' entry points
(`installed.py`) are each a `Seal` (and, kept in a file, a `CacheFile`).

A sealed entry is one flat JSON object:

    {"format": F, FIELD: VALUE, ..., "digest": D, BODY: "..."}

- **its key**: the fields that bind it to the record it was made from (a campaign, the seq
  of the event it stands at and that event's chain hash, the rules version or a
  fingerprint of the code that made it), or to what else it depends on (a chapter's
  HTML, an installation); the reader says what it expects of them (`key`, and `record`:
  what the log holds now) and an entry that differs is refused;
- **its digest**: the SHA-256 of the cache's kind, format, fields and body, so an entry
  edited by hand or damaged is refused. It is no secret: someone who reads the code can
  seal a forgery, which is why the real guarantee of each cache is a check that folds,
  replays or prints again (`journal verify`, `audit --full`);
- **its body**: what the cache keeps, as text (a state's JSON text, a PDF in base64), so
  a store that re-encodes JSON (PostgreSQL's JSONB) keeps it byte for byte;
- **its format**: an entry of another format (an older or newer journal's) is `Stale`,
  not tampered with: it is never read, and it is made again.

A cache file lives in this user's cache folder (`$XDG_CACHE_HOME/journal`, by default
`~/.cache/journal`): read without following a link, only when it is a regular file of a
sane size; written privately (0600, in 0700 folders) through a new file moved into place,
a link at its name replaced, never followed (`journal.files`). A cache that cannot be
read or written only means the work is done again: it never fails a command.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec
from msgspec import Struct

#: a key field's value
Scalar = str | int
NOT_JSON = "it is not JSON"


class Rejected(Exception):
    """A cache entry that cannot be used; the message says why, in a few words."""


class Stale(Rejected):
    """An entry of another format of its cache (an older or newer journal's): not read,
    and not bad."""


class Entry(Struct, frozen=True):
    """A sealed entry as read: its fields (the key and whatever else it vouches for) and
    its body."""

    fields: Mapping[str, Scalar]
    body: str

    def __getitem__(self, name: str) -> Scalar:
        return self.fields[name]

    def number(self, name: str) -> int:
        value = self.fields[name]
        assert isinstance(value, int)
        return value

    def bound(self, record: Mapping[str, Scalar | None], why: str) -> Entry:
        """The entry, if each of its fields in `record` is what the record holds now (None:
        the record holds nothing there); `Rejected(why)` otherwise."""
        if any(self.fields.get(name) != value for name, value in record.items()):
            raise Rejected(why)
        return self


class Seal(Struct, frozen=True):
    """How one cache seals its entries: its kind (in every digest, so an entry of one
    cache is never another's), its format, its fields with their types, and the name of
    its body (`None`: the fields are all it keeps)."""

    kind: str
    format: int
    fields: Mapping[str, type[Scalar]]
    body: str | None = None
    #: what a refused entry is called ("it is not a snapshot document this journal keeps")
    what: str = "a cache entry"

    def digest(self, fields: Mapping[str, Scalar], body: str = "") -> str:
        binding = [self.kind, self.format, *(fields[name] for name in self.fields)]
        return hashlib.sha256(msgspec.json.encode(binding) + b"\n" + body.encode()).hexdigest()

    def document(self, fields: Mapping[str, Scalar], body: str = "") -> dict[str, object]:
        """The entry as a JSON object, sealed."""
        found: dict[str, object] = {"format": self.format}
        found.update((name, fields[name]) for name in self.fields)
        found["digest"] = self.digest(fields, body)
        if self.body is not None:
            found[self.body] = body
        return found

    def text(self, fields: Mapping[str, Scalar], body: str = "") -> str:
        return msgspec.json.encode(self.document(fields, body)).decode()

    def entry(
        self,
        stored: object,
        key: Mapping[str, Scalar] | None = None,
        record: Mapping[str, Scalar | None] | None = None,
    ) -> Entry:
        """The entry `stored` holds (JSON text or bytes, or the object a driver decoded),
        checked: of this format (`Stale` otherwise), whole, its fields `key` as the reader
        expects them, bound to the `record` as it stands now, and unedited since it was
        sealed; `Rejected` says why not."""
        found = _decoded(stored)
        not_one = f"it is not {self.what} this journal keeps"
        if not isinstance(found, dict):
            raise Rejected(not_one)
        form = found.get("format")
        if form != self.format:
            if type(form) is int:
                raise Stale(f"it is of another format ({form}, this journal keeps {self.format})")
            raise Rejected(not_one)
        fields: dict[str, Scalar] = {}
        for name, kind in self.fields.items():
            value = found.get(name)
            if type(value) is not kind:
                raise Rejected(not_one)
            fields[name] = value
        body = "" if self.body is None else found.get(self.body)
        if not isinstance(body, str) or not isinstance(found.get("digest"), str):
            raise Rejected(not_one)
        entry = Entry(fields, body)
        if key is not None:
            entry.bound(key, "its key does not match its document")
        if record is not None:
            entry.bound(record, "it does not match the events")
        if found["digest"] != self.digest(fields, body):
            raise Rejected(f"its {self.body or 'record'} was edited")
        return entry

    def stale(self, stored: object) -> bool:
        """Whether `stored` is an entry of another format (a JSON object naming a format
        other than this one's)."""
        try:
            found = _decoded(stored)
        except Rejected:
            return False
        form = found.get("format") if isinstance(found, dict) else None
        return type(form) is int and form != self.format


def _decoded(stored: object) -> Any:
    if isinstance(stored, bytearray | memoryview):
        stored = bytes(stored)
    if not isinstance(stored, str | bytes):  # what a driver that decodes JSON itself gave
        return stored
    try:
        return msgspec.json.decode(stored)
    except RecursionError:
        raise Rejected("it is nested too deep to read") from None
    except (msgspec.DecodeError, ValueError):
        raise Rejected(NOT_JSON) from None


def cache_home() -> Path:
    """This user's cache folder for the journal."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "journal"


#: the largest cache file read
LARGEST = 64 * 1024 * 1024


class CacheFile:
    """A cache kept in a file of this user's cache folder (`cache_home()`)."""

    def __init__(self, *parts: str) -> None:
        self.path = cache_home().joinpath(*parts)

    def read(self, limit: int = LARGEST) -> str | None:
        """The file's text; None when there is none or it cannot be read (a link, not a
        regular file, larger than `limit`: set aside, silently)."""
        from journal.files import read_private

        try:
            return read_private(self.path, notice=_quiet, limit=limit)
        except OSError:
            return None

    def write(self, text: str) -> bool:
        """Keep the file whole or not at all (0600 in 0700 folders, through a new file moved
        into place, a link at its name replaced, never followed); whether it was kept."""
        from journal.files import write_private

        try:
            write_private(self.path, text, notice=_quiet)
        except OSError:
            return False
        return True


def _quiet(text: str) -> None:
    """A cache says nothing of a file it set aside or a partial write it removed."""
