"""A turn's order is checked (RULES.md: "Initiative is rolled at the start of a turn ... a
roll recorded after the same character acted in that turn is out of order and refused; the
GM corrects the earlier roll where it stands (amend)").

The README's old advice for a mistyped die was `void 16` then a new roll: after Hobbs
dropped an enemy (#17) that new roll came after he acted, and the board showed him frozen
and credited with the first drop. Now that roll is refused, naming the drop and `amend`.
"""

from __future__ import annotations

import pytest
from support.cli import Cli, count_events
from support.corrections_examples import hobbs


@pytest.fixture
def fight(runner: Cli) -> Cli:
    hobbs(runner)  # the encounter at #4
    runner("initiative", "Hobbs", "--dice", "+8/-1")  # 5
    runner("drop", "Hobbs")  # 6
    return runner


def test_an_initiative_after_the_character_acted_is_refused(fight: Cli) -> None:
    fight("void", "5", "--reason", "misread die")  # the old advice: void, then roll again
    before = count_events(fight.db)
    error = fight.refused("initiative", "Hobbs", "--dice", "+1/-8").stderr
    assert error.startswith(
        "Error: Hobbs already acted this turn (dropped an enemy at #6): initiative is rolled "
        "at the start of a turn, so this roll is out of order: correct the turn's roll where "
        "it stands (`journal amend SEQ"
    )
    assert "void #6 first if that drop never happened" in error
    assert count_events(fight.db) == before


def test_a_second_roll_names_amend(fight: Cli) -> None:
    error = fight.refused("initiative", "Hobbs", "--dice", "+1/-8").stderr
    assert "Hobbs already rolled initiative this turn (8)" in error
    assert "journal amend SEQ --dice +A/-B" in error


def test_who_did_not_act_may_roll_and_the_next_turn_starts_afresh(fight: Cli) -> None:
    # Linda has not acted: her roll is in order, after Hobbs's drop
    assert "#7 Linda rolls initiative" in fight("initiative", "Linda", "--dice", "+5/-5").stdout
    fight("turn")
    assert "#9 Hobbs rolls initiative" in fight("initiative", "Hobbs", "--dice", "+5/-5").stdout


def test_a_later_drop_counts_as_acting_too(fight: Cli) -> None:
    fight("initiative", "Linda", "--dice", "+5/-5")  # 7
    fight("turn")  # 8
    fight("initiative", "Linda", "--dice", "+5/-5")  # 9
    fight("drop", "Hobbs")  # 10: a later drop, no group change, but Hobbs acted
    error = fight.refused("initiative", "Hobbs", "--dice", "+5/-5").stderr
    assert "dropped an enemy at #10" in error


def test_the_drop_voided_frees_the_roll(fight: Cli) -> None:
    fight("void", "5", "--reason", "misread die")
    fight("void", "6", "--reason", "that drop never happened")
    assert "#9 Hobbs rolls initiative" in fight("initiative", "Hobbs", "--dice", "+1/-8").stdout
