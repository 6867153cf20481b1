"""How an enemy dropped reads: the first one moves everyone's HF."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.drop import EnemyDropped
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES
from journal.rulesets.horror_factor.telling.words import track_line, track_words


@LINES.on(EnemyDropped)
def _dropped(payload: EnemyDropped) -> str:
    if not payload.changes:
        return f"{payload.character} drops enemy #{payload.number} (HF unchanged)"
    return f"{payload.character} drops the first enemy: HF {track_line(payload.changes)}"


@SENTENCES.on(EnemyDropped)
def _dropped_told(payload: EnemyDropped, gm: bool) -> str:
    if not payload.changes:
        return f"{payload.character} drops enemy #{payload.number}"
    return f"{payload.character} drops the first enemy: HF {track_words(payload.changes)}"
