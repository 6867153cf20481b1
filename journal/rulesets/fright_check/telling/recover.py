"""How a recovery roll reads: for the GM the roll, its target and what follows; for players
whether the condition is over."""

from __future__ import annotations

from journal.plugin.telling import ARROW, describe_terms
from journal.rulesets.fright_check.rules.recover import RecoveryRolled
from journal.rulesets.fright_check.rules.words import condition_name
from journal.rulesets.fright_check.telling.effects import against_text, amount_text
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES

#: how a condition goes on after a failed recovery roll
STILL = {
    "stun": "still stunned",
    "retch": "still retching",
    "faint": "still out cold",
    "panic": "still panicking",
    "coma": "still in a coma",
    "catatonia": "still catatonic",
    "total-panic": "still in a total panic",
}


def _count(value: object, unit: str) -> str:
    """`3 days`, `1 day`."""
    return f"{value} {unit[:-1] if value == 1 and unit.endswith('s') else unit}"


def recovery_result(p: RecoveryRolled) -> str:
    """What a recovery roll did, in words (no roll, no target)."""
    name = condition_name(p.condition)
    if p.success:
        lasted = p.lasted or {}
        if not lasted.get("value"):
            return f"{name} over"
        length = _count(lasted["value"], str(lasted["unit"]))
        if p.condition == "catatonia":  # "-2 for as many days as the catatonia lasted"
            return (
                f"{name} over after {length}: -2 to skill rolls and attribute checks for {length}"
            )
        return f"{name} over after {length}"
    text = STILL.get(p.condition, f"still {name}")
    if p.more is not None:
        text += f" for another {_count(p.more['value'], str(p.more['unit']))}"
    if p.reaction is not None:
        text += ": another panic reaction"
    return text


@LINES.on(RecoveryRolled)
def _recovery(p: RecoveryRolled) -> str:
    faces = ",".join(map(str, p.dice["recovery"].faces)) if "recovery" in p.dice else "?"
    verdict = ("critically " if p.critical else "") + ("made" if p.success else "failed")
    text = (
        f"{p.character}'s recovery roll #{p.attempt} from {condition_name(p.condition)} "
        f"(check #{p.for_seq}): rolled {p.roll} ({faces}) vs "
        f"{against_text(p.against, p.target)}: {verdict}; {recovery_result(p)}"
    )
    if p.terms:
        text += f" [target: {describe_terms(p.terms, p.target)}]"
    if p.more is not None:
        more = p.more.get("faces")
        shown = ",".join(map(str, more)) if isinstance(more, list | tuple) else "?"
        text += f" ({p.more.get('dice')}: {shown})"
    if p.lasted is not None and not p.success:
        text += f", {p.lasted['value']} {p.lasted['unit']} so far"
    if p.reaction is not None:
        text += f" (reaction {amount_text(p.reaction)}: the higher, the more useless)"
    if p.care_terms:
        days = len(p.care_terms)
        text += (
            f"; {days} day(s) without medical care: "
            f"{describe_terms(p.care_terms, p.hp_after - p.hp_before)} HP, "
            f"HP {p.hp_before}->{p.hp_after}"
        )
    return text


@SENTENCES.on(RecoveryRolled)
def _recovery_told(p: RecoveryRolled, gm: bool) -> str:
    text = f"{p.character}: {recovery_result(p)}"
    if p.care_terms:
        days = len(p.care_terms)
        text += (
            f"; {days} day(s) without medical care cost {p.hp_before - p.hp_after} HP "
            f"({p.hp_before} {ARROW} {p.hp_after})"
        )
    return text
