"""`journal peace NAME --months N --lose L` (or `--all`): months of peace, in which a
character may lose Hardness, never below half of the highest ever held, past 5 only with
therapy; a warlike mindset keeps it all. The clock moves on by the months.

Schema 2 of `PeaceRecorded` records which Hardness (a specialization or the general one)
was lost; its upcaster reads schema-1 payloads."""

from __future__ import annotations

import math
from typing import ClassVar

import msgspec

from journal.plugin.rules import (
    CampaignState,
    Command,
    Event,
    Meta,
    RuleError,
    clock_moved,
    event,
    upcaster,
)
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    hardness_label,
    rules_of,
    shift_level,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class Peace(Command, frozen=True):
    character: str
    months: int
    lose: int
    therapy: bool = False
    ptsd: bool = False
    mindset: bool = False
    override: str | None = None
    specialization: str | None = None  # lose this specialization, not the general Hardness
    everyone: bool = False  # every character's months of peace at once (`character` unused)
    keep_clock: bool = False  # the months already passed on the clock: do not move it


@event
class PeaceRecorded(Event, frozen=True):
    schema: ClassVar[int] = 2
    character: str
    months: int
    lose: int
    therapy: bool
    ptsd: bool
    mindset: bool
    override: str | None
    peak: int
    floor: int
    hardness_before: int
    hardness_after: int
    specialization: str | None  # the Hardness lost; None: the general one


@upcaster("PeaceRecorded", 1)
def _peace_of_the_general_hardness(data: dict[str, object]) -> dict[str, object]:
    return {**data, "specialization": None}


def peace_taken(state: CampaignState, command: Peace) -> list[Event]:
    """`peace NAME` or `peace --all`: each character's months of peace, after the clock
    moved on by those months (so the arcs date the loss when the months are over); with
    no campaign clock, or `--keep-clock`, the clock stays."""
    if command.everyone:
        names = tuple(rules_of(state).characters)
        if not names:
            raise RuleError(
                "nobody to make peace for: add a character with `journal character add`"
            )
    else:
        names = (command.character,)
    rulings: list[Event] = [
        peace(state, msgspec.structs.replace(command, character=name, everyone=False))
        for name in names
    ]
    if state.clock is None or command.keep_clock:
        return rulings
    return [clock_moved(state, f"{command.months}mo"), *rulings]


def peace(state: CampaignState, command: Peace) -> PeaceRecorded:
    who = character(state, command.character)
    if command.months < 1:
        raise RuleError(
            f"months of peace must be 1 or more, not {command.months}: record peace once a "
            "month has passed, e.g. --months 1"
        )
    if command.lose < 0:
        raise RuleError(
            f"Hardness lost must be 0 or more, not {command.lose}; use an award to raise it"
        )
    override = None if command.override is None else " ".join(command.override.split())
    if override == "":
        raise RuleError('an override needs a reason: --override "why"')
    encounter = rules_of(state).encounter
    if encounter is not None and who.name in encounter.participants:
        raise RuleError(
            f"{who.name} is fighting in {encounter.title!r}: end the encounter before peace"
        )
    spec = category_name(command.specialization) if command.specialization else None
    if spec is not None and spec not in who.specializations:
        owned = ", ".join(who.specializations) or "none"
        raise RuleError(
            f"{who.name} has no Hardness specialization {spec!r} to lose (theirs: {owned}): "
            "leave --spec out for the general Hardness"
        )
    label = hardness_label(spec)
    before = who.level(spec)
    peak = who.peak(spec)
    floor = math.ceil(peak / 2)
    if command.mindset and command.lose:
        raise RuleError(
            f"{who.name} kept a warlike mindset, so nothing is lost: record --lose 0, "
            "or drop --mindset"
        )
    if command.lose and before - command.lose < floor:
        raise RuleError(
            f"{who.name} can lose at most half of their peak {label} {peak}: not below "
            f"{floor}, so at most {max(0, before - floor)} from {before}, not {command.lose}"
        )
    if command.lose and before > catalog.THERAPY_ABOVE and not command.therapy and not override:
        raise RuleError(
            f"{who.name} has {label} {before}, above {catalog.THERAPY_ABOVE}: losing it needs "
            'therapy; add --therapy, or --override "reason"'
        )
    return PeaceRecorded(
        character=who.name,
        months=command.months,
        lose=command.lose,
        therapy=command.therapy,
        ptsd=command.ptsd,
        mindset=command.mindset,
        override=override,
        peak=peak,
        floor=floor,
        hardness_before=before,
        hardness_after=before - command.lose,
        specialization=spec,
    )


DECIDE.on(Peace)(lambda state, command, dice: peace_taken(state, command))


@EVOLVE.on(PeaceRecorded)
def _peace(state: CampaignState, payload: PeaceRecorded, meta: Meta) -> HFState:
    return shift_level(
        rules_of(state),
        payload.character,
        payload.specialization,
        payload.hardness_after - payload.hardness_before,
    )


RECALL.on(PeaceRecorded)(
    lambda p: Peace(
        character=p.character,
        months=p.months,
        lose=p.lose,
        therapy=p.therapy,
        ptsd=p.ptsd,
        mindset=p.mindset,
        override=p.override,
        specialization=p.specialization,
    )
)
CONCERNS.on(PeaceRecorded)(lambda p: (p.character,))
