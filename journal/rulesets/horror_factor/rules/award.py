"""`journal award NAME --hardness N --reason TEXT [--spec C [--new-spec]]`: the GM awards
Hardness, past the training's cap too (an award is a ruling, not a slip)."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    rules_of,
    shift_level,
    with_character,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class Award(Command, frozen=True):
    character: str
    hardness: int  # levels gained
    reason: str
    specialization: str | None = None
    new_spec: bool = False  # a specialization the character does not have yet: say so


@event
class HardnessAwarded(Event, frozen=True):
    character: str
    levels: int
    reason: str
    specialization: str | None
    cap: int
    hardness_before: int
    hardness_after: int


def award(state: CampaignState, command: Award) -> HardnessAwarded:
    who = character(state, command.character)
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError('an award of Hardness needs a reason: --reason "..."')
    if command.hardness < 1:
        raise RuleError(f"an award gives 1 level of Hardness or more, not {command.hardness}")
    spec = category_name(command.specialization) if command.specialization else None
    if spec and spec not in who.specializations and not command.new_spec:
        owned = ", ".join(who.specializations) or "none yet"
        raise RuleError(
            f"{who.name} has no {spec!r} specialization ({owned}): check the spelling, or add "
            "--new-spec to start one"
        )
    # A new specialization starts from the general Hardness it used to fall back on.
    before = who.level(spec)
    after = before + command.hardness
    if after > catalog.HARDNESS_MAX:
        raise RuleError(
            f"{who.name}'s Hardness{f' ({spec})' if spec else ''} is {before}: "
            f"+{command.hardness} would pass {catalog.HARDNESS_MAX}, the most; "
            f"award {catalog.HARDNESS_MAX - before} at most"
        )
    return HardnessAwarded(who.name, command.hardness, reason, spec or None, who.cap, before, after)


DECIDE.on(Award)(lambda state, command, dice: [award(state, command)])


@EVOLVE.on(HardnessAwarded)
def _awarded(state: CampaignState, payload: HardnessAwarded, meta: Meta) -> HFState:
    rules = rules_of(state)
    who = rules.characters.get(payload.character)
    if who is None:
        return rules
    gained = payload.hardness_after - payload.hardness_before
    rules = with_character(rules, replace(who, awarded=meta.seq))
    return shift_level(rules, who.name, payload.specialization, gained)


# new_spec: the typo guard was asked at the table; the record already holds the specialization
RECALL.on(HardnessAwarded)(
    lambda p: Award(p.character, p.levels, p.reason, p.specialization, new_spec=True)
)
CONCERNS.on(HardnessAwarded)(lambda p: (p.character,))
