"""The stress ruleset's state: each character's sheet (frozen `msgspec.Struct`s, copied with
`changed`), and what its commands' deciders and folds share to read and change it."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from journal.plugin.rules import CampaignState, RuleError, RulesState, changed

STRESS_MAX = 10
NERVE_RANGE = (1, 10)


class Sheet(msgspec.Struct, frozen=True):
    nerve: int
    stress: int = 0
    panics: int = 0


class StressState(msgspec.Struct, RulesState, frozen=True):
    characters: Mapping[str, Sheet] = msgspec.field(default_factory=dict)


def rules_of(state: CampaignState) -> StressState:
    return state.rules if isinstance(state.rules, StressState) else StressState()


def sheet_of(state: CampaignState, name: str) -> Sheet:
    canonical = state.character(name)
    found = rules_of(state).characters.get(canonical)
    if found is None:
        raise RuleError(f"{canonical} has no stress sheet in this campaign")
    return found


def with_sheet(state: CampaignState, name: str, change: dict[str, int]) -> StressState:
    """The state with `name`'s sheet changed (unchanged when they have none)."""
    rules = rules_of(state)
    sheet = rules.characters.get(name)
    if sheet is None:
        return rules
    return changed(rules, characters={**rules.characters, name: changed(sheet, **change)})


def track(value: int) -> int:
    """`value` kept on the stress track (0 to 10)."""
    return max(0, min(STRESS_MAX, value))
