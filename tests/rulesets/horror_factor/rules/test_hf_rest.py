"""RULES.md Part 1, "Rest and victory"."""

from __future__ import annotations

import pytest
from support.rules_harness import Table

from journal.errors import JournalError, RuleError
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.rest import Rest, Rested
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.telling import TELLING

CAST = ("Freddie", "Ariella", "Linda")


def willpower(table: Table) -> dict[str, int]:
    return {n: s.willpower for n, s in table.ruleset.status(table.state).items()}


def spend(table: Table, end: bool = True) -> None:
    table.do(StartEncounter("Zombies", "horde", CAST))
    table.do(Soak("Linda", 3))
    table.do(Soak("Freddie", 2))
    if end:
        table.do(EndEncounter())


def test_rest_restores_to_maximum(trio: Table) -> None:
    """ "A good night's sleep ... restores current Willpower to its maximum"; a Rest without
    characters is everyone."""
    spend(trio)
    assert willpower(trio) == {"Freddie": 8, "Ariella": 10, "Linda": 7}
    (event,) = trio.do(Rest())
    assert isinstance(event, Rested)
    assert (event.everyone, event.characters) == (True, CAST)
    assert willpower(trio) == {"Freddie": 10, "Ariella": 10, "Linda": 10}


def test_partial_restore(trio: Table) -> None:
    """ "(a partial restore may be given as a number of points)", capped at the maximum."""
    spend(trio)
    (event,) = trio.do(Rest(("linda", "Freddie"), points=2))
    assert isinstance(event, Rested)
    assert event.characters == ("Linda", "Freddie")
    assert willpower(trio) == {"Freddie": 10, "Ariella": 10, "Linda": 9}
    assert [c.after for c in event.changes] == [9, 10]


def test_victory_is_recorded(trio: Table) -> None:
    """ "or a major victory or accomplishment, restores current Willpower", also in the
    middle of a fight (a victory does not wait for its end)."""
    spend(trio, end=False)
    (event,) = trio.do(Rest(("Linda",), victory=True))
    assert isinstance(event, Rested) and event.victory
    assert willpower(trio)["Linda"] == 10
    assert "a major victory" in TELLING.describe(event)


@pytest.mark.parametrize(
    ("command", "error", "message"),
    [
        (Rest(points=0), RuleError, "1 Willpower or more"),
        (Rest(("Nobody",)), JournalError, "no character named"),
        (Rest(("Linda", "LINDA")), RuleError, "named twice"),
    ],
)
def test_rest_refusals(trio: Table, command: Rest, error: type[Exception], message: str) -> None:
    """Rest restores a positive amount to characters of the campaign."""
    with pytest.raises(error, match=message):
        trio.do(command)


def test_rest_with_nobody(table: Table) -> None:
    """Rest without characters means everyone; with no characters there is nobody to rest."""
    with pytest.raises(RuleError, match="nobody to rest"):
        table.do(Rest())
