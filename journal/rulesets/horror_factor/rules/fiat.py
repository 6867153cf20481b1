"""GM fiat for the Horror Factor (`journal adjust`): Hardness, brokenness, current
Willpower and a specialization, moved by a signed change within their ranges (past the
training cap too: an adjustment is a ruling, like an award); and the fold of the core's
`NumbersAdjusted` for them."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from journal.plugin.rules import (
    Adjustment,
    CampaignState,
    Meta,
    NumbersAdjusted,
    RuleError,
    signed,
)
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    rules_of,
    shift_level,
    shift_numbers,
    with_character,
)
from journal.rulesets.horror_factor.rules.tables import EVOLVE

ADJUSTABLE: Mapping[str, str] = {
    "hardness": "a change to Hardness, e.g. -1 (0-7; past the training cap too)",
    "brokenness": "a change to brokenness, e.g. +1 (0-6)",
    "willpower": "a change to current Willpower, e.g. -2 (0 to its maximum)",
    "spec": "CATEGORY=CHANGE: a specialization's Hardness, e.g. mythos=-1",
}
SPEC = "hardness."  # `hardness.mythos`: a specialization


def _change(text: str, what: str) -> int:
    change = signed(text)
    if change is None:
        raise RuleError(f"{what} must be a change such as -1 or +2, not {text!r}")
    if change == 0:
        raise RuleError(f"a change of 0 to {what} changes nothing: give -1, +1, ...")
    return change


def adjust(state: CampaignState, name: str, number: str, value: str) -> Adjustment:
    who = character(state, name)
    if number == "spec":
        category, sep, raw = value.partition("=")
        category = category_name(category)
        if not sep or not category:
            raise RuleError(f"--spec takes CATEGORY=CHANGE, e.g. mythos=-1, not {value!r}")
        before = who.level(category)
        return _within(
            f"{SPEC}{category}",
            f"{who.name}'s Hardness ({category})",
            before,
            _change(raw, f"Hardness ({category})"),
            catalog.HARDNESS_MAX,
        )
    numbers = {
        "hardness": ("Hardness", who.hardness, catalog.HARDNESS_MAX),
        "brokenness": ("brokenness", who.brokenness, catalog.BROKENNESS_MAX),
        "willpower": ("Willpower", who.willpower, who.willpower_max),
    }
    if number in numbers:
        label, before, most = numbers[number]
        return _within(number, f"{who.name}'s {label}", before, _change(value, label), most)
    known = ", ".join(ADJUSTABLE)
    raise RuleError(f"the Horror Factor has no number {number!r} to adjust (it has: {known})")


def _within(number: str, what: str, before: int, change: int, most: int) -> Adjustment:
    after = before + change
    if not 0 <= after <= most:
        raise RuleError(
            f"{what} is {before}: {change:+d} would make it {after}, outside 0 to {most}"
        )
    return Adjustment(number, before, after)


@EVOLVE.on(NumbersAdjusted)
def _adjusted(state: CampaignState, payload: NumbersAdjusted, meta: Meta) -> HFState:
    """GM fiat: each adjustment lands as its difference on the number as it stands (like
    every recorded change: a void before it still lets it land where the GM meant)."""
    rules, name = rules_of(state), payload.character
    # a specialization moves from the general Hardness as it was before this ruling
    for change in sorted(payload.changes, key=lambda c: not c.number.startswith(SPEC)):
        diff = change.after - change.before
        if change.number.startswith(SPEC) or change.number == "hardness":
            who = rules.characters.get(name)
            if who is not None:
                rules = with_character(rules, replace(who, awarded=meta.seq))
        if change.number.startswith(SPEC):
            rules = shift_level(rules, name, change.number.removeprefix(SPEC), diff)
        elif change.number in ("hardness", "brokenness", "willpower"):
            rules = shift_numbers(rules, name, **{change.number: diff})
    return rules
