"""Looking a GURPS character and the running combat up for a decider, refusing clearly."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, RuleError
from journal.rulesets.fright_check.rules.state import Character, Combat, FrightState


def rules_of(state: CampaignState) -> FrightState:
    rules = state.rules
    return rules if isinstance(rules, FrightState) else FrightState()


def character_of(state: CampaignState, name: str) -> Character:
    canonical = state.character(name)
    found = rules_of(state).get(canonical)
    if found is None:
        raise RuleError(f"{canonical} has no GURPS sheet in this campaign")
    return found


def running(state: CampaignState, doing: str) -> Combat:
    combat = rules_of(state).combat
    if combat is None:
        raise RuleError(
            f"no combat is running, so nobody can {doing}: start one with `journal encounter start`"
        )
    return combat
