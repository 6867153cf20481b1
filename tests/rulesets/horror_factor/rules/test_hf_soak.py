"""RULES.md Part 1, "Willpower soak"."""

from __future__ import annotations

import pytest
from support.rules_harness import Table

from journal.errors import RuleError
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled, RollInitiative
from journal.rulesets.horror_factor.rules.soak import Soak, WillpowerSoaked
from journal.rulesets.horror_factor.rules.status import FightNumbers
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn

CAST = ("Freddie", "Ariella", "Linda")


def soak(table: Table, name: str, points: int) -> WillpowerSoaked:
    (event,) = table.do(Soak(name, points))
    assert isinstance(event, WillpowerSoaked)
    return event


def encounter_status(table: Table, name: str) -> FightNumbers:
    result = table.ruleset.status(table.state)[name].encounter
    assert isinstance(result, FightNumbers)
    return result


def test_soak_lowers_effective_hf_this_turn_only(trio: Table) -> None:
    """ "each point lowers that character's HF by 1 for the rest of this turn only (the
    stored HF track is unchanged, so the next turn's decay starts from the unsoaked value)."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    event = soak(trio, "Linda", 2)
    assert (event.hf, event.effective_hf, event.action_penalty) == (6, 4, 2)
    assert event.terms == (("HF 6 - soak 2 - Hardness 2", -2),)
    current = encounter_status(trio, "Linda")
    assert (current.hf, current.soak, current.effective_hf) == (6, 2, 4)
    trio.do(AdvanceTurn())
    current = encounter_status(trio, "Linda")
    assert (current.hf, current.soak, current.effective_hf) == (5, 0, 5)


def test_spent_willpower_stays_spent(trio: Table) -> None:
    """ "Spent Willpower lowers current Willpower and stays spent until rest."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    event = soak(trio, "Linda", 3)
    assert (event.willpower_before, event.willpower_after) == (10, 7)
    trio.do(AdvanceTurn())
    soak(trio, "Linda", 1)
    assert trio.ruleset.status(trio.state)["Linda"].willpower == 6


def test_several_declarations_up_to_three(trio: Table) -> None:
    """ "Up to 3 Willpower per character per turn, in one or several declarations"; "past 3
    in a turn, is refused."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    soak(trio, "Freddie", 1)
    event = soak(trio, "Freddie", 2)
    assert (event.soak_before, event.soak_after) == (1, 3)
    with pytest.raises(RuleError, match="soaked 3 this turn; at most 3 per turn"):
        trio.do(Soak("Freddie", 1))
    trio.do(AdvanceTurn())
    assert soak(trio, "Freddie", 3).soak_after == 3


def test_soak_past_three_at_once(trio: Table) -> None:
    """ "Up to 3 Willpower per character per turn"."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    with pytest.raises(RuleError, match="a soak is 1 to 3 Willpower a turn, not 4"):
        trio.do(Soak("Freddie", 4))
    trio.do(Soak("Freddie", 2))
    with pytest.raises(RuleError, match="soaked 2 this turn; at most 3 per turn, so 1 more"):
        trio.do(Soak("Freddie", 2))


def test_soak_past_current_willpower(table: Table) -> None:
    """ "A soak larger than current Willpower ... is refused."""
    from journal.rules.core.commands import AddCharacter

    table.do(
        AddCharacter("Meek", {"reaction": 10, "willpower": 2, "hardness": 0, "training": "none"})
    )
    table.do(StartEncounter("Zombies", "horde", ("Meek",)))
    with pytest.raises(RuleError, match="only 2 Willpower left"):
        table.do(Soak("Meek", 3))
    soak(table, "Meek", 2)
    table.do(AdvanceTurn())
    with pytest.raises(RuleError, match=r"only 0 Willpower left .*rest"):
        table.do(Soak("Meek", 1))


@pytest.mark.parametrize("points", [0, -1, 4])
def test_soak_nothing_or_more_than_three_is_refused(trio: Table, points: int) -> None:
    """Refusal: a soak <= 0, or more than 3 in one declaration (not "soaked 0 this turn")."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    with pytest.raises(RuleError, match=f"^a soak is 1 to 3 Willpower a turn, not {points}$"):
        trio.do(Soak("Linda", points))


def test_soak_outside_a_fight_or_the_cast(trio: Table) -> None:
    """Refusals: soak outside a fight or for someone not in the cast."""
    with pytest.raises(RuleError, match="no encounter is running"):
        trio.do(Soak("Linda", 1))
    trio.do(StartEncounter("Duel", "horde", ("Freddie",)))
    with pytest.raises(RuleError, match="Linda is not in the encounter"):
        trio.do(Soak("Linda", 1))


def test_effective_hf_never_below_zero(trio: Table) -> None:
    """ "Effective HF = max(0, HF - soak this turn)."""
    trio.do(StartEncounter("Scuffle", "fistfight", CAST))
    assert soak(trio, "Freddie", 3).effective_hf == 0


def test_soak_then_initiative(trio: Table) -> None:
    """Linda turn 4: "her player spends 2 Willpower to reduce the Horror Factor by 2 ... He
    will have no penalty to actions"."""
    trio.do(StartEncounter("Zombies", "lethal-weapon", CAST))
    soak(trio, "Linda", 2)
    (event,) = trio.do(RollInitiative("Linda"), dice={"initiative": (8, 4)})
    assert isinstance(event, InitiativeRolled)
    assert (event.soak, event.effective_hf, event.action_penalty, event.total) == (2, 2, 0, 16)
