"""Event ids nobody outside the database has: a new event's id is a random UUID (the
operating system's source, `uuid.uuid4`). Journals before issue 39 gave an imported line
without an `event_id` one derived from its content (a UUID5 over seq, type, data, game
time and session): every input of that event's hash is then guessable, so a hash of it in
a player's proof (a leaf, or a node over it) confirms a guessed secret. Such events stay
as they are (the log is never rewritten); `derived_from_content` finds them, for `verify`,
`db check` and the players' proofs to say so (`derived_notice`)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from journal.events.canonical import canonical_json
from journal.events.recorded import Recorded

#: the namespace older journals derived an imported line's id in (kept only to find them)
DERIVED_NAMESPACE = uuid.UUID("6f1d2a43-5b7e-4c39-9a55-1f0e2d7c8b90")


def derived_from_content(record: Recorded) -> bool:
    """Whether the event's id is the one an older journal's import derived from its
    content. A salted event's hash hides its words behind its salts whatever its id, so
    only an unsalted one counts."""
    found = record.event_id
    if len(found) != 36 or found[14] != "5":
        return False  # not a version-5 UUID: cheap, and true of nearly every event
    try:
        if record.salts is not None:
            return False
        content = [record.seq, record.type, record.data, record.game_time, record.session]
    except ValueError:  # a damaged row: the chain's walk says so
        return False
    return found == str(uuid.uuid5(DERIVED_NAMESPACE, canonical_json(content)))


def spans(seqs: Iterable[int]) -> str:
    """`3-40, 45`: the seqs as runs."""
    runs: list[list[int]] = []
    for seq in sorted(seqs):
        if runs and seq == runs[-1][1] + 1:
            runs[-1][1] = seq
        else:
            runs.append([seq, seq])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def derived_notice(seqs: list[int]) -> str:
    """What events with derived ids mean, in words (one sentence for every way out)."""
    many = len(seqs) != 1
    return (
        f"event{'s' if many else ''} {spans(seqs)} {'were' if many else 'was'} imported by an "
        "older journal with an id derived from the content, not a random one: someone who "
        f"guesses {'their' if many else 'its'} words can check the guess against a hash in a "
        "player's proof (the record is sound; only the secrecy of those events' words is "
        "weaker). Events written since, imports included, have random ids and salted parts"
    )
