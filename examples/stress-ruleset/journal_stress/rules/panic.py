"""`journal panic NAME [--dice D]`, all its rules in one place: the command, its event,
and their decider, fold, recaller and concerns."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, Dice, DiceBox, Event, Meta, Terms, event
from journal_stress.rules.state import (
    STRESS_MAX,
    StressState,
    rules_of,
    sheet_of,
    track,
    with_sheet,
)
from journal_stress.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL

#: a panic roll of this or more holds
HOLD = 6


class Panic(Command, frozen=True):
    character: str


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


@EVOLVE.on(PanicRolled)
def _rolled(state: CampaignState, payload: PanicRolled, meta: Meta) -> StressState:
    sheet = rules_of(state).characters.get(payload.character)
    if sheet is None:
        return rules_of(state)
    moved = sheet.stress + payload.stress_after - payload.stress
    return with_sheet(
        state,
        payload.character,
        {"stress": track(moved), "panics": sheet.panics + payload.panicked},
    )


RECALL.on(PanicRolled)(lambda p: Panic(p.character))
CONCERNS.on(PanicRolled)(lambda p: (p.character,))
