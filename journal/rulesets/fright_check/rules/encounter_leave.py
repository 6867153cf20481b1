"""`journal encounter leave NAME --reason TEXT`: a character is out of the running combat (no
more heat of battle)."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, DiceBox, Event, Meta, RuleError, event
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of, running
from journal.rulesets.fright_check.rules.state import FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class LeaveCombat(Command, frozen=True):
    """A character is out of the running combat (no more heat of battle)."""

    character: str
    reason: str


@event
class CombatLeft(Event, frozen=True):
    title: str
    character: str
    reason: str
    cast: tuple[str, ...]  # the combat's cast from now on


def leave(state: CampaignState, command: LeaveCombat) -> CombatLeft:
    combat = running(state, "leave it")
    name = character_of(state, command.character).name
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError(f'say why {name} is out of the fight: --reason "fled"')
    if not combat.includes(name):
        raise RuleError(f"{name} is not in the fight {combat.title!r}")
    cast = combat.cast or state.characters
    return CombatLeft(combat.title, name, reason, tuple(n for n in cast if n != name))


@DECIDE.on(LeaveCombat)
def _leave(state: CampaignState, command: LeaveCombat, dice: DiceBox) -> list[Event]:
    return [leave(state, command)]


@EVOLVE.on(CombatLeft)
def _left(state: CampaignState, payload: CombatLeft, meta: Meta) -> FrightState:
    return rules_of(state).with_cast(payload.cast)


RECALL.on(CombatLeft)(lambda p: LeaveCombat(p.character, p.reason))
CONCERNS.on(CombatLeft)(lambda p: (p.character,))
