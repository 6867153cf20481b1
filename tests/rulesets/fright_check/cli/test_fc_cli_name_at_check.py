"""RULES.md: "The GM names each acquired trait (it must relate to the event): at the check,
or later." At the check: `fright ... --trait-name`, recorded together with the check."""

from __future__ import annotations

import sqlite3

import pytest
from support.cli import Cli

ROW_13 = ("--dice", "6,6,1", "--table-dice", "4,3,3")  # Will 10: fails by 3; 10 + 3 = row 13


@pytest.fixture
def morgue(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    return runner


def events(cli: Cli) -> int:
    with sqlite3.connect(cli.db) as conn:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])


def test_a_quirk_named_at_the_check(morgue: Cli) -> None:
    document = morgue.json(
        "fright", "Eli", "--threat", "corpse-3", *ROW_13,
        "--trait-name", "Counts the drawers", "--trait-points", "-1",
    )  # fmt: skip
    assert document["row"] == 13  # type: ignore[index]
    assert [n["name"] for n in document["named"]] == ["Counts the drawers"]  # type: ignore[index]
    eli = morgue.json("status")["characters"]["Eli"]  # type: ignore[index]
    assert (eli["quirks"], eli["pending"]) == (["Counts the drawers"], [])
    assert morgue.json("audit")["differences"] == []  # type: ignore[index]


def test_naming_a_trait_a_passed_check_never_gave_writes_nothing(morgue: Cli) -> None:
    before = events(morgue)
    result = morgue.refused(
        "fright", "Eli", "--threat", "corpse-3", "--dice", "1,2,3", "--trait-name", "Nothing"
    )
    assert "gave no trait to name" in result.stderr
    assert events(morgue) == before


def test_a_wrong_point_value_at_the_check_writes_nothing(morgue: Cli) -> None:
    before = events(morgue)
    morgue.refused(
        "fright",
        "Eli",
        "--threat",
        "corpse-3",
        *ROW_13,
        "--trait-name",
        "X",
        "--trait-points",
        "-10",
    )
    assert events(morgue) == before
