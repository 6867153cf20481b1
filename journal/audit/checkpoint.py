"""Where the last clean audit ended, so the next one decides again only what follows.

A clean audit (every ruling follows, every state legal, no what-if) leaves a checkpoint:

    {"format": 1, "campaign": C, "seq": S, "head_hash": H, "code": V, "options": {},
     "events": E, "rulings": R, "digest": D}

Like a snapshot (`journal.store.snapshots`) it is a cache, never trusted as it stands:
`head_hash` must be the hash of the campaign's event S now (a checkpoint of another
history, or ahead of the log, does not match), `code` the rules version of the installed
ruleset with a fingerprint of the audit's own code (new rules or audit code audits from
the first event again), `digest` the SHA-256 of all of it (an edited or damaged file is
refused). A correction made after S that reaches an event at or before S changes what
the checkpoint vouched for, so the audit starts from the first event again; so does
`audit --full`. The digest is no secret: as for snapshots, `audit --full` is the audit
that trusts nothing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import msgspec

FORMAT = 1
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

    def digest(self) -> str:
        binding = (
            f"{FORMAT}\n{self.campaign}\n{self.seq}\n{self.head_hash}\n{self.code}\n"
            f"{self.events}\n{self.rulings}\n{{}}\n"
        )
        return hashlib.sha256(binding.encode()).hexdigest()

    def text(self) -> str:
        document = {
            "format": FORMAT,
            "campaign": self.campaign,
            "seq": self.seq,
            "head_hash": self.head_hash,
            "code": self.code,
            "options": {},
            "events": self.events,
            "rulings": self.rulings,
            "digest": self.digest(),
        }
        return msgspec.json.encode(document).decode()


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


def parse(text: str) -> Checkpoint | None:
    """The checkpoint a file holds, if it is one whose digest holds (None otherwise: it
    was edited, damaged, or is not a checkpoint)."""
    try:
        found = msgspec.json.decode(text)
    except (msgspec.DecodeError, RecursionError, ValueError):
        return None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        return None
    try:
        checkpoint = Checkpoint(
            str(found["campaign"]),
            _whole(found["seq"]),
            str(found["head_hash"]),
            str(found["code"]),
            _whole(found["events"]),
            _whole(found["rulings"]),
        )
    except (KeyError, TypeError, ValueError):
        return None
    if found.get("options") != {} or found.get("digest") != checkpoint.digest():
        return None
    return checkpoint


def _whole(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(value)
    return value


def usable(
    checkpoint: Checkpoint | None,
    campaign: str,
    event_hash: str | None,
    code: str,
    reaches_back: bool,
) -> bool:
    """Whether the audit may start after `checkpoint`: of this campaign, bound to the
    event at its seq as the log holds it now (`event_hash`: None when there is none), of
    this code, and no correction since reaching back before it."""
    return (
        checkpoint is not None
        and checkpoint.campaign == campaign
        and event_hash is not None
        and checkpoint.head_hash == event_hash
        and checkpoint.code == code
        and not reaches_back
    )
