"""The stress ruleset's rules, pure: commands and events (frozen structs, from the
journal's `Command` and `Event`), state (frozen `msgspec.Struct`s), decide and evolve, the
audit's recallers, invariants and the status numbers. Nothing here words or draws (that is
`journal_stress.telling`), so only this package enters the rules version: rewording a log
line keeps every snapshot."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

import msgspec

from journal.plugin import (
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    CharacterStatus,
    Command,
    Deciders,
    Dice,
    DiceBox,
    Event,
    Evolvers,
    Invariant,
    JSONObject,
    Meta,
    Recallers,
    RuleError,
    Ruleset,
    RulesState,
    Terms,
    changed,
    event,
    renamed_in,
)

STRESS_MAX = 10
NERVE_RANGE = (1, 10)
#: a panic roll of this or more holds
HOLD = 6

# --- commands ---------------------------------------------------------------------------


class Stress(Command, frozen=True):
    character: str
    amount: int
    reason: str


class Panic(Command, frozen=True):
    character: str


# --- events -----------------------------------------------------------------------------


@event
class StressChanged(Event, frozen=True):
    character: str
    amount: int
    reason: str
    before: int
    after: int


@event
class PanicRolled(Event, frozen=True):
    character: str
    dice: Dice
    nerve: int
    stress: int
    total: int
    terms: Terms
    panicked: bool
    stress_after: int


# --- state ------------------------------------------------------------------------------


class Sheet(msgspec.Struct, frozen=True):
    nerve: int
    stress: int = 0
    panics: int = 0


class StressState(msgspec.Struct, RulesState, frozen=True):
    characters: Mapping[str, Sheet] = msgspec.field(default_factory=dict)


def rules_of(state: CampaignState) -> StressState:
    return state.rules if isinstance(state.rules, StressState) else StressState()


def sheet_of(state: CampaignState, name: str) -> Sheet:
    canonical = state.character(name)
    found = rules_of(state).characters.get(canonical)
    if found is None:
        raise RuleError(f"{canonical} has no stress sheet in this campaign")
    return found


# --- decide -----------------------------------------------------------------------------

DECIDE = Deciders[CampaignState]("decide")


@DECIDE.on(Stress)
def _stress(state: CampaignState, command: Stress, dice: DiceBox) -> list[Event]:
    who = state.character(command.character)
    sheet = sheet_of(state, who)
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError('stress needs a reason: add --reason "..."')
    if command.amount == 0 or not -STRESS_MAX <= command.amount <= STRESS_MAX:
        raise RuleError(f"stress moves by -10 to 10 (not 0), not {command.amount}")
    after = max(0, min(STRESS_MAX, sheet.stress + command.amount))
    return [StressChanged(who, command.amount, reason, sheet.stress, after)]


@DECIDE.on(Panic)
def _panic(state: CampaignState, command: Panic, dice: DiceBox) -> list[Event]:
    who = state.character(command.character)
    sheet = sheet_of(state, who)
    (die,) = dice.roll("panic", 1, 10).faces
    terms: Terms = (("nerve", sheet.nerve), ("d10", die), ("stress", -sheet.stress))
    total = sum(value for _, value in terms)
    panicked = total < HOLD
    after = min(STRESS_MAX, sheet.stress + 1) if panicked else sheet.stress
    return [
        PanicRolled(who, dice.rolled(), sheet.nerve, sheet.stress, total, terms, panicked, after)
    ]


# --- evolve -----------------------------------------------------------------------------

EVOLVE = Evolvers[CampaignState, Meta, StressState]("evolve")


def _with(state: CampaignState, name: str, change: dict[str, int]) -> StressState:
    rules = rules_of(state)
    sheet = rules.characters.get(name)
    if sheet is None:
        return rules
    return changed(rules, characters={**rules.characters, name: changed(sheet, **change)})


@EVOLVE.on(CharacterAdded)
def _added(state: CampaignState, payload: CharacterAdded, meta: Meta) -> StressState:
    rules = rules_of(state)
    nerve, stress = payload.sheet.get("nerve"), payload.sheet.get("stress", 0)
    sheet = Sheet(nerve if isinstance(nerve, int) else 1, stress if isinstance(stress, int) else 0)
    return changed(rules, characters={**rules.characters, payload.name: sheet})


@EVOLVE.on(CharacterRenamed)
def _renamed(state: CampaignState, payload: CharacterRenamed, meta: Meta) -> StressState:
    rules = rules_of(state)
    return StressState(renamed_in(rules.characters, payload.old, payload.new, lambda s: s))


@EVOLVE.on(StressChanged)
def _changed(state: CampaignState, payload: StressChanged, meta: Meta) -> StressState:
    sheet = rules_of(state).characters.get(payload.character)
    if sheet is None:
        return rules_of(state)
    moved = sheet.stress + payload.after - payload.before  # a void takes out its change
    return _with(state, payload.character, {"stress": max(0, min(STRESS_MAX, moved))})


@EVOLVE.on(PanicRolled)
def _rolled(state: CampaignState, payload: PanicRolled, meta: Meta) -> StressState:
    sheet = rules_of(state).characters.get(payload.character)
    if sheet is None:
        return rules_of(state)
    moved = sheet.stress + payload.stress_after - payload.stress
    return _with(
        state,
        payload.character,
        {"stress": max(0, min(STRESS_MAX, moved)), "panics": sheet.panics + payload.panicked},
    )


# --- the audit: the command behind each ruling (its recallers) -----------------------------

RECALL = Recallers("command_for")
RECALL.on(StressChanged)(lambda p: Stress(p.character, p.amount, p.reason))
RECALL.on(PanicRolled)(lambda p: Panic(p.character))


# --- invariants: what every state holds (the audit checks each one) ---------------------


def _stress_track(state: CampaignState) -> Iterator[str]:
    for name, sheet in rules_of(state).characters.items():
        if not 0 <= sheet.stress <= STRESS_MAX:
            yield f"{name}'s stress is {sheet.stress}, outside 0 to {STRESS_MAX}"
        if sheet.panics < 0:
            yield f"{name} has {sheet.panics} panics"


INVARIANTS = (Invariant("stress 0-10, panics never below 0", _stress_track),)


@dataclass(frozen=True)
class StressStatus(CharacterStatus):
    stress: int
    stress_max: int
    nerve: int
    panics: int


class StressRules(Ruleset):
    name = "stress"
    summary = "an example: a stress track 0-10 and a d10 panic roll"
    rules_version = "stress-1"
    commands = (Stress, Panic)
    events = (StressChanged, PanicRolled)
    #: what a snapshot of a stress campaign may rebuild: the state and what it holds
    state_classes = (StressState, Sheet)
    deciders: ClassVar[Deciders[CampaignState]] = DECIDE
    evolvers: ClassVar[Evolvers[CampaignState, Meta, StressState]] = EVOLVE
    recallers: ClassVar[Recallers] = RECALL
    invariants = INVARIANTS

    def build_sheet(self, sheet: JSONObject) -> JSONObject:
        nerve, stress = sheet.get("nerve"), sheet.get("stress", 0)
        if not isinstance(nerve, int) or not NERVE_RANGE[0] <= nerve <= NERVE_RANGE[1]:
            raise RuleError(f"nerve must be 1 to 10, not {nerve!r}")
        if not isinstance(stress, int) or not 0 <= stress <= STRESS_MAX:
            raise RuleError(f"stress must be 0 to 10, not {stress!r}")
        return {"nerve": nerve, "stress": stress}

    def initial(self) -> StressState:
        return StressState()

    def concerns(self, payload: Event) -> tuple[str, ...]:
        if isinstance(payload, StressChanged | PanicRolled):
            return (payload.character,)
        return ()

    def status(self, state: CampaignState) -> Mapping[str, CharacterStatus]:
        return {
            name: StressStatus(sheet.stress, STRESS_MAX, sheet.nerve, sheet.panics)
            for name, sheet in rules_of(state).characters.items()
        }


RULESET = StressRules()
