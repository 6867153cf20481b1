"""`journal character trait add NAME TRAIT [--level N] [--points N] [--scn N]
[--mental|--physical|--quirk] --reason TEXT`: the sheet changes as play goes. The trait is
read by the one reader (`traits.read`), so `Cowardice` added here is the Cowardice the
modifiers read; a trait the journal does not know needs its points, a misspelt one is
refused with the one it may be."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.sheet_edits import (
    HeldTrait,
    refuse_contradicting,
    refuse_held,
    with_trait,
)
from journal.rulesets.fright_check.rules.state import FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.traits import (
    KINDS,
    OTHERS,
    Typed,
    known,
    read,
    split,
)


class AddTrait(Command, frozen=True):
    """Put a trait on `character`'s sheet: `trait` as typed (`Fearlessness=2`, `Phobia
    (hospitals)`), its level, points or self-control number given apart, `kind` (mental,
    physical, quirk, other) where the GM places it, and why."""

    character: str
    trait: str
    reason: str
    level: int | None = None
    points: int | None = None
    self_control: int | None = None
    kind: str | None = None


@event
class TraitAdded(Event, frozen=True):
    """A trait put on a character's sheet after creation, with the GM's reason."""

    character: str
    trait: HeldTrait
    reason: str


def reason_of(text: str) -> str:
    reason = " ".join(text.split())
    if not reason:
        raise RuleError('a change to the sheet needs its reason: --reason "why"')
    return reason


def typed_of(command: AddTrait) -> Typed:
    """The trait as typed: its text, and the options given beside it (not both)."""
    typed = split(command.trait)
    given = {
        "level": command.level,
        "points": command.points,
        "self_control": command.self_control,
    }
    for key, value in given.items():
        if value is None:
            continue
        if getattr(typed, key) is not None:
            raise RuleError(
                f"{command.trait.strip()!r} already gives its {key.replace('_', '-')}: give it once"
            )
        typed = replace(typed, **{key: value})
    return typed


def add_trait(state: CampaignState, command: AddTrait) -> TraitAdded:
    character = character_of(state, command.character)
    reason = reason_of(command.reason)
    if command.kind is not None and command.kind not in KINDS:
        raise RuleError(f"a trait is {', '.join(KINDS)}, not {command.kind!r}")
    typed = typed_of(command)
    place = KINDS[command.kind] if command.kind is not None else None
    if place is None and known(typed.name) is None:
        place = OTHERS  # a trait the journal does not know, with its points
    entry = read(typed, place)
    refuse_held(character, entry.name)
    refuse_contradicting(character, entry.name)
    return TraitAdded(character.name, HeldTrait.of(entry), reason)


DECIDE.on(AddTrait)(lambda state, command, dice: [add_trait(state, command)])


@EVOLVE.on(TraitAdded)
def _added(state: CampaignState, payload: TraitAdded, meta: Meta) -> FrightState:
    rules = rules_of(state)
    character = rules.get(payload.character)
    if character is None:
        return rules
    return rules.with_character(with_trait(character, payload.trait))


@RECALL.on(TraitAdded)
def _recalled(payload: TraitAdded) -> AddTrait:
    trait = payload.trait
    kind = next((k for k, place in KINDS.items() if place == trait.place), None)
    level = trait.level if isinstance(trait.level, int) and trait.level is not True else None
    points = trait.points if trait.place != "traits" else None
    return AddTrait(
        payload.character,
        trait.name,
        payload.reason,
        level=level,
        points=points,
        self_control=trait.self_control,
        kind=kind,
    )


CONCERNS.on(TraitAdded)(lambda p: (p.character,))
