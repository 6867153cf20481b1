"""The tables every command's module registers its parts on (`DECIDE`, `EVOLVE`, `RECALL`,
`CONCERNS`), and `folded`, for a ruling whose same breath holds more than one event. Apart
from the package's `__init__`, so a command's module imports them without importing the
package that loads it."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Concerns,
    Deciders,
    Event,
    Evolvers,
    Meta,
    Recallers,
    changed,
)
from journal.rulesets.d100_sanity.rules.state import SanityState

DECIDE = Deciders[CampaignState]("decide")
EVOLVE = Evolvers[CampaignState, Meta, SanityState]("evolve")
#: the audit: the command behind each ruling
RECALL = Recallers("command_for")
#: whom each event concerns (`log --character`, handouts)
CONCERNS = Concerns("concerns")


def folded(state: CampaignState, payload: Event) -> CampaignState:
    """`state` after `payload`, decided in the same breath as the next ruling (a sanity roll
    and the disorder its breaking point calls for, recorded together)."""
    seq = state.seq + 1
    meta = Meta(seq, state.clock, state.session)
    return changed(state, seq=seq, rules=EVOLVE.evolve(state, payload, meta))
