"""How a character leaving the combat reads."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.encounter_leave import CombatLeft
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(CombatLeft)
def _left(payload: CombatLeft) -> str:
    return (
        f"{payload.character} is out of the fight {payload.title!r} ({payload.reason}): "
        "no more heat of battle"
    )


@SENTENCES.on(CombatLeft)
def _left_told(payload: CombatLeft, gm: bool) -> str:
    return f"{payload.character} is out of the fight: {payload.reason}"
