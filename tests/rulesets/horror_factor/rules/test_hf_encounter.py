"""RULES.md Part 1, "Horror Factor of an encounter" and "Which Hardness applies"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from support.rules_harness import Table

from journal.errors import JournalError, RuleError
from journal.rulesets.horror_factor.rules.catalog import PRESETS
from journal.rulesets.horror_factor.rules.encounter_start import EncounterStarted, StartEncounter
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled, RollInitiative

CAST = ("Freddie", "Ariella", "Linda")
AddFn = Callable[..., None]


def start(table: Table, command: StartEncounter) -> EncounterStarted:
    (event,) = table.do(command)
    assert isinstance(event, EncounterStarted)
    return event


@pytest.mark.parametrize(
    ("preset", "value"),
    [
        ("play-fight", 0),
        ("fistfight", 1),
        ("homicidal-fistfight", 2),
        ("improvised-weapon", 3),
        ("lethal-weapon", 4),
        ("weak-creature", 4),
        ("brutality", 5),
        ("few-weak-creatures", 5),
        ("powerful-creature", 5),
        ("horde", 6),
        ("very-powerful-creature", 6),
    ],
)
def test_presets(trio: Table, preset: str, value: int) -> None:
    """ "Base HF from the text's 0-6 table (the journal offers these as named presets:
    `play-fight` 0, `fistfight` 1, ... `horde` 6, `very-powerful-creature` 6), or a number."""
    assert PRESETS[preset] == value
    assert start(trio, StartEncounter("Fight", preset, CAST)).hf == value


def test_a_number_instead_of_a_preset(trio: Table) -> None:
    """ "... or a number." The result may exceed 6."""
    event = start(trio, StartEncounter("Shoggoth", " 9 ", CAST))
    assert (event.base_hf, event.hf, event.hf_given) == (9, 9, "9")


def test_modifiers_add_up(trio: Table) -> None:
    """ "Modifiers: outnumbered +1; creepy surroundings +1 (or +2, "rarely"); ambush +2 on
    the first turn only. The result may exceed 6"."""
    event = start(
        trio,
        StartEncounter("Crypt", "horde", CAST, outnumbered=True, ambush=True, creepy=2),
    )
    assert event.terms == (
        ("horde", 6),
        ("outnumbered", 1),
        ("very creepy", 2),
        ("ambush (turn 1 only)", 2),
    )
    assert event.hf == 11
    encounter = trio.rules.encounter
    assert all(p.hf == 11 for p in encounter.participants.values())
    assert encounter.turn == 1


def test_creepy_one(trio: Table) -> None:
    """ "creepy surroundings +1"."""
    assert start(trio, StartEncounter("Alley", "fistfight", CAST, creepy=1)).hf == 2


def test_specialization_applies_for_the_category(table: Table, add: AddFn) -> None:
    """ "The character's specialization for the encounter's category if it has one, else the
    general Hardness."""
    add("Prof", reaction=10, hardness=1, training="some", specializations={"mythos": 4})
    add(
        "Vet", reaction=10, hardness=5, training="professional", specializations={"supernatural": 1}
    )
    table.do(StartEncounter("Deep Ones", "horde", ("Prof", "Vet"), category="Mythos"))
    prof, vet = (
        table.do(RollInitiative(n), dice={"initiative": (5, 5)})[0] for n in ("Prof", "Vet")
    )
    assert isinstance(prof, InitiativeRolled) and isinstance(vet, InitiativeRolled)
    assert (prof.hardness, prof.hardness_label, prof.action_penalty) == (4, "Hardness (mythos)", 2)
    assert (vet.hardness, vet.hardness_label, vet.action_penalty) == (5, "Hardness", 1)
    assert prof.terms[1] == ("HF 6 - Hardness (mythos) 4", -2)


def test_category_without_specialization_uses_general(table: Table, add: AddFn) -> None:
    """ "An encounter may carry a category (e.g. `supernatural`) for specializations."""
    add("Vet", hardness=5, training="professional", specializations={"supernatural": 1})
    table.do(StartEncounter("Ghost", "powerful-creature", ("Vet",), category="supernatural"))
    (event,) = table.do(RollInitiative("Vet"), dice={"initiative": (5, 5)})
    assert event.hardness == 1  # type: ignore[attr-defined]
    assert event.action_penalty == 4  # type: ignore[attr-defined]


def test_a_second_encounter_is_refused(trio: Table) -> None:
    """Refusal: a second `StartEncounter` while one runs."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    with pytest.raises(RuleError, match="'Zombies' is still running: end it"):
        trio.do(StartEncounter("More", "horde", CAST))


def test_no_cast_means_everyone_still_in_the_story(trio: Table) -> None:
    """Issue 22: both rulesets treat a missing --cast the same way (everyone active); the
    event names them, so the fight's cast is fixed when it starts."""
    (started,) = trio.do(StartEncounter("Zombies", "horde", ()))
    assert started.cast == tuple(CAST)  # type: ignore[attr-defined]


def test_no_cast_with_nobody_in_the_story_is_refused(table: Table) -> None:
    with pytest.raises(RuleError, match="no character is in the story yet"):
        table.do(StartEncounter("Zombies", "horde", ()))


@pytest.mark.parametrize(
    ("command", "error", "message"),
    [
        (StartEncounter("X", "horde", ("Freddie", "Nobody")), JournalError, "no character named"),
        (StartEncounter("X", "horde", ("Freddie", "freddie")), RuleError, "named twice"),
        (StartEncounter("X", "dragon", CAST), RuleError, "neither a preset"),
        (StartEncounter("X", "-1", CAST), RuleError, "neither a preset"),
        (StartEncounter("X", "2.5", CAST), RuleError, "neither a preset"),
        (StartEncounter("X", "21", CAST), RuleError, "^HF 21 is more than 20: the text's table"),
        (StartEncounter("X", "99", CAST), RuleError, "HF 99 is more than 20"),
        (StartEncounter("X", "horde", CAST, creepy=3), RuleError, "creepy must be 0, 1"),
        (StartEncounter("X", "horde", CAST, creepy=-1), RuleError, "creepy must be 0, 1"),
        (StartEncounter("  ", "horde", CAST), RuleError, "needs a title"),
    ],
)
def test_start_refusals(
    trio: Table, command: StartEncounter, error: type[Exception], message: str
) -> None:
    """Refusals: an empty cast or unknown cast member; an unknown preset / HF not an integer
    >= 0; creepy not 0-2."""
    with pytest.raises(error, match=message):
        trio.do(command)
    assert trio.rules.encounter is None


def test_hf_twenty_is_the_most_a_number_may_be(trio: Table) -> None:
    """The text's table runs 0-6 plus a few modifiers: a typed number is allowed up to 20."""
    event = start(trio, StartEncounter("X", "20", CAST, outnumbered=True))
    assert (event.base_hf, event.hf) == (20, 21)


def test_cast_names_are_canonical(trio: Table) -> None:
    """Names are looked up case-insensitively and recorded as the campaign spells them."""
    event = start(trio, StartEncounter("X", "HORDE", ("linda", "FREDDIE")))
    assert event.cast == ("Linda", "Freddie")
    assert event.hf == 6
