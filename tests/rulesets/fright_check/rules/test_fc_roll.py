"""The roll: Rule of 14, success and critical rules, Unfazeable, and the GM's line."""

from __future__ import annotations

import pytest
from support.fright_check import check, faces, mara

from journal.rulesets.fright_check.rules.roll import success_roll
from journal.rulesets.fright_check.telling import TELLING


def test_rule_of_14_caps_modified_will_at_13() -> None:
    table = mara(will=12, traits={"Fearlessness": 4})
    made = check(table, {"will": faces(13)})
    assert (made.modified_will, made.effective_will) == (16, 13)
    assert made.success and made.margin == 0
    failed = check(table, {"will": faces(14), "table": faces(10)})
    assert failed.success is False
    assert failed.failure_margin == 1
    assert failed.table_total == 11


def test_modified_will_below_13_is_used_as_it_is() -> None:
    event = check(mara(), {"will": faces(9)}, alone=True)
    assert (event.modified_will, event.effective_will, event.margin) == (8, 8, -1)
    assert event.success is False
    assert event.failure_margin == 1


@pytest.mark.parametrize("roll", [(1, 1, 1), (1, 1, 2)])
def test_3_and_4_always_succeed_critically(roll: tuple[int, ...]) -> None:
    event = check(mara(will=3), {"will": roll}, monster=-10)
    assert event.effective_will == -7
    assert event.success is True
    assert event.critical is True
    assert event.row is None and event.effects == () and "table" not in event.dice


@pytest.mark.parametrize("roll", [(6, 6, 5), (6, 6, 6)])
def test_17_and_18_always_fail_critically(roll: tuple[int, ...]) -> None:
    event = check(mara(will=18), {"will": roll, "table": faces(3)})
    assert event.effective_will == 13
    assert event.success is False
    assert event.critical is True
    assert event.failure_margin == sum(roll) - 13


def test_a_roll_10_over_is_a_critical_failure() -> None:
    event = check(mara(will=5), {"will": faces(15), "table": faces(3)})
    assert (event.success, event.critical, event.failure_margin) == (False, True, 10)
    event = check(mara(will=5), {"will": faces(14), "table": faces(3)})
    assert (event.success, event.critical, event.failure_margin) == (False, False, 9)


def test_ordinary_success_and_failure_are_not_critical() -> None:
    made = check(mara(), {"will": faces(10)})
    assert (made.success, made.critical, made.margin, made.failure_margin) == (True, False, 0, None)
    failed = check(mara(), {"will": faces(11), "table": faces(3)})
    assert (failed.success, failed.critical, failed.margin) == (False, False, -1)
    assert failed.failure_margin == 1
    assert failed.row == 4


@pytest.mark.parametrize(
    ("target", "roll", "success", "critical"),
    [
        (3, 4, True, True),
        (14, 5, True, False),
        (15, 5, True, True),
        (15, 6, True, False),
        (16, 6, True, True),
        (16, 17, False, False),
        (15, 17, False, True),
        (20, 18, False, True),
        (20, 16, True, False),
        (6, 16, False, True),
        (7, 16, False, False),
    ],
)
def test_success_roll(target: int, roll: int, success: bool, critical: bool) -> None:
    outcome = success_roll(target, roll)
    assert (outcome.success, outcome.critical) == (success, critical)


def test_unfazeable_makes_no_check_and_rolls_nothing() -> None:
    table = mara(traits={"Unfazeable": True})
    event = check(table, {}, kind="ghoul", alone=True)
    assert event.made is False
    assert event.dice == {}
    assert event.modifiers == ()
    assert event.roll is None and event.success is None and event.row is None
    character = table.rules.get("Mara")
    assert character.checks == 0
    assert [(c.made, c.threat) for c in character.history] == [(False, "ghoul-1")]
    assert (
        TELLING.describe(event) == "Mara's Fright Check vs ghoul-1: none made (Mara is Unfazeable)"
    )


def test_describe_a_failed_check() -> None:
    table = mara(will=11, traits={"Fearlessness": 2})
    event = check(table, {"will": (6, 5, 4), "table": (5, 4, 2)}, alone=True, heat_of_battle=True)
    assert TELLING.describe(event) == (
        "Mara's Fright Check vs ghoul-1: Will 11, +2 Fearlessness 2, +5 heat of battle (GM), "
        "-2 alone = 16 → 13 (Rule of 14); rolled 15 (6,5,4): failure by 2; "
        "table 11+2 = 13 → row 13: acquire a new mental quirk (-1, pending)"
    )


def test_describe_a_success_and_row_40_plus() -> None:
    table = mara()
    made = check(table, {"will": (1, 2, 3)})
    assert TELLING.describe(made).endswith("= 10; rolled 6 (1,2,3): success by 4")
    worst = check(
        table,
        {"will": faces(10), "table": faces(18), "coma": (2,)},
        extra=(("GM", -30),),
        override="the test sets the margin",
    )
    line = TELLING.describe(worst)
    assert "critical failure by 30; table 18+30 = 48 → row 40+:" in line
    assert "lose 1 IQ permanently" in line
