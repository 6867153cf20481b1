"""Looking characters and the running encounter up for a decider, refusing clearly."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, RuleError
from journal.rulesets.horror_factor.rules.state import (
    Character,
    Participant,
    RunningEncounter,
    rules_of,
)


def character(state: CampaignState, name: str) -> Character:
    canonical = state.character(name)
    found = rules_of(state).characters.get(canonical)
    if found is None:
        raise RuleError(f"{canonical} has no Horror Factor sheet in this campaign")
    return found


def running(state: CampaignState, doing: str) -> RunningEncounter:
    encounter = rules_of(state).encounter
    if encounter is None:
        raise RuleError(
            f"no encounter is running, so you cannot {doing}: "
            "start one with `journal encounter start`"
        )
    return encounter


def participant(
    state: CampaignState, name: str, doing: str, *, present: bool = True
) -> tuple[Character, Participant]:
    """A participant of the running encounter; with `present`, one still in the fight."""
    who, found, _ = engaged(state, name, doing, present=present)
    return who, found


def engaged(
    state: CampaignState, name: str, doing: str, *, present: bool = True
) -> tuple[Character, Participant, RunningEncounter]:
    """`participant`, and the running encounter it is in (looked up once: the audit
    decides every roll of a long campaign again)."""
    rules = rules_of(state)
    encounter = rules.encounter
    if encounter is None:
        running(state, doing)  # refuses
    canonical = state.character(name)
    who = rules.characters.get(canonical)
    if who is None:
        who = character(state, name)  # refuses
    assert encounter is not None
    found = encounter.participants.get(who.name)
    if found is None:
        cast = ", ".join(encounter.participants)
        raise RuleError(
            f"{who.name} is not in the encounter {encounter.title!r} (its cast: {cast}), "
            f"so cannot {doing}: `journal encounter join {who.name}` brings them in"
        )
    if present and found.left is not None:
        raise RuleError(
            f"{who.name} left the fight ({found.left}), so cannot {doing}: "
            f"`journal encounter join {who.name}` brings them back"
        )
    return who, found, encounter


def present(encounter: RunningEncounter) -> list[Participant]:
    """The participants still in the fight."""
    return [p for p in encounter.participants.values() if p.left is None]
