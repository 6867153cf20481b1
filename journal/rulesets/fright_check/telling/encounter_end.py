"""How a combat's end reads; a handout shows a combat as an encounter of its own."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.encounter_end import CombatEnded
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(CombatEnded)
def _combat_over(payload: CombatEnded) -> str:
    return f"Combat {payload.title!r} ends"


SENTENCES.on(CombatEnded)(lambda payload, gm: None)  # a handout's encounter of its own
