"""The audit's recallers (`RECALL`): event -> the command that decides it again, from the
inputs the event recorded (not the fold's rebuild of state)."""

from __future__ import annotations

from journal.plugin.rules import Recallers
from journal.rulesets.horror_factor.rules.commands import (
    AdvanceTurn,
    Award,
    DropEnemy,
    EndEncounter,
    HorrorCheck,
    JoinEncounter,
    LeaveEncounter,
    Peace,
    Rest,
    RollInitiative,
    SetWording,
    Shift,
    Soak,
    StartEncounter,
)
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
    WordingSet,
)

RECALL = Recallers("command_for")
RECALL.on(EncounterStarted)(
    lambda p: StartEncounter(
        title=p.title,
        hf=p.hf_given,
        cast=tuple(p.cast),
        outnumbered=p.outnumbered,
        ambush=p.ambush,
        creepy=p.creepy,
        category=p.category,
    )
)
RECALL.on(TurnAdvanced)(lambda p: AdvanceTurn())
RECALL.on(InitiativeRolled)(lambda p: RollInitiative(p.character))
RECALL.on(WillpowerSoaked)(lambda p: Soak(p.character, p.points))
RECALL.on(HorrorFactorShifted)(lambda p: Shift(p.character, p.cause, p.delta, p.told))
RECALL.on(WordingSet)(lambda p: SetWording(p.cause, p.text))
RECALL.on(EnemyDropped)(lambda p: DropEnemy(p.character))
RECALL.on(EncounterEnded)(lambda p: EndEncounter(tuple(p.do_or_die), tuple(p.broken)))
RECALL.on(EncounterJoined)(lambda p: JoinEncounter(p.character))
RECALL.on(EncounterLeft)(lambda p: LeaveEncounter(p.character, p.reason))
RECALL.on(HorrorChecked)(lambda p: HorrorCheck(p.character, p.hf_given, p.category))
RECALL.on(Rested)(lambda p: Rest(() if p.everyone else tuple(p.characters), p.victory, p.points))
RECALL.on(PeaceRecorded)(
    lambda p: Peace(
        character=p.character,
        months=p.months,
        lose=p.lose,
        therapy=p.therapy,
        ptsd=p.ptsd,
        mindset=p.mindset,
        override=p.override,
        specialization=p.specialization,
    )
)
# new_spec: the typo guard was asked at the table; the record already holds the specialization
RECALL.on(HardnessAwarded)(
    lambda p: Award(p.character, p.levels, p.reason, p.specialization, new_spec=True)
)
