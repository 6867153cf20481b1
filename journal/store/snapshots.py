"""Snapshots: folded states cached by campaign, seq and rules version, and checked before use.

A snapshot is a cache, never trusted as it stands. Its row keeps one JSON document:

    {"format": 2, "seq": S, "head_hash": H, "rules_version": V, "digest": D, "state": "..."}

`head_hash` is the hash of the campaign's event S (the last event the state folds), so a
snapshot is bound to the very events it folded: a row copied from another history, or
ahead of the log, does not match the events SQL table. `digest` is the SHA-256 of the binding
and the state's JSON text, which catches a state edited by hand or damaged; it is no
secret, so someone who recomputes it can forge a state that passes: `journal verify`
folds the log again and compares each snapshot with it (the real guarantee). `state` is
the state's JSON text as a string, so the digest covers exactly what PostgreSQL's JSONB
keeps. The state itself is read by the codec's fixed registry of state classes.

A snapshot at seq S is used for a state as of A >= S unless a correction (a void or an
amendment) made after S (and by A) reaches an event at or before S. The rules version (see
`journal.rules.rules_version`) includes a fingerprint of the rules code, so new rules code
never reads a state folded by old code.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import msgspec

from journal.store import codec

#: fold at least this many events past the last snapshot before keeping a new one
SNAPSHOT_EVERY = 200
#: the document's format: 1 was the bare state (no binding), never read again
FORMAT = 2
NOT_A_DOCUMENT = "it is not a snapshot document this journal keeps"


class Rejected(Exception):
    """A snapshot that cannot be used; the message says why, in a few words."""


@dataclass(frozen=True)
class Stored:
    """A snapshot row as read: its key, what its state column holds, and the hash of the
    campaign's event at its seq (None when the campaign has no such event)."""

    campaign: str
    seq: int
    rules_version: str
    document: object
    event_hash: str | None


def digest(seq: int, head_hash: str, rules_version: str, state: str) -> str:
    binding = f"{seq}\n{head_hash}\n{rules_version}\n".encode()
    return hashlib.sha256(binding + state.encode()).hexdigest()


def document(seq: int, head_hash: str, rules_version: str, state: str) -> dict[str, object]:
    """What the store keeps for the state text `state`, folded up to event `seq`."""
    return {
        "format": FORMAT,
        "seq": seq,
        "head_hash": head_hash,
        "rules_version": rules_version,
        "digest": digest(seq, head_hash, rules_version, state),
        "state": state,
    }


def bound_state(row: Stored) -> str:
    """The state text of a snapshot that is bound to the events it claims to fold and
    untouched since it was kept; `Rejected` otherwise."""
    if row.event_hash is None:
        raise Rejected(f"it is ahead of the log: there is no event {row.seq}")
    raw: Any = row.document
    if isinstance(raw, bytes | bytearray | memoryview):
        raw = bytes(raw)
    if isinstance(raw, dict):  # a driver that decodes JSON itself
        found: Any = raw
    else:
        if not isinstance(raw, str | bytes):
            raise Rejected(NOT_A_DOCUMENT)
        try:
            found = msgspec.json.decode(raw)
        except RecursionError:
            raise Rejected("it is nested too deep to read") from None
        except (msgspec.DecodeError, ValueError):
            raise Rejected("it is not JSON") from None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        raise Rejected(NOT_A_DOCUMENT)
    state, head_hash = found.get("state"), found.get("head_hash")
    if not isinstance(state, str) or not isinstance(head_hash, str):
        raise Rejected(NOT_A_DOCUMENT)
    if found.get("seq") != row.seq or found.get("rules_version") != row.rules_version:
        raise Rejected("its key does not match its document")
    if head_hash != row.event_hash:
        raise Rejected("it does not match the events")
    if found.get("digest") != digest(row.seq, head_hash, row.rules_version, state):
        raise Rejected("its state was edited")
    return state


def older_format(row: Stored) -> bool:
    """Whether the row is a snapshot as a journal before format 2 kept it: the bare state,
    of its own rules version (never read: stale, not bad)."""
    raw: Any = row.document
    try:
        found = msgspec.json.decode(raw) if isinstance(raw, str | bytes) else raw
    except (RecursionError, msgspec.DecodeError, ValueError):
        return False
    return isinstance(found, dict) and "format" not in found and "__dc__" in found


def load(row: Stored, classes: codec.Registry) -> Any:
    """The state a snapshot keeps, checked (`bound_state`) and read by the registry; a
    state of another event than the row's is refused too."""
    text = bound_state(row)
    try:
        state = codec.loads(text, classes)
    except codec.CodecError as exc:
        raise Rejected(f"its state cannot be read: {exc}") from None
    if getattr(state, "seq", None) != row.seq:
        raise Rejected(f"its state is not the state at event {row.seq}")
    return state
