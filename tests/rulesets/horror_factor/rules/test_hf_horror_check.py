"""RULES.md Part 1, "Horror Check (optional mechanical hardening)"."""

from __future__ import annotations

import pytest
from support.rules_harness import Table

from journal.errors import RuleError
from journal.rules.core.commands import AddCharacter
from journal.rulesets.horror_factor.rules.check import HorrorCheck, HorrorChecked
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import RollInitiative
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn
from journal.rulesets.horror_factor.telling import TELLING

CAST = ("Freddie", "Ariella", "Linda")


def check(table: Table, command: HorrorCheck, faces: tuple[int, int]) -> HorrorChecked:
    (event,) = table.do(command, dice={"check": faces})
    assert isinstance(event, HorrorChecked)
    return event


def test_uses_the_initial_hf_of_the_last_encounter(trio: Table) -> None:
    """ "total = current Willpower + Hardness - HF + d10 - d10, where HF is the **initial** HF
    the character faced in that encounter (turn 1 value, modifiers and ambush included)"."""
    trio.do(StartEncounter("Zombies", "horde", CAST, outnumbered=True, ambush=True))
    trio.do(RollInitiative("Linda"), dice={"initiative": (5, 5)})
    trio.do(AdvanceTurn())
    trio.do(AdvanceTurn())
    trio.do(Soak("Linda", 3))
    trio.do(EndEncounter())
    event = check(trio, HorrorCheck("Linda"), (9, 2))
    assert event.terms == (
        ("Willpower", 7),
        ("Hardness", 2),
        ("HF (initial HF of Zombies)", -9),
        ("+d10", 9),
        ("-d10", -2),
    )
    assert (event.hf, event.hf_given, event.total, event.result) == (9, None, 7, "fail")
    assert event.encounter == "Zombies"
    assert (event.brokenness_before, event.brokenness_after) == (0, 1)


def test_pass_hardens_up_to_the_cap(trio: Table) -> None:
    """ "total >= 10: pass, **hardened**: Hardness +1 up to the cap."""
    event = check(trio, HorrorCheck("Linda", hf=2), (5, 5))
    assert (event.total, event.result) == (10, "pass")
    assert (event.hardness_before, event.hardness_after, event.cap) == (2, 3, 4)
    check(trio, HorrorCheck("Linda", hf=2), (5, 5))
    capped = check(trio, HorrorCheck("Linda", hf=2), (5, 5))
    assert (capped.hardness_before, capped.hardness_after, capped.result) == (4, 4, "pass")
    assert "no gain" in capped.note


def test_fail_breaks(trio: Table) -> None:
    """ "total < 10: fail, **broken**: brokenness +1 (max 6)."""
    event = check(trio, HorrorCheck("Freddie", hf=1), (5, 5))
    assert (event.total, event.result) == (9, "fail")
    assert (event.brokenness_after, event.hardness_after) == (1, 0)


def test_brokenness_max_six(table: Table) -> None:
    """ "brokenness +1 (max 6)"."""
    table.do(
        AddCharacter(
            "Wreck",
            {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none", "brokenness": 6},
        )
    )
    assert check(table, HorrorCheck("Wreck", hf=2), (5, 5)).brokenness_after == 6


def test_exceptional_failure(trio: Table) -> None:
    """ "total <= 10 - 5 is an **Exceptional Failure**: also Hardness -1 (not below 0)."""
    event = check(trio, HorrorCheck("Linda", hf=8), (1, 1))  # 10 + 2 - 8 = 4
    assert (event.total, event.result, event.exceptional_margin) == (4, "exceptional-failure", 5)
    assert (event.hardness_after, event.brokenness_after) == (1, 1)
    edge = check(trio, HorrorCheck("Freddie", hf=5), (1, 1))  # 10 + 0 - 5 = 5
    assert (edge.total, edge.result, edge.hardness_after) == (5, "exceptional-failure", 0)
    near = check(trio, HorrorCheck("Ariella", hf=4), (1, 1))  # 6: plain fail
    assert near.result == "fail"


def test_margin_is_an_option() -> None:
    """ "*option* `exceptional_margin` (default 5) ... this margin is the journal's ruling,
    shown in every explanation."""
    table = Table("horror-factor", {"exceptional_margin": "2"})
    table.do(
        AddCharacter("Ann", {"reaction": 10, "willpower": 10, "hardness": 1, "training": "none"})
    )
    event = check(table, HorrorCheck("Ann", hf=2), (1, 1))  # 9 > 10 - 2: plain fail
    assert (event.result, event.exceptional_margin) == ("fail", 2)
    event = check(table, HorrorCheck("Ann", hf=3), (1, 1))  # 8 <= 10 - 2: exceptional
    assert event.result == "exceptional-failure"
    assert "failed exceptionally (at 8 or less)" in TELLING.describe(event)


def test_specialization_of_the_last_encounter_applies(table: Table) -> None:
    """ "Which Hardness applies": the specialization for the encounter's category; "An
    encounter with a category names it for everyone in the cast who has that
    specialization", so the check about it changes the specialization, not the general
    Hardness."""
    table.do(
        AddCharacter(
            "Prof",
            {
                "reaction": 10,
                "willpower": 10,
                "hardness": 0,
                "training": "some",
                "specializations": {"mythos": 4},
            },
        )
    )
    table.do(StartEncounter("Cult", "horde", ("Prof",), category="mythos"))
    table.do(EndEncounter())
    event = check(table, HorrorCheck("Prof"), (5, 5))
    assert event.terms[1] == ("Hardness (mythos)", 4)
    assert (event.total, event.result, event.specialization) == (8, "fail", "mythos")
    assert (event.hardness_before, event.hardness_after, event.brokenness_after) == (4, 4, 1)
    status = table.ruleset.status(table.state)["Prof"]
    assert (status.hardness, status.specializations) == (0, {"mythos": 4})


def test_no_hf_known_is_refused(trio: Table) -> None:
    """Refusal: Horror Check with no HF known ("or a HF the GM gives for a horror outside
    combat")."""
    with pytest.raises(RuleError, match=r"no HF is known .*--hf N"):
        trio.do(HorrorCheck("Linda"), dice={"check": (5, 5)})
    with pytest.raises(RuleError, match="0 or more"):
        trio.do(HorrorCheck("Linda", hf=-1), dice={"check": (5, 5)})
    with pytest.raises(RuleError, match="a Horror Factor of 21 is more than 20"):
        trio.do(HorrorCheck("Linda", hf=21), dice={"check": (5, 5)})
    trio.do(HorrorCheck("Linda", hf=20), dice={"check": (5, 5)})


def test_bad_check_dice(trio: Table) -> None:
    """Refusal: dice faces outside 1-10."""
    with pytest.raises(RuleError, match="a d10 shows 1 to 10, not 12"):
        trio.do(HorrorCheck("Linda", hf=3), dice={"check": (12, 1)})
