"""One decide step, `journal.rules.deciding.decide`, for the service and for the rules tests: the
in-memory table of the rules tests (support.rules_harness) refuses what the CLI refuses,
in the CLI's words."""

from __future__ import annotations

import pytest
from support.cli import Cli
from support.rules_harness import Table

from journal.errors import RuleError
from journal.rules.core.commands import AddCharacter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled, RollInitiative

ELI = {"will": 10, "ht": 10, "iq": 12}
LINDA = {"reaction": 12, "willpower": 10, "hardness": 2, "training": "some"}


def test_a_command_of_another_ruleset_is_refused_as_the_cli_refuses_it(runner: Cli) -> None:
    table = Table("fright-check")
    table.do(AddCharacter("Eli", ELI))
    with pytest.raises(RuleError) as refused:
        table.do(RollInitiative("Eli"))
    runner("campaign", "new", "test", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    assert runner.refused("initiative", "Eli").stderr == f"Error: {refused.value}\n"
    assert str(refused.value) == (
        "that is a horror-factor command, and campaign 'test' plays fright-check"
    )


def test_dice_the_ruling_did_not_need_are_refused() -> None:
    table = Table("horror-factor")
    table.do(AddCharacter("Linda", LINDA))
    table.do(StartEncounter("The horde", "horde", ("Linda",)))
    before = table.state
    with pytest.raises(RuleError, match="did not need the dice entered for stun: leave them out"):
        table.do(RollInitiative("Linda"), dice={"initiative": (3, 5), "stun": (1,)})
    assert table.state is before
    (rolled,) = table.do(RollInitiative("Linda"), dice={"initiative": (3, 5)})
    assert isinstance(rolled, InitiativeRolled) and rolled.dice["initiative"].faces == (3, 5)
