"""`journal check NAME [--hf N] [--category C]`: a Horror Check, Willpower + Hardness - HF
and the +d10 -d10 pair against 10. A pass hardens, a failure breaks, an exceptional failure
costs a level of Hardness too. Without --hf it is about the last encounter faced (one
incident, one change: see `hardening`).

Schema 2 of `HorrorChecked` records which incident a check concerns and which Hardness (a
specialization or the general one) it changed; its upcaster reads schema-1 payloads
(`tests/rulesets/horror_factor/fixtures/schema1.jsonl`)."""

from __future__ import annotations

from typing import ClassVar

from msgspec.structs import replace

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    Meta,
    RuleError,
    Stake,
    Terms,
    event,
    upcaster,
)
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.hardening import already_ruled, break_, harden, option
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    hardness_label,
    rules_of,
    shift_level,
    shift_numbers,
    with_character,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL

INITIAL_HF_OF = "initial HF of "


class HorrorCheck(Command, frozen=True):
    character: str
    hf: int | None = None
    category: str | None = None  # the horror's category (a specialization may apply)


@event
class HorrorChecked(Event, frozen=True):
    schema: ClassVar[int] = 2
    character: str
    hf_given: int | None
    category: str | None  # as the GM gave it (`check --category`)
    encounter: str | None  # the encounter it is about; None: a horror of its own (`--hf`)
    specialization: str | None  # the Hardness it changes; None: the general one
    hf: int
    hf_source: str
    dice: Dice
    willpower: int
    hardness: int
    hardness_label: str
    total: int
    target: int
    terms: Terms
    result: str  # pass | fail | exceptional-failure
    exceptional_margin: int
    cap: int
    hardness_before: int
    hardness_after: int
    brokenness_before: int
    brokenness_after: int
    note: str


@upcaster("HorrorChecked", 1)
def _check_about_its_encounter(data: dict[str, object]) -> dict[str, object]:
    """Schema 1 had no incident: a check without a given HF was about the encounter its
    `hf_source` names ("initial HF of Cellar"). It changed the general Hardness."""
    source = str(data.get("hf_source", ""))
    about = None
    if data.get("hf_given") is None and source.startswith(INITIAL_HF_OF):
        about = source.removeprefix(INITIAL_HF_OF)
    return {**data, "category": None, "encounter": about, "specialization": None}


def horror_check(state: CampaignState, command: HorrorCheck, dice: DiceBox) -> HorrorChecked:
    who = character(state, command.character)
    category = category_name(command.category) if command.category else None
    encounter: str | None = None
    if command.hf is not None:
        if command.hf < 0:
            raise RuleError(f"a Horror Factor is 0 or more, not {command.hf}")
        if command.hf > catalog.HF_NUMBER_MAX:
            raise RuleError(
                f"a Horror Factor of {command.hf} is more than {catalog.HF_NUMBER_MAX}: the "
                "text's table runs 0 to 6 before modifiers"
            )
        hf, source = command.hf, "given"
    elif who.last_hf is not None:
        if command.category is not None and category != who.last_category:
            had = f"category {who.last_category}" if who.last_category else "no category"
            raise RuleError(
                f"{who.name}'s check without --hf is about {who.last_encounter!r}, which had "
                f"{had}: leave --category out, or give --hf N for a horror of its own"
            )
        already_ruled(state, who, by_check=True)
        hf, source = who.last_hf, f"initial HF of {who.last_encounter}"
        encounter, category = who.last_encounter, who.last_category
    else:
        raise RuleError(
            f"no HF is known for {who.name}'s Horror Check: {who.name} has faced no encounter "
            "yet; give the horror's HF with --hf N"
        )
    spec = who.specialization_for(category)
    hardness, label = who.level(spec), hardness_label(spec)
    margin = int(option(state, "exceptional_margin"))
    base = who.willpower + hardness - hf
    plus, minus = dice.roll("check", 2, 10, Stake(at_least=catalog.CHECK_TARGET - base)).faces
    terms: Terms = (
        ("Willpower", who.willpower),
        (label, hardness),
        (f"HF ({source})", -hf),
        ("+d10", plus),
        ("-d10", -minus),
    )
    total = sum(value for _, value in terms)
    hardness_after, brokenness_after = hardness, who.brokenness
    if total >= catalog.CHECK_TARGET:
        result = "pass"
        hardness_after, note = harden(who, spec)
    else:
        brokenness_after, note = break_(who)
        result = "fail"
        if total <= catalog.CHECK_TARGET - margin:
            result = "exceptional-failure"
            hardness_after = max(0, hardness - 1)
            loss = (
                f"{label} {hardness} to {hardness_after}"
                if hardness_after != hardness
                else f"{label} stays 0 (not below 0)"
            )
            note += (
                f"; exceptional failure (total {total} <= {catalog.CHECK_TARGET} - {margin}): "
                + loss
            )
    return HorrorChecked(
        character=who.name,
        hf_given=command.hf,
        category=category_name(command.category) if command.category else None,
        encounter=encounter,
        specialization=spec,
        hf=hf,
        hf_source=source,
        dice=dice.rolled(),
        willpower=who.willpower,
        hardness=hardness,
        hardness_label=label,
        total=total,
        target=catalog.CHECK_TARGET,
        terms=terms,
        result=result,
        exceptional_margin=margin,
        cap=who.cap,
        hardness_before=hardness,
        hardness_after=hardness_after,
        brokenness_before=who.brokenness,
        brokenness_after=brokenness_after,
        note=note,
    )


DECIDE.on(HorrorCheck)(lambda state, command, dice: [horror_check(state, command, dice)])


@EVOLVE.on(HorrorChecked)
def _checked(state: CampaignState, payload: HorrorChecked, meta: Meta) -> HFState:
    rules = shift_level(
        rules_of(state),
        payload.character,
        payload.specialization,
        payload.hardness_after - payload.hardness_before,
    )
    rules = shift_numbers(
        rules, payload.character, brokenness=payload.brokenness_after - payload.brokenness_before
    )
    who = rules.characters.get(payload.character)
    if (
        who is not None
        and payload.encounter is not None
        and (payload.encounter == who.last_encounter)
    ):
        rules = with_character(rules, replace(who, incident_check=meta.seq))
    return rules


RECALL.on(HorrorChecked)(lambda p: HorrorCheck(p.character, p.hf_given, p.category))
CONCERNS.on(HorrorChecked)(lambda p: (p.character,))
