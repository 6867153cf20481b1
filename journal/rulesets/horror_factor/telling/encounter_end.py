"""How an encounter's end reads: each participant's result; a handout shows it in the
encounter's own table."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.encounter_end import EncounterEnded
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(EncounterEnded)
def _ended(payload: EncounterEnded) -> str:
    results = "; ".join(f"{r.character}: {r.note}" for r in payload.results)
    return f"Encounter {payload.title!r} ends after {payload.turns} turn(s): {results}"


SENTENCES.on(EncounterEnded)(lambda payload, gm: None)  # in the encounter's table
