"""Snapshots: folded states cached by campaign, seq and rules version, and checked before use.

A snapshot is a cache, never trusted as it stands. Its row keeps one JSON document:

    {"format": 3, "seq": S, "head_hash": H, "rules_version": V, "digest": D, "state": "..."}

`head_hash` is the hash of the campaign's event S (the last event the state folds), so a
snapshot is bound to the very events it folded: a row copied from another history, or
ahead of the log, does not match the events SQL table. `digest` (the seal every cache
has, `journal.caching`) is the SHA-256 of the binding and the state's JSON text, which
catches a state edited by hand or damaged; it is no secret, so someone who recomputes it
can forge a state that passes: `journal verify` folds the log again and compares each
snapshot with it (the real guarantee). `state` is the state's JSON text as a string, so
the digest covers exactly what PostgreSQL's JSONB keeps. The state itself is read by the
codec's fixed registry of state classes. A snapshot of another format (an older
journal's) is stale: never read, replaced when the next one is kept.

A snapshot at seq S is used for a state as of A >= S unless a correction (a void or an
amendment) made after S (and by A) reaches an event at or before S. The rules version (see
`journal.rules.rules_version`) includes a fingerprint of the rules code, so new rules code
never reads a state folded by old code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from journal.caching import Rejected, Scalar, Seal
from journal.store import codec

#: fold at least this many events past the last snapshot before keeping a new one
SNAPSHOT_EVERY = 200
#: the snapshots' seal (`journal.caching`): format 1 was the bare state (no binding), 2 the
#: binding with a digest of its own; neither is read again (stale)
SEAL = Seal(
    "snapshot",
    3,
    {"seq": int, "head_hash": str, "rules_version": str},
    body="state",
    what="a snapshot document",
)


@dataclass(frozen=True)
class Stored:
    """A snapshot row as read: its key, what its state column holds, and the hash of the
    campaign's event at its seq (None when the campaign has no such event)."""

    campaign: str
    seq: int
    rules_version: str
    document: object
    event_hash: str | None


def document(seq: int, head_hash: str, rules_version: str, state: str) -> dict[str, object]:
    """What the store keeps for the state text `state`, folded up to event `seq`."""
    return SEAL.document(
        {"seq": seq, "head_hash": head_hash, "rules_version": rules_version}, state
    )


def bound_state(row: Stored) -> str:
    """The state text of a snapshot that is bound to the events it claims to fold and
    untouched since it was kept; `Rejected` otherwise (`caching.Stale`: one of another
    format)."""
    if row.event_hash is None:
        raise Rejected(f"it is ahead of the log: there is no event {row.seq}")
    key: dict[str, Scalar] = {"seq": row.seq, "rules_version": row.rules_version}
    return SEAL.entry(row.document, key, {"head_hash": row.event_hash}).body


def older_format(row: Stored) -> bool:
    """Whether the row is a snapshot as an older journal kept it: of another format, or
    the bare state before snapshots were bound (never read: stale, not bad)."""
    if SEAL.stale(row.document):
        return True
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
