"""How a Hardness specialization taken off the sheet reads."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.trait_remove import SpecializationRemoved
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(SpecializationRemoved)
def _removed(p: SpecializationRemoved) -> str:
    return (
        f"{p.character}'s sheet: Hardness specialization {p.specialization} ({p.level}) "
        f"taken off: {p.reason}"
    )


@SENTENCES.on(SpecializationRemoved)
def _removed_told(p: SpecializationRemoved, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    return f"{p.character} no longer has a Hardness of their own against {p.specialization}"
