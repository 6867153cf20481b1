"""The what-if audit (`audit --option K=V`) lists the rulings whose outcome (numbers,
result, changes) would differ, counts the wording-only differences apart, and exits 1 only
when an outcome differs. A pass never names the exceptional-failure threshold.

The log: Freddie's check (10 + 1 - 3 + 5 - 5 = 8 vs 10) fails, not exceptionally at 5 or
at 7; Ariella's (3) fails exceptionally at 5, at 7, but not at 2 (margin 8); Linda's (14)
passes whatever the margin.
"""

from __future__ import annotations

import pytest
from support import ROOT
from support.cli import Cli

ROOT_LOG = "campaigns/jackson-zombies/log.jsonl"


@pytest.fixture
def checks(runner: Cli) -> Cli:

    runner("import", str(ROOT / ROOT_LOG))
    start = len(runner.json("log"))  # type: ignore[arg-type]
    runner("check", "Freddie", "--hf", "3", "--dice", "+5/-5")
    runner("check", "Ariella", "--hf", "3", "--dice", "+1/-6")
    passed = runner("check", "Linda", "--hf", "3", "--dice", "+6/-1").stdout
    assert "passed; hardened" in passed and "or less" not in passed
    assert start == 27
    return runner


def test_a_threshold_that_changes_no_outcome_passes(checks: Cli) -> None:
    result = checks("audit", "--option", "exceptional_margin=3")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "What if exceptional_margin=3:",
        "Audited 30 events, 29 rulings decided again: no ruling would be decided otherwise "
        "(3 rulings differ only in wording: #28, #29, #30).",
    ]
    document = checks.json("audit", "--option", "exceptional_margin=3")
    assert document["differences"] == []  # type: ignore[index]
    worded = {(d["seq"], d["field"]) for d in document["wording"]}  # type: ignore[index]
    assert (28, "exceptional_margin") in worded and (29, "note") in worded


def test_a_threshold_that_changes_an_outcome_lists_it_and_fails(checks: Cli) -> None:
    result = checks("audit", "--option", "exceptional_margin=8", ok=False)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[1] == (
        "Audited 30 events, 29 rulings decided again: 1 ruling would be decided otherwise "
        "(2 rulings differ only in wording: #28, #30)."
    )
    assert lines[2].startswith("  #29 Ariella makes a Horror Check +1/-6")
    assert "#29 result: recorded exceptional-failure, the rules give fail" in result.stdout
    assert "#28 " not in "\n".join(lines[2:])  # wording-only: counted, not listed


def test_the_plain_audit_stays_strict(checks: Cli) -> None:
    assert checks.json("audit")["wording"] == []  # type: ignore[index]
    assert "every ruling follows" in checks("audit").stdout
