"""Looking a GURPS character up for a decider, refusing clearly."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, RuleError
from journal.rulesets.fright_check.rules.state import Character, FrightState


def rules_of(state: CampaignState) -> FrightState:
    rules = state.rules
    return rules if isinstance(rules, FrightState) else FrightState()


def character_of(state: CampaignState, name: str) -> Character:
    canonical = state.character(name)
    found = rules_of(state).get(canonical)
    if found is None:
        raise RuleError(f"{canonical} has no GURPS sheet in this campaign")
    return found
