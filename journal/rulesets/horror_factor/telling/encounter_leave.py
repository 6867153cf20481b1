"""How a character leaving the fight reads."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.encounter_leave import EncounterLeft
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(EncounterLeft)
def _left(payload: EncounterLeft) -> str:
    return (
        f"{payload.character} is out of the fight (turn {payload.turn}): {payload.reason}; "
        f"HF stays {payload.hf}, no decay until they come back"
    )


@SENTENCES.on(EncounterLeft)
def _left_told(payload: EncounterLeft, gm: bool) -> str:
    return f"{payload.character} is out of the fight: {payload.reason}"
