"""`journal character trait add NAME CATEGORY=N --reason TEXT`: a Horror Factor sheet's named
things are its Hardness specializations; one put on the sheet after creation (a past the
GM learns of, a story's turn), read as `character add --spec` reads it: within the
training's cap (past it, Hardness is an award: `journal award --spec --new-spec`)."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import read_specialization, split_specialization
from journal.rulesets.horror_factor.rules.state import HFState, rules_of, with_character
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class AddSpecialization(Command, frozen=True):
    """Put the Hardness specialization `trait` (`mythos=4`, or `mythos` with `level`) on
    `character`'s sheet, and why."""

    character: str
    trait: str
    reason: str
    level: int | None = None


@event
class SpecializationAdded(Event, frozen=True):
    """A Hardness specialization put on a character's sheet after creation."""

    character: str
    specialization: str
    level: int
    reason: str


def reason_of(text: str) -> str:
    reason = " ".join(text.split())
    if not reason:
        raise RuleError('a change to the sheet needs its reason: --reason "why"')
    return reason


def add_specialization(state: CampaignState, command: AddSpecialization) -> SpecializationAdded:
    who = character(state, command.character)
    reason = reason_of(command.reason)
    name, level = split_specialization(command.trait)
    if command.level is not None:
        if level is not None:
            raise RuleError(f"{command.trait.strip()!r} already gives its level: give it once")
        level = command.level
    category, value = read_specialization(name, level, who.training, starting=False)
    if category in who.specializations:
        raise RuleError(
            f"{who.name} already has the {category} specialization "
            f"({who.specializations[category]}): its Hardness changes by award, peace and "
            "the fights' aftermath"
        )
    return SpecializationAdded(who.name, category, value, reason)


DECIDE.on(AddSpecialization)(lambda state, command, dice: [add_specialization(state, command)])


@EVOLVE.on(SpecializationAdded)
def _added(state: CampaignState, payload: SpecializationAdded, meta: Meta) -> HFState:
    rules = rules_of(state)
    who = rules.characters.get(payload.character)
    if who is None:
        return rules
    specs = {**who.specializations, payload.specialization: payload.level}
    return with_character(rules, replace(who, specializations=dict(sorted(specs.items()))))


RECALL.on(SpecializationAdded)(
    lambda p: AddSpecialization(p.character, p.specialization, p.reason, p.level)
)
CONCERNS.on(SpecializationAdded)(lambda p: (p.character,))
