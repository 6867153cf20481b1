"""The Horror Factor sub-system of the Tarafore System (see RULES.md, Part 1).

`RULESET` satisfies `journal.rules.Ruleset`; the command classes are exported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.dice import DiceBox
from journal.events import Event
from journal.rules.core import CampaignState, Meta
from journal.rules.horror_factor import describe as _describe
from journal.rules.horror_factor import sheet as _sheet
from journal.rules.horror_factor import tables
from journal.rules.horror_factor.commands import (
    COMMANDS,
    AdvanceTurn,
    Award,
    DropEnemy,
    EndEncounter,
    HorrorCheck,
    Peace,
    Rest,
    RollInitiative,
    Shift,
    Soak,
    StartEncounter,
)
from journal.rules.horror_factor.decide import decide as _decide
from journal.rules.horror_factor.evolve import evolve as _evolve
from journal.rules.horror_factor.inputs import command_for as _command_for
from journal.rules.horror_factor.state import HFState

__all__ = [
    "RULESET",
    "AdvanceTurn",
    "Award",
    "DropEnemy",
    "EndEncounter",
    "HFState",
    "HorrorCheck",
    "HorrorFactorRules",
    "Peace",
    "Rest",
    "RollInitiative",
    "Shift",
    "Soak",
    "StartEncounter",
]


class HorrorFactorRules:
    name: str = tables.NAME
    option_defaults: Mapping[str, Any] = tables.OPTION_DEFAULTS
    rules_version: str = tables.RULES_VERSION
    commands: tuple[type, ...] = COMMANDS

    def parse_option(self, key: str, raw: str) -> Any:
        return _sheet.parse_option(key, raw)

    def build_sheet(self, sheet: Mapping[str, Any]) -> Mapping[str, Any]:
        return _sheet.build_sheet(sheet)

    def initial(self) -> HFState:
        return HFState()

    def evolve(self, state: CampaignState, payload: Event, meta: Meta) -> HFState:
        return _evolve(state, payload, meta)

    def decide(self, state: CampaignState, command: object, dice: DiceBox) -> list[Event]:
        return _decide(state, command, dice)

    def command_for(self, payload: Event) -> object | None:
        return _command_for(payload)

    def status(self, state: CampaignState) -> dict[str, Any]:
        return _describe.status(state)

    def concerns(self, payload: Event) -> tuple[str, ...]:
        return _describe.concerns(payload)

    def describe(self, payload: Event) -> str:
        return _describe.describe(payload)


RULESET = HorrorFactorRules()
