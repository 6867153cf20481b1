"""`journal character trait rename NAME OLD NEW --reason TEXT`: a trait of the sheet called
anew (a typo, "Phobia (hospitals)" made "Phobia (hospitals and clinics)"), in its place.
A trait the journal knows keeps a name it knows it by, and no other trait takes one: the
modifiers read a trait by its name (remove it and add the other instead)."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.sheet_edits import (
    HeldTrait,
    held,
    must_hold,
    renamed_trait,
)
from journal.rulesets.fright_check.rules.state import FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.trait_add import reason_of
from journal.rulesets.fright_check.rules.traits import known, normal, refuse_near_miss, spelled


class RenameTrait(Command, frozen=True):
    """Call `character`'s trait `old` (any spelling) `new` from now on, and why."""

    character: str
    old: str
    new: str
    reason: str


@event
class TraitRenamed(Event, frozen=True):
    """A trait of the sheet called anew: the trait as it was, its new name, the reason."""

    character: str
    trait: HeldTrait
    new: str
    reason: str


def rename_trait(state: CampaignState, command: RenameTrait) -> TraitRenamed:
    character = character_of(state, command.character)
    reason = reason_of(command.reason)
    trait = must_hold(character, command.old)
    new = spelled(command.new)
    if not new:
        raise RuleError("a trait needs a name: give the new one")
    if normal(new) == normal(trait.name):
        raise RuleError(f"{trait.name} is called that already: give another name")
    before, after = known(trait.name), known(new)
    if before is not after:
        what = "a trait the journal knows" if before is not None or after is not None else ""
        raise RuleError(
            f"{trait.name} and {new} are not the same {what or 'trait'}: the modifiers read a "
            "trait by its name; take one off (`character trait remove`) and add the other"
        )
    if after is None:
        refuse_near_miss(new)
    other = held(character, new)
    if other is not None:
        raise RuleError(f"{character.name} already has {other.words()}: give another name")
    return TraitRenamed(character.name, trait, new, reason)


DECIDE.on(RenameTrait)(lambda state, command, dice: [rename_trait(state, command)])


@EVOLVE.on(TraitRenamed)
def _renamed(state: CampaignState, payload: TraitRenamed, meta: Meta) -> FrightState:
    rules = rules_of(state)
    character = rules.get(payload.character)
    if character is None:
        return rules
    return rules.with_character(renamed_trait(character, payload.trait.name, payload.new))


RECALL.on(TraitRenamed)(lambda p: RenameTrait(p.character, p.trait.name, p.new, p.reason))
CONCERNS.on(TraitRenamed)(lambda p: (p.character,))
