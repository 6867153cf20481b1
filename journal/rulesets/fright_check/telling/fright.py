"""How a Fright Check reads: for the GM its Will, modifiers, roll, table row and every die
of its effects; for the players its verdict and its effects in words (the table row is
the GM's, like the dice that reached it)."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.fright import FrightChecked
from journal.rulesets.fright_check.rules.words import row_label
from journal.rulesets.fright_check.telling.effects import effect_line, effect_text
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(FrightChecked)
def _check_text(p: FrightChecked) -> str:
    named = f" ({p.threat_name})" if p.threat_name else ""
    head = f"{p.character}'s Fright Check vs {p.threat}{named}{inherited(p)}"
    if not p.made:
        return f"{head}: none made ({p.character} is Unfazeable)"
    terms = [f"Will {p.will}"]
    terms += [f"{m.value:+d} {m.label}" for m in p.modifiers if m.value]
    text = f"{head}: {', '.join(terms)} = {p.modified_will}"
    if p.effective_will != p.modified_will:
        text += f" → {p.effective_will} (Rule of 14)"
    will = p.dice.get("will")
    faces = ",".join(map(str, will.faces if will else ()))
    text += f"; rolled {p.roll} ({faces}): "
    critical = "critical " if p.critical else ""
    if p.success:
        unused = f" (no row to change to {p.change_to})" if p.change_to is not None else ""
        if p.margin is not None and p.margin < 0:
            return text + f"{critical}success (a {p.roll} always succeeds){unused}"
        if p.margin == 0:
            return text + f"{critical}success, just made it (by 0){unused}"
        return text + f"{critical}success by {p.margin}{unused}"
    text += f"{critical}failure by {p.failure_margin}"
    text += f"; table {p.table_roll}+{p.failure_margin} = {p.table_total} → row "
    if p.rolled_row is not None and p.rolled_row != p.row:
        text += f"{row_label(p.rolled_row)}, changed by the GM to row {row_label(p.row)} "
        text += f"({p.change_reason})"
    else:
        text += row_label(p.row)
    return text + ": " + "; ".join(effect_text(e) for e in p.effects)


def inherited(p: FrightChecked) -> str:
    """` [from the threat: kind ghoul, monster -4]`: what the check took from its threat."""
    if not p.from_threat:
        return ""
    taken = ", ".join(f"{field} {getattr(p, field)}" for field in p.from_threat)
    return f" [from the threat: {taken}]"


def row_text(rolled: int | None, row: int | None, reason: str | None, gm: bool) -> str:
    """`row 21`; for the GM a changed row also says the rolled one and why."""
    if gm and rolled is not None and rolled != row:
        return f"row {row_label(row)} (rolled {row_label(rolled)}; the GM: {reason})"
    return f"row {row_label(row)}"


def verdict(p: FrightChecked) -> str:
    """A made check's result as a person says it: `success by 3`, `success, just made it`
    (by 0), `critical success`, `failure by 7`."""
    critical = "critical " if p.critical else ""
    if not p.success:
        return f"{critical}failure by {p.failure_margin}"
    if p.margin is None or p.margin < 0:  # a 3 or 4 succeeds whatever the target
        return f"{critical}success"
    if p.margin == 0:
        return f"{critical}success, just made it"
    return f"{critical}success by {p.margin}"


def threat_words(p: FrightChecked) -> str:
    """The threat as players read it: the GM's name for it, else its id in words
    (`thomas-body`: "thomas body")."""
    if p.threat_name:
        return p.threat_name
    return " ".join(p.threat.replace("-", " ").replace("_", " ").split()) or p.threat


@SENTENCES.on(FrightChecked)
def fright_sentence(p: FrightChecked, gm: bool) -> str:
    head = f"{p.character}'s Fright Check against {threat_words(p)}"
    if not p.made:
        return f"{head}: none needed ({p.character} is Unfazeable)"
    if p.success:
        return f"{head}: {verdict(p)}"
    effects = "; ".join(effect_line(e, gm) for e in p.effects)
    if not gm:  # the table row is the GM's, like the dice that reached it
        return f"{head}: {verdict(p)}: {effects}"
    row = row_text(p.rolled_row, p.row, p.change_reason, gm)
    return f"{head}: {verdict(p)}, table {row}: {effects}"
