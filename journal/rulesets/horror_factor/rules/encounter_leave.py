"""`journal encounter leave NAME --reason TEXT`: a character is out of the fight (fled,
knocked out...) before it ends: their HF waits as it is, no decay, no shifts."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.horror_factor.rules.lookup import engaged
from journal.rulesets.horror_factor.rules.state import HFState, rules_of
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.track import with_participant


class LeaveEncounter(Command, frozen=True):
    """A character is out of the fight (fled, knocked out...) before it ends."""

    character: str
    reason: str


@event
class EncounterLeft(Event, frozen=True):
    """A character is out of the fight: their HF stays as it is, no decay, no shifts."""

    character: str
    turn: int
    reason: str
    hf: int


def leave(state: CampaignState, command: LeaveEncounter) -> EncounterLeft:
    who, p, encounter = engaged(state, command.character, "leave it", present=False)
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError(
            f'say why {who.name} is out of the fight: --reason "fled" (or "knocked out", ...)'
        )
    if p.left is not None:
        raise RuleError(f"{who.name} already left the fight ({p.left})")
    return EncounterLeft(who.name, encounter.turn, reason, p.hf)


DECIDE.on(LeaveEncounter)(lambda state, command, dice: [leave(state, command)])


@EVOLVE.on(EncounterLeft)
def _left(state: CampaignState, payload: EncounterLeft, meta: Meta) -> HFState:
    rules = rules_of(state)
    encounter = rules.encounter
    if encounter is None or payload.character not in encounter.participants:
        return rules
    p = replace(encounter.participants[payload.character], left=payload.reason)
    return with_participant(rules, encounter, p)


RECALL.on(EncounterLeft)(lambda p: LeaveEncounter(p.character, p.reason))
CONCERNS.on(EncounterLeft)(lambda p: (p.character,))
