"""How the GM's change of a check's row reads: the new row's effects; for players that the
check turns out otherwise."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.change_row import FrightRowChanged
from journal.rulesets.fright_check.rules.words import row_label
from journal.rulesets.fright_check.telling.effects import effect_line, effect_text
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(FrightRowChanged)
def _changed(p: FrightRowChanged) -> str:
    rolled = f" (rolled {row_label(p.rolled_row)})" if p.rolled_row != p.row_before else ""
    effects = "; ".join(effect_text(e) for e in p.effects) or "no effect"
    return (
        f"{p.character}'s Fright Check #{p.for_seq}: row {row_label(p.row_before)}{rolled} "
        f"changed by the GM to row {row_label(p.row)} ({p.reason}): {effects}"
        + pools_text(p.hp_before, p.hp_after, p.fp_before, p.fp_after)
    )


def pools_text(hp_before: int, hp_after: int, fp_before: int, fp_after: int) -> str:
    parts = [
        f"{what} {before}->{after}"
        for what, before, after in (("HP", hp_before, hp_after), ("FP", fp_before, fp_after))
        if before != after
    ]
    return f"; {', '.join(parts)}" if parts else ""


@SENTENCES.on(FrightRowChanged)
def _changed_told(p: FrightRowChanged, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    effects = "; ".join(effect_line(e, gm) for e in p.effects) or "no effect"
    return f"{p.character}'s Fright Check turns out otherwise: {effects}"
