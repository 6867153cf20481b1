"""The stress ruleset's rules, pure: commands and events (frozen structs, from the
journal's `Command` and `Event`), state (frozen `msgspec.Struct`s), decide and evolve, the
audit's recallers, whom each event concerns, invariants and the status numbers. Nothing
here words or draws (that is `journal_stress.telling`), so only this package enters the
rules version: rewording a log line keeps every snapshot.

A command lives in one module of this package (`stress.py`, `panic.py`): its command, its
events, and their decider, fold, recaller and concerns, each registered by decorator on the
tables of `tables` (`DECIDE`, `EVOLVE`, `RECALL`, `CONCERNS`). What they share is a module
of its own (`state`: the state and how it changes). `load_modules` imports every module
before `RULESET` is made, and the ruleset's commands and events are the classes this
package defines: no list names them. This module folds the core's character events and
makes the `Ruleset`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from journal.plugin.rules import (
    CampaignState,
    CharacterAdded,
    CharacterRenamed,
    CharacterStatus,
    Concerns,
    Deciders,
    Evolvers,
    Invariant,
    JSONObject,
    Meta,
    Recallers,
    RuleError,
    Ruleset,
    changed,
    load_modules,
    renamed_in,
)
from journal_stress.rules.state import (
    NERVE_RANGE,
    STRESS_MAX,
    Sheet,
    StressState,
    rules_of,
)
from journal_stress.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


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


load_modules(__name__)

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
    #: what a snapshot of a stress campaign may rebuild: the state and what it holds
    state_classes = (StressState, Sheet)
    deciders: ClassVar[Deciders[CampaignState]] = DECIDE
    evolvers: ClassVar[Evolvers[CampaignState, Meta, StressState]] = EVOLVE
    recallers: ClassVar[Recallers] = RECALL
    concerners: ClassVar[Concerns] = CONCERNS
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

    def status(self, state: CampaignState) -> Mapping[str, CharacterStatus]:
        return {
            name: StressStatus(sheet.stress, STRESS_MAX, sheet.nerve, sheet.panics)
            for name, sheet in rules_of(state).characters.items()
        }


RULESET = StressRules()
