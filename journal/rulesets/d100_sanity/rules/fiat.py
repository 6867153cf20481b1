"""GM fiat for d100 sanity (`journal adjust`): SAN, POW, INT, a bond's score and the
breaking point, each moved by a signed change within its range. A breaking point only
falls, and fiat never takes SAN to or below it (that fall is a sanity roll's: it calls for a
disorder)."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from journal.plugin.rules import Adjustment, CampaignState, NumbersAdjusted, RuleError, signed
from journal.rulesets.d100_sanity.rules.lookup import clamp, investigator, rules_of, with_changes
from journal.rulesets.d100_sanity.rules.sheet import BOND_RANGE
from journal.rulesets.d100_sanity.rules.state import SanityState

ADJUSTABLE: Mapping[str, str] = {
    "san": "a change to SAN, e.g. -2 (0 to maximum SAN; never to the breaking point)",
    "pow": "a change to POW, e.g. +1",
    "int": "a change to INT, e.g. -1",
    "bond": "NAME=CHANGE: a bond's score, e.g. 'Her sister=-2'",
    "breaking_point": "a change to the breaking point, e.g. -3 (it only falls)",
}
BOND = "bond."  # `bond.Her sister`: a bond's score
#: the ranges of POW and INT under any preset
MOST = 99


def _change(text: str, what: str) -> int:
    change = signed(text)
    if change is None:
        raise RuleError(f"{what} must be a change such as -1 or +2, not {text!r}")
    if change == 0:
        raise RuleError(f"a change of 0 to {what} changes nothing: give -1, +1, ...")
    return change


def _within(number: str, what: str, before: int, change: int, low: int, high: int) -> Adjustment:
    after = before + change
    if not low <= after <= high:
        raise RuleError(
            f"{what} is {before}: {change:+d} would make it {after}, outside {low} to {high}"
        )
    return Adjustment(number, before, after)


def adjust(state: CampaignState, name: str, number: str, value: str) -> Adjustment:
    who = investigator(state, name)
    if number == "san":
        made = _within("san", f"{who.name}'s SAN", who.san, _change(value, "SAN"), 0, who.san_max)
        point = who.breaking_point
        if point is not None and made.after <= point < made.before:
            raise RuleError(
                f"{who.name}'s SAN would fall to {made.after}, at or below the breaking point "
                f"{point}: that fall is a sanity roll's (it calls for a disorder); lower the "
                "breaking point first if the GM rules otherwise"
            )
        return made
    if number == "pow":
        return _within("pow", f"{who.name}'s POW", who.pow, _change(value, "POW"), 1, MOST)
    if number == "int":
        if who.intelligence is None:
            raise RuleError(f"{who.name} has no INT on their sheet to adjust")
        return _within("int", f"{who.name}'s INT", who.intelligence, _change(value, "INT"), 1, MOST)
    if number == "bond":
        named, sep, raw = value.rpartition("=")
        bond = who.bond(named) if sep else None
        if bond is None:
            held = ", ".join(b.name for b in who.bonds) or "none"
            raise RuleError(
                f"--bond takes NAME=CHANGE, a bond of {who.name}'s ({held}), not {value!r}"
            )
        change = _change(raw, f"the bond {bond.name}")
        return _within(
            f"{BOND}{bond.name}",
            f"{who.name}'s bond {bond.name}",
            bond.score,
            change,
            0,
            BOND_RANGE[1],
        )
    if number == "breaking_point":
        if who.breaking_point is None:
            raise RuleError(f"{who.name} has no breaking point (the Delta Green preset's)")
        change = _change(value, "the breaking point")
        if change > 0:
            raise RuleError("a breaking point only falls: give a change such as -3")
        return _within(
            "breaking_point",
            f"{who.name}'s breaking point",
            who.breaking_point,
            change,
            -MOST,
            MOST,
        )
    known = ", ".join(ADJUSTABLE)
    raise RuleError(f"d100 sanity has no number {number!r} to adjust (it has: {known})")


def adjusted(state: CampaignState, payload: NumbersAdjusted) -> SanityState:
    """The fold of GM fiat: each change lands as its difference on the number as it stands
    (a void before it still lets it land where the GM meant)."""
    who = rules_of(state).characters.get(payload.character)
    if who is None:
        return rules_of(state)
    for change in payload.changes:
        diff = change.after - change.before
        if change.number == "san":
            who = replace(who, san=clamp(who.san + diff, who.san_max))
        elif change.number == "pow":
            who = replace(who, pow=max(1, who.pow + diff))
        elif change.number == "int" and who.intelligence is not None:
            who = replace(who, intelligence=max(1, who.intelligence + diff))
        elif change.number == "breaking_point" and who.breaking_point is not None:
            who = replace(who, breaking_point=who.breaking_point + min(0, diff))
        elif change.number.startswith(BOND):
            name = change.number.removeprefix(BOND)
            bonds = tuple(
                replace(b, score=max(0, b.score + diff)) if b.name == name else b for b in who.bonds
            )
            who = replace(who, bonds=bonds)
    return with_changes(
        state,
        payload.character,
        **{f: getattr(who, f) for f in ("san", "pow", "intelligence", "breaking_point", "bonds")},
    )
