"""The Horror Factor projection: characters, and the running encounter's per-character HF track.

Mappings inside these frozen Structs are never mutated: every change builds a new one.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from journal.plugin.rules import RulesState
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
    drops: int = 0
    participants: Mapping[str, Participant] = msgspec.field(default_factory=dict)


class HFState(msgspec.Struct, RulesState, frozen=True):
    characters: Mapping[str, Character] = msgspec.field(default_factory=dict)
    encounter: RunningEncounter | None = None
    #: catalog cause -> the campaign's players' wording of it (`journal wording`)
    wording: Mapping[str, str] = msgspec.field(default_factory=dict)


#: every class a Horror Factor state holds: what its snapshots may rebuild
STATE_CLASSES = (HFState, Character, RunningEncounter, Participant)


def hardness_label(specialization: str | None) -> str:
    return "Hardness" if specialization is None else f"Hardness ({specialization})"


def action_penalty(effective_hf: int, hardness: int) -> int:
    """The excess of HF over Hardness; no bonus when Hardness is higher."""
    return max(0, effective_hf - hardness)


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))
