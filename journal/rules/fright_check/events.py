"""The events of a GURPS Fright Check campaign.

Modifiers and pending traits are typed; a table effect is a JSON object whose keys depend
on its kind (see `journal.rules.fright_check.table`), kept as plain lists and dicts so a
payload read back from the store compares equal to the one the decider produced.
"""

from __future__ import annotations

from dataclasses import dataclass

from journal.events import Dice, Event, JSONObject, event


@dataclass(frozen=True)
class Modifier:
    """One itemized Fright Check modifier: `given` by the GM or `derived` by the journal."""

    label: str
    value: int
    source: str


@dataclass(frozen=True)
class PendingTrait:
    """A trait a table row gives, waiting for the GM to name it."""

    kind: str  # quirk | mental | delusion | physical | self-control-or-new
    points: int


@event
@dataclass(frozen=True)
class FrightChecked(Event):
    """A Fright Check: its inputs (every flag and override as given, the dice, the game
    time used for the 24-hour window) and its results with their terms."""

    # inputs
    character: str
    threat: str
    kind: str | None
    monster: int
    count: int | None
    body: str | None
    mutilation: int
    dependent: bool
    heat_of_battle: bool | None
    touched: bool
    distant: bool
    remote: bool
    isolated: bool
    dark: bool
    alone: bool
    report: int
    cowardice_applies: bool
    daredevil: bool
    higher_purpose: bool
    xenophilia_applies: bool
    extra: tuple[tuple[str, int], ...]
    previous_experience: bool | None
    exposures: int | None
    game_time: str | None
    dice: Dice
    # results
    made: bool
    modifiers: tuple[Modifier, ...]
    will: int
    modified_will: int | None
    effective_will: int | None
    roll: int | None
    success: bool | None
    critical: bool
    margin: int | None
    failure_margin: int | None
    table_roll: int | None
    table_total: int | None
    row: int | None
    effects: tuple[JSONObject, ...]
    pending: tuple[PendingTrait, ...]


@event
@dataclass(frozen=True)
class TraitNamed(Event):
    """The GM names a pending acquired trait of the check at `for_seq`.

    A new trait has `points` and maybe `self_control`; a worsened one (`worsened` True)
    names the existing disadvantage, its self-control number before and after, and its
    points before and after. `points_change` is the change to the character's point
    value (negative).
    """

    character: str
    for_seq: int
    pending_kind: str
    pending_points: int
    name: str
    points: int
    self_control: int | None
    worsened: bool
    previous_self_control: int | None
    previous_points: int | None
    points_change: int


@event
@dataclass(frozen=True)
class CombatStarted(Event):
    title: str
    cast: tuple[str, ...]


@event
@dataclass(frozen=True)
class CombatEnded(Event):
    title: str


EVENTS: tuple[type[Event], ...] = (FrightChecked, TraitNamed, CombatStarted, CombatEnded)
