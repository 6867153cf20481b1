"""How a trait put on the sheet reads: for the GM its place, points and the reason; for
players the trait."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.sheet_edits import PLACES
from journal.rulesets.fright_check.rules.trait_add import TraitAdded
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(TraitAdded)
def _added(p: TraitAdded) -> str:
    return f"{p.character}'s sheet: {p.trait.words()} added ({PLACES[p.trait.place]}): {p.reason}"


@SENTENCES.on(TraitAdded)
def _added_told(p: TraitAdded, gm: bool) -> str:
    return LINES.line(p) if gm else f"{p.character} now has {p.trait.words()}"
