"""Snapshots: folded states cached by campaign, seq and rules version.

A snapshot at seq S is used for a state as of A >= S unless a correction (a void or an
amendment) made after S (and by A) reaches an event at or before S. The rules version (see
`journal.rules.rules_version`) includes a fingerprint of the rules code, so new rules code
never reads a state folded by old code.
"""

from __future__ import annotations

from journal.store import codec

#: fold at least this many events past the last snapshot before keeping a new one
SNAPSHOT_EVERY = 200


def dump(state: object) -> object:
    return codec.encode(state)


def load_state(document: object) -> object:
    return codec.decode(document)
