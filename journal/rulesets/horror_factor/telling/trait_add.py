"""How a Hardness specialization put on the sheet reads."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.trait_add import SpecializationAdded
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(SpecializationAdded)
def _added(p: SpecializationAdded) -> str:
    return (
        f"{p.character}'s sheet: Hardness specialization {p.specialization} {p.level} "
        f"added: {p.reason}"
    )


@SENTENCES.on(SpecializationAdded)
def _added_told(p: SpecializationAdded, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    return f"{p.character} now has Hardness {p.level} against {p.specialization}"
