"""One line for the GM per fright-check event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from journal.plugin.telling import Lines, describe_terms
from journal.rulesets.fright_check.rules.events import (
    CombatEnded,
    CombatJoined,
    CombatLeft,
    CombatStarted,
    FrightChecked,
    FrightRowChanged,
    Healed,
    RecoveryRolled,
    RestRecorded,
    TraitNamed,
)
from journal.rulesets.fright_check.rules.words import AGAINST, condition_name, row_label

TRAIT_NAMES = {
    "quirk": "a new mental quirk",
    "delusion": "a Delusion",
    "phobia-or-mental": "a Phobia or other mental disadvantage",
    "physical-disadvantage": "physical disadvantages",
    "self-control-or-new": "a self-control number one step worse, or a new disadvantage",
}
#: a pending trait's kind (the state's and `status --json`'s key) in words
PENDING_NAMES = {
    "quirk": "a new mental quirk",
    "delusion": "a Delusion",
    "mental": "a Phobia or other mental disadvantage",
    "physical": "physical disadvantages",
    "self-control-or-new": "a related self-control number one step worse, or a new mental "
    "disadvantage",
}
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


#: when a recovery roll comes, where "every ..." does not say it well
EVERY = {
    "1d hours": "(another 1d hours after each failure)",
    "1d days": "(another 1d days after each failure)",
    "panic reaction survived": "once a panic reaction is survived (another one after each failure)",
}


def pending_text(kind: str, points: int) -> str:
    """`a Phobia or other mental disadvantage (-10)`."""
    return f"{PENDING_NAMES.get(kind, kind.replace('-', ' '))} ({points:+d})"


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


def effect_text(
    effect: Mapping[str, Any], named: str | None = None, waiting: str = "pending"
) -> str:
    """An effect for the GM (every die and formula), or for players when the caller took
    the dice out (`tell.effect_line`): then an HT roll says only made or failed. An
    acquired trait the GM has `named` reads by its name, no longer as pending."""
    kind = str(effect.get("kind"))
    if kind == "fp-loss":
        return f"lose {_amount(effect['fp'], 'FP')}"
    if kind == "injury":
        return f"{_amount(effect['hp'], 'HP')} of injury"
    if kind == "ht-roll":
        verdict = "made" if effect["success"] else "failed"
        if effect["critical"]:
            verdict = f"critically {verdict}"
        if "roll" not in effect:
            return f"HT roll {verdict}"
        return f"HT roll {effect['roll']} vs {effect['target']}: {verdict}"
    if kind in TRAIT_NAMES:
        if named is not None:
            return f"acquire {TRAIT_NAMES[kind]} ({effect['points']:+d}): {named}"
        return f"acquire {TRAIT_NAMES[kind]} ({effect['points']:+d}, {waiting})"
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
    text = condition_name(kind)
    if effect.get("note"):
        text += f" ({effect['note']})"
    duration = effect.get("duration")
    if duration is not None:
        text += f" {_amount(duration, str(duration.get('unit', '')))}"
    if "reaction" in effect:
        text += f", reaction {_amount(effect['reaction'])}" if effect["reaction"] else ""
    recovery = effect.get("recovery")
    if recovery is not None:
        against = AGAINST.get(str(recovery["against"]), str(recovery["against"]))
        every = str(recovery["every"])
        target = f" {recovery['target']}" if "target" in recovery else ""  # not to players
        text += f", then {against}{target} {EVERY.get(every, f'every {every}')}"
    return text


def _check_text(p: FrightChecked) -> str:
    named = f" ({p.threat_name})" if p.threat_name else ""
    head = f"{p.character}'s Fright Check vs {p.threat}{named}"
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


LINES = Lines("log line")
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
    against = AGAINST.get(p.against, p.against)
    verdict = ("critically " if p.critical else "") + ("made" if p.success else "failed")
    text = (
        f"{p.character}'s recovery roll #{p.attempt} from {condition_name(p.condition)} "
        f"(check #{p.for_seq}): rolled {p.roll} ({faces}) vs {against} {p.target}: "
        f"{verdict}; {recovery_result(p)}"
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
        text += f" (reaction {_amount(p.reaction)}: the higher, the more useless)"
    if p.care_terms:
        days = len(p.care_terms)
        text += (
            f"; {days} day(s) without medical care: "
            f"{describe_terms(p.care_terms, p.hp_after - p.hp_before)} HP, "
            f"HP {p.hp_before}->{p.hp_after}"
        )
    return text


@LINES.on(Healed)
def _healed(p: Healed) -> str:
    parts = []
    if p.hp:
        parts.append(f"HP {p.hp_before}->{p.hp_after}/{p.hp_max} (+{p.hp})")
    if p.fp:
        parts.append(f"FP {p.fp_before}->{p.fp_after}/{p.fp_max} (+{p.fp})")
    return f"{p.character} heals: {', '.join(parts)}"


@LINES.on(RestRecorded)
def _rested(p: RestRecorded) -> str:
    parts = []
    for c in p.changes:
        over = ", ".join(f"{condition_name(e.kind)} from #{e.seq} over" for e in c.ended)
        if c.after == c.before and not over:
            continue  # nothing changed for them: the line lists what did
        fp = f" FP {c.before}->{c.after}/{c.max}" if c.after != c.before else ""
        parts.append(f"{c.character}{fp}" + (f" ({over})" if over else ""))
    unchanged = len(p.changes) - len(parts)
    if not parts:
        names = ", ".join(c.character for c in p.changes)
        return f"A night's rest for {names}: nothing to recover (FP full, no condition to end)"
    return (
        "A night's rest: "
        + "; ".join(parts)
        + (f" ({unchanged} had nothing to recover)" if unchanged else "")
    )


@LINES.on(CombatStarted)
def _combat(payload: CombatStarted) -> str:
    who = ", ".join(payload.cast) or "everyone"
    return f"Combat {payload.title!r} starts ({who}): heat of battle +5 while it runs"


@LINES.on(CombatJoined)
def _joined(payload: CombatJoined) -> str:
    return f"{payload.character} joins the fight {payload.title!r}: heat of battle +5"


@LINES.on(CombatLeft)
def _left(payload: CombatLeft) -> str:
    return (
        f"{payload.character} is out of the fight {payload.title!r} ({payload.reason}): "
        "no more heat of battle"
    )


@LINES.on(CombatEnded)
def _combat_over(payload: CombatEnded) -> str:
    return f"Combat {payload.title!r} ends"
