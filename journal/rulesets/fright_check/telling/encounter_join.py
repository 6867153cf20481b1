"""How a character joining the combat reads."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.encounter_join import CombatJoined
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(CombatJoined)
def _joined(payload: CombatJoined) -> str:
    return f"{payload.character} joins the fight {payload.title!r}: heat of battle +5"


@SENTENCES.on(CombatJoined)
def _joined_told(payload: CombatJoined, gm: bool) -> str:
    return f"{payload.character} joins the fight"
