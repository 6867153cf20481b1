"""Who a Horror Factor event concerns (`log --character`, handouts)."""

from __future__ import annotations

from journal.plugin import Event
from journal.rulesets.horror_factor.rules.events import (
    EncounterEnded,
    EncounterJoined,
    EncounterLeft,
    EncounterStarted,
    EnemyDropped,
    HardnessAwarded,
    HorrorChecked,
    HorrorFactorShifted,
    InitiativeRolled,
    PeaceRecorded,
    Rested,
    TurnAdvanced,
    WillpowerSoaked,
)


def concerns(payload: Event) -> tuple[str, ...]:
    match payload:
        case EncounterStarted(cast=cast):
            return tuple(cast)
        case TurnAdvanced(changes=changes) | EnemyDropped(changes=changes) if changes:
            return tuple(c.character for c in changes)
        case HorrorFactorShifted(changes=changes):
            return tuple(c.character for c in changes)
        case EncounterEnded(results=results):
            return tuple(r.character for r in results)
        case Rested(characters=characters):
            return tuple(characters)
        case (
            InitiativeRolled(character=name)
            | WillpowerSoaked(character=name)
            | EnemyDropped(character=name)
            | HorrorChecked(character=name)
            | EncounterJoined(character=name)
            | EncounterLeft(character=name)
            | PeaceRecorded(character=name)
            | HardnessAwarded(character=name)
        ):
            return (name,)
    return ()
