"""Projections: the campaign's state as a fold of its events, skipping voided ones."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from journal.events import Event, Recorded
from journal.rules import Ruleset, load
from journal.rules.core import CampaignCreated, CampaignState, Meta, evolve_core


def meta_of(record: Recorded) -> Meta:
    return Meta(record.seq, record.game_time, record.session, record.recorded_at)


def apply(
    state: CampaignState, payload: Event, meta: Meta, ruleset: Ruleset | None
) -> CampaignState:
    """Fold one (non-voided) event: the core part, then the ruleset's part."""
    state = evolve_core(state, payload, meta)
    if isinstance(payload, CampaignCreated):
        ruleset = load(payload.ruleset)
        state = replace(state, rules=ruleset.initial())
    if ruleset is not None:
        state = replace(state, rules=ruleset.evolve(state, payload, meta))
    return replace(state, seq=meta.seq)


def envelope(state: CampaignState, payload: Event) -> tuple[str | None, int | None]:
    """The game time and session an event is stamped with: the clock and session as they
    stand once the event has happened (a SessionEnded still belongs to its session)."""
    after = evolve_core(state, payload, Meta(state.seq + 1))
    return after.clock, after.session if after.session is not None else state.session


def fold(
    records: Iterable[Recorded],
    voided: frozenset[int] = frozenset(),
    state: CampaignState | None = None,
) -> CampaignState:
    """Fold records (in seq order) into `state`; voided seqs advance `seq` but change nothing."""
    state = state or CampaignState()
    ruleset = load(state.ruleset) if state.ruleset else None
    for record in records:
        if record.seq in voided:
            state = replace(state, seq=record.seq)
            continue
        payload = record.payload
        state = apply(state, payload, meta_of(record), ruleset)
        if ruleset is None and state.ruleset:
            ruleset = load(state.ruleset)
    return state
