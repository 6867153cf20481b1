"""GURPS Fright Check, its pure rules: `RULESET` (see `journal.rules.ruleset.Ruleset`).

Modules: `sheet` (character sheet), `modifiers` (the text's modifier list, validation,
derived modifiers), `fright_table` (the Fright Check Table, rows 4..40+ as data), `roll`
(success rolls), `decide`, `evolve`, `recall` (the audit's recallers: the command behind
each ruling), `status` (the status numbers), `words` (the words rulings record),
`commands`, `events`, `state`, `concerns` (whom each event concerns). Every module here
is loaded (`load_modules`) before `RULESET` is made, and its commands and events are the
classes this package defines: a new command is one new module holding its command, its
events and their decider, fold, recaller and concerns, each registered on the tables
(`decide.DECIDE`, `evolve.EVOLVE`, `recall.RECALL`, `concerns.CONCERNS`). Its text is
`telling`, its handouts `narrator` (with `templates/`), its commands `cli`, beside this
package.

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

from collections.abc import Mapping, Sequence
from typing import ClassVar

from journal.plugin.rules import (
    Adjustment,
    CampaignState,
    CharacterStatus,
    Command,
    Concerns,
    Deciders,
    Event,
    Evolvers,
    JSONObject,
    Meta,
    Recallers,
    Ruleset,
    load_modules,
)
from journal.rulesets.fright_check.rules import corrected, fiat
from journal.rulesets.fright_check.rules import invariants as _invariants
from journal.rulesets.fright_check.rules import status as _status
from journal.rulesets.fright_check.rules.commands import (
    ChangeRow,
    EndCombat,
    FrightCheck,
    Heal,
    JoinCombat,
    LeaveCombat,
    NameTrait,
    Recover,
    Rest,
    StartCombat,
    TraitChoice,
)
from journal.rulesets.fright_check.rules.concerns import CONCERNS
from journal.rulesets.fright_check.rules.decide import DECIDE
from journal.rulesets.fright_check.rules.events import (
    CombatEnded,
    CombatStarted,
    FrightChecked,
    TraitNamed,
)
from journal.rulesets.fright_check.rules.evolve import EVOLVE
from journal.rulesets.fright_check.rules.fright_table import EFFECT_DICE
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.recall import RECALL
from journal.rulesets.fright_check.rules.sheet import build_sheet
from journal.rulesets.fright_check.rules.state import STATE_CLASSES, FrightState

load_modules(__name__)

__all__ = [
    "EFFECT_DICE",
    "RULESET",
    "ChangeRow",
    "CombatEnded",
    "CombatStarted",
    "EndCombat",
    "FrightCheck",
    "FrightCheckRules",
    "FrightChecked",
    "Heal",
    "JoinCombat",
    "LeaveCombat",
    "NameTrait",
    "Recover",
    "Rest",
    "StartCombat",
    "TraitChoice",
    "TraitNamed",
]


class FrightCheckRules(Ruleset):
    name = "fright-check"
    summary = "the GURPS Fright Check: modifiers, the Rule of 14, the table 4 to 40+"
    rules_version = "fc-1"
    state_classes = STATE_CLASSES
    deciders: ClassVar[Deciders[CampaignState]] = DECIDE
    evolvers: ClassVar[Evolvers[CampaignState, Meta, FrightState]] = EVOLVE
    recallers: ClassVar[Recallers] = RECALL
    concerners: ClassVar[Concerns] = CONCERNS
    adjustable = fiat.ADJUSTABLE
    amendable = corrected.AMENDABLE
    invariants = _invariants.INVARIANTS

    def adjust(self, state: CampaignState, character: str, number: str, value: str) -> Adjustment:
        return fiat.adjust(state, character, number, value)

    def amend(self, payload: Event, command: Command, inputs: Mapping[str, str]) -> Command:
        return corrected.amend(payload, command, inputs)

    def dice_purpose(self, payload: Event) -> str | None:
        """`amend SEQ --dice A,B,C` corrects a Fright Check's Will roll (`--dice table=...`
        its table roll)."""
        if payload.type == "FrightChecked":
            return "will"
        return super().dice_purpose(payload)

    def build_sheet(self, sheet: JSONObject) -> JSONObject:
        return build_sheet(sheet)

    def initial(self) -> FrightState:
        return FrightState()

    def status(self, state: CampaignState) -> Mapping[str, CharacterStatus]:
        return _status.status(state)

    def status_of(self, state: CampaignState, name: str) -> CharacterStatus | None:
        return _status.status_of(state, name)

    def completions(self, state: CampaignState, slot: str) -> Sequence[str]:
        """Names with a running combat's cast first; the threats and kinds already checked
        against (most recent first); each character's disadvantages (for `--worsen`)."""
        if slot == "character":
            return super().completions(state, slot)
        rules = rules_of(state)
        checks = sorted(
            (check for who in rules.characters.values() for check in who.history),
            key=lambda check: -check.seq,
        )
        if slot == "threat":
            return list(dict.fromkeys(check.threat for check in checks))
        if slot == "kind":
            return list(dict.fromkeys(check.kind for check in checks if check.kind))
        if slot == "disadvantage":
            found = [d.name for who in rules.characters.values() for d in who.disadvantages]
            return sorted(set(found))
        return []

    def fight_cast(self, state: CampaignState) -> Sequence[str]:
        fight = rules_of(state).combat
        return fight.cast if fight else ()


RULESET = FrightCheckRules()
