"""GURPS Fright Check, its pure rules: `RULESET` (see `journal.rules.ruleset.Ruleset`).

A command lives in one module of this package, named as the GM types it (`fright`,
`change_row`, `trait`, `recover`, `heal`, `rest`, `encounter_start`, `encounter_end`,
`encounter_join`, `encounter_leave`): its command, its events, and their decider, fold,
recaller and concerns, each registered by decorator on the tables of `tables` (`DECIDE`,
`EVOLVE`, `RECALL`, `CONCERNS`). Every module here is loaded (`load_modules`) before
`RULESET` is made, and its commands and events are the classes this package defines: no
list names them.

What several commands share has a module of its own: `fright_table` (the Fright Check
Table, rows 4..40+ as data, and the effects a row gives), `modifiers` (the text's modifier
list, validated and itemized), `state` (the state), `lookup` (a character and the running
combat, for a decider), `effects` (what a row's effects do to a character), `roll` (success
rolls), `timed` (conditions that end by the clock), `words` (the words rulings record),
`sheet` (the sheet; the folds of a character added or renamed), `fiat` (`adjust`),
`corrected` (`amend`), `status`, `invariants`. Its text is `telling`, its handouts
`narrator` (with `templates/`), its commands `cli`, beside this package.
"""

from __future__ import annotations

from collections import Counter
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
    ThreatEntry,
    load_modules,
)
from journal.rulesets.fright_check.rules import corrected, fiat
from journal.rulesets.fright_check.rules import invariants as _invariants
from journal.rulesets.fright_check.rules import status as _status
from journal.rulesets.fright_check.rules.fright import FrightCheck
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.sheet import build_sheet
from journal.rulesets.fright_check.rules.state import STATE_CLASSES, FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.threats import threat_terms
from journal.rulesets.fright_check.rules.traits import CATALOG, owned

load_modules(__name__)


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
    #: a Fright Check may be rolled behind the screen (`fright --sealed`)
    sealable = (FrightCheck,)

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
            described = sorted(rules.threats.values(), key=lambda t: -t.seq)
            return list(
                dict.fromkeys([*(t.threat for t in described), *(c.threat for c in checks)])
            )
        if slot == "kind":
            return list(dict.fromkeys(check.kind for check in checks if check.kind))
        if slot == "disadvantage":
            found = [d.name for who in rules.characters.values() for d in who.disadvantages]
            return sorted(set(found))
        if slot == "trait":  # those on a sheet, then the rest the journal knows
            held = sorted({n for who in rules.characters.values() for n in owned(who)})
            return list(dict.fromkeys([*held, *(k.name for k in CATALOG)]))
        return []

    def threats(self, state: CampaignState) -> Sequence[ThreatEntry]:
        """The threats described (`threat add`, a first check), with what they carry."""
        rules = rules_of(state)
        faced = Counter(check.threat for who in rules.characters.values() for check in who.history)
        return [
            ThreatEntry(
                record.threat,
                record.name or rules.threat_names.get(record.threat),
                record.kind,
                tuple(threat_terms(record)),
                record.seq,
                faced[record.threat],
            )
            for record in rules.threats.values()
        ]

    def fight_cast(self, state: CampaignState) -> Sequence[str]:
        fight = rules_of(state).combat
        return fight.cast if fight else ()


RULESET = FrightCheckRules()
