"""GM fiat for a GURPS sheet (`journal adjust`): Will moved by a signed change, and the
self-control number of a disadvantage set (15, 12, 9 or 6; its points stay as they are:
reprice it by fiat too if the GM rules so); and the fold of the core's `NumbersAdjusted`
for them."""

from __future__ import annotations

from collections.abc import Mapping

from journal.plugin.rules import (
    Adjustment,
    CampaignState,
    Meta,
    NumbersAdjusted,
    RuleError,
    changed,
    signed,
    unsigned,
)
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.sheet import ATTRIBUTE_RANGE
from journal.rulesets.fright_check.rules.state import Character, FrightState
from journal.rulesets.fright_check.rules.tables import EVOLVE
from journal.rulesets.fright_check.rules.traits import SELF_CONTROL

ADJUSTABLE: Mapping[str, str] = {
    "will": "a change to Will, e.g. -1",
    "hp": "a change to current HP, e.g. -2 (up to the maximum; below 0 is the GM's to rule)",
    "fp": "a change to current FP, e.g. +1 (up to the maximum)",
    "scn": 'DISADVANTAGE=N: its self-control number (15, 12, 9 or 6), e.g. "Phobia (dark)=9"',
}
SCN = "self_control."


def adjust(state: CampaignState, name: str, number: str, value: str) -> Adjustment:
    who = character_of(state, name)
    if number == "will":
        change = signed(value)
        if not change:
            raise RuleError(f"Will takes a change such as -1 or +1, not {value!r}")
        after = who.will + change
        low, high = ATTRIBUTE_RANGE
        if not low <= after <= high:
            raise RuleError(f"{who.name}'s Will is {who.will}: {after} is outside {low} to {high}")
        return Adjustment("will", who.will, after)
    if number in ("hp", "fp"):
        change = signed(value)
        if not change:
            raise RuleError(f"{number.upper()} takes a change such as -1 or +1, not {value!r}")
        before, most = (who.hp, who.hp_max) if number == "hp" else (who.fp, who.fp_max)
        after = before + change
        if after > most:
            raise RuleError(
                f"{who.name}'s {number.upper()} is {before} of {most}: {after} is past the maximum"
            )
        return Adjustment(number, before, after)
    if number == "scn":
        trait, sep, raw = value.rpartition("=")
        found = who.disadvantage(trait) if sep else None
        if found is None:
            owned = ", ".join(d.name for d in who.disadvantages) or "none"
            raise RuleError(
                f"--scn takes DISADVANTAGE=N, one of {who.name}'s ({owned}), not {value!r}"
            )
        scn = unsigned(raw)
        if scn not in SELF_CONTROL:
            raise RuleError(f"a self-control number is 15, 12, 9 or 6, not {raw!r}")
        if found.self_control is None:
            raise RuleError(f"{found.name} has no self-control number to adjust")
        return Adjustment(f"{SCN}{found.name}", found.self_control, scn)
    known = ", ".join(ADJUSTABLE)
    raise RuleError(f"a GURPS sheet has no number {number!r} to adjust (it has: {known})")


@EVOLVE.on(NumbersAdjusted)
def _adjusted(state: CampaignState, payload: NumbersAdjusted, meta: Meta) -> FrightState:
    rules = rules_of(state)
    who = rules.get(payload.character)
    if who is None:
        return rules
    for change in payload.changes:
        who = _moved(who, change)
    return rules.with_character(who)


def _moved(who: Character, change: Adjustment) -> Character:
    if change.number == "will":
        return changed(who, will=who.will + change.after - change.before)
    if change.number == "hp":
        return changed(who, hp=min(who.hp_max, who.hp + change.after - change.before))
    if change.number == "fp":
        return changed(who, fp=min(who.fp_max, who.fp + change.after - change.before))
    if change.number.startswith(SCN):
        found = who.disadvantage(change.number.removeprefix(SCN))
        if found is None:
            return who
        set_to = changed(found, self_control=change.after)
        return changed(
            who, disadvantages=tuple(set_to if d is found else d for d in who.disadvantages)
        )
    return who
