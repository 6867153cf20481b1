"""Horror Factor events: each records its inputs and its derived results with their terms.

The changes an event records are typed too (`TrackChange`, `EndResult`,
`WillpowerChange`); stored, each is a JSON object with the same keys as its fields.
"""

from __future__ import annotations

from dataclasses import dataclass

from journal.events import Dice, Event, Terms, event


@dataclass(frozen=True)
class TrackChange:
    """One participant's HF moved: from, to, why, and the terms that show it."""

    character: str
    before: int
    after: int
    reason: str
    terms: Terms


@dataclass(frozen=True)
class EndResult:
    """What an encounter's end did to one participant."""

    character: str
    outcome: str  # do-or-die | broken | none
    hardness_before: int
    hardness_after: int
    cap: int
    brokenness_before: int
    brokenness_after: int
    note: str


@dataclass(frozen=True)
class WillpowerChange:
    """One character's current Willpower, restored by rest or a victory."""

    character: str
    before: int
    after: int
    max: int


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
    changes: tuple[TrackChange, ...]


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
    changes: tuple[TrackChange, ...]


@event
@dataclass(frozen=True)
class EnemyDropped(Event):
    character: str
    turn: int
    number: int  # 1 for the encounter's first enemy dropped
    changes: tuple[TrackChange, ...]


@event
@dataclass(frozen=True)
class EncounterEnded(Event):
    title: str
    turns: int
    do_or_die: tuple[str, ...]
    broken: tuple[str, ...]
    results: tuple[EndResult, ...]


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
    changes: tuple[WillpowerChange, ...]


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


EVENTS: tuple[type[Event], ...] = (
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
