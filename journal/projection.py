"""The one fold: the campaign's state as a fold of its events, skipping voided ones.

`steps` walks records in seq order and yields, for each, the state before, the event and
the state after; every reader that needs the story of a number (explain, recaps, arcs, the
audit) walks these steps, and `fold` is the same walk keeping only the last state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from journal.events import Event, Recorded
from journal.frozen import changed
from journal.rules import load
from journal.rules.core import CampaignCreated, CampaignState, Meta, evolve_core
from journal.rules.ruleset import Ruleset

#: Decides what to fold in place of a recorded event (the audit folds its own decisions):
#: `(state before, record) -> the payload to fold, or None to fold nothing`.
Substitute = Callable[[CampaignState, Recorded], Event | None]


class Step(NamedTuple):
    """One event of the walk: the state before it and after it. A voided event (and one the
    audit's substitute refused) changes nothing: `payload` is None and `after` is `before`
    at the next seq."""

    record: Recorded
    payload: Event | None
    before: CampaignState
    after: CampaignState

    @property
    def voided(self) -> bool:
        return self.payload is None


def meta_of(record: Recorded) -> Meta:
    return Meta(record.seq, record.game_time, record.session, record.recorded_at)


def apply(
    state: CampaignState, payload: Event, meta: Meta, ruleset: Ruleset | None
) -> CampaignState:
    """Fold one (non-voided) event: the core part, then the ruleset's part."""
    state = evolve_core(state, payload, meta)
    if isinstance(payload, CampaignCreated):
        ruleset = load(payload.ruleset)
        state = changed(state, rules=ruleset.initial())
    if ruleset is not None:
        return changed(state, rules=ruleset.evolve(state, payload, meta), seq=meta.seq)
    return changed(state, seq=meta.seq)


def envelope(state: CampaignState, payload: Event) -> tuple[str | None, int | None]:
    """The game time and session an event is stamped with: the clock and session as they
    stand once the event has happened (a SessionEnded still belongs to its session)."""
    after = evolve_core(state, payload, Meta(state.seq + 1))
    return after.clock, after.session if after.session is not None else state.session


def steps(
    records: Iterable[Recorded],
    voided: frozenset[int] = frozenset(),
    start: CampaignState | None = None,
    substitute: Substitute | None = None,
) -> Iterator[Step]:
    """Walk `records` (in seq order) from `start`, yielding each event's Step."""
    state = start or CampaignState()
    ruleset = load(state.ruleset) if state.ruleset else None
    for record in records:
        payload: Event | None = None
        if record.seq not in voided:
            payload = record.payload if substitute is None else substitute(state, record)
        if payload is None:
            after = changed(state, seq=record.seq)
        else:
            after = apply(state, payload, meta_of(record), ruleset)
            if ruleset is None and after.ruleset:
                ruleset = load(after.ruleset)
        yield Step(record, payload, state, after)
        state = after


def fold(
    records: Iterable[Recorded],
    voided: frozenset[int] = frozenset(),
    start: CampaignState | None = None,
) -> CampaignState:
    """The state after `records`: the walk of `steps`, keeping only the last state."""
    # the loop of `steps` without making a Step per event: a replay's hot path
    state = start or CampaignState()
    ruleset = load(state.ruleset) if state.ruleset else None
    for record in records:
        seq = record.seq
        if seq in voided:
            state = changed(state, seq=seq)
            continue
        meta = Meta(seq, record.game_time, record.session, record.recorded_at)
        state = apply(state, record.payload, meta, ruleset)
        if ruleset is None and state.ruleset:
            ruleset = load(state.ruleset)
    return state
