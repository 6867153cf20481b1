"""The audit's recallers (`RECALL`): event -> the command that decides it again, from the
inputs the event recorded (not the fold's rebuild of state)."""

from __future__ import annotations

from journal.plugin.rules import Recallers
from journal.rulesets.fright_check.rules.commands import (
    ChangeRow,
    EndCombat,
    FrightCheck,
    Heal,
    JoinCombat,
    LeaveCombat,
    NameTrait,
    Recover,
    Rest,
    StartCombat,
)
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

RECALL = Recallers("command_for")


@RECALL.on(FrightChecked)
def _check(payload: FrightChecked) -> FrightCheck:
    return FrightCheck(
        character=payload.character,
        threat=payload.threat,
        kind=payload.kind,
        monster=payload.monster,
        count=payload.count,
        body=payload.body,
        mutilation=payload.mutilation,
        dependent=payload.dependent,
        heat_of_battle=payload.heat_of_battle,
        touched=payload.touched,
        distant=payload.distant,
        remote=payload.remote,
        isolated=payload.isolated,
        dark=payload.dark,
        alone=payload.alone,
        report=payload.report,
        cowardice_applies=payload.cowardice_applies,
        daredevil=payload.daredevil,
        higher_purpose=payload.higher_purpose,
        xenophilia_applies=payload.xenophilia_applies,
        extra=tuple((label, value) for label, value in payload.extra),
        previous_experience=payload.previous_experience,
        exposures=payload.exposures,
        override="as recorded",  # the typo guard was asked at the table
        change_to=payload.change_to,
        change_reason=payload.change_reason,
        threat_name=payload.threat_name,
    )


@RECALL.on(TraitNamed)
def _named(payload: TraitNamed) -> NameTrait:
    # No points: the GM names "the trait check `for_seq` gives" (one per check, so `--points`
    # only guards it), and its points are the check's. Recalling the recorded ones would
    # refuse the naming once a correction of the check changes them (-10 to -15), where the
    # same typed command decides the named trait at the check's new points.
    return NameTrait(
        character=payload.character,
        for_seq=payload.for_seq,
        name=payload.name,
        points=None,
        self_control=None if payload.worsened else payload.self_control,
        worsen=payload.name if payload.worsened else None,
    )


RECALL.on(CombatStarted)(lambda payload: StartCombat(payload.title, tuple(payload.cast)))
RECALL.on(CombatEnded)(lambda payload: EndCombat())
RECALL.on(FrightRowChanged)(lambda p: ChangeRow(p.character, p.for_seq, p.row, p.reason))
RECALL.on(RecoveryRolled)(lambda p: Recover(p.character, p.for_seq, p.care))
RECALL.on(Healed)(lambda p: Heal(p.character, p.hp, p.fp))
RECALL.on(RestRecorded)(lambda p: Rest(() if p.everyone else tuple(p.characters)))
RECALL.on(CombatJoined)(lambda p: JoinCombat(p.character))
RECALL.on(CombatLeft)(lambda p: LeaveCombat(p.character, p.reason))
