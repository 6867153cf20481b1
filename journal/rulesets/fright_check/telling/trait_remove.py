"""How a trait taken off the sheet reads."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.sheet_edits import PLACES
from journal.rulesets.fright_check.rules.trait_remove import TraitRemoved
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(TraitRemoved)
def _removed(p: TraitRemoved) -> str:
    return (
        f"{p.character}'s sheet: {p.trait.words()} taken off ({PLACES[p.trait.place]}): {p.reason}"
    )


@SENTENCES.on(TraitRemoved)
def _removed_told(p: TraitRemoved, gm: bool) -> str:
    return LINES.line(p) if gm else f"{p.character} no longer has {p.trait.name}"
