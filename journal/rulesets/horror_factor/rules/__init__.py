"""The Horror Factor sub-system of the Tarafore System (see RULES.md, Part 1).

`RULESET` fulfils `journal.rules.ruleset.Ruleset`; the command classes are exported here.

Modules: `tables` (the text's numbers), `sheet`, `commands`, `events`, `state`, `lookup`,
`decide` and `aftermath` (the deciders), `evolve`, `inputs` (commands rebuilt for the
audit), `describe` (log lines), `status` (the typed status and its table), `tell` (handout
sentences), `documents` (ruling `--json`), and at the presentation layers `narrator`
(handout hooks, with the partials in `templates/`) and `cli` (its commands).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from journal.documents import BoardTable, CharacterStatus, Document, StatusDocument
from journal.events.canonical import JSONObject
from journal.events.recorded import Recorded
from journal.events.registry import Event, OptionValue
from journal.events.terms import describe_terms
from journal.rules.command import Command
from journal.rules.core import Adjustment, CampaignState, Meta
from journal.rules.dispatch import Deciders, Evolvers, Lines, Recallers, Sentences
from journal.rules.ruleset import Ruleset
from journal.rulesets.horror_factor import documents as _documents
from journal.rulesets.horror_factor import status as _status
from journal.rulesets.horror_factor.describe import LINES, concerns, pair
from journal.rulesets.horror_factor.rules import catalog, corrected, fiat
from journal.rulesets.horror_factor.rules import invariants as _invariants
from journal.rulesets.horror_factor.rules import sheet as _sheet
from journal.rulesets.horror_factor.rules.commands import (
    COMMANDS,
    AdvanceTurn,
    Award,
    DropEnemy,
    EndEncounter,
    HorrorCheck,
    JoinEncounter,
    LeaveEncounter,
    Peace,
    Rest,
    RollInitiative,
    SetWording,
    Shift,
    Soak,
    StartEncounter,
)
from journal.rulesets.horror_factor.rules.decide import DECIDE
from journal.rulesets.horror_factor.rules.events import (
    EVENTS,
    EncounterEnded,
    EncounterStarted,
    EnemyDropped,
    HorrorChecked,
    HorrorFactorShifted,
    InitiativeRolled,
    WillpowerSoaked,
)
from journal.rulesets.horror_factor.rules.evolve import EVOLVE
from journal.rulesets.horror_factor.rules.lookup import rules_of
from journal.rulesets.horror_factor.rules.recall import REBUILD
from journal.rulesets.horror_factor.rules.state import STATE_CLASSES, HFState
from journal.rulesets.horror_factor.tell import SENTENCES, check_verdict

if TYPE_CHECKING:
    from journal.dice import Stake

__all__ = [
    "RULESET",
    "AdvanceTurn",
    "Award",
    "DropEnemy",
    "EndEncounter",
    "HFState",
    "HorrorCheck",
    "HorrorFactorRules",
    "JoinEncounter",
    "LeaveEncounter",
    "Peace",
    "Rest",
    "RollInitiative",
    "SetWording",
    "Shift",
    "Soak",
    "StartEncounter",
]


class HorrorFactorRules(Ruleset):
    name = catalog.NAME
    summary = "the Tarafore Horror Factor: Hardness, the HF track, soaks, Horror Checks"
    rules_version = catalog.RULES_VERSION
    option_defaults: ClassVar[Mapping[str, OptionValue]] = catalog.OPTION_DEFAULTS
    commands = COMMANDS
    events = EVENTS
    state_classes = STATE_CLASSES
    deciders: ClassVar[Deciders[CampaignState]] = DECIDE
    evolvers: ClassVar[Evolvers[CampaignState, Meta, HFState]] = EVOLVE
    rebuilders: ClassVar[Recallers] = REBUILD
    lines: ClassVar[Lines] = LINES
    sentences: ClassVar[Sentences] = SENTENCES
    cli_module = "journal.rulesets.horror_factor.cli"
    narrator_module = "journal.rulesets.horror_factor.narrator"
    explain_labels = _status.EXPLAIN_LABELS
    explain_hidden = _status.EXPLAIN_HIDDEN
    explain_expanded = _status.EXPLAIN_EXPANDED
    adjustable = fiat.ADJUSTABLE
    amendable = corrected.AMENDABLE
    invariants = _invariants.INVARIANTS
    wording = frozenset({"note", "exceptional_margin"})

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

    def concerns(self, payload: Event) -> tuple[str, ...]:
        return concerns(payload)

    def status(self, state: CampaignState) -> Mapping[str, CharacterStatus]:
        return _status.status(state)

    def status_table(self, document: StatusDocument) -> str:
        return _status.status_table(document)

    def board_table(self, document: StatusDocument) -> BoardTable:
        return _status.board_table(document)

    def completions(self, state: CampaignState, slot: str) -> Sequence[str]:
        return (
            super().completions(state, slot) if slot == "character" else _completions(state, slot)
        )

    def fight_cast(self, state: CampaignState) -> Sequence[str]:
        encounter = rules_of(state).encounter
        return list(encounter.participants) if encounter else []

    def dice_label(
        self,
        state: CampaignState,
        command: Command,
        purpose: str,
        count: int,
        sides: int,
        stake: Stake | None = None,
    ) -> str:
        if (count, sides) != (2, 10):
            return super().dice_label(state, command, purpose, count, sides, stake)
        who = getattr(command, "character", None)
        if isinstance(who, str):
            who = self.spelled(state, who)
        what = {"initiative": "initiative", "check": "Horror Check"}.get(purpose, purpose)
        label = f"{who}'s {what}: +d10 -d10" if isinstance(who, str) else f"{what}: +d10 -d10"
        if stake is None or stake.at_least is None:
            return label
        verb = "acts" if purpose == "initiative" else "passes"
        return f"{label}, {verb} at {stake.at_least:+d} or better"

    def outcome(self, records: list[Recorded]) -> Document | None:
        return _documents.outcome(records)

    def notice(self, state: CampaignState, record: Recorded) -> str | None:
        payload = record.payload
        encounter = rules_of(state).encounter
        if not isinstance(payload, WillpowerSoaked) or encounter is None:
            return None
        who = encounter.participants.get(payload.character)
        if who is None or who.initiative is None or encounter.turn != payload.turn:
            return None
        return (
            f"{payload.character} rolled initiative this turn before soaking: the roll "
            f"({who.initiative}) stands; the soak lowers the action penalty from now on"
        )

    def ruling_words(self, record: Recorded) -> str:
        payload = record.payload
        if isinstance(payload, InitiativeRolled | HorrorChecked):
            initiative = isinstance(payload, InitiativeRolled)
            roll = payload.dice.get("initiative" if initiative else "check")
            what = "initiative" if initiative else "Horror Check"
            return f"{payload.character}'s {what}" + (f" {pair(roll.faces)}" if roll else "")
        if isinstance(payload, WillpowerSoaked):
            return f"{payload.character}'s soak of {payload.points}"
        if isinstance(payload, HorrorFactorShifted):
            return f"HF {payload.applied:+d} for {payload.character or 'everyone'}: {payload.cause}"
        if isinstance(payload, EnemyDropped):
            return f"{payload.character}'s drop of an enemy"
        if isinstance(payload, EncounterStarted):
            return f"the start of encounter {payload.title!r}"
        if isinstance(payload, EncounterEnded):
            return f"the end of encounter {payload.title!r}"
        return super().ruling_words(record)

    def dice_text(self, purpose: str, faces: tuple[int, ...]) -> str:
        return (
            pair(faces) if purpose in ("initiative", "check") else super().dice_text(purpose, faces)
        )

    def gm_terms(self, record: Recorded) -> str | None:
        payload = record.payload
        if isinstance(payload, EncounterStarted):
            return describe_terms(payload.terms, payload.hf) if payload.terms else None
        if isinstance(payload, WillpowerSoaked):
            return "; ".join(f"penalty {label} = {value}" for label, value in payload.terms)
        text = super().gm_terms(record)
        if text is not None and isinstance(payload, HorrorChecked):
            return f"{text} vs {payload.target}: {_check_terms(payload)}"
        return text


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
    if slot == "category":
        seen = [c for who in rules.characters.values() for c in who.specializations]
        seen += [who.last_category for who in rules.characters.values() if who.last_category]
        return sorted(set(seen))
    return []


def _check_terms(payload: HorrorChecked) -> str:
    """A Horror Check's verdict for the GM; the exceptional-failure edge only on a failure."""
    verdict = check_verdict(payload.result)
    if payload.result == "pass":
        return verdict
    edge = payload.target - payload.exceptional_margin
    if payload.result == "fail":
        return f"{verdict} (exceptional at {edge} or less)"
    return f"{verdict} ({edge} or less)"


RULESET = HorrorFactorRules()
