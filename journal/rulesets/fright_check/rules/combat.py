"""Who is in the running combat: heat of battle (+5) is theirs while it runs. A character
arrives late (`encounter join`) or is out of it (`encounter leave --reason`)."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, DiceBox, Event, RuleError
from journal.rulesets.fright_check.rules.commands import JoinCombat, LeaveCombat
from journal.rulesets.fright_check.rules.decide import DECIDE
from journal.rulesets.fright_check.rules.events import CombatJoined, CombatLeft
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.state import Combat


def running(state: CampaignState, doing: str) -> Combat:
    combat = rules_of(state).combat
    if combat is None:
        raise RuleError(
            f"no combat is running, so nobody can {doing}: start one with `journal encounter start`"
        )
    return combat


def join(state: CampaignState, command: JoinCombat) -> CombatJoined:
    combat = running(state, "join it")
    name = character_of(state, command.character).name
    if combat.includes(name):
        everyone = " (its cast is everyone)" if not combat.cast else ""
        raise RuleError(f"{name} is already in the fight {combat.title!r}{everyone}")
    return CombatJoined(combat.title, name, (*combat.cast, name))


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


@DECIDE.on(JoinCombat)
def _join(state: CampaignState, command: JoinCombat, dice: DiceBox) -> list[Event]:
    return [join(state, command)]


@DECIDE.on(LeaveCombat)
def _leave(state: CampaignState, command: LeaveCombat, dice: DiceBox) -> list[Event]:
    return [leave(state, command)]
