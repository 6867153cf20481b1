"""How a Hardness specialization called anew reads."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.trait_rename import SpecializationRenamed
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(SpecializationRenamed)
def _renamed(p: SpecializationRenamed) -> str:
    return (
        f"{p.character}'s sheet: Hardness specialization {p.specialization} is now "
        f"{p.new}: {p.reason}"
    )


@SENTENCES.on(SpecializationRenamed)
def _renamed_told(p: SpecializationRenamed, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    return f"{p.character}'s Hardness against {p.specialization} is now against {p.new}"
