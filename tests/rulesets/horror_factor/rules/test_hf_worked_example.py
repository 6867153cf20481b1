"""RULES.md "The worked example (acceptance)": the text's zombie fight, entered as written."""

from __future__ import annotations

import pytest
from support.rules_harness import Table

from journal.rulesets.horror_factor.rules.drop import DropEnemy
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled, RollInitiative
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn
from journal.rulesets.horror_factor.telling import TELLING

CAST = ("Freddie", "Ariella", "Linda")

#: turn, character, dice, HF (effective), initiative, acts?, offensive penalty, defense
TABLE = [
    (1, "Freddie", (5, 6), 7, 2, True, -7, 0),
    (1, "Ariella", (1, 8), 7, -4, False, -7, -4),
    (1, "Linda", (3, 5), 7, 5, True, -5, 0),
    (2, "Ariella", (8, 6), 7, 5, True, -7, 0),
    (2, "Freddie", (6, 3), 6, 7, True, -6, 0),
    (2, "Linda", (9, 3), 6, 14, True, -4, 0),
    (4, "Freddie", (6, 3), 4, 9, True, -4, 0),
    (4, "Ariella", (3, 7), 5, 1, True, -5, 0),
    (4, "Linda", (8, 4), 2, 16, True, 0, 0),
]


def hf(table: Table, name: str) -> int:
    encounter = table.rules.encounter
    assert encounter is not None
    return int(encounter.participants[name].hf)


def roll(table: Table, name: str, faces: tuple[int, int]) -> InitiativeRolled:
    (event,) = table.do(RollInitiative(name), dice={"initiative": faces})
    assert isinstance(event, InitiativeRolled)
    return event


def play(table: Table) -> dict[tuple[int, str], InitiativeRolled]:
    """Enter the example command by command; return every initiative roll by (turn, name)."""
    rolls: dict[tuple[int, str], InitiativeRolled] = {}
    table.do(StartEncounter("Zombies", "horde", CAST, outnumbered=True))
    turn = 1
    for row_turn, name, faces, *_ in TABLE:
        while turn < row_turn:
            table.do(AdvanceTurn())
            turn += 1
        if (turn, name) == (4, "Linda"):
            table.do(Soak("Linda", 2))
        rolls[(turn, name)] = roll(table, name, faces)
    return rolls


@pytest.mark.parametrize("row", TABLE, ids=[f"turn{r[0]}-{r[1]}" for r in TABLE])
def test_every_cell_of_the_table(trio: Table, row: tuple[object, ...]) -> None:
    """ "The text's zombie example, entered as written, must give exactly these numbers
    (R = Reaction, H = Hardness, HF = the character's effective HF that turn)"."""
    turn, name, faces, want_hf, initiative, acts, offensive, defense = row
    rolls = play(trio)
    event = rolls[(turn, name)]  # type: ignore[index]
    assert event.dice["initiative"].faces == faces
    assert event.effective_hf == want_hf
    assert event.total == initiative
    assert event.can_act is acts
    assert -event.action_penalty == offensive
    assert event.defense_penalty == defense


def test_encounter_hf_is_seven(trio: Table) -> None:
    """ "the Horror Factor is 7 (6 for a large group of unnatural enemies, +1 for being
    outnumbered)"."""
    (event,) = trio.do(StartEncounter("Zombies", "horde", CAST, outnumbered=True))
    assert event.hf == 7  # type: ignore[attr-defined]
    assert event.terms == (("horde", 6), ("outnumbered", 1))  # type: ignore[attr-defined]


def test_linda_turn_two_is_fourteen_not_the_texts_thirteen(trio: Table) -> None:
    """ "for Linda's second turn it writes "12 +2 -6 = 7" and a total of 13, but 12 + 2 - 6 is
    8, so by its own rule the total is 14. The journal computes 14, and its explanation of
    that roll shows each term"."""
    event = play(trio)[(2, "Linda")]
    assert event.terms == (("Reaction", 12), ("HF 6 - Hardness 2", -4), ("+d10", 9), ("-d10", -3))
    assert event.total == 14
    assert TELLING.describe(event) == (
        "Linda rolls initiative +9/-3: Reaction 12, HF 6 - Hardness 2 -4, +d10 +9, -d10 -3 = 14"
        " (acts; penalty -4)"
    )


def test_turn_three_has_no_rolls(trio: Table) -> None:
    """ "| 3 | (no rolls) | | F 5, L 5, A 6 |" and "The Horror Factor is down to 4 for Freddie
    and Linda and 5 for Ariella" on the fourth turn."""
    trio.do(StartEncounter("Zombies", "horde", CAST, outnumbered=True))
    for name, faces in [("Freddie", (5, 6)), ("Ariella", (1, 8)), ("Linda", (3, 5))]:
        roll(trio, name, faces)
    trio.do(AdvanceTurn())
    for name, faces in [("Ariella", (8, 6)), ("Freddie", (6, 3)), ("Linda", (9, 3))]:
        roll(trio, name, faces)
    trio.do(AdvanceTurn())
    assert (hf(trio, "Freddie"), hf(trio, "Linda"), hf(trio, "Ariella")) == (5, 5, 6)
    trio.do(AdvanceTurn())
    assert (hf(trio, "Freddie"), hf(trio, "Linda"), hf(trio, "Ariella")) == (4, 4, 5)


def test_linda_drops_the_first_zombie(trio: Table) -> None:
    """ "Then Linda drops the first zombie: HF Linda 2, Freddie 3, Ariella 4 at once (next
    turn 1, 2, 3). Linda's Willpower is 8 of 10 until she rests."""
    play(trio)
    trio.do(DropEnemy("Linda"))
    assert (hf(trio, "Linda"), hf(trio, "Freddie"), hf(trio, "Ariella")) == (2, 3, 4)
    status = trio.ruleset.status(trio.state)
    assert status["Linda"].willpower == 8
    assert status["Linda"].willpower_max == 10
    linda = status["Linda"].to_json()
    assert isinstance(linda, dict)
    assert linda["encounter"] == {
        "turn": 4,
        "hf": 2,
        "soak": 2,
        "effective_hf": 0,
        "action_penalty": 0,
        "initiative": 16,
        "can_act": True,
        "defense_penalty": 0,
        "left": None,
    }
    assert status["Freddie"].encounter.action_penalty == 3
    assert status["Ariella"].encounter.action_penalty == 4
    trio.do(AdvanceTurn())
    assert (hf(trio, "Linda"), hf(trio, "Freddie"), hf(trio, "Ariella")) == (1, 2, 3)
    assert trio.ruleset.status(trio.state)["Linda"].willpower == 8


def test_all_three_harden_after_the_fight(trio: Table) -> None:
    """ "After the fight all three gain 1 Hardness: Freddie 1 (cap 3), Ariella 1 (cap 3),
    Linda 3 (cap 4)."""
    play(trio)
    trio.do(DropEnemy("Linda"))
    trio.do(EndEncounter(do_or_die=CAST))
    status = trio.ruleset.status(trio.state)
    got = {n: (status[n].hardness, status[n].hardness_cap) for n in CAST}
    assert got == {"Freddie": (1, 3), "Ariella": (1, 3), "Linda": (3, 4)}
    assert all(status[n].encounter is None for n in CAST)
