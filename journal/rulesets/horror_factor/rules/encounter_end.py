"""`journal encounter end [--do-or-die NAME ...] [--broken NAME ...]`: the running encounter
ends; the GM rules who hardened (do-or-die) and who broke.

Schema 2 of `EncounterEnded` records which Hardness (a specialization or the general one)
each result changed; its upcaster reads schema-1 payloads
(`tests/rulesets/horror_factor/fixtures/schema1.jsonl`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from msgspec import Struct
from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event, upcaster
from journal.rulesets.horror_factor.rules.hardening import already_ruled, break_, harden
from journal.rulesets.horror_factor.rules.lookup import character, participant, running
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    rules_of,
    shift_level,
    shift_numbers,
    with_character,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class EndEncounter(Command, frozen=True):
    do_or_die: tuple[str, ...] = ()
    broken: tuple[str, ...] = ()


class EndResult(Struct, frozen=True):
    """What an encounter's end did to one participant."""

    character: str
    outcome: str  # do-or-die | broken | none
    hardness_before: int
    hardness_after: int
    cap: int
    brokenness_before: int
    brokenness_after: int
    note: str
    specialization: str | None  # the Hardness that changed; None: the general one


@event
class EncounterEnded(Event, frozen=True):
    schema: ClassVar[int] = 2
    title: str
    turns: int
    do_or_die: tuple[str, ...]
    broken: tuple[str, ...]
    results: tuple[EndResult, ...]


@upcaster("EncounterEnded", 1)
def _end_of_the_general_hardness(data: dict[str, object]) -> dict[str, object]:
    """Schema 1's results changed the general Hardness."""
    results = data.get("results")
    rows = results if isinstance(results, list | tuple) else []
    return {
        **data,
        "results": [
            {**row, "specialization": None} if isinstance(row, dict) else row for row in rows
        ],
    }


def _names(state: CampaignState, names: Iterable[str], doing: str) -> tuple[str, ...]:
    found: list[str] = []
    for name in names:
        who = participant(state, name, doing, present=False)[0].name
        if who in found:
            raise RuleError(f"{who} is named twice: name each character once")
        found.append(who)
    return tuple(found)


def end_encounter(state: CampaignState, command: EndEncounter) -> EncounterEnded:
    encounter = running(state, "end an encounter")
    do_or_die = _names(state, command.do_or_die, "be named do-or-die")
    broken = _names(state, command.broken, "be named broken")
    both = [n for n in do_or_die if n in broken]
    if both:
        raise RuleError(
            f"{', '.join(both)} named both do-or-die and broken: the GM rules one or the other"
        )
    results: list[EndResult] = []
    for name in encounter.participants:
        who = character(state, name)
        spec = who.specialization_for(encounter.category)
        before = who.level(spec)
        hardness, brokenness, note, outcome = before, who.brokenness, "unchanged", "none"
        if name in do_or_die or name in broken:
            already_ruled(state, who, by_check=False)
        if name in do_or_die:
            hardness, note = harden(who, spec)
            outcome = "do-or-die"
        elif name in broken:
            brokenness, note = break_(who)
            outcome = "broken"
        results.append(
            EndResult(
                character=name,
                outcome=outcome,
                hardness_before=before,
                hardness_after=hardness,
                cap=who.cap,
                brokenness_before=who.brokenness,
                brokenness_after=brokenness,
                note=note,
                specialization=spec,
            )
        )
    return EncounterEnded(encounter.title, encounter.turn, do_or_die, broken, tuple(results))


DECIDE.on(EndEncounter)(lambda state, command, dice: [end_encounter(state, command)])


@EVOLVE.on(EncounterEnded)
def _ended(state: CampaignState, payload: EncounterEnded, meta: Meta) -> HFState:
    rules = rules_of(state)
    if rules.encounter is None:
        return rules
    rules = replace(rules, encounter=None)
    for result in payload.results:
        rules = shift_level(
            rules,
            result.character,
            result.specialization,
            result.hardness_after - result.hardness_before,
        )
        rules = shift_numbers(
            rules,
            result.character,
            brokenness=result.brokenness_after - result.brokenness_before,
        )
        who = rules.characters.get(result.character)
        if who is not None and result.outcome != "none":
            rules = with_character(rules, replace(who, incident_end=meta.seq))
    return rules


RECALL.on(EncounterEnded)(lambda p: EndEncounter(tuple(p.do_or_die), tuple(p.broken)))
CONCERNS.on(EncounterEnded)(lambda p: tuple(r.character for r in p.results))
