"""Snapshots: folded states cached by campaign, seq and rules version.

A snapshot at seq S is used for a state as of A >= S unless a void made after S (and by A)
voids an event at or before S. The rules version includes a fingerprint of the rules code,
so new rules code never reads a state folded by old code.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from journal import codec
from journal.rules import RULESETS, load
from journal.rules.core import CampaignState

#: fold at least this many events past the last snapshot before keeping a new one
SNAPSHOT_EVERY = 200

_RULES = Path(__file__).resolve().parent / "rules"


@cache
def rules_version(ruleset: str) -> str:
    """The ruleset's declared version plus a fingerprint of the code that folds events."""
    digest = hashlib.sha256()
    files = [Path(__file__).resolve().parent / "projection.py", *sorted(_RULES.glob("*.py"))]
    files += sorted((_RULES / RULESETS[ruleset].rsplit(".", 1)[1]).glob("*.py"))
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return f"{load(ruleset).rules_version}:{digest.hexdigest()[:16]}"


def usable(snapshot_seq: int, voids: list[tuple[int, int]]) -> bool:
    """No void made after the snapshot reaches back to an event inside it."""
    return not any(void_seq > snapshot_seq and target <= snapshot_seq for void_seq, target in voids)


def dump(state: CampaignState) -> object:
    return codec.encode(state)


def load_state(document: object) -> CampaignState:
    state = codec.decode(document)
    if not isinstance(state, CampaignState):
        raise ValueError("a snapshot holds no campaign state")
    return state
