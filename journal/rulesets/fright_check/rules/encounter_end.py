"""`journal encounter end`: the running combat ends, and heat of battle with it."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    DiceBox,
    Event,
    Meta,
    RuleError,
    changed,
    event,
    nobody,
)
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.state import FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class EndCombat(Command, frozen=True):
    """The running combat ends."""


@event
class CombatEnded(Event, frozen=True):
    title: str


@DECIDE.on(EndCombat)
def _end(state: CampaignState, command: EndCombat, dice: DiceBox) -> list[Event]:
    combat = rules_of(state).combat
    if combat is None:
        raise RuleError("no combat is running: start one with `journal encounter start`")
    return [CombatEnded(combat.title)]


@EVOLVE.on(CombatEnded)
def _combat_over(state: CampaignState, payload: CombatEnded, meta: Meta) -> FrightState:
    return changed(rules_of(state), combat=None)


RECALL.on(CombatEnded)(lambda payload: EndCombat())
CONCERNS.on(CombatEnded)(nobody)
