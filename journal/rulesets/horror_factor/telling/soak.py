"""How a soak reads: the Willpower spent and the effective HF it leaves."""

from __future__ import annotations

from journal.plugin.telling import ARROW
from journal.rulesets.horror_factor.rules.soak import WillpowerSoaked
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES
from journal.rulesets.horror_factor.telling.words import penalty


@LINES.on(WillpowerSoaked)
def _soaked(payload: WillpowerSoaked) -> str:
    return (
        f"{payload.character} soaks {payload.points} Willpower "
        f"({payload.willpower_before}->{payload.willpower_after}, "
        f"{payload.soak_after} this turn): effective HF {payload.effective_hf}, "
        f"{penalty(payload.action_penalty)}"
    )


@SENTENCES.on(WillpowerSoaked)
def _soaked_told(payload: WillpowerSoaked, gm: bool) -> str:
    return (
        f"{payload.character} spends {payload.points} Willpower to hold steady "
        f"({payload.willpower_before} {ARROW} {payload.willpower_after}): "
        f"effective HF {payload.effective_hf} this turn"
    )
