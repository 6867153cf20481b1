"""`journal stress NAME N --reason TEXT`, all its rules in one place: the command, its
event, and their decider, fold, recaller and concerns."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, DiceBox, Event, Meta, RuleError, event
from journal_stress.rules.state import (
    STRESS_MAX,
    StressState,
    rules_of,
    sheet_of,
    track,
    with_sheet,
)
from journal_stress.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class Stress(Command, frozen=True):
    character: str
    amount: int
    reason: str


@event
class StressChanged(Event, frozen=True):
    character: str
    amount: int
    reason: str
    before: int
    after: int


@DECIDE.on(Stress)
def _stress(state: CampaignState, command: Stress, dice: DiceBox) -> list[Event]:
    who = state.character(command.character)
    sheet = sheet_of(state, who)
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError('stress needs a reason: add --reason "..."')
    if command.amount == 0 or not -STRESS_MAX <= command.amount <= STRESS_MAX:
        raise RuleError(f"stress moves by -10 to 10 (not 0), not {command.amount}")
    after = track(sheet.stress + command.amount)
    return [StressChanged(who, command.amount, reason, sheet.stress, after)]


@EVOLVE.on(StressChanged)
def _changed(state: CampaignState, payload: StressChanged, meta: Meta) -> StressState:
    sheet = rules_of(state).characters.get(payload.character)
    if sheet is None:
        return rules_of(state)
    moved = sheet.stress + payload.after - payload.before  # a void takes out its change
    return with_sheet(state, payload.character, {"stress": track(moved)})


RECALL.on(StressChanged)(lambda p: Stress(p.character, p.amount, p.reason))
CONCERNS.on(StressChanged)(lambda p: (p.character,))
