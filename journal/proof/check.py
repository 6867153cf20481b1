"""Checking a proof, with nothing but the proof (and, given, a head kept earlier): what
`journal check-proof` runs, and what the HTML verifier does in the browser, step for step.
No store, no campaign: a player's copy of the journal, or none, checks the same."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from journal.merkle import ProofError, leaf_hash, verify_consistency, verify_inclusion
from journal.proof.tree import Head

INCLUSION = "journal inclusion proof (RFC 9162)"
CONSISTENCY = "journal consistency proof (RFC 9162)"


@dataclass(frozen=True)
class Checked:
    """A proof that verifies: what it proves, in a sentence."""

    message: str
    head: Head


def _hex(value: object, what: str) -> bytes:
    if not isinstance(value, str):
        raise ProofError(f"{what} is missing")
    try:
        found = bytes.fromhex(value)
    except ValueError:
        raise ProofError(f"{what} is not hexadecimal") from None
    if len(found) != 32:
        raise ProofError(f"{what} is not a SHA-256 hash (64 hex digits)")
    return found


def _head(value: object, what: str) -> Head:
    if not isinstance(value, dict):
        raise ProofError(f"the proof has no {what}")
    size = value.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        raise ProofError(f"the {what}'s size is not a whole number")
    return Head(size, _hex(value.get("root"), f"the {what}'s root"))


def _path(value: object) -> list[bytes]:
    if not isinstance(value, list):
        raise ProofError("the proof has no path")
    return [_hex(item, f"hash {i + 1} of the path") for i, item in enumerate(value)]


def check(document: Any, kept: Head | None = None) -> Checked:
    """`Checked` when the proof verifies (against `kept` too, when given); `ProofError`
    saying why not."""
    if not isinstance(document, dict):
        raise ProofError("this is not a proof the journal made (not a JSON object)")
    kind = document.get("proof")
    if kind == INCLUSION:
        return _inclusion(document, kept)
    if kind == CONSISTENCY:
        return _consistency(document, kept)
    raise ProofError("this is not a proof the journal made (no `proof` kind it knows)")


def _inclusion(document: dict[str, Any], kept: Head | None) -> Checked:
    head = _head(document.get("head"), "head")
    event = document.get("event")
    seq = event.get("seq") if isinstance(event, dict) else None
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        raise ProofError("the proof does not say which event it is of")
    chain = _hex(document.get("chain_hash"), "the event's hash")
    revealed = document.get("revealed")
    if revealed is not None:
        if not isinstance(revealed, dict) or not isinstance(revealed.get("body"), str):
            raise ProofError("the revealed event has no body")
        prev = revealed.get("prev_hash")
        if not isinstance(prev, str):
            raise ProofError("the revealed event has no previous hash")
        computed = hashlib.sha256(prev.encode() + revealed["body"].encode()).digest()
        if computed != chain:
            raise ProofError("the revealed event does not hash to the event's hash")
    verify_inclusion(seq - 1, head.size, leaf_hash(chain), _path(document.get("path")), head.root)
    if kept is not None and (kept.size, kept.root) != (head.size, head.root):
        raise ProofError(
            f"the proof is of the record of #{head.size} {head.hex[:16]}…, not of the head "
            f"you kept (#{kept.size} {kept.hex[:16]}…): ask for the proof at --head {kept.size}"
        )
    what = "this event, as revealed," if revealed is not None else f"event {seq}"
    return Checked(f"valid: {what} was in the record of #{head.size}", head)


def _consistency(document: dict[str, Any], kept: Head | None) -> Checked:
    old = _head(document.get("old"), "older head")
    new = _head(document.get("new"), "newer head")
    verify_consistency(old.size, new.size, old.root, new.root, _path(document.get("path")))
    if kept is not None and (kept.size, kept.root) != (old.size, old.root):
        raise ProofError(
            f"the proof starts from #{old.size} {old.hex[:16]}…, not from the head you kept "
            f"(#{kept.size} {kept.hex[:16]}…)"
        )
    return Checked(
        f"valid: the record of #{new.size} extends the record of #{old.size} "
        "(nothing before it was rewritten)",
        new,
    )
