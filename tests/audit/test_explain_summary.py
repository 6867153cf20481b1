"""`explain NAME` in short (where each number began, its latest changes, the latest rulings,
with how many in all) and `explain NAME --all` (every change and ruling, as before)."""

from __future__ import annotations

from pathlib import Path

import journal
from journal.audit.explain import LATEST, LATEST_RULINGS
from journal.rules.core.commands import AddCharacter, EndSession, StartSession
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import RollInitiative
from journal.rulesets.horror_factor.rules.rest import Rest
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn

NIGHTS = 8


def _long_night(db: str) -> None:
    """Linda soaks and rests every night (two changes of her Willpower) and rolls two
    initiatives, a turn apart (two rulings with dice and terms)."""
    sheet = {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"}
    with journal.create(db, "night", "horror-factor") as night:
        night.run(AddCharacter("Linda", sheet))
        for number in range(NIGHTS):
            night.run(StartSession(f"Night {number + 1}"))
            night.run(StartEncounter("Horde", "4", ("Linda",)))
            night.run(RollInitiative("Linda"), dice={"initiative": (number + 1, 3)})
            night.run(Soak("Linda", 1))
            night.run(AdvanceTurn())
            night.run(RollInitiative("Linda"), dice={"initiative": (5, number + 1)})
            night.run(EndEncounter())
            night.run(Rest())
            night.run(EndSession())


def _section(text: str, heading: str) -> list[str]:
    """The lines of one number's chain (`  Willpower = 10` and the changes under it)."""
    lines = text.splitlines()
    start = lines.index(heading)
    chain = []
    for line in lines[start + 1 :]:
        if not line.startswith("      "):
            break
        chain.append(line)
    return chain


def _rulings(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Rulings"))
    return lines[start + 1 :]


def test_explain_is_in_short_and_all_lists_every_change(runner) -> None:
    _long_night(runner.db)
    short = runner("explain", "Linda").stdout
    every = runner("explain", "Linda", "--all").stdout
    changes = _section(every, "  Willpower = 10")
    assert len(changes) == 1 + 2 * NIGHTS and "from the sheet" in changes[0]
    assert all("more changes" not in line for line in changes)
    left_out = len(changes) - 1 - LATEST
    assert (
        _section(short, "  Willpower = 10")
        == [
            changes[0],  # where it began: the sheet
            f"      ... {left_out:,} more changes (--all lists every one)",
            *changes[-LATEST:],
        ]
    )
    rulings = _rulings(every)
    assert every.splitlines()[every.splitlines().index(rulings[0]) - 1] == "Rulings:"
    assert len(rulings) == 5 * NIGHTS  # a night: the encounter, two initiatives, a soak, its end
    heading = f"Rulings (the latest {LATEST_RULINGS} of {len(rulings)}; --all lists every one):"
    assert short.splitlines()[short.splitlines().index(heading) + 1 :] == rulings[-LATEST_RULINGS:]
    assert len(short) < len(every)
    # as of an event: every change, as before
    head = runner.json("status")["seq"]
    at_head = runner("explain", "Linda", str(head)).stdout
    assert _section(at_head, "  Willpower = 10") == changes


def test_explain_json_says_how_many_it_left_out(runner) -> None:
    _long_night(runner.db)
    short = runner.json("explain", "Linda")
    every = runner.json("explain", "Linda", "--all")
    assert (short["complete"], every["complete"]) == (False, True)
    willpower = every["numbers"]["willpower"]
    assert willpower["changes"] == len(willpower["chain"]) == 1 + 2 * NIGHTS
    kept = short["numbers"]["willpower"]
    assert kept["changes"] == willpower["changes"]
    assert kept["chain"] == [willpower["chain"][0], *willpower["chain"][-LATEST:]]
    assert every["rulings_count"] == len(every["rulings"]) == short["rulings_count"]
    assert short["rulings"] == every["rulings"][-LATEST_RULINGS:]
    assert {k: v["value"] for k, v in short["numbers"].items()} == {
        k: v["value"] for k, v in every["numbers"].items()
    }


def test_a_short_story_is_told_whole_either_way(runner, tmp_path: Path) -> None:
    sheet = {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"}
    with journal.create(runner.db, "night", "horror-factor") as night:
        night.run(AddCharacter("Linda", sheet))
        night.run(StartSession("One"))
        night.run(StartEncounter("Horde", "4", ("Linda",)))
        night.run(RollInitiative("Linda"), dice={"initiative": (4, 3)})
        night.run(Soak("Linda", 1))
    short = runner("explain", "Linda").stdout
    assert short == runner("explain", "Linda", "--all").stdout
    assert "more changes" not in short and "\nRulings:\n" in short
