"""RULES.md Part 1, "Months of peaceful life", and awards past the cap ("Hardening cap")."""

from __future__ import annotations

import pytest
from support.rules_harness import Table

from journal.errors import RuleError
from journal.rules.core.commands import AddCharacter
from journal.rulesets.horror_factor.rules.award import Award, HardnessAwarded
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.peace import Peace, PeaceRecorded


def add(table: Table, name: str, hardness: int, training: str = "elite") -> None:
    sheet = {"reaction": 10, "willpower": 10, "hardness": hardness, "training": training}
    table.do(AddCharacter(name, sheet))


def peace(table: Table, command: Peace) -> PeaceRecorded:
    (event,) = table.do(command)
    assert isinstance(event, PeaceRecorded)
    return event


def hardness(table: Table, name: str) -> int:
    value: int = table.ruleset.status(table.state)[name].hardness
    return value


def test_peace_records_everything(table: Table) -> None:
    """ "The GM records months of peace, whether the character had therapy, PTSD, or kept a
    warlike mindset, and the Hardness lost."""
    add(table, "Vet", 4)
    event = peace(table, Peace("vet", months=6, lose=1, therapy=True, ptsd=True))
    assert (event.character, event.months, event.lose, event.therapy, event.ptsd) == (
        "Vet",
        6,
        1,
        True,
        True,
    )
    assert (event.mindset, event.override, event.hardness_before, event.hardness_after) == (
        False,
        None,
        4,
        3,
    )
    assert (event.peak, event.floor) == (4, 2)
    assert hardness(table, "Vet") == 3


def test_never_below_half_the_peak(table: Table) -> None:
    """ "Hardness never falls below ceil(peak / 2), peak being the highest Hardness the
    character ever held ("up to half your total Hardness")."""
    add(table, "Vet", 5)
    with pytest.raises(RuleError, match="at most half of their peak Hardness 5: not below 3"):
        peace(table, Peace("Vet", months=12, lose=3))
    peace(table, Peace("Vet", months=12, lose=2))
    with pytest.raises(RuleError, match="not below 3, so at most 0 from 3"):
        peace(table, Peace("Vet", months=12, lose=1))


def test_peak_is_the_highest_ever(table: Table) -> None:
    """ "peak being the highest Hardness the character ever held": hardening raises it,
    losing Hardness does not lower it."""
    add(table, "Sam", 1, training="some")
    for _ in range(3):
        table.do(StartEncounter("Fight", "horde", ("Sam",)))
        table.do(EndEncounter(do_or_die=("Sam",)))
    assert hardness(table, "Sam") == 4
    event = peace(table, Peace("Sam", months=3, lose=2))
    assert (event.peak, event.floor, event.hardness_after) == (4, 2, 2)
    assert table.ruleset.status(table.state)["Sam"].peak_hardness == 4


def test_mindset_keeps_everything(table: Table) -> None:
    """ "With a kept warlike mindset, nothing is lost."""
    add(table, "Guard", 4)
    with pytest.raises(RuleError, match="warlike mindset, so nothing is lost"):
        peace(table, Peace("Guard", months=24, lose=1, mindset=True))
    event = peace(table, Peace("Guard", months=24, lose=0, mindset=True))
    assert (event.mindset, event.hardness_after) == (True, 4)


def test_above_five_needs_therapy(table: Table) -> None:
    """ "Above Hardness 5, a loss needs therapy; without it the journal refuses unless the GM
    records an override with a reason."""
    add(table, "Hunter", 7, training="supernatural")
    with pytest.raises(RuleError, match="above 5: losing it needs therapy"):
        peace(table, Peace("Hunter", months=12, lose=1))
    with pytest.raises(RuleError, match="override needs a reason"):
        peace(table, Peace("Hunter", months=12, lose=1, override="  "))
    event = peace(table, Peace("Hunter", months=12, lose=1, override="monastery retreat"))
    assert (event.override, event.hardness_after) == ("monastery retreat", 6)
    assert peace(table, Peace("Hunter", months=12, lose=1, therapy=True)).hardness_after == 5
    assert peace(table, Peace("Hunter", months=12, lose=1)).hardness_after == 4


def test_at_five_no_therapy_needed(table: Table) -> None:
    """ "Above Hardness 5": Hardness 5 itself may lose without therapy."""
    add(table, "Cop", 5)
    assert peace(table, Peace("Cop", months=6, lose=1)).hardness_after == 4


@pytest.mark.parametrize(
    ("months", "lose", "message"),
    [(0, 0, "must be 1 or more, not 0"), (-2, 0, "not -2"), (3, -1, "0 or more, not -1")],
)
def test_peace_refusals(table: Table, months: int, lose: int, message: str) -> None:
    """ "Months must be at least 1." Losing a negative amount is not a loss."""
    add(table, "Vet", 4)
    with pytest.raises(RuleError, match=message):
        peace(table, Peace("Vet", months=months, lose=lose))


def test_no_peace_in_the_middle_of_a_fight(table: Table) -> None:
    """Months of peace cannot pass for someone fighting in the running encounter."""
    add(table, "Vet", 4)
    table.do(StartEncounter("Fight", "horde", ("Vet",)))
    with pytest.raises(RuleError, match="end the encounter before peace"):
        peace(table, Peace("Vet", months=1, lose=0))


def test_award_past_the_cap(table: Table) -> None:
    """ "Hardening past the cap is a deliberate GM award ... allowed only as an explicit award
    with a reason"."""
    add(table, "Freddie", 3, training="none")
    (event,) = table.do(Award("Freddie", 2, "  years in the wastelands "))
    assert isinstance(event, HardnessAwarded)
    assert (event.hardness_before, event.hardness_after, event.cap) == (3, 5, 3)
    assert event.reason == "years in the wastelands"
    assert hardness(table, "Freddie") == 5
    assert table.ruleset.status(table.state)["Freddie"].peak_hardness == 5


def test_award_a_specialization(table: Table) -> None:
    """ "Hardening, breaking and peace change the general Hardness unless the event names a
    specialization."""
    add(table, "Prof", 1, training="none")
    (event,) = table.do(Award("Prof", 3, "the rites", specialization="Mythos", new_spec=True))
    assert isinstance(event, HardnessAwarded)
    assert (event.specialization, event.hardness_before, event.hardness_after) == ("mythos", 1, 4)
    status = table.ruleset.status(table.state)["Prof"]
    assert (status.hardness, status.specializations) == (1, {"mythos": 4})


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (Award("Vet", 1, ""), "needs a reason"),
        (Award("Vet", 1, "   "), "needs a reason"),
        (Award("Vet", 0, "why not"), "1 level of Hardness or more, not 0"),
        (Award("Vet", 2, "too much"), "would pass 7, the most; award 1 at most"),
    ],
)
def test_award_refusals(table: Table, command: Award, message: str) -> None:
    """Refusal: award without a reason; levels >= 1; the result never past 7."""
    add(table, "Vet", 6)
    with pytest.raises(RuleError, match=message):
        table.do(command)


def test_peace_without_loss_is_recorded_even_below_half_the_peak(table: Table) -> None:
    """ "Hardness never falls below ceil(peak / 2)": a record of months with nothing lost
    does not make it fall, so it stands even after exceptional failures took Hardness
    under half the peak."""
    from journal.rulesets.horror_factor.rules.check import HorrorCheck

    add(table, "Sam", 4, training="some")
    for _ in range(3):
        table.do(HorrorCheck("Sam", hf=9), dice={"check": (1, 10)})
    assert hardness(table, "Sam") == 1
    event = peace(table, Peace("Sam", months=6, lose=0, mindset=True))
    assert (event.hardness_before, event.hardness_after, event.floor) == (1, 1, 2)
    with pytest.raises(RuleError, match="half of their peak"):
        table.decide(Peace("Sam", months=6, lose=1))
