"""The snapshot cache seen from the rules: the classes a campaign's states may hold (the
codec's registry: the campaign state and the classes its ruleset declares), and a state
as a snapshot keeps it. The store (`journal.store.snapshots`) binds and checks it, with
the seal every cache has (`journal.caching`)."""

from __future__ import annotations

from typing import TypeGuard

from journal.caching import Rejected
from journal.rules import rules_version, state_classes
from journal.rules.core.state import CampaignState
from journal.store import codec, snapshots
from journal.store.snapshots import Stored


def snapshot_registry(ruleset: str) -> codec.Registry | None:
    """The codec's registry for the states of this ruleset; None when its states cannot
    be kept (it declares no state classes, or one the codec cannot check)."""
    classes = state_classes(ruleset)
    try:
        return codec.registry(classes) if classes else None
    except TypeError:
        return None


def encoded(state: CampaignState) -> tuple[str, str] | None:
    """(rules version, state text) for a snapshot of `state`; None when it cannot be
    kept (a ruleset whose state holds a class it did not declare)."""
    registry = snapshot_registry(state.ruleset)
    if registry is None:
        return None
    try:
        return rules_version(state.ruleset), codec.dumps(state, registry)
    except TypeError:
        return None


def fits(state: object, ruleset: str) -> TypeGuard[CampaignState]:
    """Whether a state read from a snapshot is one of a campaign of this ruleset: the
    campaign state, naming the ruleset, its rules state of the ruleset's own class."""
    classes = state_classes(ruleset)
    return (
        isinstance(state, CampaignState)
        and state.ruleset == ruleset
        and len(classes) > 1
        and type(state.rules) is classes[1]
    )


def read(row: Stored, registry: codec.Registry, ruleset: str) -> CampaignState:
    """The state a snapshot row keeps, checked (bound, unedited, readable) and a state of
    a campaign of this ruleset; `caching.Rejected` says why it is not (`caching.Stale`: a
    snapshot of another format, an older journal's)."""
    state = snapshots.load(row, registry)
    if not fits(state, ruleset):
        raise Rejected(f"it is not a state of a {ruleset} campaign")
    return state
