"""Horror Factor events: each records its inputs and its derived results with their terms.

The changes an event records are typed too (`TrackChange`, `EndResult`,
`WillpowerChange`); stored, each is a JSON object with the same keys as its fields.

Schema 2 of `HorrorChecked`, `EncounterEnded` and `PeaceRecorded` records which incident a
check concerns and which Hardness (a specialization or the general one) a ruling changed;
their upcasters read schema-1 payloads (`tests/rulesets/horror_factor/fixtures/schema1.jsonl`).
"""

from __future__ import annotations

from typing import ClassVar

from msgspec import Struct

from journal.plugin.rules import Dice, Event, Terms, event, upcaster


class TrackChange(Struct, frozen=True):
    """One participant's HF moved: from, to, why, and the terms that show it."""

    character: str
    before: int
    after: int
    reason: str
    terms: Terms


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


class WillpowerChange(Struct, frozen=True):
    """One character's current Willpower, restored by rest or a victory."""

    character: str
    before: int
    after: int
    max: int


@event
class EncounterStarted(Event, frozen=True):
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
class TurnAdvanced(Event, frozen=True):
    turn: int  # the new turn
    changes: tuple[TrackChange, ...]


@event
class InitiativeRolled(Event, frozen=True):
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
class WillpowerSoaked(Event, frozen=True):
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
class HorrorFactorShifted(Event, frozen=True):
    character: str | None  # None: the GM shifted every participant
    cause: str
    delta: int | None  # as the GM gave it; None: the catalog's
    applied: int  # the delta applied to each named participant
    catalog: bool
    group: bool
    turn: int
    changes: tuple[TrackChange, ...]
    #: what players read: the GM's words for this shift (`--as`), and the campaign's
    #: wording of the catalog cause in force when it was recorded (`journal wording`)
    told: str | None = None
    wording: str | None = None


@event
class WordingSet(Event, frozen=True):
    """The players' wording of a catalog cause, for the shifts recorded from now on
    (`text` None: the catalog's own words again)."""

    cause: str
    text: str | None
    previous: str | None


@event
class EnemyDropped(Event, frozen=True):
    character: str
    turn: int
    number: int  # 1 for the encounter's first enemy dropped
    changes: tuple[TrackChange, ...]


@event
class EncounterJoined(Event, frozen=True):
    """A character enters the running encounter late, or comes back after leaving it."""

    character: str
    turn: int
    hf: int  # the HF they face from now on
    terms: Terms
    rejoined: bool


@event
class EncounterLeft(Event, frozen=True):
    """A character is out of the fight: their HF stays as it is, no decay, no shifts."""

    character: str
    turn: int
    reason: str
    hf: int


@event
class EncounterEnded(Event, frozen=True):
    schema: ClassVar[int] = 2
    title: str
    turns: int
    do_or_die: tuple[str, ...]
    broken: tuple[str, ...]
    results: tuple[EndResult, ...]


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


@event
class Rested(Event, frozen=True):
    characters: tuple[str, ...]
    everyone: bool
    victory: bool
    points: int | None
    changes: tuple[WillpowerChange, ...]


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


@event
class HardnessAwarded(Event, frozen=True):
    character: str
    levels: int
    reason: str
    specialization: str | None
    cap: int
    hardness_before: int
    hardness_after: int


INITIAL_HF_OF = "initial HF of "


@upcaster("HorrorChecked", 1)
def _check_about_its_encounter(data: dict[str, object]) -> dict[str, object]:
    """Schema 1 had no incident: a check without a given HF was about the encounter its
    `hf_source` names ("initial HF of Cellar"). It changed the general Hardness."""
    source = str(data.get("hf_source", ""))
    about = None
    if data.get("hf_given") is None and source.startswith(INITIAL_HF_OF):
        about = source.removeprefix(INITIAL_HF_OF)
    return {**data, "category": None, "encounter": about, "specialization": None}


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


@upcaster("PeaceRecorded", 1)
def _peace_of_the_general_hardness(data: dict[str, object]) -> dict[str, object]:
    return {**data, "specialization": None}
