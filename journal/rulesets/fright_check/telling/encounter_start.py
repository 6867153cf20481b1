"""How a combat's start reads; a handout shows a combat as an encounter of its own."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.encounter_start import CombatStarted
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(CombatStarted)
def _combat(payload: CombatStarted) -> str:
    who = ", ".join(payload.cast) or "everyone"
    return f"Combat {payload.title!r} starts ({who}): heat of battle +5 while it runs"


SENTENCES.on(CombatStarted)(lambda payload, gm: None)  # a handout's encounter of its own
