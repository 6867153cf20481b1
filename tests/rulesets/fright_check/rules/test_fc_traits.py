"""Acquired traits: pending until the GM names them, row 25's worse self-control, points."""

from __future__ import annotations

from typing import Any

import pytest
from support.fright_check import check, faces, mara

from journal.errors import RuleError
from journal.rulesets.fright_check.rules import RULESET
from journal.rulesets.fright_check.rules.status import FCStatus
from journal.rulesets.fright_check.rules.trait import NameTrait, TraitNamed
from journal.rulesets.fright_check.telling import TELLING


def fail_into(table: Any, row: int, **dice: tuple[int, ...]) -> int:
    """Mara (Will 10) fails and reads `row`; returns the event's seq."""
    table_roll = min(18, row - 1)
    margin = row - table_roll
    dice_in = {"will": faces(10), "table": faces(table_roll), **dice}
    check(table, dice_in, extra=(("GM", -margin),), override="the test sets the margin")
    return int(table.state.seq)


def status(table: Any) -> dict[str, Any]:
    """Mara's `status --json` document (its `to_json()`), read as the CLI prints it."""
    mara_now = RULESET.status(table.state)["Mara"]
    assert isinstance(mara_now, FCStatus)
    result = mara_now.to_json()
    assert isinstance(result, dict)
    return result


def test_a_quirk_is_pending_until_named() -> None:
    table = mara()
    seq = fail_into(table, 13)
    assert status(table)["pending"] == [{"kind": "quirk", "points": -1, "seq": seq}]
    assert status(table)["points_lost"] == 1
    (named,) = table.do(NameTrait("mara", seq, "counts the exits"))
    assert isinstance(named, TraitNamed)
    assert (named.points, named.points_change, named.pending_kind) == (-1, -1, "quirk")
    now = status(table)
    assert now["pending"] == []
    assert now["quirks"] == ["counts the exits"]
    assert now["points_lost"] == 1
    assert TELLING.describe(named) == "Mara acquires counts the exits (-1; quirk from check 3)"


def test_quirks_may_exceed_five() -> None:
    table = mara(quirks=["a", "b", "c", "d", "e"])
    seq = fail_into(table, 13)
    table.do(NameTrait("Mara", seq, "whistles in the dark"))
    assert len(status(table)["quirks"]) == 6


def test_a_new_mental_disadvantage_with_self_control() -> None:
    table = mara()
    seq = fail_into(table, 23)
    table.do(NameTrait("Mara", seq, "Phobia (ghouls)", points=-10, self_control=12))
    assert status(table)["disadvantages"] == [
        {"name": "Phobia (ghouls)", "points": -10, "self_control": 12}
    ]
    assert status(table)["points_lost"] == 10


def test_a_delusion_and_a_physical_disadvantage() -> None:
    table = mara()
    delusion = fail_into(table, 22)
    physical = fail_into(table, 24)
    assert status(table)["points_lost"] == 25
    table.do(NameTrait("Mara", delusion, "Delusion (ghouls are angels)"))
    table.do(NameTrait("Mara", physical, "white hair, hard of hearing"))
    now = status(table)
    assert now["disadvantages"][0]["name"] == "Delusion (ghouls are angels)"
    assert now["physical"] == [
        {"name": "white hair, hard of hearing", "points": -15, "self_control": None}
    ]
    assert now["points_lost"] == 25


@pytest.mark.parametrize(
    ("before", "points", "after", "new_points", "change"),
    [
        (15, -5, 12, -10, -5),
        (12, -10, 9, -15, -5),
        (12, -15, 9, -22, -7),  # -22.5 rounds up to -22
        (9, -15, 6, -20, -5),
    ],
)
def test_row_25_worsens_a_related_self_control_number(
    before: int, points: int, after: int, new_points: int, change: int
) -> None:
    table = mara(
        disadvantages=[{"name": "Phobia (dark)", "points": points, "self_control": before}]
    )
    seq = fail_into(table, 25)
    (named,) = table.do(NameTrait("Mara", seq, "", worsen="phobia (DARK)"))
    assert isinstance(named, TraitNamed)
    assert named.worsened and named.name == "Phobia (dark)"
    assert (named.previous_self_control, named.self_control) == (before, after)
    assert (named.previous_points, named.points, named.points_change) == (
        points,
        new_points,
        change,
    )
    now = status(table)
    assert now["disadvantages"] == [
        {"name": "Phobia (dark)", "points": new_points, "self_control": after}
    ]
    assert now["pending"] == []
    assert now["points_lost"] == -change
    assert "self-control " + f"{before} → {after}" in TELLING.describe(named)


def test_row_25_new_disadvantage_instead() -> None:
    table = mara(disadvantages=[{"name": "Phobia (dark)", "points": -10, "self_control": 6}])
    seq = fail_into(table, 25)
    with pytest.raises(RuleError, match=r"already at self-control 6.*new -10-point"):
        table.do(NameTrait("Mara", seq, "", worsen="Phobia (dark)"))
    table.do(NameTrait("Mara", seq, "Nightmares", points=-10, self_control=12))
    assert [d["name"] for d in status(table)["disadvantages"]] == ["Phobia (dark)", "Nightmares"]
    assert status(table)["points_lost"] == 10


def test_row_25_worsen_an_acquired_disadvantage() -> None:
    table = mara()
    first = fail_into(table, 23)
    table.do(NameTrait("Mara", first, "Phobia (ghouls)", self_control=12))
    second = fail_into(table, 25)
    table.do(NameTrait("Mara", second, "Phobia (ghouls)", worsen="Phobia (ghouls)"))
    assert status(table)["disadvantages"] == [
        {"name": "Phobia (ghouls)", "points": -15, "self_control": 9}
    ]
    assert status(table)["points_lost"] == 15


def test_pending_items_count_at_stated_points_with_losses() -> None:
    table = mara()
    fail_into(table, 13)
    fail_into(table, 35)
    check(
        table,
        {"will": faces(10), "table": faces(18), "coma": (2,)},
        extra=(("GM", -30),),
        override="the test sets the margin",
    )
    now = status(table)
    assert [p["points"] for p in now["pending"]] == [-1, -15, -15]
    assert now["iq_lost"] == 1
    assert now["points_lost"] == 1 + 15 + 15 + 20
    assert now["checks"] == 3
