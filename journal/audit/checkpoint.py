"""Where the last clean audit ended, so the next one decides again only what follows.

A clean audit (every ruling follows, every state legal, no what-if) leaves a checkpoint in
this user's cache folder, one per database and campaign, sealed as every cache is
(`journal.caching`):

    {"format": 2, "campaign": C, "seq": S, "head_hash": H, "code": V, "events": E,
     "rulings": R, "digest": D}

Like a snapshot it is never trusted as it stands: `head_hash` must be the hash of the
campaign's event S now (a checkpoint of another history, or ahead of the log, does not
match), `code` the rules version of the installed ruleset with a fingerprint of the
audit's own code (new rules or audit code audits from the first event again), `digest`
the seal (an edited or damaged file is refused). A correction made after S that reaches
an event at or before S changes what the checkpoint vouched for, so the audit starts from
the first event again; so does `audit --full`. The digest is no secret: as for snapshots,
`audit --full` is the audit that trusts nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

from journal.caching import CacheFile, Entry, Rejected, Seal

SEAL = Seal(
    "audit checkpoint",
    2,
    {"campaign": str, "seq": int, "head_hash": str, "code": str, "events": int, "rulings": int},
    what="an audit checkpoint",
)
#: the audit's own code: a change of it makes every checkpoint stale
AUDIT_FILES = ("checkpoint.py", "replay.py", "redecide.py")


@dataclass(frozen=True)
class Checkpoint:
    """An audit that found nothing, through event `seq` (`events` and `rulings`: what it
    counted, which the next audit counts on from)."""

    campaign: str
    seq: int
    head_hash: str
    code: str
    events: int
    rulings: int

    def text(self) -> str:
        return SEAL.text(asdict(self))


@cache
def audit_code() -> str:
    """A fingerprint of the audit's own code and the invariants it checks."""
    from journal.rules import invariants

    digest = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for path in [here / name for name in AUDIT_FILES] + [Path(invariants.__file__)]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def code_of(rules_version: str) -> str:
    return f"{rules_version}+audit:{audit_code()}"


def file_of(database: str, campaign: str) -> CacheFile:
    """Where this user keeps the checkpoint of `campaign` in the database `database` (its
    key: `journal.current.database_key`)."""
    name = hashlib.sha256(f"{database}\n{campaign}".encode()).hexdigest()[:32]
    return CacheFile("audits", f"{name}.json")


def parse(text: str | None) -> Checkpoint | None:
    """The checkpoint a file holds, if its seal holds (None otherwise: edited, damaged,
    of another format, or no checkpoint)."""
    try:
        return _checkpoint(SEAL.entry(text))
    except Rejected:
        return None


def _checkpoint(entry: Entry) -> Checkpoint:
    return Checkpoint(
        str(entry["campaign"]),
        entry.number("seq"),
        str(entry["head_hash"]),
        str(entry["code"]),
        entry.number("events"),
        entry.number("rulings"),
    )


def resumable(
    file: CacheFile,
    campaign: str,
    code: str,
    head: int,
    event_hash: Callable[[int], str | None],
    reaches_back: Callable[[int], bool],
) -> Checkpoint | None:
    """The checkpoint the audit may go on from: sealed, of this campaign and this code,
    bound to the event at its seq as the log holds it now (`event_hash`: None when there
    is none), not ahead of the log (`head`), and no correction since reaching back before
    it (`reaches_back`); None otherwise."""
    try:
        entry = SEAL.entry(file.read(), {"campaign": campaign, "code": code})
        seq = entry.number("seq")
        if seq > head:
            return None
        entry.bound({"head_hash": event_hash(seq)}, "it does not match the events")
    except Rejected:
        return None
    return None if reaches_back(seq) else _checkpoint(entry)
