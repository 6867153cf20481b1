"""A row's effects in words, shared by the lines, the sentences and the handouts: for the GM
every die and formula; for players the effect with its dice taken out (`shown`), every
kind of trait and condition in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from journal.plugin.rules import JSON
from journal.plugin.telling import sorted_json
from journal.rulesets.fright_check.rules.roll import RULE_OF_14
from journal.rulesets.fright_check.rules.words import AGAINST, condition_name

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
#: when a recovery roll comes, where "every ..." does not say it well
EVERY = {
    "1d hours": "(another 1d hours after each failure)",
    "1d days": "(another 1d days after each failure)",
    "panic reaction survived": "once a panic reaction is survived (another one after each failure)",
}
#: what players never read: dice, faces, formulas, an HT roll's total and target, a
#: recovery roll's target
GM_KEYS = ("dice", "faces", "formula", "roll", "target", "margin", "reaction")


def pending_text(kind: str, points: int) -> str:
    """`a Phobia or other mental disadvantage (-10)`."""
    return f"{PENDING_NAMES.get(kind, kind.replace('-', ' '))} ({points:+d})"


def amount_text(amount: Mapping[str, Any], unit: str = "") -> str:
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
    the dice out (`effect_line`): then an HT roll says only made or failed. An acquired
    trait the GM has `named` reads by its name, no longer as pending."""
    kind = str(effect.get("kind"))
    if kind == "fp-loss":
        return f"lose {amount_text(effect['fp'], 'FP')}"
    if kind == "injury":
        return f"{amount_text(effect['hp'], 'HP')} of injury"
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
            f"{amount_text(duration, str(duration.get('unit', '')))} {effect.get('starts', '')}"
        ).rstrip()
    return _condition_text(kind, effect)


def _condition_text(kind: str, effect: Mapping[str, Any]) -> str:
    text = condition_name(kind)
    if effect.get("note"):
        text += f" ({effect['note']})"
    duration = effect.get("duration")
    if duration is not None:
        text += f" {amount_text(duration, str(duration.get('unit', '')))}"
    if "reaction" in effect:
        text += f", reaction {amount_text(effect['reaction'])}" if effect["reaction"] else ""
    recovery = effect.get("recovery")
    if recovery is not None:
        target = recovery.get("target")  # not to players
        against = against_text(str(recovery["against"]), target if "target" in recovery else None)
        every = str(recovery["every"])
        text += f", then {against} {EVERY.get(every, f'every {every}')}"
    return text


def against_text(against: str, target: object) -> str:
    """`modified Will 15 (no Rule of 14: it is for the Fright Check only)`: what a recovery
    roll is made against, and its target when shown. A modified Will above 13 says why it
    is not 13, right after a check whose line capped it."""
    text = AGAINST.get(against, against)
    if target is None:
        return text
    text += f" {target}"
    if against == "modified-will" and isinstance(target, int) and target > RULE_OF_14:
        text += " (no Rule of 14: it is for the Fright Check only)"
    return text


def _for_players(value: object) -> object:
    """An effect with every die and formula taken out."""
    if isinstance(value, Mapping):
        return {k: _for_players(v) for k, v in value.items() if k not in GM_KEYS}
    if isinstance(value, list | tuple):
        return [_for_players(v) for v in value]
    return value


def shown(effect: Mapping[str, object], gm: bool) -> Mapping[str, JSON]:
    """The effect as this audience may read it (players: no dice, no formula), its keys
    sorted: a JSON object keeps no order (PostgreSQL's JSONB has its own)."""
    found = sorted_json(effect if gm else _for_players(effect))
    assert isinstance(found, Mapping)
    return found


def _waiting(gm: bool) -> str:
    return "pending" if gm else "to be named by the GM"


def effect_line(effect: Mapping[str, object], gm: bool) -> str:
    return effect_text(shown(effect, gm), waiting=_waiting(gm))


def effect_lines(
    effects: Sequence[Mapping[str, object]], names: Sequence[str], gm: bool
) -> list[str]:
    """Effects already `shown`, the acquired traits among them by the names the GM gave
    (in order); those not named yet read as pending."""
    lines, given = [], iter(names)
    for effect in effects:
        named = next(given, None) if effect.get("pending") else None
        lines.append(effect_text(effect, named, _waiting(gm)))
    return lines
