"""Recovery rolls against the target the table gave, typed at the command line with entered
dice (issue 12; RULES.md Part 2, "On failure"). See support.fright_check_cli for Eli (Will 10,
HT 10).
"""

from __future__ import annotations

import pytest
from support.cli import Cli
from support.fright_check_cli import eli, fright_row, refused, seat


@pytest.fixture
def table(runner: Cli) -> Cli:
    return seat(runner)


def test_a_stun_ends_when_the_roll_is_made(table: Cli) -> None:
    """ "6, 7 - Stunned for one second. Every second after that, roll vs. unmodified Will to
    snap out of it": 17 fails against Will 10, 9 makes it; then nothing is left to roll."""
    check = fright_row(table, 7)
    assert eli(table)["conditions"][0]["kind"] == "stun"
    out = table("recover", "Eli", "--dice", "6,6,5").stdout
    assert f"Eli's recovery roll #1 from stun (check #{check['seq']}): rolled 17 (6,6,5) " in out
    assert "vs unmodified Will 10: critically failed; still stunned" in out
    out = table("recover", "Eli", "--dice", "3,3,3").stdout
    assert "roll #2 from stun" in out and "vs unmodified Will 10: made; stun over" in out
    assert eli(table)["conditions"] == []
    assert "no condition that ends with a recovery roll" in refused(table, "recover", "Eli")
    players = table("recap").stdout
    assert "Eli: still stunned" in players and "Eli: stun over" in players
    assert "6,6,5" not in players and "unmodified Will 10: made" not in players


def test_modified_will_carries_the_checks_modifiers(table: Cli) -> None:
    """ "8, 9 - ... roll vs. Will, plus whatever bonuses or penalties you had on your
    original roll": Eli's check at -3 in the dark (Will 10 - 3 - 1 = 6) recovers against 6."""
    document = table.json("fright", "Eli", "--threat", "ghoul-2", "--monster", "-3", "--dark",
                          "--dice", "4,4,4", "--table-dice", "1,1,1")  # fmt: skip
    assert document["row"] == 9  # type: ignore[index]  # 12 vs 6: failure by 6, 3 + 6
    out = table("recover", "Eli", "--dice", "2,2,2").stdout
    assert "vs modified Will 6: made; stun over" in out


def test_a_coma_goes_on_another_1d_hours(table: Cli) -> None:
    """ "29 - Coma. As above, but you are unconscious for 1d hours. Then roll vs. HT. If the
    roll fails, remain in a coma for another 1d hours, and so on": 3 hours, a failed roll,
    another 2 (entered): 5 so far; then made."""
    fright_row(table, 29, "coma=3")
    out = table("recover", "Eli", "--dice", "6,5,5", "--more-dice", "2").stdout
    assert "vs HT 10: failed; still in a coma for another 2 hours (1d: 2), 5 hours so far" in out
    out = table("recover", "Eli", "--dice", "2,3,4").stdout
    assert "made; coma over after 5 hours" in out
    assert table.json("audit")["differences"] == []  # type: ignore[index]


def test_a_catatonia_without_medical_care_costs_hp_day_by_day(table: Cli) -> None:
    """ "30 - Catatonia. Stare into space for 1d days. Then roll vs. HT. On a failed roll,
    remain catatonic for another 1d days, and so on. If you have no medical care, lose 1 HP
    the first day, 2 the second, and so on": 2 days without care (-1, -2), a failed roll and
    another 3 days; those 3 without care too, counted on (days 3 to 5: -12), a failed roll and
    1 more day; then the roll is made, after 6 days in all."""
    fright_row(table, 30, "catatonia=2")
    out = table("recover", "Eli", "--no-care", "--dice", "6,6,5", "--more-dice", "3").stdout
    assert "still catatonic for another 3 days (1d: 3), 5 days so far" in out
    assert "2 day(s) without medical care: day 1 without medical care -1, day 2 without " in out
    assert "HP 10->7" in out
    assert eli(table)["hp"] == 7
    out = table("recover", "Eli", "--no-care", "--dice", "3,4,4", "--more-dice", "1").stdout
    assert "day 3 without medical care -3, day 4" in out and "-5 = -12 HP, HP 7->-5" in out
    assert eli(table)["hp"] == -5  # GURPS lets HP go below zero: the GM rules what it means
    made = table.json("recover", "Eli", "--dice", "2,2,2")
    assert made[0]["data"]["success"] and made[0]["data"]["lasted"]["value"] == 6  # type: ignore[index]
    players = table("recap").stdout
    assert "2 day(s) without medical care cost 3 HP (10 → 7)" in players
    assert "Eli: catatonia over after 6 days" in players


def test_total_panic_repeats(table: Cli) -> None:
    """ "33 - Total panic ... If you survive your first reaction, roll vs. Will to come out
    of the panic. If you fail, the GM rolls for another panic reaction, and so on!" """
    check = fright_row(table, 33, "reaction=5,5,4")
    assert check["effects"][0]["reaction"]["value"] == 14
    out = table("recover", "Eli", "--dice", "5,5,5", "--reaction-dice", "6,6,1").stdout
    assert "vs Will 10: failed; still in a total panic: another panic reaction" in out
    assert "(reaction 13 (3d: 6,6,1): the higher, the more useless)" in out
    assert "made; total panic over" in table("recover", "Eli", "--dice", "1,2,3").stdout


def test_which_condition(table: Cli) -> None:
    """RULES.md "Recovery rolls (per second, per minute) are recorded against the target the
    row gave": with two lasting conditions, say which with --for (the check's seq)."""
    first = fright_row(table, 7)
    second = fright_row(table, 21, "panic=2", threat="crypt")
    error = refused(table, "recover", "Eli", "--dice", "3,3,3")
    assert f"stun from check #{first['seq']}, panic from check #{second['seq']}" in error
    assert "--for SEQ" in error
    out = table("recover", "Eli", "--for", str(second["seq"]), "--dice", "3,3,3").stdout
    assert "panic over" in out
    assert [c["kind"] for c in eli(table)["conditions"]] == ["stun"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("recover", "Eli", "--no-care", "--dice", "3,3,3"), "only a catatonia (row 30)"),
        (
            ("recover", "Eli", "--for", "99", "--dice", "3,3,3"),
            "no lasting condition from check #99",
        ),
        (("recover", "Eli", "--dice", "7,1,1"), "a d6 shows 1 to 6, not 7"),
        (("recover", "Eli", "--dice", "1,1"), "--dice needs 3 dice"),
        (("recover", "Nobody"), "no character named 'Nobody'"),
    ],
)
def test_refusals(table: Cli, args: tuple[str, ...], fragment: str) -> None:
    """ "If you have no medical care, lose 1 HP the first day" is row 30's alone; a roll is
    for a condition the character has, with 3d6."""
    fright_row(table, 7)
    assert fragment in refused(table, *args)


def test_a_recovery_above_13_says_the_rule_of_14_is_the_checks_alone(runner: Cli) -> None:
    """Issue 41, E12: "= 15 → 13 (Rule of 14)", then a stun to recover "vs modified Will 15"
    read like a slip. The text: the Rule of 14 "does not apply to other Will rolls ... only
    to Fright Checks": the check's line and the recovery's say so where the two differ."""
    seat(runner)
    runner("character", "add", "Priya", "--will", "13", "--ht", "12", "--iq", "12",
           "--trait", "Fearlessness=2")  # fmt: skip
    check = runner("fright", "Priya", "--threat", "nurse", "--dice", "6,6,5",
                   "--table-dice", "3,4,5", "--effect-dice", "stun=2").stdout  # fmt: skip
    assert "= 15 → 13 (Rule of 14)" in check
    why = "modified Will 15 (no Rule of 14: it is for the Fright Check only)"
    assert f"then {why} every second" in check
    recovery = runner("recover", "Priya", "--dice", "6,6,4").stdout
    assert f"vs {why}: failed; still stunned" in recovery
    assert f"vs {why}: made; stun over" in runner("recover", "Priya", "--dice", "1,2,3").stdout
    # below 13 there is nothing to explain; players never read the target at all
    fright_row(runner, 7)
    assert "Rule of 14" not in runner("recover", "Eli", "--dice", "3,3,3").stdout
    assert "Rule of 14" not in runner("recap").stdout
