"""`journal character trait rename NAME OLD NEW --reason TEXT`: a Hardness specialization's
category called anew (`supernatural` made `undead`), its level and peak kept."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import HFState, rules_of, with_character
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.trait_add import reason_of
from journal.rulesets.horror_factor.rules.trait_remove import held_specialization


class RenameSpecialization(Command, frozen=True):
    character: str
    old: str
    new: str
    reason: str


@event
class SpecializationRenamed(Event, frozen=True):
    """A Hardness specialization's category called anew."""

    character: str
    specialization: str
    new: str
    reason: str


def rename_specialization(
    state: CampaignState, command: RenameSpecialization
) -> SpecializationRenamed:
    who = character(state, command.character)
    reason = reason_of(command.reason)
    old = held_specialization(state, who, command.old)
    new = category_name(command.new)
    if not new:
        raise RuleError("a Hardness specialization needs a category name: give the new one")
    if new == old:
        raise RuleError(f"the {old} specialization is called that already: give another name")
    if new in who.specializations:
        raise RuleError(f"{who.name} already has the {new} specialization: give another name")
    return SpecializationRenamed(who.name, old, new, reason)


DECIDE.on(RenameSpecialization)(
    lambda state, command, dice: [rename_specialization(state, command)]
)


@EVOLVE.on(SpecializationRenamed)
def _renamed(state: CampaignState, payload: SpecializationRenamed, meta: Meta) -> HFState:
    rules = rules_of(state)
    who = rules.characters.get(payload.character)
    if who is None or payload.specialization not in who.specializations:
        return rules
    old, new = payload.specialization, payload.new

    def moved(levels: dict[str, int]) -> dict[str, int]:
        return dict(sorted((new if k == old else k, v) for k, v in levels.items()))

    return with_character(
        rules,
        replace(
            who,
            specializations=moved(dict(who.specializations)),
            spec_peaks=moved(dict(who.spec_peaks)),
            last_category=new if who.last_category == old else who.last_category,
        ),
    )


RECALL.on(SpecializationRenamed)(
    lambda p: RenameSpecialization(p.character, p.specialization, p.new, p.reason)
)
CONCERNS.on(SpecializationRenamed)(lambda p: (p.character,))
