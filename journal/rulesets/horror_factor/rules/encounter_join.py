"""`journal encounter join NAME`: a character arrives late, facing the encounter's HF as it
stands for newcomers, or comes back to the fight at the HF they left with."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, Term, Terms, event
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import character, running
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    Participant,
    faces,
    rules_of,
    with_character,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.track import with_participant


class JoinEncounter(Command, frozen=True):
    """A character arrives late (or comes back) to the running encounter."""

    character: str


@event
class EncounterJoined(Event, frozen=True):
    """A character enters the running encounter late, or comes back after leaving it."""

    character: str
    turn: int
    hf: int  # the HF they face from now on
    terms: Terms
    rejoined: bool


def join(state: CampaignState, name: str) -> EncounterJoined:
    """A newcomer faces the encounter's HF as it stands for newcomers: its base and
    modifiers, the ambush only while it is still turn 1 (no decay: they were not there).
    One who left comes back to the HF they left with."""
    encounter = running(state, "join it")
    who = character(state, name)
    found = encounter.participants.get(who.name)
    if found is not None:
        if found.left is None:
            raise RuleError(
                f"{who.name} is already in the fight {encounter.title!r} (HF {found.hf})"
            )
        terms: Terms = (("HF when they left", found.hf),)
        return EncounterJoined(who.name, encounter.turn, found.hf, terms, rejoined=True)
    parts: list[Term] = [("encounter HF", encounter.initial_hf)]
    if encounter.ambush:
        parts = [("encounter HF", encounter.initial_hf - catalog.AMBUSH)]
        if encounter.turn == 1:
            parts.append(("ambush (turn 1 only)", catalog.AMBUSH))
    hf = max(0, sum(value for _, value in parts))
    return EncounterJoined(who.name, encounter.turn, hf, tuple(parts), rejoined=False)


DECIDE.on(JoinEncounter)(lambda state, command, dice: [join(state, command.character)])


@EVOLVE.on(EncounterJoined)
def _joined(state: CampaignState, payload: EncounterJoined, meta: Meta) -> HFState:
    rules = rules_of(state)
    encounter = rules.encounter
    who = rules.characters.get(payload.character)
    if encounter is None or who is None:
        return rules
    found = encounter.participants.get(who.name)
    if found is not None:  # back in the fight, at the HF they left with
        p = replace(found, left=None)
    else:
        p = Participant(who.name, max(0, payload.hf))
        rules = with_character(rules, faces(who, payload.hf, encounter.title, encounter.category))
    return with_participant(rules, encounter, p)


RECALL.on(EncounterJoined)(lambda p: JoinEncounter(p.character))
CONCERNS.on(EncounterJoined)(lambda p: (p.character,))
