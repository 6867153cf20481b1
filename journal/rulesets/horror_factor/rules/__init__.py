"""The Horror Factor sub-system of the Tarafore System (see RULES.md, Part 1), its pure
rules: `RULESET` fulfils `journal.rules.ruleset.Ruleset`.

A command lives in one module of this package, named as the GM types it
(`encounter_start`, `turn`, `initiative`, `soak`, `shift`, `wording`, `drop`,
`encounter_join`, `encounter_leave`, `encounter_end`, `check`, `rest`, `peace`, `award`):
its command, its events, and their decider, fold, recaller and concerns, each registered by
decorator on the tables of `tables` (`DECIDE`, `EVOLVE`, `RECALL`, `CONCERNS`). Every module
here is loaded (`load_modules`) before `RULESET` is made, and its commands and events are
the classes this package defines: no list names them.

What several commands share has a module of its own: `catalog` (the text's numbers and its
catalog of causes), `state` (the state and how the folds change it), `lookup` (characters
and the running encounter, for a decider), `track` (the HF track), `hardening` (what an
incident does to a character), `sheet` (the sheet and options; the folds of a character
added or renamed), `fiat` (`adjust`), `corrected` (`amend`), `status`, `invariants`. Its
text is `telling`, its handouts `narrator` (with `templates/`), its commands `cli`, beside
this package.
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
    OptionValue,
    Recallers,
    Ruleset,
    ThreatEntry,
    load_modules,
)
from journal.rulesets.horror_factor.rules import catalog, corrected, fiat
from journal.rulesets.horror_factor.rules import invariants as _invariants
from journal.rulesets.horror_factor.rules import sheet as _sheet
from journal.rulesets.horror_factor.rules import status as _status
from journal.rulesets.horror_factor.rules.check import HorrorCheck
from journal.rulesets.horror_factor.rules.encounter_start import parse_hf
from journal.rulesets.horror_factor.rules.state import STATE_CLASSES, HFState, rules_of
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL

load_modules(__name__)


class HorrorFactorRules(Ruleset):
    name = catalog.NAME
    summary = "the Tarafore Horror Factor: Hardness, the HF track, soaks, Horror Checks"
    rules_version = catalog.RULES_VERSION
    option_defaults: ClassVar[Mapping[str, OptionValue]] = catalog.OPTION_DEFAULTS
    state_classes = STATE_CLASSES
    deciders: ClassVar[Deciders[CampaignState]] = DECIDE
    evolvers: ClassVar[Evolvers[CampaignState, Meta, HFState]] = EVOLVE
    recallers: ClassVar[Recallers] = RECALL
    concerners: ClassVar[Concerns] = CONCERNS
    adjustable = fiat.ADJUSTABLE
    amendable = corrected.AMENDABLE
    invariants = _invariants.INVARIANTS
    wording = frozenset({"note", "exceptional_margin"})
    #: a Horror Check may be rolled behind the screen (`check --sealed`)
    sealable = (HorrorCheck,)

    def adjust(self, state: CampaignState, character: str, number: str, value: str) -> Adjustment:
        return fiat.adjust(state, character, number, value)

    def amend(self, payload: Event, command: Command, inputs: Mapping[str, str]) -> Command:
        return corrected.amend(payload, command, inputs)

    def parse_option(self, key: str, raw: str) -> OptionValue:
        return _sheet.parse_option(key, raw)

    def build_sheet(self, sheet: JSONObject) -> JSONObject:
        return _sheet.build_sheet(sheet)

    def initial(self) -> HFState:
        return HFState()

    def status(self, state: CampaignState) -> Mapping[str, CharacterStatus]:
        return _status.status(state)

    def status_of(self, state: CampaignState, name: str) -> CharacterStatus | None:
        return _status.status_of(state, name)

    def completions(self, state: CampaignState, slot: str) -> Sequence[str]:
        return (
            super().completions(state, slot) if slot == "character" else _completions(state, slot)
        )

    def threats(self, state: CampaignState) -> Sequence[ThreatEntry]:
        """The encounters' sources described (`threat add`): their HF and category."""
        found = []
        for source in rules_of(state).threats.values():
            terms: tuple[tuple[str, int], ...] = ()
            if source.hf is not None:
                hf, label = parse_hf(source.hf)
                terms = ((source.hf if label != "base HF" else "HF", hf),)
            found.append(
                ThreatEntry(
                    source.threat, source.name, source.category, terms, source.seq, source.faced
                )
            )
        return found

    def fight_cast(self, state: CampaignState) -> Sequence[str]:
        encounter = rules_of(state).encounter
        return list(encounter.participants) if encounter else []


def _completions(state: CampaignState, slot: str) -> list[str]:
    """The catalog's causes; the HF presets; the categories of specializations and
    encounters seen."""
    rules = rules_of(state)
    if slot == "cause":
        return list(catalog.CAUSES)
    if slot == "group-cause":
        return [key for key, cause in catalog.CAUSES.items() if cause.group]
    if slot == "hf":
        return list(catalog.PRESETS)
    if slot == "threat":
        return sorted(rules.threats, key=lambda t: -rules.threats[t].seq)
    if slot in ("category", "trait"):  # a Hardness specialization is named by its category
        seen = [c for who in rules.characters.values() for c in who.specializations]
        seen += [who.last_category for who in rules.characters.values() if who.last_category]
        return sorted(set(seen))
    return []


RULESET = HorrorFactorRules()
