"""RULES.md Part 1, "After the encounter" (do-or-die and broken) and the hardening cap."""

from __future__ import annotations

import pytest
from support.rules_harness import Table

from journal.errors import JournalError, RuleError
from journal.rules.core.commands import AddCharacter
from journal.rulesets.horror_factor.rules.award import Award
from journal.rulesets.horror_factor.rules.encounter_end import EncounterEnded, EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter

CAST = ("Freddie", "Ariella", "Linda")


def end(table: Table, command: EndEncounter) -> EncounterEnded:
    (event,) = table.do(command)
    assert isinstance(event, EncounterEnded)
    return event


def hardness(table: Table, name: str) -> int:
    value: int = table.ruleset.status(table.state)[name].hardness
    return value


@pytest.mark.parametrize(
    ("training", "cap"),
    [("none", 3), ("some", 4), ("professional", 5), ("elite", 6), ("supernatural", 7)],
)
def test_do_or_die_hardens_up_to_the_cap(table: Table, training: str, cap: int) -> None:
    """ "Hardening cap by training ...: `none` 3, `some` 4, `professional` 5, `elite` 6,
    `supernatural` 7." and "each survivor gains +1 Hardness up to their cap"."""
    table.do(
        AddCharacter("Sam", {"reaction": 10, "willpower": 10, "hardness": 0, "training": training})
    )
    for fight in range(9):
        table.do(StartEncounter(f"Fight {fight}", "horde", ("Sam",)))
        end(table, EndEncounter(do_or_die=("Sam",)))
        assert hardness(table, "Sam") == min(cap, fight + 1)
    assert table.ruleset.status(table.state)["Sam"].hardness_cap == cap


def test_at_the_cap_no_gain_and_it_says_so(table: Table) -> None:
    """ "if already at/above cap, no gain and say so"; "Hardening past the cap is a
    deliberate GM award ... never automatically." Hardness never goes down."""
    table.do(
        AddCharacter("Vet", {"reaction": 10, "willpower": 10, "hardness": 3, "training": "none"})
    )
    table.do(Award("Vet", 3, "years on the wall"))  # past the cap only by an award
    table.do(StartEncounter("Fight", "horde", ("Vet",)))
    event = end(table, EndEncounter(do_or_die=("Vet",)))
    (result,) = event.results
    assert (result.hardness_before, result.hardness_after, result.cap) == (6, 6, 3)
    assert "no gain" in result.note and "cap 3" in result.note
    assert hardness(table, "Vet") == 6


def test_broken(trio: Table) -> None:
    """ "The GM may instead rule a character **broken** (brokenness +1)"."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    event = end(trio, EndEncounter(do_or_die=("Freddie", "Linda"), broken=("ariella",)))
    assert event.broken == ("Ariella",)
    outcome = {r.character: r.outcome for r in event.results}
    assert outcome == {"Freddie": "do-or-die", "Ariella": "broken", "Linda": "do-or-die"}
    status = trio.ruleset.status(trio.state)
    assert (status["Ariella"].brokenness, status["Ariella"].hardness) == (1, 0)
    assert trio.rules.encounter is None


def test_brokenness_stops_at_six(table: Table) -> None:
    """ "brokenness | 0-6 | ... 6 almost catatonic"; "brokenness +1 max 6"."""
    table.do(
        AddCharacter(
            "Wreck",
            {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none", "brokenness": 6},
        )
    )
    table.do(StartEncounter("Fight", "horde", ("Wreck",)))
    (result,) = end(table, EndEncounter(broken=("Wreck",))).results
    assert (result.brokenness_before, result.brokenness_after) == (6, 6)


def test_unnamed_participants_are_unchanged_and_recorded(trio: Table) -> None:
    """EncounterEnded records per character hardness before/after, cap, brokenness."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    event = end(trio, EndEncounter())
    assert [(r.character, r.outcome, r.hardness_after) for r in event.results] == [
        ("Freddie", "none", 0),
        ("Ariella", "none", 0),
        ("Linda", "none", 2),
    ]
    assert event.turns == 1


def test_end_with_no_fight(trio: Table) -> None:
    """Refusal: `EndEncounter` with no fight."""
    with pytest.raises(RuleError, match="no encounter is running"):
        trio.do(EndEncounter())


@pytest.mark.parametrize(
    ("command", "error", "message"),
    [
        (EndEncounter(do_or_die=("Ariella",)), RuleError, "Ariella is not in the encounter"),
        (EndEncounter(broken=("Ariella",)), RuleError, "Ariella is not in the encounter"),
        (EndEncounter(do_or_die=("Nobody",)), JournalError, "no character named"),
        (EndEncounter(do_or_die=("Linda", "linda")), RuleError, "named twice"),
        (EndEncounter(("Linda",), ("Linda",)), RuleError, "both do-or-die and broken"),
    ],
)
def test_names_must_be_in_the_encounter(
    trio: Table, command: EndEncounter, error: type[Exception], message: str
) -> None:
    """Refusal: do-or-die/broken names not in the encounter."""
    trio.do(StartEncounter("Duel", "horde", ("Linda", "Freddie")))
    with pytest.raises(error, match=message):
        trio.do(command)
    assert trio.rules.encounter is not None
