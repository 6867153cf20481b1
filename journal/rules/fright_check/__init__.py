"""GURPS Fright Check: the ruleset object `RULESET` (see `journal.rules.Ruleset`).

Modules: `sheet` (character sheet), `modifiers` (the text's modifier list, validation,
derived modifiers), `table` (rows 4..40+ as data), `roll` (success rolls), `decide`,
`evolve`, `describe`, `commands`, `events`, `state`.

Dice purposes a FrightCheck may ask the DiceBox for (`--effect-dice PURPOSE=a,b`):

- `will`: 3d6, the Fright Check itself (never for an Unfazeable character);
- `table`: 3d6, the Fright Check Table, only on a failure;
- effect sub-rolls, only when the row read needs them: `stun` 1d (rows 10, 14-16) or
  2d (row 11); `fp` 1d (rows 14, 15, 20); `faint` 1d (rows 17, 18, 26, 27), 2d (row 19)
  or 4d (row 20); `panic` 1d (row 21); `coma` 1d (rows 29, 38-40); `catatonia` 1d
  (row 30); `seizure` 1d and `seizure_fp` 1d (row 31); `ht` 3d6, the HT roll of rows
  18, 26, 27 and 31; `injury` 1d (row 31 on a failed HT roll) or 2d (row 32);
  `reaction` 3d6, the total panic reaction (row 33).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from journal.dice import DiceBox
from journal.errors import RuleError
from journal.events import Event
from journal.rules.core import CampaignState, CharacterAdded, Meta
from journal.rules.fright_check import decide as _decide
from journal.rules.fright_check import describe as _describe
from journal.rules.fright_check import evolve as _evolve
from journal.rules.fright_check.commands import (
    COMMANDS,
    EndCombat,
    FrightCheck,
    NameTrait,
    StartCombat,
)
from journal.rules.fright_check.events import (
    CombatEnded,
    CombatStarted,
    FrightChecked,
    TraitNamed,
)
from journal.rules.fright_check.sheet import build_sheet
from journal.rules.fright_check.state import FrightState
from journal.rules.fright_check.table import EFFECT_DICE

__all__ = [
    "EFFECT_DICE",
    "RULESET",
    "CombatEnded",
    "CombatStarted",
    "EndCombat",
    "FrightCheck",
    "FrightCheckRules",
    "FrightChecked",
    "NameTrait",
    "StartCombat",
    "TraitNamed",
]


@dataclass(frozen=True)
class FrightCheckRules:
    name: str = "fright-check"
    option_defaults: Mapping[str, Any] = field(default_factory=dict)
    rules_version: str = "fc-1"
    commands: tuple[type, ...] = COMMANDS

    def parse_option(self, key: str, raw: str) -> Any:
        raise RuleError(f"the fright-check rules have no option {key!r}")

    def build_sheet(self, sheet: Mapping[str, Any]) -> Mapping[str, Any]:
        return build_sheet(sheet)

    def initial(self) -> FrightState:
        return FrightState()

    def evolve(self, state: CampaignState, payload: Event, meta: Meta) -> FrightState:
        return _evolve.evolve(state, payload, meta)

    def decide(self, state: CampaignState, command: object, dice: DiceBox) -> list[Event]:
        return _decide.decide(state, command, dice)

    def command_for(self, payload: Event) -> object | None:
        match payload:
            case FrightChecked():
                return FrightCheck(
                    character=payload.character,
                    threat=payload.threat,
                    kind=payload.kind,
                    monster=payload.monster,
                    count=payload.count,
                    body=payload.body,
                    mutilation=payload.mutilation,
                    dependent=payload.dependent,
                    heat_of_battle=payload.heat_of_battle,
                    touched=payload.touched,
                    distant=payload.distant,
                    remote=payload.remote,
                    isolated=payload.isolated,
                    dark=payload.dark,
                    alone=payload.alone,
                    report=payload.report,
                    cowardice_applies=payload.cowardice_applies,
                    daredevil=payload.daredevil,
                    higher_purpose=payload.higher_purpose,
                    xenophilia_applies=payload.xenophilia_applies,
                    extra=tuple((str(label), int(value)) for label, value in payload.extra),
                    previous_experience=payload.previous_experience,
                    exposures=payload.exposures,
                )
            case TraitNamed():
                return NameTrait(
                    character=payload.character,
                    for_seq=payload.for_seq,
                    name=payload.name,
                    points=payload.pending_points,
                    self_control=None if payload.worsened else payload.self_control,
                    worsen=payload.name if payload.worsened else None,
                )
            case CombatStarted(title=title, cast=cast):
                return StartCombat(title, tuple(cast))
            case CombatEnded():
                return EndCombat()
        return None

    def status(self, state: CampaignState) -> dict[str, Any]:
        rules = _decide.rules_of(state)
        combat = rules.combat
        result: dict[str, Any] = {}
        for name in state.characters:
            character = rules.get(name)
            if character is None:
                continue
            in_combat = combat is not None and combat.includes(name)
            result[name] = {
                "will": character.will,
                "ht": character.ht,
                "iq": character.iq,
                "quirks": [q.name for q in character.quirks],
                "disadvantages": [d.status() for d in character.disadvantages],
                "pending": [p.status() for p in character.pending],
                "points_lost": character.points_lost,
                "ht_lost": character.ht_lost,
                "iq_lost": character.iq_lost,
                "checks": character.checks,
                "ht_now": character.ht_now,
                "iq_now": character.iq_now,
                "traits": dict(character.traits),
                "physical": [d.status() for d in character.physical],
                "encounter": {"title": combat.title, "seq": combat.seq}
                if combat and in_combat
                else None,
                "history": [c.status() for c in character.history],
            }
        return result

    def concerns(self, payload: Event) -> tuple[str, ...]:
        match payload:
            case FrightChecked(character=name) | TraitNamed(character=name):
                return (name,)
            case CombatStarted(cast=cast):
                return tuple(cast)
            case CharacterAdded(name=name):
                return (name,)
        return ()

    def describe(self, payload: Event) -> str:
        return _describe.describe(payload)


RULESET = FrightCheckRules()
