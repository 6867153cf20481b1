"""How an award of Hardness reads."""

from __future__ import annotations

from journal.plugin.telling import ARROW
from journal.rulesets.horror_factor.rules.award import HardnessAwarded
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(HardnessAwarded)
def _awarded(payload: HardnessAwarded) -> str:
    which = f" ({payload.specialization})" if payload.specialization else ""
    return (
        f"{payload.character} is awarded +{payload.levels} Hardness{which}: "
        f"{payload.hardness_before}->{payload.hardness_after} "
        f"(cap {payload.cap}): {payload.reason}"
    )


@SENTENCES.on(HardnessAwarded)
def _awarded_told(payload: HardnessAwarded, gm: bool) -> str:
    which = f" ({payload.specialization})" if payload.specialization else ""
    return (
        f"{payload.character} is awarded Hardness{which} {payload.hardness_before} "
        f"{ARROW} {payload.hardness_after}: {payload.reason}"
    )
