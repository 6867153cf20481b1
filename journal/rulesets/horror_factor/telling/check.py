"""How a Horror Check reads: for the GM its pair, terms and verdict with the margin of an
exceptional failure; for the players its verdict and what it changed."""

from __future__ import annotations

from journal.plugin.telling import ARROW, describe_terms
from journal.rulesets.horror_factor.rules.check import HorrorChecked
from journal.rulesets.horror_factor.rules.state import hardness_label
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES
from journal.rulesets.horror_factor.telling.words import rolled_pair

#: a Horror Check's result (the event's key) in words
VERDICTS = {"pass": "passed", "fail": "failed", "exceptional-failure": "exceptional failure"}


def check_verdict(result: str) -> str:
    """`exceptional-failure` as `exceptional failure` (any other key: dashes as spaces)."""
    return VERDICTS.get(result, result.replace("-", " "))


def _check_result(payload: HorrorChecked) -> str:
    """`passed`, `failed (exceptional at 5 or less)` or `failed exceptionally (at 5 or
    less)`: the margin is the journal's ruling, so every failure shows it (RULES.md); a
    pass is a pass whatever the margin. The event and `check --json` keep the keys pass,
    fail, exceptional-failure."""
    edge = payload.target - payload.exceptional_margin
    if payload.result == "pass":
        return "passed"
    if payload.result == "fail":
        return f"failed (exceptional at {edge} or less)"
    return f"failed exceptionally (at {edge} or less)"


@LINES.on(HorrorChecked)
def _checked(payload: HorrorChecked) -> str:
    category = f" [{payload.category}]" if payload.category else ""
    return (
        f"{payload.character} makes a Horror Check{category} "
        f"{rolled_pair(payload.dice, 'check')}: "
        f"{describe_terms(payload.terms, payload.total)} vs {payload.target}: "
        f"{_check_result(payload)}; {payload.note}"
    )


def check_outcome(payload: HorrorChecked) -> str:
    """What a Horror Check changed, in words (no total, no terms: the players' view)."""
    label = hardness_label(payload.specialization)
    changes = []
    if payload.brokenness_after != payload.brokenness_before:
        changes.append(f"brokenness {payload.brokenness_before} {ARROW} {payload.brokenness_after}")
    if payload.hardness_after != payload.hardness_before:
        changes.append(f"{label} {payload.hardness_before} {ARROW} {payload.hardness_after}")
    elif payload.result == "pass":
        changes.append(f"{label} stays {payload.hardness_after} (at the cap)")
    elif payload.result == "exceptional-failure":
        changes.append(f"{label} stays 0")
    elif payload.brokenness_after == payload.brokenness_before:
        changes.append(f"brokenness stays {payload.brokenness_after} (the most)")
    return ", ".join(changes)


@SENTENCES.on(HorrorChecked)
def _checked_told(payload: HorrorChecked, gm: bool) -> str:
    verdict = check_verdict(payload.result)
    about = f" about “{payload.encounter}”" if payload.encounter else ""
    return (
        f"{payload.character} faces a Horror Check{about} against HF {payload.hf}: "
        f"{verdict}; {payload.note if gm else check_outcome(payload)}"
    )
