"""GM fiat for the Horror Factor (`journal adjust`): Hardness, brokenness, current
Willpower and a specialization, moved by a signed change within their ranges (past the
training cap too: an adjustment is a ruling, like an award)."""

from __future__ import annotations

from collections.abc import Mapping

from journal.plugin.rules import Adjustment, CampaignState, RuleError, signed
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import category_name

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
    if number == "hardness":
        return _within(
            number,
            f"{who.name}'s Hardness",
            who.hardness,
            _change(value, "Hardness"),
            catalog.HARDNESS_MAX,
        )
    if number == "brokenness":
        return _within(
            number,
            f"{who.name}'s brokenness",
            who.brokenness,
            _change(value, "brokenness"),
            catalog.BROKENNESS_MAX,
        )
    if number == "willpower":
        return _within(
            number,
            f"{who.name}'s Willpower",
            who.willpower,
            _change(value, "Willpower"),
            who.willpower_max,
        )
    known = ", ".join(ADJUSTABLE)
    raise RuleError(f"the Horror Factor has no number {number!r} to adjust (it has: {known})")


def _within(number: str, what: str, before: int, change: int, most: int) -> Adjustment:
    after = before + change
    if not 0 <= after <= most:
        raise RuleError(
            f"{what} is {before}: {change:+d} would make it {after}, outside 0 to {most}"
        )
    return Adjustment(number, before, after)
