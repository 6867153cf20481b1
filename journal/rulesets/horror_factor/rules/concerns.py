"""Who a Horror Factor event concerns (`log --character`, handouts): `CONCERNS`, one entry
per event (a command's own module registers its events' entries beside its decider)."""

from __future__ import annotations

from journal.plugin.rules import Concerns, nobody
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

CONCERNS = Concerns("concerns")
CONCERNS.on(EncounterStarted)(lambda p: tuple(p.cast))
CONCERNS.on(TurnAdvanced)(lambda p: tuple(c.character for c in p.changes))
CONCERNS.on(HorrorFactorShifted)(lambda p: tuple(c.character for c in p.changes))
CONCERNS.on(EnemyDropped)(
    lambda p: tuple(c.character for c in p.changes) if p.changes else (p.character,)
)
CONCERNS.on(EncounterEnded)(lambda p: tuple(r.character for r in p.results))
CONCERNS.on(Rested)(lambda p: tuple(p.characters))
CONCERNS.on(InitiativeRolled)(lambda p: (p.character,))
CONCERNS.on(WillpowerSoaked)(lambda p: (p.character,))
CONCERNS.on(HorrorChecked)(lambda p: (p.character,))
CONCERNS.on(EncounterJoined)(lambda p: (p.character,))
CONCERNS.on(EncounterLeft)(lambda p: (p.character,))
CONCERNS.on(PeaceRecorded)(lambda p: (p.character,))
CONCERNS.on(HardnessAwarded)(lambda p: (p.character,))
CONCERNS.on(WordingSet)(nobody)
