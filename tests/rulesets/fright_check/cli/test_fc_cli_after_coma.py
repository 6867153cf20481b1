"""The -2 after a coma or a catatonia, applied to every roll the journal decides inside the
window, and shown by `status` with its end (issue 18). See support.fright_check_cli for
Eli (Will 10, HT 10), at the morgue from 1987-11-13 23:00.

RULES.md Part 2, "After a coma or catatonia (rows 28-30 and 38-40): from the moment the
character comes to, all skill rolls and attribute checks are at -2 for 6 hours (comas, "as
above"), or for as many days as the catatonia lasted. The journal applies it to every roll
it decides inside that window (a Fright Check's modified Will, HT and Will recovery targets)
as a listed modifier, and `status` shows the window and its end."

The text: "28 - Light coma ... For 6 hours after you come to, all skill rolls and attribute
checks are at -2"; "29 - Coma. As above"; "30 - Catatonia ... If you survive and awaken, all
skill rolls and attribute checks are at -2 for as many days as the catatonia lasted."
"""

from __future__ import annotations

from typing import Any

import pytest
from support.cli import Cli
from support.fright_check_cli import eli, fright_row, seat

WINDOW = "after coming to from a coma (check #{seq}, 6h), until 1987-11-14 08:00"


@pytest.fixture
def table(runner: Cli) -> Cli:
    return seat(runner)


def _modifiers(document: Any) -> dict[str, int]:
    return {m["label"]: m["value"] for m in document["modifiers"]}


def _came_to_from_a_coma(table: Cli) -> int:
    """Row 29 at 23:00, 3 hours of coma, the HT roll made at 02:00 when they are up: Eli
    comes to at 02:00, -2 until 08:00."""
    coma = fright_row(table, 29, "coma=3")
    table("clock", "advance", "3h")
    table("recover", "Eli", "--dice", "2,3,4")
    return int(coma["seq"])


def test_status_shows_the_window_and_its_end(table: Cli) -> None:
    """ "and `status` shows the window and its end": 6 hours from 02:00, over at 08:00."""
    seq = _came_to_from_a_coma(table)
    window = eli(table)["skill_penalty"]
    assert {k: window[k] for k in ("value", "condition", "seq", "length", "starts", "ends")} == {
        "value": -2,
        "condition": "coma",
        "seq": seq,
        "length": "6h",
        "starts": "1987-11-14T02:00",
        "ends": "1987-11-14T08:00",
    }
    assert f"-2 to rolls {WINDOW.format(seq=seq)}" in table("status").stdout
    table("clock", "advance", "5h")  # 07:00: still inside
    assert eli(table)["skill_penalty"]["ends"] == "1987-11-14T08:00"
    table("clock", "advance", "1h")  # 08:00: over
    assert eli(table)["skill_penalty"] is None
    assert "-2 to rolls" not in table("status").stdout


def test_a_fright_check_inside_the_window_is_at_minus_2(table: Cli) -> None:
    """ "The journal applies it to every roll it decides inside that window (a Fright
    Check's modified Will ...) as a listed modifier": Will 10 - 2 = 8 at 04:00, 10 at 08:00."""
    seq = _came_to_from_a_coma(table)
    table("clock", "advance", "2h")
    inside = table.json("fright", "Eli", "--threat", "ghoul", "--dice", "3,3,3")
    assert _modifiers(inside)[WINDOW.format(seq=seq)] == -2
    assert inside["modified_will"] == 8  # type: ignore[index]
    assert {"label": WINDOW.format(seq=seq), "value": -2, "source": "derived"} in inside[
        "modifiers"  # type: ignore[index]
    ]
    table("clock", "advance", "4h")  # 08:00: the window closed
    after = table.json("fright", "Eli", "--threat", "rat", "--dice", "3,3,3")
    assert after["modified_will"] == 10  # type: ignore[index]
    assert not any(label.startswith("after coming to") for label in _modifiers(after))
    assert table.json("audit")["differences"] == []  # type: ignore[index]


def test_an_ht_recovery_target_inside_the_window_is_at_minus_2(table: Cli) -> None:
    """Row 17's faint, "roll vs. HT each minute to recover", against HT 10 - 2 = 8: a 9
    fails that would have made it."""
    seq = _came_to_from_a_coma(table)
    # Will 10 - 2 = 8: 15 fails by 7, the table's 10 + 7 is row 17
    faint = table.json("fright", "Eli", "--threat", "ghoul", "--dice", "5,5,5",
                       "--table-dice", "3,3,4", "--effect-dice", "faint=2")  # fmt: skip
    assert faint["row"] == 17  # type: ignore[index]
    out = table("recover", "Eli", "--dice", "3,3,3").stdout
    assert "rolled 9 (3,3,3) vs HT 8: failed; still out cold" in out
    assert f"[target: HT 10, {WINDOW.format(seq=seq)} -2 = 8]" in out
    gm = table("recap", "--for", "gm").stdout
    assert f"HT 10, {WINDOW.format(seq=seq)} -2 = 8]" in gm
    assert "after coming to from a coma (check #" not in table("recap", "--for", "players").stdout
    made = table.json("recover", "Eli", "--dice", "2,2,2")
    assert made[0]["data"]["terms"] == [["HT", 10], [WINDOW.format(seq=seq), -2]]  # type: ignore[index]
    assert table.json("audit")["differences"] == []  # type: ignore[index]


def test_a_modified_will_made_inside_the_window_takes_it_once(table: Cli) -> None:
    """Rows 8-9: "roll vs. Will, plus whatever bonuses or penalties you had on your original
    roll": the check's modified Will 8 holds the -2 already."""
    _came_to_from_a_coma(table)
    # Will 8: 14 fails by 6, the table's 3 + 6 is row 9
    stun = table.json("fright", "Eli", "--threat", "ghoul", "--dice", "4,5,5",
                      "--table-dice", "1,1,1")  # fmt: skip
    assert (stun["row"], stun["modified_will"]) == (9, 8)  # type: ignore[index]
    out = table("recover", "Eli", "--dice", "3,3,3").stdout
    assert "vs modified Will 8: failed" in out and "[target:" not in out


def test_an_unmodified_will_target_inside_the_window_is_at_minus_2(table: Cli) -> None:
    """Rows 6-7: "roll vs. unmodified Will to snap out of it": Will 10 - 2 = 8."""
    _came_to_from_a_coma(table)
    stun = table.json("fright", "Eli", "--threat", "ghoul", "--dice", "4,5,5",
                      "--table-dice", "1,1,1", "--change-to", "7", "--reason",
                      "a plain stun")  # fmt: skip
    assert stun["row"] == 7  # type: ignore[index]
    out = table("recover", "Eli", "--dice", "3,3,3").stdout
    assert "vs unmodified Will 8: failed; still stunned" in out


def test_the_character_comes_to_at_the_end_of_the_rolled_coma(table: Cli) -> None:
    """RULES.md Part 2 (issue 30, item 10): "unconscious for 1d hours. Then roll vs. HT":
    a 23:00 check with a 3-hour coma wakes at 02:00, -2 until 08:00, whatever the clock says
    when `recover` is typed, before the hours are up or long after."""
    seq = fright_row(table, 29, "coma=3")["seq"]
    table("recover", "Eli", "--dice", "2,3,4")  # typed at 23:00, the clock not moved
    window = eli(table)["skill_penalty"]
    assert (window["starts"], window["ends"]) == ("1987-11-14T02:00", "1987-11-14T08:00")
    assert "until 1987-11-14 08:00; comes to at 1987-11-14 02:00" in table("status").stdout
    table("clock", "advance", "4h")  # 03:00: awake and inside the window
    assert table.json("fright", "Eli", "--threat", "rat", "--dice", "3,3,3")[
        "modified_will"  # type: ignore[index]
    ] == 8
    assert table.json("audit")["differences"] == []  # type: ignore[index]
    assert seq is not None


def test_a_failed_coma_roll_counts_the_new_hours_from_the_check(table: Cli) -> None:
    """A failed HT roll: another 1d hours (2); the stretches add up from the check: 3 + 2
    hours after 23:00 is 04:00, -2 until 10:00, though the roll is typed at 09:00."""
    fright_row(table, 29, "coma=3")
    table("recover", "Eli", "--dice", "6,6,5", "--more-dice", "2")
    table("clock", "advance", "10h")  # 09:00
    table("recover", "Eli", "--dice", "2,2,2")
    window = eli(table)["skill_penalty"]
    assert (window["starts"], window["ends"]) == ("1987-11-14T04:00", "1987-11-14T10:00")
    assert table.json("audit")["differences"] == []  # type: ignore[index]


def test_after_a_catatonia_the_window_lasts_as_many_days_as_it_did(table: Cli) -> None:
    """Row 30: 2 days, a failed roll and another 3: 5 days in all, so -2 for 5 days."""
    catatonia = fright_row(table, 30, "catatonia=2")
    table("recover", "Eli", "--dice", "6,6,5", "--more-dice", "3")
    table("clock", "advance", "5d")
    table("recover", "Eli", "--dice", "2,2,2")  # comes to at 1987-11-18 23:00
    window = eli(table)["skill_penalty"]
    assert (window["condition"], window["seq"], window["length"]) == (
        "catatonia",
        catatonia["seq"],
        "5d",
    )
    assert (window["starts"], window["ends"]) == ("1987-11-18T23:00", "1987-11-23T23:00")
    table("clock", "advance", "4d")
    check = table.json("fright", "Eli", "--threat", "ghoul", "--dice", "3,3,3")
    assert check["modified_will"] == 8  # type: ignore[index]
    table("clock", "advance", "1d")
    assert eli(table)["skill_penalty"] is None


def test_three_days_of_catatonia_wake_three_days_after_the_check(table: Cli) -> None:
    """ "stare into space for 1d days": 3 days from 23:00 on the 13th, awake on the 16th at
    23:00 and -2 for 3 days, though the recovery is typed the same night."""
    fright_row(table, 30, "catatonia=3")
    table("recover", "Eli", "--dice", "2,2,2")
    window = eli(table)["skill_penalty"]
    assert (window["starts"], window["ends"]) == ("1987-11-16T23:00", "1987-11-19T23:00")
    assert "comes to at 1987-11-16 23:00" in table("status").stdout
    table("clock", "advance", "3d")
    assert "comes to at" not in table("status").stdout
    assert eli(table)["skill_penalty"]["starts"] == "1987-11-16T23:00"


def test_with_no_clock_the_window_lasts_the_session(runner: Cli) -> None:
    """With no campaign clock nothing measures 6 hours: the window opens when Eli comes to
    and lasts the rest of that session (RULES.md's reading, in docs/RULES.md)."""
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    runner("session", "start", "The morgue")
    fright_row(runner, 28)
    runner("recover", "Eli", "--dice", "2,3,4")
    window = eli(runner)["skill_penalty"]
    assert (window["starts"], window["ends"], window["length"]) == (None, None, "6h")
    assert "for the rest of the session (no campaign clock)" in runner("status").stdout
    inside = runner.json("fright", "Eli", "--threat", "ghoul", "--dice", "3,3,3")
    assert inside["modified_will"] == 8  # type: ignore[index]
    runner("session", "end")
    assert eli(runner)["skill_penalty"] is None
    runner("session", "start", "The next night")
    after = runner.json("fright", "Eli", "--threat", "rat", "--dice", "3,3,3")
    assert after["modified_will"] == 10  # type: ignore[index]
    assert runner.json("audit")["differences"] == []  # type: ignore[index]


def test_a_rows_immediate_ht_roll_inside_the_window_is_at_minus_2(table: Cli) -> None:
    """Row 18, "Faint as above, and roll vs. HT immediately. On a failed roll, take 1 HP of
    injury": inside the window the HT roll is an attribute check at -2, so a 9 fails
    against HT 10 - 2 = 8, and the effect lists both terms."""
    seq = _came_to_from_a_coma(table)
    # Will 8: 17 fails by 9, the table's 9 + 9 is row 18
    check = table.json("fright", "Eli", "--threat", "ghoul", "--dice", "6,6,5",
                       "--table-dice", "3,3,3", "--effect-dice", "faint=2",
                       "--effect-dice", "ht=4,4,1")  # fmt: skip
    assert check["row"] == 18  # type: ignore[index]
    ht = next(e for e in check["effects"] if e["kind"] == "ht-roll")  # type: ignore[index]
    assert (ht["target"], ht["roll"], ht["success"]) == (8, 9, False)
    assert ht["terms"] == [["HT", 10], [WINDOW.format(seq=seq), -2]]
    assert eli(table)["hp"] == 9
