"""The Horror Factor projection: characters, and the running encounter's per-character HF track;
and how the folds change them.

Mappings inside these frozen Structs are never mutated: every change builds a new one. A
recorded change lands as its difference (after - before) on the number as it stands, so
when the GM voids an earlier event the later changes still land where the GM expects
(grabbed +2 voided: the next turn's -1 comes off the lower HF). What an event leaves as it
was stays the very same object (`msgspec.structs.replace`, in C).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import msgspec
from msgspec.structs import replace

from journal.plugin.rules import CampaignState, RulesState, Term
from journal.rulesets.horror_factor.rules import catalog


class Character(msgspec.Struct, frozen=True):
    name: str
    reaction: int
    willpower_max: int
    willpower: int  # current
    hardness: int  # general
    training: str
    specializations: Mapping[str, int] = msgspec.field(default_factory=dict)
    brokenness: int = 0
    peak_hardness: int = 0  # the highest general Hardness ever held
    last_hf: int | None = None  # the initial HF of the last encounter faced
    last_encounter: str | None = None
    last_category: str | None = None
    #: the highest level each specialization ever held ("half your total Hardness")
    spec_peaks: Mapping[str, int] = msgspec.field(default_factory=dict)
    #: the last encounter's incident: the seq of its end that named this character
    #: (do-or-die or broken) and of a Horror Check about it, None while neither happened
    incident_end: int | None = None
    incident_check: int | None = None
    #: the seq of an award (or the GM's adjustment) of Hardness: past the training cap
    #: is then the GM's ruling, not a slip
    awarded: int | None = None

    @property
    def cap(self) -> int:
        return catalog.HARDENING_CAP.get(self.training, catalog.HARDNESS_MAX)

    def hardness_for(self, category: str | None) -> tuple[int, str]:
        """The Hardness that applies against `category`, and its label for the terms."""
        specialization = self.specialization_for(category)
        return self.level(specialization), hardness_label(specialization)

    def specialization_for(self, category: str | None) -> str | None:
        """The specialization an event of this category names for this character."""
        return category if category is not None and category in self.specializations else None

    def level(self, specialization: str | None) -> int:
        if specialization is None:
            return self.hardness
        return self.specializations.get(specialization, self.hardness)

    def peak(self, specialization: str | None) -> int:
        if specialization is None:
            return max(self.peak_hardness, self.hardness)
        level = self.level(specialization)
        return max(self.spec_peaks.get(specialization, level), level)


class Participant(msgspec.Struct, frozen=True):
    name: str
    hf: int  # the stored track, before soak
    soak: int = 0  # Willpower soaked this turn
    initiative: int | None = None  # this turn's total, None before the roll
    can_act: bool | None = None
    defense_penalty: int = 0
    left: str | None = None  # why they are out of the fight (fled, knocked out), if they are
    dropped: int | None = None  # the seq of their first enemy dropped this turn (they acted)

    @property
    def effective_hf(self) -> int:
        return max(0, self.hf - self.soak)


class RunningEncounter(msgspec.Struct, frozen=True):
    """The encounter under way: its turn, its enemies dropped and each participant's
    track (the handouts' `Encounter` is the document a recap draws of one)."""

    title: str
    category: str | None
    ambush: bool
    initial_hf: int
    turn: int = 1
    threat: str | None = None  # the source it was started against (`--threat ID`)
    drops: int = 0
    participants: Mapping[str, Participant] = msgspec.field(default_factory=dict)


class Source(msgspec.Struct, frozen=True):
    """An encounter's source as a thing (`threat add`): what players read for it, its Horror
    Factor (a preset or a number, as given) and its category; an encounter started against
    it (`--threat ID`) inherits each one it does not give."""

    threat: str
    seq: int
    name: str | None = None
    hf: str | None = None
    category: str | None = None
    faced: int = 0  # encounters started against it


class HFState(msgspec.Struct, RulesState, frozen=True):
    characters: Mapping[str, Character] = msgspec.field(default_factory=dict)
    encounter: RunningEncounter | None = None
    #: catalog cause -> the campaign's players' wording of it (`journal wording`)
    wording: Mapping[str, str] = msgspec.field(default_factory=dict)
    #: threat id -> the encounter source it names (`threat add`)
    threats: Mapping[str, Source] = msgspec.field(default_factory=dict)


#: every class a Horror Factor state holds: what its snapshots may rebuild
STATE_CLASSES = (HFState, Character, RunningEncounter, Participant, Source)


def hardness_label(specialization: str | None) -> str:
    return "Hardness" if specialization is None else f"Hardness ({specialization})"


def action_penalty(effective_hf: int, hardness: int) -> int:
    """The excess of HF over Hardness; no bonus when Hardness is higher."""
    return max(0, effective_hf - hardness)


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def rules_of(state: CampaignState) -> HFState:
    return state.rules if isinstance(state.rules, HFState) else HFState()


@lru_cache(maxsize=1024)  # a campaign's few tracks and levels: the audit asks 10,000s
def penalty_term(hf: int, soak: int, hardness: int, label: str) -> Term:
    penalty = action_penalty(max(0, hf - soak), hardness)
    text = f"HF {hf}" + (f" - soak {soak}" if soak else "") + f" - {label} {hardness}"
    if max(0, hf - soak) < hardness:
        text += " (no bonus)"
    return text, -penalty


# --- how the folds change a character ----------------------------------------------------


def with_character(rules: HFState, who: Character) -> HFState:
    return replace(rules, characters={**rules.characters, who.name: who})


def set_numbers(
    rules: HFState,
    name: str,
    *,
    hardness: int | None = None,
    brokenness: int | None = None,
    willpower: int | None = None,
) -> HFState:
    who = rules.characters.get(name)
    if who is None:
        return rules
    now = (who.hardness, who.peak_hardness, who.brokenness, who.willpower)
    hard, peak, broken, will = now
    if hardness is not None:
        hard = clamp(hardness, 0, catalog.HARDNESS_MAX)
        peak = max(peak, hard)
    if brokenness is not None:
        broken = clamp(brokenness, 0, catalog.BROKENNESS_MAX)
    if willpower is not None:
        will = clamp(willpower, 0, who.willpower_max)
    if (hard, peak, broken, will) == now:
        return rules  # nothing moved (a shift of 0, or one the bounds held)
    return with_character(
        rules,
        replace(who, hardness=hard, peak_hardness=peak, brokenness=broken, willpower=will),
    )


def shift_numbers(
    rules: HFState, name: str, *, hardness: int = 0, brokenness: int = 0, willpower: int = 0
) -> HFState:
    """Apply recorded differences to the numbers as they stand now."""
    who = rules.characters.get(name)
    if who is None:
        return rules
    return set_numbers(
        rules,
        name,
        hardness=who.hardness + hardness,
        brokenness=who.brokenness + brokenness,
        willpower=who.willpower + willpower,
    )


def shift_level(rules: HFState, name: str, spec: str | None, delta: int) -> HFState:
    """A recorded change of one Hardness: the general one, or a specialization (which
    starts from the general Hardness when the character has none of that name yet)."""
    who = rules.characters.get(name)
    if who is None or delta == 0:
        return rules
    if spec is None:
        return shift_numbers(rules, name, hardness=delta)
    level = clamp(who.level(spec) + delta, 0, catalog.HARDNESS_MAX)
    specs = dict(sorted({**who.specializations, spec: level}.items()))
    peaks = {**who.spec_peaks, spec: max(who.peak(spec), level)}
    return with_character(rules, replace(who, specializations=specs, spec_peaks=peaks))


def faces(who: Character, hf: int, title: str, category: str | None) -> Character:
    """A character facing a new encounter: a new incident, nothing ruled about it yet."""
    return replace(
        who,
        last_hf=hf,
        last_encounter=title,
        last_category=category,
        incident_end=None,
        incident_check=None,
    )
