"""Horror Factor events: each records its inputs and its derived results with their terms.

A `Change` (in `changes`, `results`) is a plain mapping so it stays JSON-plain:
HF track changes read `{"character", "before", "after", "reason", "terms"}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from journal.events import Event, Terms, event

Dice = Mapping[str, Mapping[str, Any]]
Change = Mapping[str, Any]


@event
@dataclass(frozen=True)
class EncounterStarted(Event):
    title: str
    hf_given: str
    cast: tuple[str, ...]
    outnumbered: bool
    ambush: bool
    creepy: int
    category: str | None
    base_hf: int
    hf: int  # the initial HF every participant faces on turn 1
    terms: Terms


@event
@dataclass(frozen=True)
class TurnAdvanced(Event):
    turn: int  # the new turn
    changes: tuple[Change, ...]


@event
@dataclass(frozen=True)
class InitiativeRolled(Event):
    character: str
    turn: int
    dice: Dice
    reaction: int
    hf: int
    soak: int
    effective_hf: int
    hardness: int
    hardness_label: str
    action_penalty: int
    total: int
    terms: Terms
    can_act: bool
    defense_penalty: int


@event
@dataclass(frozen=True)
class WillpowerSoaked(Event):
    character: str
    turn: int
    points: int
    willpower_before: int
    willpower_after: int
    soak_before: int
    soak_after: int
    hf: int
    effective_hf: int
    hardness: int
    action_penalty: int
    terms: Terms


@event
@dataclass(frozen=True)
class HorrorFactorShifted(Event):
    character: str | None  # None: the GM shifted every participant
    cause: str
    delta: int | None  # as the GM gave it; None: the catalog's
    applied: int  # the delta applied to each named participant
    catalog: bool
    group: bool
    turn: int
    changes: tuple[Change, ...]


@event
@dataclass(frozen=True)
class EnemyDropped(Event):
    character: str
    turn: int
    number: int  # 1 for the encounter's first enemy dropped
    changes: tuple[Change, ...]


@event
@dataclass(frozen=True)
class EncounterEnded(Event):
    title: str
    turns: int
    do_or_die: tuple[str, ...]
    broken: tuple[str, ...]
    #: per participant: character, outcome (do-or-die|broken|none), hardness_before/after,
    #: cap, brokenness_before/after, note
    results: tuple[Change, ...]


@event
@dataclass(frozen=True)
class HorrorChecked(Event):
    character: str
    hf_given: int | None
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


@event
@dataclass(frozen=True)
class Rested(Event):
    characters: tuple[str, ...]
    everyone: bool
    victory: bool
    points: int | None
    changes: tuple[Change, ...]  # character, before, after, max


@event
@dataclass(frozen=True)
class PeaceRecorded(Event):
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


@event
@dataclass(frozen=True)
class HardnessAwarded(Event):
    character: str
    levels: int
    reason: str
    specialization: str | None
    cap: int
    hardness_before: int
    hardness_after: int


RULINGS: tuple[type[Event], ...] = (
    EncounterStarted,
    TurnAdvanced,
    InitiativeRolled,
    WillpowerSoaked,
    HorrorFactorShifted,
    EnemyDropped,
    EncounterEnded,
    HorrorChecked,
    Rested,
    PeaceRecorded,
    HardnessAwarded,
)
