"""Every derived number carries its terms (docs/ARCHITECTURE.md, "Reading": explain and audit
show them): describe, concerns, status and audit input."""

from __future__ import annotations

from support.rules_harness import Table

from journal.dice import DiceBox
from journal.events.registry import Event, from_data, to_data
from journal.rules.core.events import NoteTaken
from journal.rulesets.horror_factor.rules import RULESET
from journal.rulesets.horror_factor.rules.award import Award
from journal.rulesets.horror_factor.rules.check import HorrorCheck
from journal.rulesets.horror_factor.rules.drop import DropEnemy
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_join import JoinEncounter
from journal.rulesets.horror_factor.rules.encounter_leave import LeaveEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import RollInitiative
from journal.rulesets.horror_factor.rules.peace import Peace
from journal.rulesets.horror_factor.rules.rest import Rest
from journal.rulesets.horror_factor.rules.shift import Shift
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn
from journal.rulesets.horror_factor.telling import TELLING

CAST = ("Freddie", "Ariella", "Linda")


def session(table: Table) -> list[tuple[object, dict[str, tuple[int, ...]] | None]]:
    """One of every Horror Factor command, with entered dice where it rolls."""
    return [
        (StartEncounter("Zombies", "horde", CAST, outnumbered=True, creepy=1), None),
        (RollInitiative("Linda"), {"initiative": (9, 3)}),
        (Soak("Freddie", 2), None),
        (Shift("Ariella", "hurt"), None),
        (Shift(None, "inspired"), None),
        (Shift("Linda", "sees a friend fall", 1), None),
        (DropEnemy("Linda"), None),
        (DropEnemy("Freddie"), None),
        (AdvanceTurn(), None),
        (EndEncounter(do_or_die=("Linda", "Freddie")), None),
        (HorrorCheck("Ariella"), {"check": (2, 9)}),
        (HorrorCheck("Linda", hf=3), {"check": (6, 2)}),
        (Rest(("Freddie",), points=1), None),
        (Rest(victory=True), None),
        (Award("Freddie", 1, "survived the siege", specialization="undead", new_spec=True), None),
        (Peace("Linda", months=6, lose=1, therapy=True, ptsd=True), None),
        (StartEncounter("Crypt", "5", ("Linda",), category="undead"), None),
        (JoinEncounter("Freddie"), None),
        (LeaveEncounter("Linda", "knocked out"), None),
        (JoinEncounter("Linda"), None),
        (EndEncounter(do_or_die=("Freddie",)), None),
        (HorrorCheck("Linda", hf=6, category="undead"), {"check": (5, 5)}),
        (Peace("Freddie", months=2, lose=1, specialization="undead"), None),
    ]


def test_every_ruling_round_trips_through_command_for(trio: Table) -> None:
    """The audit decides again: `decide(state_before, command_for(event),
    DiceBox.replaying(event.dice))` must give the very same event, also after JSON."""
    for command, dice in session(trio):
        before = trio.state
        (event,) = trio.do(command, dice=dice)
        assert RULESET.command_for(event) is not None
        recorded = getattr(event, "dice", {})
        again = RULESET.decide(before, RULESET.command_for(event), DiceBox.replaying(recorded))
        assert again == [event]
        stored = from_data(event.type, event.schema, to_data(event))
        assert stored == event
        assert RULESET.command_for(stored) == RULESET.command_for(event)


def test_command_for_ignores_other_events() -> None:
    """ "None for events that record no ruling."""
    assert RULESET.command_for(NoteTaken("spooky")) is None


def test_describe_every_event(trio: Table) -> None:
    """Each event reads as one line for the GM, with its terms."""
    lines: list[str] = []
    for command, dice in session(trio):
        lines += [TELLING.describe(e) for e in trio.do(command, dice=dice)]
    assert lines[0] == (
        "Encounter 'Zombies' starts for Freddie, Ariella, Linda: "
        "HF horde 6, outnumbered +1, creepy +1 = 8"
    )
    assert lines[1] == (
        "Linda rolls initiative +9/-3: Reaction 12, HF 8 - Hardness 2 -6, +d10 +9, -d10 -3 = 12"
        " (acts; penalty -6)"
    )
    assert lines[2] == (
        "Freddie soaks 2 Willpower (10->8, 2 this turn): effective HF 6, penalty -6"
    )
    assert lines[3] == "HF +2 for Ariella: hurt: Ariella 8->10"
    assert lines[4] == "HF -1 for everyone: inspired: Freddie 8->7, Ariella 10->9, Linda 8->7"
    assert lines[6] == ("Linda drops the first enemy: HF Freddie 7->6, Ariella 9->8, Linda 8->6")
    assert lines[8].startswith("Turn 2: HF Freddie 6->5 (no initiative: -1)")
    assert lines[9].startswith("Encounter 'Zombies' ends after 2 turn(s): Freddie: hardened")
    assert lines[10].startswith(
        "Ariella makes a Horror Check +2/-9: Willpower 10, Hardness +0, "
        "HF (initial HF of Zombies) -8, +d10 +2, -d10 -9 = -5 vs 10: "
        "failed exceptionally (at 5 or less);"
    )
    assert lines[10].endswith("Hardness stays 0 (not below 0)")
    assert lines[13] == "Willpower restored by a major victory: Freddie 9->10/10 (2 already full)"
    assert lines[14] == (
        "Freddie is awarded +1 Hardness (undead): 1->2 (cap 3): survived the siege"
    )
    assert lines[15] == (
        "Linda: 6 month(s) of peace (therapy, PTSD): Hardness 4->3 (peak 4, not below 2)"
    )
    assert lines[16] == "Encounter 'Crypt' [undead] starts for Linda: HF 5"
    assert lines[17] == "Freddie joins the fight in turn 1: encounter HF 5 = 5"
    assert lines[18] == (
        "Linda is out of the fight (turn 1): knocked out; HF stays 5, no decay until they come back"
    )
    assert lines[19] == "Linda is back in the fight (turn 1): HF 5"
    assert lines[20].endswith("Linda: unchanged; Freddie: hardened: Hardness (undead) 2 to 3")
    assert lines[21].startswith("Linda makes a Horror Check [undead] +5/-5: Willpower 10,")
    assert lines[22] == (
        "Freddie: 2 month(s) of peace: Hardness (undead) 3->2 (peak 3, not below 2)"
    )


def test_concerns(trio: Table) -> None:
    """The characters an event concerns (for `log --character`, explain)."""
    events: list[Event] = []
    for command, dice in session(trio):
        events += trio.do(command, dice=dice)
    concerned = [RULESET.concerns(e) for e in events]
    assert concerned[0] == CAST
    assert concerned[1] == ("Linda",)
    assert concerned[3] == ("Ariella",)
    assert concerned[4] == CAST
    assert concerned[6] == CAST
    assert concerned[7] == ("Freddie",)
    assert concerned[12] == ("Freddie",)
    assert concerned[13] == CAST
    assert RULESET.concerns(NoteTaken("x")) == ()


def test_status_keys(trio: Table) -> None:
    """docs/CLI.md, `status --json`: "characters": {"Linda": {"hardness", "hardness_cap",
    "brokenness", "willpower", "willpower_max", "specializations", "encounter": ...}}."""
    trio.do(StartEncounter("Zombies", "horde", CAST))
    linda = RULESET.status(trio.state)["Linda"].to_json()
    assert isinstance(linda, dict)
    assert {
        "hardness",
        "hardness_cap",
        "brokenness",
        "willpower",
        "willpower_max",
        "specializations",
        "encounter",
    } <= set(linda)
    assert {
        "turn",
        "hf",
        "soak",
        "effective_hf",
        "action_penalty",
        "initiative",
        "can_act",
        "defense_penalty",
    } <= set(linda["encounter"])
