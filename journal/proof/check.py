"""Checking a proof, with nothing but the proof (and, given, a head kept earlier): what
`journal check-proof` runs, and what the HTML verifier does in the browser, step for step.
No store, no campaign: a player's copy of the journal, or none, checks the same.

An inclusion proof of an event written from schema 0006 on holds the event's hashed form
(`event.hashed`: its envelope and its parts' digests, RFC 9901's `_sd`) and the disclosures
of the parts its audience may see. The check recomputes the event's hash from that form,
finds each disclosure's digest in it, and only then shows the disclosed parts as proven.
An older event's hashed form, when the GM revealed it, holds its words themselves; without
it, the proof proves the event's presence and not its words. What the journal says the
event means (`reading`) is shown as its reading, never as proven.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from journal.events.canonical import canonical_bytes
from journal.events.disclosure import ALGORITHM, DisclosureError, digest, opened
from journal.merkle import ProofError, leaf_hash, verify_consistency, verify_inclusion
from journal.proof.tree import Head, HeadRef

INCLUSION = "journal inclusion proof (RFC 9162)"
CONSISTENCY = "journal consistency proof (RFC 9162)"
#: where a head the proof is checked against came from, when it is not the file's own
KEPT = "the head you kept"


@dataclass(frozen=True)
class Checked:
    """A proof that verifies: what it proves, in plain words (`message`, then `lines`)."""

    message: str
    head: Head
    lines: tuple[str, ...] = ()
    #: the parts proven, by name (None: the event's presence alone was proven)
    proven: dict[str, object] | None = field(default=None)


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


def named(value: object, head: Head) -> str:
    """How the proof names a head in words: `the record at the end of session 1, Friday
    13 November 1987, 23:40 (#30)`, or `the record of #30`."""
    if isinstance(value, dict) and isinstance(value.get("session"), int):
        date = value.get("date")
        when = f", {date}" if isinstance(date, str) and date else ""
        return f"the record at the end of session {value['session']}{when} (#{head.size})"
    return f"the record of #{head.size}"


def check(document: Any, kept: HeadRef | None = None, source: str = KEPT) -> Checked:
    """`Checked` when the proof verifies (against `kept` too, when given: `source` says
    where it came from, "the head on your page for session 1"); `ProofError` saying why
    not."""
    if not isinstance(document, dict):
        raise ProofError("this is not a proof the journal made (not a JSON object)")
    kind = document.get("proof")
    if kind == INCLUSION:
        return _inclusion(document, kept, source)
    if kind == CONSISTENCY:
        return _consistency(document, kept, source)
    raise ProofError("this is not a proof the journal made (no `proof` kind it knows)")


def _against(head: Head, kept: HeadRef | None, source: str, verb: str) -> str:
    """The line that says which head the proof was checked against; ProofError when it
    is not the kept one."""
    if kept is None:
        return (
            f"Checked against the head inside this file only ({head.short()}): compare it "
            "with a head you kept (the one on your page, or the receipt of `session end`); "
            "until you do, this proves nothing."
        )
    if kept.size != head.size:
        raise ProofError(
            f"this proof {verb} the record of #{head.size}, and {source} is of #{kept.size}: "
            f"ask for the proof against #{kept.size}"
        )
    if not head.hex.startswith(kept.digits):
        raise ProofError(
            f"this proof {verb} the record of #{head.size} {head.hex[:16]}…, and {source} is "
            f"#{kept.size} {kept.digits[:16]}…: not the same record of {head.size} events. "
            "The record shown to you now is not the one you kept (or the head is of "
            "another campaign)"
        )
    return f"Checked against {source}: #{kept.size} {kept.digits[:16]}… is this proof's head."


def _event(document: dict[str, Any], seq: int, chain: bytes) -> dict[str, object] | None:
    """The parts the event's hashed form proves (None: only its presence is proven)."""
    event = document["event"]
    hashed = event.get("hashed")
    disclosed = event.get("disclosed")
    if document.get("format") == 1 and isinstance(document.get("revealed"), dict):
        revealed = document["revealed"]  # a proof of the first format: its revealed body
        hashed, prev, disclosed = revealed.get("body"), revealed.get("prev_hash"), None
        if not isinstance(hashed, str):
            raise ProofError("the revealed event has no body")
    elif hashed is None:
        if disclosed is not None:
            raise ProofError("the proof discloses parts of an event it does not hold")
        return None
    else:
        prev = event.get("prev_hash")
    if not isinstance(hashed, str):
        raise ProofError("the event's hashed form is not text")
    if not isinstance(prev, str):
        raise ProofError("the event has no previous hash")
    if hashlib.sha256(prev.encode() + hashed.encode()).digest() != chain:
        raise ProofError(
            "the event as this proof holds it does not give the event's hash: something in "
            "it was changed after the proof was made"
        )
    try:
        body = json.loads(hashed)
    except ValueError:
        raise ProofError("the event's hashed form is not JSON") from None
    if not isinstance(body, dict) or body.get("seq") != seq:
        raise ProofError(f"the event inside the proof is not event #{seq}")
    data = body.get("data")
    if not isinstance(data, dict):
        raise ProofError("the event inside the proof has no content")
    if "_sd" not in data:
        if disclosed is not None:
            raise ProofError("the proof discloses parts of an event that has none")
        return dict(data)  # an older event, revealed: its words are in its hashed form
    return _parts(data, disclosed)


def _parts(data: dict[str, Any], disclosed: object) -> dict[str, object]:
    """Each disclosed part, its digest found among the event's."""
    digests = data.get("_sd")
    if data.get("_sd_alg") != ALGORITHM or not isinstance(digests, list):
        raise ProofError("the event's parts are not hashed as the journal hashes them")
    if len(set(map(str, digests))) != len(digests):
        raise ProofError("the event lists a part's digest twice")
    if not isinstance(disclosed, list):
        raise ProofError("the proof's disclosed parts are missing")
    proven: dict[str, object] = {}
    for number, part in enumerate(disclosed, 1):
        if not isinstance(part, dict) or not isinstance(part.get("name"), str):
            raise ProofError(f"disclosed part {number} is not one: it names no part")
        try:
            _salt, name, value = opened(str(part.get("disclosure")))
        except DisclosureError as exc:
            raise ProofError(f"disclosed part {number} is not one: {exc}") from None
        if digest(part["disclosure"]) not in digests:
            raise ProofError(
                f"the part {name!r} ({_shown(value)}) is not what the event recorded: it was "
                "changed, or made up, after the event was written"
            )
        if part["name"] != name:
            raise ProofError(
                f"the file calls the part {name!r} {part['name']!r}: the file was changed "
                "after the proof was made"
            )
        if _json(part.get("value")) != _json(value):
            raise ProofError(
                f"the part {name!r} reads “{_shown(part.get('value'))}” in this file, but the "
                f"event recorded “{_shown(value)}”: the file was changed after the proof was made"
            )
        if name in proven:
            raise ProofError(f"the part {name!r} is disclosed twice")
        proven[name] = value
    return proven


def _json(value: object) -> bytes:
    """A value's canonical JSON (`1` and `true` differ, as they do in the event)."""
    try:
        return canonical_bytes(value)
    except (TypeError, ValueError):
        return b""


def words(value: object) -> str:
    """A part's value in plain words: text as it is, yes or no, a list joined (none when
    empty), anything else as JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        return ", ".join(map(str, value)) or "none"
    return json.dumps(value, ensure_ascii=False)


def _shown(value: object) -> str:
    text = words(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _inclusion(document: dict[str, Any], kept: HeadRef | None, source: str) -> Checked:
    head = _head(document.get("head"), "head")
    event = document.get("event")
    seq = event.get("seq") if isinstance(event, dict) else None
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        raise ProofError("the proof does not say which event it is of")
    chain = _hex(document.get("chain_hash"), "the event's hash")
    proven = _event(document, seq, chain)
    verify_inclusion(seq - 1, head.size, leaf_hash(chain), _path(document.get("path")), head.root)
    lines = [_against(head, kept, source, "is of")]
    where = named(document.get("head"), head)
    if proven is None:
        message = (
            f"valid: event #{seq} was in {where}. Its words are not proven: it was written "
            "before the journal proved words (ask your GM for its proof with --reveal)"
        )
    else:
        message = f"valid: these words were in {where}, as event #{seq}:"
        lines[:0] = [f"  {name.replace('_', ' ')}: {words(v)}" for name, v in proven.items()]
    reading = document.get("reading") if document.get("format") != 1 else event
    told = reading.get("told") if isinstance(reading, dict) else None
    if isinstance(told, list) and told:
        lines.append(
            "The journal's reading of it (not itself proven): " + " / ".join(map(str, told))
        )
    notice = document.get("notice")
    if isinstance(notice, str) and notice:
        lines.append(f"The GM's journal says (not proven): {notice}.")
    return Checked(message, head, tuple(lines), proven)


def _consistency(document: dict[str, Any], kept: HeadRef | None, source: str) -> Checked:
    old = _head(document.get("old"), "older head")
    new = _head(document.get("new"), "newer head")
    verify_consistency(old.size, new.size, old.root, new.root, _path(document.get("path")))
    line = _against(old, kept, source, "starts from")
    then = named(document.get("old"), old)
    return Checked(
        f"valid: the record of #{new.size} extends {then}: nothing written up to then was "
        "changed or removed, only added to",
        new,
        (line,),
    )
