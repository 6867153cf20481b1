"""How a character joining the fight reads."""

from __future__ import annotations

from journal.plugin.telling import describe_terms
from journal.rulesets.horror_factor.rules.encounter_join import EncounterJoined
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(EncounterJoined)
def _joined(payload: EncounterJoined) -> str:
    if payload.rejoined:
        return f"{payload.character} is back in the fight (turn {payload.turn}): HF {payload.hf}"
    return (
        f"{payload.character} joins the fight in turn {payload.turn}: "
        f"{describe_terms(payload.terms, payload.hf)}"
    )


@SENTENCES.on(EncounterJoined)
def _joined_told(payload: EncounterJoined, gm: bool) -> str:
    if payload.rejoined:
        return f"{payload.character} is back in the fight (HF {payload.hf})"
    return f"{payload.character} joins the fight in turn {payload.turn} (HF {payload.hf})"
