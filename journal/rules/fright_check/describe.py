"""One line for the GM per fright-check event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.rules.dispatch import Dispatch
from journal.rules.fright_check.events import CombatEnded, CombatStarted, FrightChecked, TraitNamed

AGAINST = {
    "unmodified-will": "unmodified Will",
    "modified-will": "modified Will",
    "will": "Will",
    "ht": "HT",
}
TRAIT_NAMES = {
    "quirk": "a new mental quirk",
    "delusion": "a Delusion",
    "phobia-or-mental": "a Phobia or other mental disadvantage",
    "physical-disadvantage": "physical disadvantages",
    "self-control-or-new": "a self-control number one step worse, or a new disadvantage",
}


def _amount(amount: Mapping[str, Any], unit: str = "") -> str:
    value = amount.get("value")
    if value == 1 and unit.endswith("s"):
        unit = unit[:-1]  # 1 second, 1 minute
    text = "until recovery" if value is None else f"{value}{' ' + unit if unit else ''}"
    if amount.get("dice"):
        faces = ",".join(map(str, amount.get("faces", ())))
        text += f" ({amount['dice']}: {faces})"
    elif amount.get("formula"):
        text += f" ({amount['formula']})"
    return text


def effect_text(effect: Mapping[str, Any]) -> str:
    kind = str(effect.get("kind"))
    if kind == "fp-loss":
        return f"lose {_amount(effect['fp'], 'FP')}"
    if kind == "injury":
        return f"{_amount(effect['hp'], 'HP')} of injury"
    if kind == "ht-roll":
        verdict = "made" if effect["success"] else "failed"
        if effect["critical"]:
            verdict = f"critically {verdict}"
        return f"HT roll {effect['roll']} vs {effect['target']}: {verdict}"
    if kind in TRAIT_NAMES:
        return f"acquire {TRAIT_NAMES[kind]} ({effect['points']:+d}, pending)"
    if kind in ("ht-loss", "iq-loss"):
        return f"lose {effect['amount']} {kind[:2].upper()} permanently"
    if kind == "skill-penalty":
        duration = effect.get("duration") or {}
        return (
            f"{effect['value']:+d} to skills and attributes for "
            f"{_amount(duration, str(duration.get('unit', '')))} {effect.get('starts', '')}"
        ).rstrip()
    return _condition_text(kind, effect)


def _condition_text(kind: str, effect: Mapping[str, Any]) -> str:
    text = kind
    if effect.get("note"):
        text += f" ({effect['note']})"
    duration = effect.get("duration")
    if duration is not None:
        text += f" {_amount(duration, str(duration.get('unit', '')))}"
    if "reaction" in effect:
        text += f", reaction {_amount(effect['reaction'])}"
    recovery = effect.get("recovery")
    if recovery is not None:
        against = AGAINST.get(str(recovery["against"]), str(recovery["against"]))
        text += f", then {against} {recovery['target']} every {recovery['every']}"
    return text


def _check_text(p: FrightChecked) -> str:
    head = f"{p.character}'s Fright Check vs {p.threat}"
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
        if p.margin is not None and p.margin < 0:
            return text + f"{critical}success (a {p.roll} always succeeds)"
        return text + f"{critical}success by {p.margin}"
    text += f"{critical}failure by {p.failure_margin}"
    text += (
        f"; table {p.table_roll}+{p.failure_margin} = {p.table_total} → row {row_label(p.row)}: "
    )
    return text + "; ".join(effect_text(e) for e in p.effects)


def row_label(row: int | None) -> str:
    return "40+" if row == 40 else str(row)


LINES = Dispatch[str]("log line")
LINES.on(FrightChecked)(_check_text)


@LINES.on(TraitNamed)
def _named(payload: TraitNamed) -> str:
    scn = "" if payload.self_control is None else f", self-control {payload.self_control}"
    if payload.worsened:
        return (
            f"{payload.character}'s {payload.name} gets worse (check {payload.for_seq}): "
            f"self-control {payload.previous_self_control} → {payload.self_control}, "
            f"{payload.previous_points} → {payload.points} points"
        )
    return (
        f"{payload.character} acquires {payload.name} "
        f"({payload.points:+d}{scn}; {payload.pending_kind} from check {payload.for_seq})"
    )


@LINES.on(CombatStarted)
def _combat(payload: CombatStarted) -> str:
    who = ", ".join(payload.cast) or "everyone"
    return f"Combat {payload.title!r} starts ({who}): heat of battle +5 while it runs"


@LINES.on(CombatEnded)
def _combat_over(payload: CombatEnded) -> str:
    return f"Combat {payload.title!r} ends"
