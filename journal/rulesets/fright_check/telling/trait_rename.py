"""How a trait called anew reads."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.trait_rename import TraitRenamed
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(TraitRenamed)
def _renamed(p: TraitRenamed) -> str:
    return f"{p.character}'s sheet: {p.trait.name} is now called {p.new}: {p.reason}"


@SENTENCES.on(TraitRenamed)
def _renamed_told(p: TraitRenamed, gm: bool) -> str:
    return LINES.line(p) if gm else f"{p.character}'s {p.trait.name} is now called {p.new}"
