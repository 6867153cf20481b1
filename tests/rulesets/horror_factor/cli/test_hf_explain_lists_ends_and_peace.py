"""Issue 30: `explain NAME` lists an encounter's end and peace among the rulings (they move
Hardness with no dice of their own)."""

from __future__ import annotations

from support import WORKED_EXAMPLE
from support.cli import Cli


def test_explain_lists_the_encounters_end_and_peace(runner: Cli) -> None:
    runner("import", str(WORKED_EXAMPLE))
    runner("peace", "Linda", "--months", "6", "--lose", "1")
    document = runner.json("explain", "Linda", "--all")
    types = [ruling["type"] for ruling in document["rulings"]]  # type: ignore[index]
    assert "EncounterEnded" in types and types[-1] == "PeaceRecorded", types
    shown = runner("explain", "Linda").stdout.split("Rulings:")[1]
    assert "Encounter 'The horde' ends after" in shown and "peace" in shown.lower()
    # Freddie's explain has the end (he was in the fight), not Linda's peace
    freddie = runner.json("explain", "Freddie", "--all")["rulings"]  # type: ignore[index]
    assert "PeaceRecorded" not in [ruling["type"] for ruling in freddie]
