"""The GURPS sheet: canonical form and refusals in the GM's words."""

from __future__ import annotations

from typing import Any

import pytest

from journal.errors import RuleError
from journal.rulesets.fright_check.rules import RULESET


def build(**sheet: Any) -> dict[str, Any]:
    return dict(RULESET.build_sheet({"will": 11, "ht": 10, "iq": 12, **sheet}))


def test_canonical_sheet() -> None:
    sheet = build(
        traits={"fearlessness": "2", "combat  reflexes": True, "xenophilia": 3},
        quirks=("hums  when nervous",),
        disadvantages=({"name": "Phobia (dark)", "points": -15, "self_control": 12},),
    )
    assert sheet == {
        "will": 11,
        "ht": 10,
        "iq": 12,
        "traits": {"Fearlessness": 2, "Combat Reflexes": True, "Xenophilia": 3},
        "quirks": ["hums when nervous"],
        "disadvantages": [{"name": "Phobia (dark)", "points": -15, "self_control": 12}],
    }


def test_cli_strings_are_accepted() -> None:
    sheet = build(traits=("Fearlessness=2", "Combat Reflexes", "unfazeable", "Cowardice=4"))
    assert sheet["traits"] == {
        "Fearlessness": 2,
        "Combat Reflexes": True,
        "Unfazeable": True,
        "Cowardice": 4,
    }


@pytest.mark.parametrize(
    ("sheet", "match"),
    [
        ({"will": None}, "needs Will"),
        ({"will": 31}, "Will 31 is out of range"),
        ({"ht": 0}, "HT 0 is out of range"),
        ({"iq": "ten"}, "IQ must be a whole number"),
        ({"traits": ("Strong Will=2",)}, "'Strong Will' is not a trait"),
        ({"traits": ("Cowardice=5",)}, "Cowardice 5 is out of range"),
        ({"traits": ("Xenophilia=0",)}, "Xenophilia 0 is out of range"),
        ({"traits": ("Fearlessness=11",)}, "Fearlessness 11 is out of range"),
        ({"traits": ("Fearlessness",)}, "needs a level"),
        ({"traits": ("Daredevil=2",)}, "has no levels"),
        ({"traits": ("Fearlessness=1", "Fearfulness=1")}, "both Fearlessness and Fearfulness"),
        (
            {"traits": ("Combat Reflexes", "Combat Paralysis")},
            "both Combat Reflexes and Combat Paralysis",
        ),
        ({"traits": ("Daredevil", "daredevil")}, "given twice"),
        ({"quirks": ("a", "b", "c", "d", "e", "f")}, "at most 5 quirks"),
        ({"quirks": ("a", "A")}, "given twice"),
        ({"disadvantages": ({"name": "Greed", "points": 5},)}, "must be negative"),
        ({"disadvantages": ({"name": "Greed"},)}, "needs its points"),
        (
            {"disadvantages": ({"name": "Greed", "points": -15, "self_control": 10},)},
            "use 6, 9, 12 or 15",
        ),
        ({"reaction": 12}, "has no reaction"),
    ],
)
def test_sheet_refusals(sheet: dict[str, Any], match: str) -> None:
    with pytest.raises(RuleError, match=match):
        build(**sheet)


def test_no_campaign_options() -> None:
    assert RULESET.option_defaults == {}
    with pytest.raises(RuleError, match="no option 'x'"):
        RULESET.parse_option("x", "1")
