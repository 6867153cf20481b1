"""Two readings of the GURPS text that changed in issue 18 (RULES.md Part 2; docs/RULES.md).
See support.fright_check_cli for Eli (Will 10, HT 10, FP 10)."""

from __future__ import annotations

from typing import Any

from support.cli import Cli
from support.fright_check_cli import eli, fright_row, seat


def test_a_permanent_ht_loss_lowers_the_fp_maximum_with_it(runner: Cli) -> None:
    """RULES.md: "A permanent HT loss lowers the FP maximum with it (basic FP equals HT); FP
    above the new maximum fall to it." Row 31's seizure costs 1 FP (10 -> 9) and, on a
    critical failure of its HT roll, 1 HT for good: FP max 10 -> 9. A night's rest gives
    back 9, not 10; a change of the row gives the HT back, and the maximum with it."""
    table = seat(runner)
    check = fright_row(table, 31, "seizure=2", "seizure_fp=1", "ht=6,6,6", "injury=2")
    status = eli(table)
    assert (status["ht_lost"], status["ht_now"], status["fp"], status["fp_max"]) == (1, 9, 9, 9)
    assert "9/9" in table("status").stdout
    table("rest", "Eli")
    assert (eli(table)["fp"], eli(table)["fp_max"]) == (9, 9)
    table("fright", "Eli", "--for", str(check["seq"]), "--change-to", "21", "--reason", "panic",
          "--effect-dice", "panic=3")  # fmt: skip
    status = eli(table)
    assert (status["ht_lost"], status["fp"], status["fp_max"]) == (0, 10, 10)
    assert table.json("audit")["differences"] == []  # type: ignore[index]


def test_a_sheets_own_fp_falls_with_ht_too(runner: Cli) -> None:
    """Basic FP equals HT: FP bought above it (a sheet's FP 12 on HT 10) falls by the HT
    lost as well, 12 -> 11; the seizure's 1 FP comes off the FP Eli had (12 -> 11)."""
    table = seat(runner, "--fp", "12")
    fright_row(table, 31, "seizure=2", "seizure_fp=1", "ht=6,6,6", "injury=2")
    assert (eli(table)["fp"], eli(table)["fp_max"]) == (11, 11)


def _exposures(document: Any) -> list[dict[str, Any]]:
    return [m for m in document["modifiers"] if "exposure" in m["label"]]


def test_with_no_clock_earlier_checks_of_the_session_count_as_within_24_hours(
    runner: Cli,
) -> None:
    """RULES.md: "exposures in 24 h (earlier checks against the same threat within 24
    game-hours before this one; with no campaign clock set, the earlier checks of the same
    session count as within 24 hours)". The text: "+1 per exposure to this particular
    threat in 24 hours". Two checks against the ghoul in session 1 make the third +2;
    session 2 starts afresh; checks outside any session count nothing."""
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    runner("fright", "Eli", "--threat", "ghoul", "--dice", "3,3,3")  # before any session
    runner("session", "start", "The morgue")
    first = runner.json("fright", "Eli", "--threat", "ghoul", "--dice", "3,3,3")
    assert [m["value"] for m in _exposures(first)] == [0]
    assert "no earlier exposure to ghoul this session" in _exposures(first)[0]["label"]
    second = runner.json("fright", "Eli", "--threat", "ghoul", "--dice", "3,3,3")
    runner("fright", "Eli", "--threat", "rat", "--dice", "3,3,3")  # another threat
    third = runner.json("fright", "Eli", "--threat", "Ghoul", "--dice", "3,3,3")
    assert [m["value"] for m in _exposures(second)] == [1]
    (exposures,) = _exposures(third)
    assert (exposures["value"], exposures["source"]) == (2, "derived")
    assert exposures["label"] == (
        "earlier exposures to Ghoul this session, counted as within 24 game-hours (the "
        f"campaign clock is not set; checks {first['seq']}, {second['seq']})"  # type: ignore[index]
    )
    runner("session", "end")
    outside = runner.json("fright", "Eli", "--threat", "ghoul", "--dice", "3,3,3")
    assert [m["value"] for m in _exposures(outside)] == [0]
    assert "no session is running" in _exposures(outside)[0]["label"]
    runner("session", "start", "The next night")
    fresh = runner.json("fright", "Eli", "--threat", "ghoul", "--dice", "3,3,3")
    assert [m["value"] for m in _exposures(fresh)] == [0]
    assert runner.json("audit")["differences"] == []  # type: ignore[index]
