"""Every row of the Fright Check Table, 4 to 40+, reached with entered dice.

Mara has Will 10, HT 11. A GM modifier sets her effective Will so that the entered Will
roll fails by the margin the row needs; the table dice show the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from support.fright_check import check, faces, mara, stored

from journal.rulesets.fright_check.rules.fright import FrightChecked
from journal.rulesets.fright_check.rules.fright_table import ROWS, row_for

Dice = Mapping[str, Sequence[int]]
SUCCESS_HT = (2, 2, 2)  # 6 vs HT 11: made

# row: (effect dice, effect kinds in order, pending items as (kind, points))
ROW_CASES: dict[int, tuple[Dice, list[str], list[tuple[str, int]]]] = {
    4: ({}, ["stun"], []),
    5: ({}, ["stun"], []),
    6: ({}, ["stun"], []),
    7: ({}, ["stun"], []),
    8: ({}, ["stun"], []),
    9: ({}, ["stun"], []),
    10: ({"stun": (4,)}, ["stun"], []),
    11: ({"stun": (4, 5)}, ["stun"], []),
    12: ({}, ["retch"], []),
    13: ({}, ["quirk"], [("quirk", -1)]),
    14: ({"fp": (3,), "stun": (2,)}, ["fp-loss", "stun"], []),
    15: ({"fp": (3,), "stun": (2,)}, ["fp-loss", "stun"], []),
    16: ({"stun": (2,)}, ["stun", "quirk"], [("quirk", -1)]),
    17: ({"faint": (3,)}, ["faint"], []),
    18: ({"faint": (3,), "ht": SUCCESS_HT}, ["faint", "ht-roll"], []),
    19: ({"faint": (3, 4)}, ["faint", "injury"], []),
    20: ({"faint": (1, 2, 3, 4), "fp": (5,)}, ["faint", "fp-loss"], []),
    21: ({"panic": (2,)}, ["panic"], []),
    22: ({}, ["delusion"], [("delusion", -10)]),
    23: ({}, ["phobia-or-mental"], [("mental", -10)]),
    24: ({}, ["physical-disadvantage"], [("physical", -15)]),
    25: ({}, ["self-control-or-new"], [("self-control-or-new", -10)]),
    26: (
        {"faint": (3,), "ht": SUCCESS_HT},
        ["faint", "ht-roll", "delusion"],
        [("delusion", -10)],
    ),
    27: (
        {"faint": (3,), "ht": SUCCESS_HT},
        ["faint", "ht-roll", "phobia-or-mental"],
        [("mental", -10)],
    ),
    28: ({}, ["coma", "skill-penalty"], []),
    29: ({"coma": (4,)}, ["coma", "skill-penalty"], []),
    30: ({"catatonia": (3,)}, ["catatonia", "skill-penalty"], []),
    31: (
        {"seizure": (2,), "seizure_fp": (3,), "ht": SUCCESS_HT},
        ["seizure", "fp-loss", "ht-roll"],
        [],
    ),
    32: ({"injury": (3, 4)}, ["stricken", "injury"], []),
    33: ({"reaction": (6, 5, 4)}, ["total-panic"], []),
    34: ({}, ["delusion"], [("delusion", -15)]),
    35: ({}, ["phobia-or-mental"], [("mental", -15)]),
    36: ({}, ["physical-disadvantage"], [("physical", -20)]),
    37: ({}, ["physical-disadvantage"], [("physical", -30)]),
    38: ({"coma": (4,)}, ["coma", "skill-penalty", "delusion"], [("delusion", -15)]),
    39: ({"coma": (4,)}, ["coma", "skill-penalty", "phobia-or-mental"], [("mental", -15)]),
    40: (
        {"coma": (4,)},
        ["coma", "skill-penalty", "phobia-or-mental", "iq-loss"],
        [("mental", -15)],
    ),
}


def reach(total: int, dice: Dice, **kwargs: Any) -> tuple[FrightChecked, Any]:
    """Mara's check failing so that table roll + margin of failure = `total`."""
    table_roll = max(3, min(18, total - 1))
    margin = total - table_roll
    will_roll = 10
    effective = will_roll - margin
    table = mara()
    event = check(
        table,
        {"will": faces(will_roll), "table": faces(table_roll), **dice},
        extra=(("set by test", effective - 10),),
        override="the test sets the margin",
        **kwargs,
    )
    return event, table


def test_every_row_is_data() -> None:
    covered = [n for row in ROWS for n in range(row.low, row.high + 1)]
    assert covered == list(range(4, 41))
    assert set(ROW_CASES) == set(covered)


@pytest.mark.parametrize("row", sorted(ROW_CASES))
def test_row_reached_with_entered_dice(row: int) -> None:
    dice, kinds, pending = ROW_CASES[row]
    event, table = reach(row, dice)
    assert event.made and event.success is False
    assert event.table_total == row
    assert event.row == row
    assert [e["kind"] for e in event.effects] == kinds
    assert [(p.kind, p.points) for p in event.pending] == pending
    # only the dice the row needs were asked for
    assert set(event.dice) == {"will", "table", *dice}
    # effects are JSON objects: the payload equals itself read back from the store
    assert stored(event) == event
    character = table.rules.get("Mara")
    assert [(p.kind, p.points, p.seq) for p in character.pending] == [
        (kind, points, 3) for kind, points in pending
    ]


def test_above_40_reads_40_plus() -> None:
    event, table = reach(46, ROW_CASES[40][0])
    assert event.table_total == 46
    assert event.row == 40
    assert table.rules.get("Mara").iq_lost == 1


def test_row_lookup_clamps() -> None:
    assert row_for(4).low == 4
    assert row_for(5).low == 4
    assert row_for(99).low == 40


def first(event: FrightChecked, kind: str) -> Mapping[str, Any]:
    return next(e for e in event.effects if e["kind"] == kind)


def test_stun_rows_recovery_targets() -> None:
    event, _ = reach(4, {})
    assert first(event, "stun") == {
        "kind": "stun",
        "duration": {"value": 1, "unit": "seconds", "dice": None, "faces": []},
        "recovery": None,
    }
    event, _ = reach(6, {})
    assert first(event, "stun")["recovery"] == {
        "against": "unmodified-will",
        "every": "second",
        "target": 10,
    }
    event, _ = reach(8, {})
    # Will plus the original modifiers (here the GM's), Rule of 14 not applied
    assert first(event, "stun")["recovery"] == {
        "against": "modified-will",
        "every": "second",
        "target": event.modified_will,
    }
    event, _ = reach(11, {"stun": (4, 5)})
    assert first(event, "stun")["duration"] == {
        "value": 9,
        "unit": "seconds",
        "dice": "2d",
        "faces": [4, 5],
    }


def test_row_12_retches_for_25_minus_ht() -> None:
    event, _ = reach(12, {})
    retch = first(event, "retch")
    assert retch["duration"]["value"] == 25 - 11
    assert retch["duration"]["formula"] == "25 - HT 11"
    assert retch["recovery"] == {"against": "ht", "every": "second", "target": 11}


def test_row_14_fp_and_stun() -> None:
    event, _ = reach(14, {"fp": (3,), "stun": (2,)})
    assert first(event, "fp-loss")["fp"] == {"value": 3, "dice": "1d", "faces": [3]}
    assert first(event, "stun")["duration"]["value"] == 2


def test_row_18_failed_ht_roll_injures() -> None:
    event, _ = reach(18, {"faint": (3,), "ht": (6, 5, 2)})
    assert [e["kind"] for e in event.effects] == ["faint", "ht-roll", "injury"]
    ht = first(event, "ht-roll")
    assert (ht["target"], ht["roll"], ht["success"], ht["critical"]) == (11, 13, False, False)
    assert first(event, "injury")["hp"]["value"] == 1
    assert first(event, "faint")["recovery"] == {"against": "ht", "every": "minute", "target": 11}


def test_row_19_severe_faint() -> None:
    event, _ = reach(19, {"faint": (3, 4)})
    assert first(event, "faint")["duration"]["value"] == 7
    assert first(event, "faint")["note"] == "severe"
    assert first(event, "injury")["hp"] == {"value": 1, "dice": None, "faces": []}


def test_row_20_faint_bordering_on_shock() -> None:
    event, _ = reach(20, {"faint": (1, 2, 3, 4), "fp": (5,)})
    faint = first(event, "faint")
    assert faint["duration"]["value"] == 10
    assert faint["recovery"] is None
    assert first(event, "fp-loss")["fp"]["value"] == 5


def test_row_21_panic() -> None:
    event, _ = reach(21, {"panic": (2,)})
    panic = first(event, "panic")
    assert panic["duration"]["value"] == 2
    assert panic["duration"]["unit"] == "minutes"
    assert panic["recovery"]["against"] == "unmodified-will"


def test_row_28_light_coma_and_penalty() -> None:
    event, _ = reach(28, {})
    coma = first(event, "coma")
    assert coma["duration"] is None
    assert coma["recovery"] == {"against": "ht", "every": "30 minutes", "target": 11}
    penalty = first(event, "skill-penalty")
    assert penalty["value"] == -2
    assert penalty["duration"]["value"] == 6
    assert penalty["duration"]["unit"] == "hours"


def test_row_29_coma_hours() -> None:
    event, _ = reach(29, {"coma": (4,)})
    assert first(event, "coma")["duration"]["value"] == 4
    assert first(event, "coma")["duration"]["unit"] == "hours"


def test_row_30_catatonia_penalty_lasts_as_long() -> None:
    event, _ = reach(30, {"catatonia": (3,)})
    catatonia = first(event, "catatonia")
    assert catatonia["duration"]["value"] == 3
    assert catatonia["duration"]["unit"] == "days"
    assert "without medical care" in catatonia["note"]
    penalty = first(event, "skill-penalty")
    assert penalty["duration"]["value"] == 3
    assert penalty["duration"]["same_as"] == "catatonia"


def test_row_31_failed_ht_roll_injures_1d() -> None:
    event, table = reach(31, {"seizure": (2,), "seizure_fp": (3,), "ht": (6, 5, 2), "injury": (4,)})
    assert [e["kind"] for e in event.effects] == ["seizure", "fp-loss", "ht-roll", "injury"]
    assert first(event, "injury")["hp"]["value"] == 4
    assert table.rules.get("Mara").ht_lost == 0


def test_row_31_critical_failure_loses_ht_permanently() -> None:
    dice = {"seizure": (2,), "seizure_fp": (3,), "ht": (6, 6, 6), "injury": (4,)}
    event, table = reach(31, dice)
    ht = first(event, "ht-roll")
    assert ht["critical"] and not ht["success"]
    assert [e["kind"] for e in event.effects][-2:] == ["injury", "ht-loss"]
    assert first(event, "ht-loss") == {"kind": "ht-loss", "amount": 1, "permanent": True}
    mara_now = table.rules.get("Mara")
    assert mara_now.ht_lost == 1
    assert mara_now.ht_now == 10
    assert mara_now.points_lost == 10
    status = table.ruleset.status(table.state)["Mara"]
    assert (status.ht, status.ht_lost, status.points_lost) == (11, 1, 10)


def test_row_31_ht_roll_uses_ht_after_losses() -> None:
    dice = {"seizure": (2,), "seizure_fp": (3,), "ht": (6, 6, 6), "injury": (4,)}
    _, table = reach(31, dice)
    event = check(
        table,
        {"will": faces(10), "table": faces(18), **dice},
        extra=(("set by test", -13),),
        override="the test sets the margin",
    )
    assert event.row == 31
    assert first(event, "ht-roll")["target"] == 10
    assert table.rules.get("Mara").ht_lost == 2


def test_row_32_stricken() -> None:
    event, _ = reach(32, {"injury": (3, 4)})
    assert first(event, "injury")["hp"] == {"value": 7, "dice": "2d", "faces": [3, 4]}


def test_row_33_total_panic() -> None:
    event, _ = reach(33, {"reaction": (6, 5, 4)})
    panic = first(event, "total-panic")
    assert panic["reaction"]["value"] == 15
    assert panic["recovery"]["against"] == "will"
    assert panic["recovery"]["target"] == 10


def test_row_40_plus_loses_iq() -> None:
    event, table = reach(40, {"coma": (4,)})
    assert first(event, "iq-loss") == {"kind": "iq-loss", "amount": 1, "permanent": True}
    mara_now = table.rules.get("Mara")
    assert (mara_now.iq_lost, mara_now.iq_now) == (1, 11)
    # pending -15 mental at its stated points, plus 20 for the IQ
    assert mara_now.points_lost == 35
