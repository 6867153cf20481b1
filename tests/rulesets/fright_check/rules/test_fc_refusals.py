"""Every refusal: a RuleError (or NotFound) that says what is wrong and what to do, and
nothing recorded."""

from __future__ import annotations

from typing import Any

import pytest
from support.fright_check import check, faces, mara

from journal.errors import NotFound, RuleError
from journal.rulesets.fright_check.rules.encounter_end import EndCombat
from journal.rulesets.fright_check.rules.encounter_start import StartCombat
from journal.rulesets.fright_check.rules.fright import FrightCheck
from journal.rulesets.fright_check.rules.trait import NameTrait


def refused(table: Any, command: object, match: str, dice: Any = None) -> None:
    before = len(table.events)
    with pytest.raises(RuleError, match=match):
        table.do(command, dice=dice)
    assert len(table.events) == before


def test_unknown_character() -> None:
    table = mara()
    with pytest.raises(NotFound, match=r"no character named 'Nobody'.*character add"):
        table.do(FrightCheck("Nobody", "ghoul-1"))
    with pytest.raises(NotFound):
        table.do(NameTrait("Nobody", 3, "x"))
    with pytest.raises(NotFound):
        table.do(StartCombat("crypt", ("Mara", "Nobody")))


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"threat": "  "}, "needs the threat"),
        ({"monster": -11}, "monster modifier -11 is out of range"),
        ({"monster": 2}, "monster modifier 2 is out of range"),
        ({"count": -1}, "horde of -1"),
        ({"body": "mutilated", "mutilation": 4}, "mutilation 4 is out of range"),
        ({"body": "mutilated", "mutilation": -1}, "mutilation -1 is out of range"),
        ({"report": 4}, "report bonus 4 is out of range"),
        ({"report": -1}, "report bonus -1 is out of range"),
        ({"exposures": -1}, "-1 exposures"),
        ({"extra": ((" ", 2),)}, "needs a label"),
        ({"body": "skeleton"}, "body 'skeleton' is unknown"),
        (
            {"body": "peaceful", "mutilation": 2},
            "--mutilated goes with a violent death, not --body peaceful",
        ),
        ({"body": "no-violence", "mutilation": 1}, "not --body no-violence"),
        ({"body": "mutilated"}, "needs how grisly it is: add --mutilated 1 to 3"),
        ({"dependent": True}, "Dependent -6 applies to a body"),
        ({"distant": True, "remote": True}, "not both"),
        ({"cowardice_applies": True}, "does not have Cowardice"),
        ({"daredevil": True}, "does not have Daredevil"),
        ({"higher_purpose": True}, "does not have Higher Purpose"),
        ({"xenophilia_applies": True}, "does not have Xenophilia"),
    ],
)
def test_check_refusals(kwargs: dict[str, Any], match: str) -> None:
    refused(mara(), FrightCheck("Mara", kwargs.pop("threat", "ghoul-1"), **kwargs), match)


def test_conditional_trait_refused_even_for_unfazeable() -> None:
    refused(
        mara(traits={"Unfazeable": True}),
        FrightCheck("Mara", "ghoul-1", daredevil=True),
        "does not have Daredevil",
    )


@pytest.mark.parametrize(
    ("dice", "match"),
    [
        ({"will": (7, 1, 1)}, "d6 shows 1 to 6, not 7"),
        ({"will": (0, 1, 1)}, "not 0"),
        ({"will": (1, 2)}, "needs 3 dice of 1-6, got 2"),
        ({"will": (6, 6, 6), "table": (1, 1, 1, 1)}, "needs 3 dice of 1-6, got 4"),
        ({"will": faces(11), "table": faces(9), "stun": (1, 2)}, "needs 1 dice of 1-6, got 2"),
        ({"will": faces(11), "table": faces(9), "stun": (9,)}, "not 9"),
    ],
)
def test_bad_dice_are_refused_through_decide(dice: dict[str, Any], match: str) -> None:
    refused(mara(), FrightCheck("Mara", "ghoul-1"), match, dice)


def test_combat_refusals() -> None:
    table = mara()
    refused(table, EndCombat(), "no combat is running")
    table.do(StartCombat("crypt"))
    refused(table, StartCombat("again"), "combat 'crypt' is still running.*end it")
    table.do(EndCombat())
    refused(table, EndCombat(), "no combat is running")


def pending_table(row: int, **sheet: Any) -> tuple[Any, int]:
    table = mara(**sheet)
    table_roll = min(18, row - 1)
    check(
        table,
        {"will": faces(10), "table": faces(table_roll)},
        extra=(("GM", table_roll - row),),
    )
    return table, int(table.state.seq)


def test_naming_refusals() -> None:
    table, seq = pending_table(13)
    refused(table, NameTrait("Mara", seq + 5, "x"), "no trait waiting to be named from event 8")
    refused(table, NameTrait("Mara", seq, "x", points=-10), "worth -1 points, not -10")
    refused(table, NameTrait("Mara", seq, "  "), "needs a name")
    refused(table, NameTrait("Mara", seq, "x", self_control=12), "quirk has no self-control")
    refused(table, NameTrait("Mara", seq, "x", worsen="y"), "only row 25 can")
    table.do(NameTrait("Mara", seq, "x"))
    refused(table, NameTrait("Mara", seq, "y"), r"nothing is pending")


def test_naming_refuses_a_name_the_character_has() -> None:
    table, seq = pending_table(23, quirks=["hums"])
    refused(table, NameTrait("Mara", seq, "HUMS"), "already has 'HUMS'")
    refused(table, NameTrait("Mara", seq, "Phobia", self_control=10), "use 6, 9, 12 or 15")


def test_worsen_refusals() -> None:
    sheet = {
        "disadvantages": [
            {"name": "Bad Temper", "points": -10, "self_control": 12},
            {"name": "Bloodlust", "points": -10, "self_control": 6},
            {"name": "Odious Habit", "points": -5, "self_control": None},
        ]
    }
    table, seq = pending_table(25, **sheet)
    refused(
        table, NameTrait("Mara", seq, "", worsen="Phobia (dark)"), "no mental disadvantage named"
    )
    refused(table, NameTrait("Mara", seq, "", worsen="Bloodlust"), "already at self-control 6")
    refused(table, NameTrait("Mara", seq, "", worsen="Odious Habit"), "has no self-control number")
    refused(table, NameTrait("Mara", seq, "Nightmares", worsen="Bad Temper"), "not both")
    refused(table, NameTrait("Mara", seq, "", worsen="Bad Temper", self_control=9), "leave --scn")
    refused(table, NameTrait("Mara", seq, "", worsen="Bad Temper", points=-5), "not -5")


def test_not_a_fright_check_command() -> None:
    refused(mara(), object(), "^fright-check has no object command$")
