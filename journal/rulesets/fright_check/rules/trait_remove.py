"""`journal character trait remove NAME TRAIT --reason TEXT`: a trait comes off the sheet
(bought off, cured, a mistake at creation), found by any spelling of it. What it cost stays
in the points lost to fear, if a check gave it: the scar happened."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, Event, Meta, event
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.sheet_edits import HeldTrait, must_hold, without_trait
from journal.rulesets.fright_check.rules.state import FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.trait_add import reason_of


class RemoveTrait(Command, frozen=True):
    """Take the trait `trait` (any spelling) off `character`'s sheet, and why."""

    character: str
    trait: str
    reason: str


@event
class TraitRemoved(Event, frozen=True):
    """A trait taken off a character's sheet: what it was, and the GM's reason."""

    character: str
    trait: HeldTrait
    reason: str


def remove_trait(state: CampaignState, command: RemoveTrait) -> TraitRemoved:
    character = character_of(state, command.character)
    reason = reason_of(command.reason)
    return TraitRemoved(character.name, must_hold(character, command.trait), reason)


DECIDE.on(RemoveTrait)(lambda state, command, dice: [remove_trait(state, command)])


@EVOLVE.on(TraitRemoved)
def _removed(state: CampaignState, payload: TraitRemoved, meta: Meta) -> FrightState:
    rules = rules_of(state)
    character = rules.get(payload.character)
    if character is None:
        return rules
    return rules.with_character(without_trait(character, payload.trait.name))


RECALL.on(TraitRemoved)(lambda p: RemoveTrait(p.character, p.trait.name, p.reason))
CONCERNS.on(TraitRemoved)(lambda p: (p.character,))
