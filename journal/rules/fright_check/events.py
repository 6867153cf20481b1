"""The events of a GURPS Fright Check campaign.

Payloads hold JSON-plain values only; sequences are tuples and mappings plain dicts, so
a payload read back from the store compares equal to the one the decider produced.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from journal.events import Event, event


def freeze(value: Any) -> Any:
    """Lists become tuples, mappings dicts, all the way down (the store's read-back form)."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, Mapping):
        return {str(k): freeze(v) for k, v in value.items()}
    return value


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
    dice: Mapping[str, Mapping[str, Any]]
    # results
    made: bool
    modifiers: tuple[Mapping[str, Any], ...]
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
    effects: tuple[Mapping[str, Any], ...]
    pending: tuple[Mapping[str, Any], ...]


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
