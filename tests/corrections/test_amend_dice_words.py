"""`amend SEQ --dice` read as typed (journal.audit.amend's parser of `--dice`), where no
ruling of the worked campaigns reaches: a ruling of several rolls corrected without
naming one, a ruling of none, and a roll's name typed with an '=' too many (the mutation
run found these refusals untested)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from journal.audit.amend import _dice
from journal.errors import RuleError
from journal.rules import load


@dataclass
class Ruling:
    """A ruling's payload as the parser reads it: its type and its rolls."""

    dice: dict[str, object] = field(default_factory=dict)
    type: str = "Rolled"


def _refused(payload: Ruling, *typed: str) -> str:
    with pytest.raises(RuleError) as refused:
        _dice(7, payload, load("horror-factor"), typed)  # type: ignore[arg-type]
    return str(refused.value)


def test_faces_of_a_ruling_of_several_rolls_must_name_the_roll() -> None:
    several = Ruling({"check": {}, "table": {}})
    assert _refused(several, "3,4") == (
        "#7 rolled several dice (check, table): say which, e.g. --dice check=FACES"
    )
    faces, flags = _dice(7, several, load("horror-factor"), ["table=1,2,3"])  # type: ignore[arg-type]
    assert faces == {"table": (1, 2, 3)} and flags == {"table": "--dice table="}


def test_a_ruling_of_no_rolls_has_none_to_correct() -> None:
    assert _refused(Ruling(), "3,4") == "#7 rolled no dice: there are none to correct"


def test_a_roll_named_with_an_equals_sign_too_many_is_not_dice() -> None:
    assert _refused(Ruling({"table": {}}), "table=3=4").startswith(
        "--dice 'table=3=4' are not dice: write the faces as they fell"
    )


def test_dice_that_are_not_dice_are_shown_as_that_roll_is_written() -> None:
    """Horror Factor writes an initiative's dice +5/-6 and a table's 5,6."""
    assert _refused(Ruling({"initiative": {}}), "initiative=x") == (
        "--dice 'initiative=x' are not dice: write the faces as they fell (+5/-6, or 3,4,5)"
    )
