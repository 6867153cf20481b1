"""The sheet of each preset and the dice expressions a GM writes (docs/d100-sanity.md, "The
sheet", "The sanity roll")."""

from __future__ import annotations

from typing import Any

import pytest

from journal.errors import RuleError
from journal.rulesets.d100_sanity.rules.expressions import Expression, expression, loss
from journal.rulesets.d100_sanity.rules.sheet import build_sheet


def test_coc_starting_san_is_pow_below_its_maximum() -> None:
    assert build_sheet({"pow": 55, "int": 70}) == {
        "pow": 55,
        "san": 55,
        "mythos": 0,
        "disorders": [],
        "int": 70,
    }
    # POW 90 with Mythos 20: maximum 79, so SAN starts at 79
    assert build_sheet({"pow": 90, "int": 50, "mythos": 20})["san"] == 79
    assert build_sheet({"pow": 60, "int": 50, "san": 40})["san"] == 40


def test_delta_green_san_is_pow_times_five_and_the_breaking_point_san_less_pow() -> None:
    sheet = build_sheet(
        {"pow": 11, "bonds": ["Her sister=11", "Dad=9"], "unnatural": 4}, "delta-green"
    )
    assert sheet == {
        "pow": 11,
        "san": 55,
        "mythos": 4,
        "disorders": [],
        "bonds": [{"name": "Her sister", "score": 11}, {"name": "Dad", "score": 9}],
        "breaking_point": 44,
    }
    assert build_sheet(sheet, "delta-green") == sheet  # what it records, it reads back
    assert build_sheet({"pow": 11, "san": 50}, "delta-green")["breaking_point"] == 39


def test_disorders_on_the_sheet() -> None:
    sheet = build_sheet({"pow": 50, "int": 50, "disorders": ["phobia: deep water", "Insomnia"]})
    assert sheet["disorders"] == [
        {"name": "deep water", "kind": "phobia"},
        {"name": "Insomnia", "kind": "other"},
    ]


@pytest.mark.parametrize(
    ("sheet", "preset", "match"),
    [
        ({"int": 50}, "coc", "needs POW: add --pow N"),
        ({"pow": 50}, "coc", "needs INT for the INT roll"),
        ({"pow": 0, "int": 50}, "coc", "POW 0 is out of range: give 1 to 99"),
        ({"pow": 100, "int": 50}, "coc", "POW 100 is out of range"),
        (
            {"pow": 50, "int": 50, "san": 96, "mythos": 4},
            "coc",
            "SAN 96 is out of range: give 0 to 95",
        ),
        ({"pow": 50, "int": 50, "san": -1}, "coc", "SAN -1 is out of range"),
        ({"pow": 50, "int": 50, "mythos": 100}, "coc", "Mythos 100 is out of range"),
        ({"pow": 50, "int": 50, "unnatural": 3}, "coc", "Unnatural is the Delta Green preset's"),
        ({"pow": 11, "mythos": 3, "unnatural": 3}, "delta-green", "not both"),
        ({"pow": 50, "int": 50, "bonds": ["Ana=9"]}, "coc", "bonds are the Delta Green preset's"),
        ({"pow": 21}, "delta-green", "POW 21 is out of range: give 1 to 20"),
        ({"pow": 11, "bonds": ["Ana"]}, "delta-green", "a bond is NAME=SCORE"),
        ({"pow": 11, "bonds": ["Ana=0"]}, "delta-green", "the bond 'Ana' 0 is out of range"),
        ({"pow": 11, "bonds": ["Ana=5", "ana=6"]}, "delta-green", "given twice"),
        ({"pow": 11, "bonds": ["=5"]}, "delta-green", "a bond needs a name"),
        ({"pow": 11, "breaking_point": 40}, "delta-green", "SAN less POW at creation"),
        ({"pow": 50, "int": 50, "breaking_point": 40}, "coc", "the Delta Green preset's"),
        ({"pow": 50, "int": 50, "disorders": ["a", "A"]}, "coc", "given twice"),
        ({"pow": 50, "int": 50, "disorders": [" "]}, "coc", "a disorder needs a name"),
        ({"pow": 50, "int": 50, "luck": 50}, "coc", "a d100 sanity sheet has no luck"),
        ({"pow": "many", "int": 50}, "coc", "POW must be a whole number"),
        ({"pow": True, "int": 50}, "coc", "POW must be a whole number"),
    ],
)
def test_a_sheet_that_does_not_fit_is_refused(
    sheet: dict[str, Any], preset: str, match: str
) -> None:
    with pytest.raises(RuleError, match=match):
        build_sheet(sheet, preset)


@pytest.mark.parametrize(
    ("text", "count", "sides", "added", "least", "most"),
    [
        ("0", 0, 0, 0, 0, 0),
        ("3", 0, 0, 3, 3, 3),
        ("1d6", 1, 6, 0, 1, 6),
        ("d8", 1, 8, 0, 1, 8),
        ("1d4+1", 1, 4, 1, 2, 5),
        (" 2 d 6 ", 2, 6, 0, 2, 12),
        ("1D100", 1, 100, 0, 1, 100),
    ],
)
def test_dice_expressions(
    text: str, count: int, sides: int, added: int, least: int, most: int
) -> None:
    found = expression(text, "the loss")
    assert found == Expression(count, sides, added)
    assert (found.least, found.most) == (least, most)


def test_an_expressions_terms() -> None:
    assert expression("1d4+1", "x").terms((3,)) == (("1d4", 3), ("+1", 1))
    assert expression("2d6", "x").terms((2, 5)) == (("2d6", 7),)
    assert expression("2", "x").terms(()) == (("fixed", 2),)
    assert expression("1d20", "x").most_terms() == (("1d20 at its most", 20),)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("1d6", "is not S/F"),
        ("1/1d6/2", "is not S/F"),
        ("one/1d6", "not a dice expression"),
        ("0/1d1", "a die has 2 to 100 sides, not 1"),
        ("0/1d101", "not 101"),
        ("0/21d6", "rolls 21 dice"),
        ("0/1d6+100", "adds 100"),
        ("0/100", "too large"),
        ("0/1d6-1", "not a dice expression"),
        ("1d6/1", "cannot cost more than a failure"),
        ("/1d6", "not a dice expression"),
    ],
)
def test_a_loss_that_does_not_fit_is_refused(text: str, match: str) -> None:
    with pytest.raises(RuleError, match=match):
        loss(text)


def test_a_loss_reads_back_canonical() -> None:
    assert loss(" 1 / 1D4 + 1 ").text == "1/1d4+1"
    assert loss("1d3/1d3").text == "1d3/1d3"
