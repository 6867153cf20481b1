"""How healing reads."""

from __future__ import annotations

from journal.plugin.telling import ARROW
from journal.rulesets.fright_check.rules.heal import Healed
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(Healed)
def _healed(p: Healed) -> str:
    parts = []
    if p.hp:
        parts.append(f"HP {p.hp_before}->{p.hp_after}/{p.hp_max} (+{p.hp})")
    if p.fp:
        parts.append(f"FP {p.fp_before}->{p.fp_after}/{p.fp_max} (+{p.fp})")
    return f"{p.character} heals: {', '.join(parts)}"


@SENTENCES.on(Healed)
def _healed_told(p: Healed, gm: bool) -> str:
    parts = []
    if p.hp:
        parts.append(f"HP {p.hp_before} {ARROW} {p.hp_after} of {p.hp_max}")
    if p.fp:
        parts.append(f"FP {p.fp_before} {ARROW} {p.fp_after} of {p.fp_max}")
    return f"{p.character} recovers: {', '.join(parts)}"
