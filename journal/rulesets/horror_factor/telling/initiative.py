"""How an initiative reads: the pair, the terms, and whether they act."""

from __future__ import annotations

from journal.plugin.telling import describe_terms
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES
from journal.rulesets.horror_factor.telling.words import penalty, rolled_pair


@LINES.on(InitiativeRolled)
def _rolled(payload: InitiativeRolled) -> str:
    outcome = "acts" if payload.can_act else "cannot act"
    if payload.defense_penalty:
        outcome += f", defense {payload.defense_penalty}"
    return (
        f"{payload.character} rolls initiative {rolled_pair(payload.dice, 'initiative')}: "
        f"{describe_terms(payload.terms, payload.total)} "
        f"({outcome}; {penalty(payload.action_penalty)})"
    )


SENTENCES.on(InitiativeRolled)(lambda payload, gm: None)  # in the encounter's table
