"""`journal encounter join NAME`: a character comes into the running combat late (heat of
battle from now on)."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, DiceBox, Event, Meta, RuleError, event
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of, running
from journal.rulesets.fright_check.rules.state import FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class JoinCombat(Command, frozen=True):
    """A character comes into the running combat (heat of battle from now on)."""

    character: str


@event
class CombatJoined(Event, frozen=True):
    title: str
    character: str
    cast: tuple[str, ...]  # the combat's cast from now on


def join(state: CampaignState, command: JoinCombat) -> CombatJoined:
    combat = running(state, "join it")
    name = character_of(state, command.character).name
    if combat.includes(name):
        everyone = " (its cast is everyone)" if not combat.cast else ""
        raise RuleError(f"{name} is already in the fight {combat.title!r}{everyone}")
    return CombatJoined(combat.title, name, (*combat.cast, name))


@DECIDE.on(JoinCombat)
def _join(state: CampaignState, command: JoinCombat, dice: DiceBox) -> list[Event]:
    return [join(state, command)]


@EVOLVE.on(CombatJoined)
def _joined(state: CampaignState, payload: CombatJoined, meta: Meta) -> FrightState:
    return rules_of(state).with_cast(payload.cast)


RECALL.on(CombatJoined)(lambda p: JoinCombat(p.character))
CONCERNS.on(CombatJoined)(lambda p: (p.character,))
