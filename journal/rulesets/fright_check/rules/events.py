"""The events of a GURPS Fright Check campaign.

Modifiers and pending traits are typed; a table effect is a JSON object whose keys depend
on its kind (see `journal.rulesets.fright_check.rules.fright_table`), kept as plain lists
and dicts so a payload read back from the store compares equal to the one the decider produced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from msgspec import Struct

from journal.plugin.rules import Dice, Event, JSONObject, Terms, event, upcaster


@dataclass(frozen=True)
class Modifier:
    """One itemized Fright Check modifier: `given` by the GM or `derived` by the journal."""

    label: str
    value: int
    source: str


class PendingTrait(Struct, frozen=True):
    """A trait a table row gives, waiting for the GM to name it."""

    kind: str  # quirk | mental | delusion | physical | self-control-or-new
    points: int


@event
class FrightChecked(Event, frozen=True):
    """A Fright Check: its inputs (every flag and override as given, the dice, the game
    time used for the 24-hour window) and its results with their terms.

    Schema 2 adds the GM's change of the row (`change_to`, `change_reason`) and the row the
    dice gave (`rolled_row`; `row` is the one applied)."""

    schema: ClassVar[int] = 2
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
    change_to: int | None
    change_reason: str | None
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
    rolled_row: int | None
    row: int | None
    effects: tuple[JSONObject, ...]
    pending: tuple[PendingTrait, ...]
    #: the threat as players read it: given with this check or with an earlier one of the
    #: same threat (None: handouts show its id in words)
    threat_name: str | None = None


@upcaster("FrightChecked", 1)
def _row_as_rolled(data: dict[str, object]) -> dict[str, object]:
    """Schema 1 had no GM's change of row: the row applied is the one the dice gave."""
    return {**data, "change_to": None, "change_reason": None, "rolled_row": data.get("row")}


@event
class FrightRowChanged(Event, frozen=True):
    """The GM changes a recorded check's row to "something more appropriate": the old row's
    effects are taken back (its pending traits, lasting conditions, FP, HP and attribute
    losses) and the new row's applied; the rolled row stays on record."""

    character: str
    for_seq: int
    reason: str
    rolled_row: int
    row_before: int
    row: int
    dice: Dice
    effects: tuple[JSONObject, ...]
    pending: tuple[PendingTrait, ...]
    fp_before: int
    fp_after: int
    hp_before: int
    hp_after: int
    ht_lost_change: int
    iq_lost_change: int


@event
class RecoveryRolled(Event, frozen=True):
    """A recovery roll against the target a table row gave (stun, retching, faint, panic,
    coma, catatonia, total panic). Made: the condition ends. Failed: it goes on; a coma or
    a catatonia for `more` (another 1d hours or days), a total panic with a new `reaction`.
    A catatonia's days without medical care cost HP (`care_terms`: 1 the first day, 2 the
    second, and so on)."""

    character: str
    for_seq: int
    condition: str
    against: str
    target: int
    every: str
    attempt: int
    dice: Dice
    roll: int
    success: bool
    critical: bool
    margin: int
    care: bool
    care_terms: Terms
    hp_before: int
    hp_after: int
    more: JSONObject | None
    reaction: JSONObject | None
    lasted: JSONObject | None  # a coma's or catatonia's whole length so far
    #: inside the window after an earlier coma or catatonia: the target's terms (the row's
    #: target, then -2); empty outside one (and in the events older journals wrote)
    terms: Terms = ()


@event
class Healed(Event, frozen=True):
    """HP or FP regained (first aid, time), never past the maximum."""

    character: str
    hp: int
    fp: int
    hp_before: int
    hp_after: int
    hp_max: int
    fp_before: int
    fp_after: int
    fp_max: int


class Ended(Struct, frozen=True):
    """A lasting condition a night's rest ended: its kind, and the check it came from."""

    kind: str
    seq: int


class FatigueChange(Struct, frozen=True):
    character: str
    before: int
    after: int
    max: int
    ended: tuple[Ended, ...]


@event
class RestRecorded(Event, frozen=True):
    """A night's rest: FP back to the maximum, stun, retching, faint and panic over."""

    characters: tuple[str, ...]
    everyone: bool
    changes: tuple[FatigueChange, ...]


@event
class TraitNamed(Event, frozen=True):
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
class CombatStarted(Event, frozen=True):
    title: str
    cast: tuple[str, ...]


@event
class CombatEnded(Event, frozen=True):
    title: str


@event
class CombatJoined(Event, frozen=True):
    title: str
    character: str
    cast: tuple[str, ...]  # the combat's cast from now on


@event
class CombatLeft(Event, frozen=True):
    title: str
    character: str
    reason: str
    cast: tuple[str, ...]  # the combat's cast from now on
