"""Rebuilding a ruling's command from the inputs its event recorded (for audit)."""

from __future__ import annotations

from journal.events import Event
from journal.rules.horror_factor.commands import (
    AdvanceTurn,
    Award,
    DropEnemy,
    EndEncounter,
    HorrorCheck,
    Peace,
    Rest,
    RollInitiative,
    Shift,
    Soak,
    StartEncounter,
)
from journal.rules.horror_factor.events import (
    EncounterEnded,
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


def command_for(payload: Event) -> object | None:
    match payload:
        case EncounterStarted():
            return StartEncounter(
                title=payload.title,
                hf=payload.hf_given,
                cast=tuple(payload.cast),
                outnumbered=payload.outnumbered,
                ambush=payload.ambush,
                creepy=payload.creepy,
                category=payload.category,
            )
        case TurnAdvanced():
            return AdvanceTurn()
        case InitiativeRolled(character=name):
            return RollInitiative(name)
        case WillpowerSoaked(character=name, points=points):
            return Soak(name, points)
        case HorrorFactorShifted(character=name, cause=cause, delta=delta):
            return Shift(name, cause, delta)
        case EnemyDropped(character=name):
            return DropEnemy(name)
        case EncounterEnded(do_or_die=do_or_die, broken=broken):
            return EndEncounter(tuple(do_or_die), tuple(broken))
        case HorrorChecked(character=name, hf_given=hf):
            return HorrorCheck(name, hf)
        case Rested():
            names = () if payload.everyone else tuple(payload.characters)
            return Rest(names, payload.victory, payload.points)
        case PeaceRecorded():
            return Peace(
                character=payload.character,
                months=payload.months,
                lose=payload.lose,
                therapy=payload.therapy,
                ptsd=payload.ptsd,
                mindset=payload.mindset,
                override=payload.override,
            )
        case HardnessAwarded():
            return Award(payload.character, payload.levels, payload.reason, payload.specialization)
    return None
