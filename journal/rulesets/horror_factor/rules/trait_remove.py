"""`journal character trait remove NAME CATEGORY --reason TEXT`: a Hardness specialization
comes off the sheet; the general Hardness applies to that category again."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import (
    Character,
    HFState,
    rules_of,
    with_character,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.trait_add import reason_of


class RemoveSpecialization(Command, frozen=True):
    character: str
    trait: str
    reason: str


@event
class SpecializationRemoved(Event, frozen=True):
    """A Hardness specialization taken off a character's sheet: its level then, and why."""

    character: str
    specialization: str
    level: int
    reason: str


def held_specialization(state: CampaignState, who: Character, name: str) -> str:
    """The character's specialization `name` (any spelling of its category), refused with
    theirs (and the one the GM may have meant) when they have none such; refused too
    while a running encounter of that category reads it."""
    category = category_name(name)
    if category not in who.specializations:
        owned = list(who.specializations)
        import difflib  # (a refusal's: kept off every command's start)

        close = difflib.get_close_matches(category, owned, n=1, cutoff=0.6)
        hint = f": did you mean {close[0]}?" if close else ""
        raise RuleError(
            f"{who.name} has no Hardness specialization {category!r}{hint} "
            f"(theirs: {', '.join(owned) or 'none'})"
        )
    encounter = rules_of(state).encounter
    if encounter is not None and encounter.category == category:
        raise RuleError(
            f"the running encounter {encounter.title!r} is of category {category}: change "
            "the specialization after `journal encounter end`"
        )
    return category


def remove_specialization(
    state: CampaignState, command: RemoveSpecialization
) -> SpecializationRemoved:
    who = character(state, command.character)
    reason = reason_of(command.reason)
    category = held_specialization(state, who, command.trait)
    return SpecializationRemoved(who.name, category, who.specializations[category], reason)


DECIDE.on(RemoveSpecialization)(
    lambda state, command, dice: [remove_specialization(state, command)]
)


@EVOLVE.on(SpecializationRemoved)
def _removed(state: CampaignState, payload: SpecializationRemoved, meta: Meta) -> HFState:
    rules = rules_of(state)
    who = rules.characters.get(payload.character)
    if who is None:
        return rules
    gone = payload.specialization
    return with_character(
        rules,
        replace(
            who,
            specializations={k: v for k, v in who.specializations.items() if k != gone},
            spec_peaks={k: v for k, v in who.spec_peaks.items() if k != gone},
        ),
    )


RECALL.on(SpecializationRemoved)(
    lambda p: RemoveSpecialization(p.character, p.specialization, p.reason)
)
CONCERNS.on(SpecializationRemoved)(lambda p: (p.character,))
