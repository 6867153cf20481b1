"""`journal heal NAME [--hp N] [--fp N]`: HP or FP regained by first aid, rest or time, never
past the maximum (a loss comes from the table, not from `heal`)."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.fright_check.rules.effects import pools
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.state import FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class Heal(Command, frozen=True):
    """HP or FP regained by first aid, rest or time (at most up to the maximum)."""

    character: str
    hp: int = 0
    fp: int = 0


@event
class Healed(Event, frozen=True):
    """HP or FP regained (first aid, time), never past the maximum."""

    character: str
    hp: int
    fp: int
    hp_before: int
    hp_after: int
    hp_max: int
    fp_before: int
    fp_after: int
    fp_max: int


def heal(state: CampaignState, command: Heal) -> Healed:
    character = character_of(state, command.character)
    if command.hp < 0 or command.fp < 0 or not (command.hp or command.fp):
        raise RuleError(
            "healing gives back 1 HP or FP or more: give --hp N and/or --fp N "
            "(a loss comes from the table, not from `heal`)"
        )
    for amount, now, most, what in (
        (command.hp, character.hp, character.hp_max, "HP"),
        (command.fp, character.fp, character.fp_max, "FP"),
    ):
        if amount and now >= most:
            raise RuleError(f"{character.name}'s {what} is already at its maximum {most}")
    return Healed(
        character=character.name,
        hp=command.hp,
        fp=command.fp,
        hp_before=character.hp,
        hp_after=min(character.hp_max, character.hp + command.hp),
        hp_max=character.hp_max,
        fp_before=character.fp,
        fp_after=min(character.fp_max, character.fp + command.fp),
        fp_max=character.fp_max,
    )


DECIDE.on(Heal)(lambda state, command, dice: [heal(state, command)])


@EVOLVE.on(Healed)
def _healed(state: CampaignState, payload: Healed, meta: Meta) -> FrightState:
    rules = rules_of(state)
    character = rules.get(payload.character)
    if character is None:
        return rules
    return rules.with_character(
        pools(
            character,
            hp=payload.hp_after - payload.hp_before,
            fp=payload.fp_after - payload.fp_before,
        )
    )


RECALL.on(Healed)(lambda p: Heal(p.character, p.hp, p.fp))
CONCERNS.on(Healed)(lambda p: (p.character,))
