"""Each modifier of the text's list, itemized with its label, value and source.

Mara: Will 10. A roll of 3,3,3 (9) keeps every check simple; the assertions look at the
modifiers and the modified Will.
"""

from __future__ import annotations

from typing import Any

import pytest
from support.fright_check import check, mara, modifier

from journal.rules.core.commands import AdvanceClock, SetClock
from journal.rulesets.fright_check.rules.encounter_end import EndCombat
from journal.rulesets.fright_check.rules.encounter_start import StartCombat
from journal.rulesets.fright_check.rules.fright import FrightChecked
from journal.rulesets.fright_check.rules.state import Modifier

ROLL = {"will": (3, 3, 3)}


def total(event: FrightChecked) -> int:
    return sum(m.value for m in event.modifiers)


@pytest.mark.parametrize(
    ("traits", "flags", "label", "value", "source"),
    [
        ({"Fearlessness": 2}, {}, "Fearlessness 2", 2, "derived"),
        ({"Fearfulness": 3}, {}, "Fearfulness 3", -3, "derived"),
        ({"Combat Reflexes": True}, {}, "Combat Reflexes", 2, "derived"),
        ({"Combat Paralysis": True}, {}, "Combat Paralysis", -2, "derived"),
        ({"Cowardice": 3}, {"cowardice_applies": True}, "Cowardice 3", -3, "given"),
        ({"Daredevil": True}, {"daredevil": True}, "Daredevil", 1, "given"),
        ({"Higher Purpose": True}, {"higher_purpose": True}, "Higher Purpose", 1, "given"),
        ({"Xenophilia": 4}, {"xenophilia_applies": True}, "Xenophilia 4", 4, "given"),
    ],
)
def test_trait_modifiers(
    traits: dict[str, Any], flags: dict[str, bool], label: str, value: int, source: str
) -> None:
    event = check(mara(traits=traits), ROLL, **flags)
    found = modifier(event, label)
    assert (found.value, found.source) == (value, source)
    assert event.modified_will == 10 + value


@pytest.mark.parametrize(
    "traits", [{"Cowardice": 2}, {"Daredevil": True}, {"Higher Purpose": True}, {"Xenophilia": 1}]
)
def test_conditional_traits_apply_only_when_flagged(traits: dict[str, Any]) -> None:
    event = check(mara(traits=traits), ROLL)
    assert event.modified_will == 10
    assert all(next(iter(traits)) not in m.label for m in event.modifiers)


@pytest.mark.parametrize(
    ("flags", "value"),
    [
        ({"body": "peaceful"}, 6),
        ({"body": "no-violence"}, 2),
        ({"body": "violent"}, 0),
        ({"body": "mutilated", "mutilation": 1}, -1),
        ({"body": "mutilated", "mutilation": 3}, -3),
        ({"mutilation": 2}, -2),
        ({"body": "violent", "mutilation": 3}, -3),
        ({"body": "Peaceful", "dependent": True}, 0),
        ({"body": "mutilated", "mutilation": 2, "dependent": True}, -8),
        ({"monster": -1}, -1),
        ({"monster": -10}, -10),
        ({"touched": True}, -1),
        ({"distant": True}, 1),
        ({"remote": True}, 3),
        ({"isolated": True}, -1),
        ({"dark": True}, -1),
        ({"alone": True}, -2),
        ({"report": 1}, 1),
        ({"report": 3}, 3),
        ({"extra": (("blood moon", -2), ("holy symbol", 1))}, -1),
        ({"isolated": True, "dark": True, "alone": True, "touched": True}, -5),
    ],
)
def test_given_modifiers(flags: dict[str, Any], value: int) -> None:
    event = check(mara(), ROLL, **flags)
    assert total(event) == value
    assert event.modified_will == 10 + value
    given = [m for m in event.modifiers if m.source == "given"]
    assert sum(m.value for m in given) == value


@pytest.mark.parametrize("body", [None, "violent", "mutilated"])
def test_mutilation_is_a_mutilated_body(body: str | None) -> None:
    """ "bodies ... 0 violence / -1..-3 mutilation": a grisly mutilation is a victim of
    violence, so `--mutilated N` alone or with `--body violent` is a mutilated body, one
    item of -N (not the violent body's 0 besides)."""
    event = check(mara(), ROLL, body=body, mutilation=2)
    assert event.body == "mutilated"
    found = modifier(event, "grisly mutilation")
    assert (found.label, found.value, found.source) == ("grisly mutilation (2)", -2, "given")
    assert all("victim of violence" not in m.label for m in event.modifiers)
    assert event.modified_will == 8


def test_dependent_is_its_own_item() -> None:
    event = check(mara(), ROLL, body="violent", dependent=True)
    assert modifier(event, "victim of violence").value == 0
    assert modifier(event, "Dependent").value == -6


@pytest.mark.parametrize(
    ("count", "value"),
    [
        (0, 0),
        (4, 0),
        (5, -1),
        (9, -1),
        (10, -2),
        (19, -2),
        (20, -3),
        (49, -3),
        (50, -4),
        (99, -4),
        (100, -5),
        (1000, -5),
    ],
)
def test_horde_boundaries(count: int, value: int) -> None:
    event = check(mara(), ROLL, count=count)
    found = modifier(event, f"horde of {count}")
    assert (found.value, found.source) == (value, "given")


def test_heat_of_battle_derived_while_a_combat_runs() -> None:
    table = mara()
    before = check(table, ROLL)
    assert modifier(before, "heat of battle").value == 0
    table.do(StartCombat("crypt", ("Mara",)))
    during = check(table, ROLL)
    found = modifier(during, "heat of battle")
    assert (found.value, found.source) == (5, "derived")
    overridden = check(table, ROLL, heat_of_battle=False)
    found = modifier(overridden, "heat of battle")
    assert (found.value, found.source) == (0, "given")
    table.do(EndCombat())
    after = check(table, ROLL)
    assert modifier(after, "heat of battle").value == 0
    forced = check(table, ROLL, heat_of_battle=True)
    found = modifier(forced, "heat of battle")
    assert (found.value, found.source) == (5, "given")


def test_heat_of_battle_only_for_the_cast() -> None:
    table = mara()
    from journal.rules.core.commands import AddCharacter

    table.do(AddCharacter("Tom", {"will": 12, "ht": 10, "iq": 10}))
    table.do(StartCombat("crypt", ("mara",)))
    assert modifier(check(table, ROLL, character="Tom"), "heat of battle").value == 0
    assert modifier(check(table, ROLL), "heat of battle").value == 5
    table.do(EndCombat())
    table.do(StartCombat("everyone"))
    assert modifier(check(table, ROLL, character="Tom"), "heat of battle").value == 5


def test_previous_experience_derived_from_a_check_against_the_same_kind() -> None:
    table = mara()
    first = check(table, ROLL, threat="ghoul-1", kind="ghoul")
    assert modifier(first, "previous experience").value == 0
    other = check(table, ROLL, threat="shade-1", kind="shade")
    assert modifier(other, "previous experience").value == 0
    second = check(table, ROLL, threat="ghoul-2", kind="Ghoul")
    found = modifier(second, "previous experience")
    assert (found.value, found.source) == (1, "derived")
    assert "check 3" in found.label


def test_previous_experience_needs_a_kind_and_can_be_overridden() -> None:
    table = mara()
    check(table, ROLL, kind="ghoul")
    no_kind = check(table, ROLL, threat="ghoul-2")  # (ghoul-1 remembers its kind, issue 41)
    assert modifier(no_kind, "previous experience").value == 0
    given = check(table, ROLL, kind="ghoul", previous_experience=False)
    found = modifier(given, "previous experience")
    assert (found.value, found.source) == (0, "given")
    given = check(table, ROLL, kind="vampire", previous_experience=True)
    found = modifier(given, "previous experience")
    assert (found.value, found.source) == (1, "given")


def test_exposures_override() -> None:
    event = check(mara(), ROLL, exposures=3)
    found = modifier(event, "exposures")
    assert (found.value, found.source) == (3, "given")


def test_every_modifier_is_itemized() -> None:
    table = mara(traits={"Fearlessness": 1, "Xenophilia": 2})
    table.do(StartCombat("crypt"))
    event = check(
        table,
        ROLL,
        kind="ghoul",
        monster=-4,
        count=12,
        body="mutilated",
        mutilation=2,
        touched=True,
        remote=True,
        dark=True,
        report=2,
        xenophilia_applies=True,
        extra=(("GM", 1),),
    )
    # 1 + 2 - 2 + 5 - 4 - 2 - 1 + 3 - 1 + 0 + 0 + 2 + 1
    assert event.modified_will == 10 + 4
    assert event.effective_will == 13
    assert total(event) == 4
    assert [m.source for m in event.modifiers].count("derived") == 4


# --- the 24-hour window ------------------------------------------------------------------


def exposures_after(advance: str | None, *, threat: str = "ghoul-1") -> Modifier:
    """Mara checks vs ghoul-1 at 22:00, the clock moves by `advance`, she checks again."""
    table = mara()
    table.do(SetClock("1925-10-31 22:00"))
    check(table, ROLL)
    if advance is not None:
        table.do(AdvanceClock(advance))
    return modifier(check(table, ROLL, threat=threat), "exposure")


def test_exposure_at_the_same_game_minute_counts() -> None:
    found = exposures_after(None)
    assert (found.value, found.source) == (1, "derived")


def test_exposure_exactly_24_hours_earlier_counts() -> None:
    assert exposures_after("24h").value == 1
    assert exposures_after("1439min").value == 1


def test_exposure_24_hours_and_a_minute_earlier_does_not() -> None:
    assert exposures_after("1441min").value == 0
    assert exposures_after("2d").value == 0


def test_exposure_to_another_threat_does_not_count() -> None:
    assert exposures_after("1h", threat="ghoul-2").value == 0


def test_exposures_count_each_check_in_the_window() -> None:
    table = mara()
    table.do(SetClock("1925-10-31 20:00"))
    check(table, ROLL)
    table.do(AdvanceClock("2h"))
    check(table, ROLL)
    table.do(AdvanceClock("23h"))
    found = modifier(check(table, ROLL), "exposure")
    assert found.value == 1  # 20:00 is 25 h back, 22:00 is 23 h back
    assert "(check 6)" in found.label


def test_exposures_without_a_clock_count_none_and_say_so() -> None:
    table = mara()
    check(table, ROLL)
    found = modifier(check(table, ROLL), "exposure")
    assert found.value == 0
    assert "clock is not set" in found.label
    assert "1 earlier check(s) not counted" in found.label


def test_untimed_earlier_checks_are_left_out_and_named() -> None:
    table = mara()
    check(table, ROLL)
    table.do(SetClock("1925-10-31 22:00"))
    found = modifier(check(table, ROLL), "exposure")
    assert found.value == 0
    assert "1 earlier check(s) without a game time not counted" in found.label


def test_a_check_stamped_later_does_not_count() -> None:
    table = mara()
    table.do(SetClock("1925-10-31 22:00"))
    check(table, ROLL)
    table.do(SetClock("1925-10-31 21:00", rewind=True))
    assert modifier(check(table, ROLL), "exposure").value == 0
