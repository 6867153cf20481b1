"""RULES.md Part 1, "Initiative and penalties"."""

from __future__ import annotations

import pytest
from support.rules_harness import Table

from journal.errors import RuleError
from journal.events.registry import DiceRoll
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled, RollInitiative
from journal.rulesets.horror_factor.rules.shift import Shift
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.rules.status import FightNumbers
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn
from journal.rulesets.horror_factor.telling import TELLING

CAST = ("Freddie", "Ariella", "Linda")


def roll(table: Table, name: str, faces: tuple[int, ...]) -> InitiativeRolled:
    (event,) = table.do(RollInitiative(name), dice={"initiative": faces})
    assert isinstance(event, InitiativeRolled)
    return event


def test_total_and_terms(trio: Table) -> None:
    """ "Initiative total = Reaction - action penalty + d10 - d10 (a positive and a negative
    d10, written `+5/-6`)."""
    trio.do(StartEncounter("Zombies", "horde", CAST, outnumbered=True))
    event = roll(trio, "Linda", (3, 5))
    assert event.terms == (("Reaction", 12), ("HF 7 - Hardness 2", -5), ("+d10", 3), ("-d10", -5))
    assert event.total == 5
    assert event.dice == {"initiative": DiceRoll(faces=(3, 5), source="entered")}
    assert (event.turn, event.hf, event.soak, event.effective_hf, event.hardness) == (
        1,
        7,
        0,
        7,
        2,
    )


def test_no_bonus_when_hardness_exceeds_hf(table: Table) -> None:
    """ "No bonus when Hardness exceeds HF."""
    from journal.rules.core.commands import AddCharacter

    table.do(
        AddCharacter("Vet", {"reaction": 10, "willpower": 10, "hardness": 6, "training": "elite"})
    )
    table.do(StartEncounter("Bar", "fistfight", ("Vet",)))
    event = roll(table, "Vet", (5, 5))
    assert event.action_penalty == 0
    assert event.total == 10
    assert event.terms[1] == ("HF 1 - Hardness 6 (no bonus)", 0)


def test_cannot_act_and_defense_penalty(trio: Table) -> None:
    """ "Total <= 0: the character cannot act this turn" and "Total < 0: the total is also a
    penalty to Defense this turn (-2 total gives -2)."""
    trio.do(StartEncounter("Zombies", "horde", CAST, outnumbered=True))
    zero = roll(trio, "Freddie", (3, 6))
    assert (zero.total, zero.can_act, zero.defense_penalty) == (0, False, 0)
    minus_two = roll(trio, "Ariella", (1, 6))
    assert (minus_two.total, minus_two.can_act, minus_two.defense_penalty) == (-2, False, -2)
    assert TELLING.describe(minus_two).endswith("(cannot act, defense -2; penalty -7)")
    one = roll(trio, "Linda", (1, 7))
    assert (one.total, one.can_act, one.defense_penalty) == (1, True, 0)


def test_one_roll_per_turn(trio: Table) -> None:
    """ "At most one initiative roll per character per turn; a second is refused (correct a
    mistake by voiding the first)."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    roll(trio, "Linda", (3, 5))
    with pytest.raises(RuleError, match=r"already rolled initiative this turn .*journal amend SEQ"):
        trio.do(RollInitiative("Linda"), dice={"initiative": (9, 1)})
    trio.do(AdvanceTurn())
    assert roll(trio, "Linda", (9, 1)).turn == 2


def test_penalty_changes_at_once(trio: Table) -> None:
    """ "It changes at once whenever HF, soak or Hardness changes."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    roll(trio, "Linda", (5, 5))

    def numbers() -> FightNumbers:
        current = trio.ruleset.status(trio.state)["Linda"].encounter
        assert isinstance(current, FightNumbers)
        return current

    def penalty() -> int:
        return numbers().action_penalty

    assert penalty() == 4
    trio.do(Shift("Linda", "grabbed"))
    assert penalty() == 6
    trio.do(Soak("Linda", 3))
    assert penalty() == 3
    assert numbers().initiative == 8  # the roll already made stands


def test_status_before_the_roll(trio: Table) -> None:
    """docs/CLI.md, `status --json`: `initiative`/`can_act` null before the character rolls
    this turn."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    current = trio.ruleset.status(trio.state)["Freddie"].encounter
    assert (current.initiative, current.can_act, current.defense_penalty) == (
        None,
        None,
        0,
    )
    roll(trio, "Freddie", (1, 10))
    trio.do(AdvanceTurn())
    current = trio.ruleset.status(trio.state)["Freddie"].encounter
    assert (current.initiative, current.can_act, current.defense_penalty) == (
        None,
        None,
        0,
    )


@pytest.mark.parametrize(
    ("faces", "message"),
    [((0, 5), "a d10 shows 1 to 10, not 0"), ((5, 11), "not 11"), ((5,), "needs 2 dice")],
)
def test_bad_dice_are_refused(trio: Table, faces: tuple[int, ...], message: str) -> None:
    """Refusal: dice faces outside 1-10 (the DiceBox raises RuleError through decide)."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    with pytest.raises(RuleError, match=message):
        trio.do(RollInitiative("Linda"), dice={"initiative": faces})
    assert trio.rules.encounter.participants["Linda"].initiative is None


def test_rolled_dice_are_recorded(trio: Table) -> None:
    """README.md, "Dice": "Either way every face and its source (entered, rolled, seeded) is
    recorded."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    (event,) = trio.do(RollInitiative("Linda"), seed=7)
    assert isinstance(event, InitiativeRolled)
    plus, minus = event.dice["initiative"].faces
    assert event.dice["initiative"].source == "rolled"
    assert event.total == 12 - 4 + plus - minus
