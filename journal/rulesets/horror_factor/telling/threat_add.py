"""How an encounter's source described reads: for the GM what it carries; players learn of
it when they face it."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.threat_add import SourceAdded
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(SourceAdded)
def _added(p: SourceAdded) -> str:
    named = f' (players read "{p.name}")' if p.name else ""
    parts = [f"HF {p.hf}"] if p.hf else []
    parts += [f"category {p.category}"] if p.category else []
    carries = ", ".join(parts) or "no Horror Factor of its own"
    return f"Threat {p.threat}{named}: {carries}; encounters started against it inherit them"


@SENTENCES.on(SourceAdded)
def _added_told(p: SourceAdded, gm: bool) -> str | None:
    return LINES.line(p) if gm else None
