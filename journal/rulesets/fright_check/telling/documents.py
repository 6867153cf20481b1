"""The `--json` document of a Fright Check (`fright --json`)."""

from __future__ import annotations

from dataclasses import dataclass

from journal.plugin.rules import Dice, Document, JSONObject
from journal.plugin.telling import Recorded
from journal.rulesets.fright_check.rules.fright import FrightChecked
from journal.rulesets.fright_check.rules.fright_table import PendingTrait
from journal.rulesets.fright_check.rules.state import Modifier
from journal.rulesets.fright_check.rules.trait import TraitNamed


@dataclass(frozen=True)
class FrightDocument(Document):
    seq: int
    character: str
    made: bool
    modifiers: tuple[Modifier, ...]
    #: Will with every modifier, before the Rule of 14 caps it (`modified_will` too)
    will_before_rule_of_14: int | None
    #: the number the 3d6 must not exceed: after the Rule of 14 (`effective_will` too)
    will_after_rule_of_14: int | None
    #: the old names of the two above, kept for the scripts that read them
    modified_will: int | None
    effective_will: int | None
    roll: int | None
    success: bool | None
    critical: bool
    margin: int | None
    table_roll: int | None
    row: int | None
    effects: tuple[JSONObject, ...]
    threat: str
    kind: str | None
    will: int
    failure_margin: int | None
    table_total: int | None
    pending: tuple[PendingTrait, ...]
    dice: Dice
    named: tuple[TraitNamed, ...]
    rolled_row: int | None
    change_reason: str | None


def outcome(records: list[Recorded]) -> Document | None:
    checked = next((r for r in records if isinstance(r.payload, FrightChecked)), None)
    if checked is None:
        return None
    p = checked.payload
    assert isinstance(p, FrightChecked)
    return FrightDocument(
        seq=checked.seq,
        character=p.character,
        made=p.made,
        modifiers=p.modifiers,
        will_before_rule_of_14=p.modified_will,
        will_after_rule_of_14=p.effective_will,
        modified_will=p.modified_will,
        effective_will=p.effective_will,
        roll=p.roll,
        success=p.success,
        critical=p.critical,
        margin=p.margin,
        table_roll=p.table_roll,
        row=p.row,
        effects=p.effects,
        threat=p.threat,
        kind=p.kind,
        will=p.will,
        failure_margin=p.failure_margin,
        table_total=p.table_total,
        pending=p.pending,
        dice=p.dice,
        named=tuple(r.payload for r in records if isinstance(r.payload, TraitNamed)),
        rolled_row=p.rolled_row,
        change_reason=p.change_reason,
    )
