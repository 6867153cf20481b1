"""Who a Fright Check event concerns (`log --character`, handouts): `CONCERNS`, one entry
per event (a command's own module registers its events' entries beside its decider)."""

from __future__ import annotations

from journal.plugin.rules import Concerns, nobody
from journal.rulesets.fright_check.rules.events import (
    CombatEnded,
    CombatJoined,
    CombatLeft,
    CombatStarted,
    FrightChecked,
    FrightRowChanged,
    Healed,
    RecoveryRolled,
    RestRecorded,
    TraitNamed,
)

CONCERNS = Concerns("concerns")
CONCERNS.on(FrightChecked)(lambda p: (p.character,))
CONCERNS.on(TraitNamed)(lambda p: (p.character,))
CONCERNS.on(FrightRowChanged)(lambda p: (p.character,))
CONCERNS.on(RecoveryRolled)(lambda p: (p.character,))
CONCERNS.on(Healed)(lambda p: (p.character,))
CONCERNS.on(CombatJoined)(lambda p: (p.character,))
CONCERNS.on(CombatLeft)(lambda p: (p.character,))
CONCERNS.on(RestRecorded)(lambda p: tuple(p.characters))
CONCERNS.on(CombatStarted)(lambda p: tuple(p.cast))
CONCERNS.on(CombatEnded)(nobody)
