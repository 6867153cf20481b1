"""The GM's "something more appropriate" for a recorded check: its row changed, the old
row's effects taken back and the new row's applied, the rolled row kept on record.

The text: "This sometimes gives implausible results. The GM should either reroll these or
change them to something more appropriate". A reroll is a void and a new check; a change
is this event, refused once anything has followed from the old row (a trait named, a
recovery roll) so that taking it back never unsettles a later ruling.
"""

from __future__ import annotations

from journal.plugin.rules import CampaignState, DiceBox, Event, RuleError
from journal.rulesets.fright_check.rules.commands import ChangeRow
from journal.rulesets.fright_check.rules.decide import DECIDE, plain_effect, table_row
from journal.rulesets.fright_check.rules.effects import losses, ongoing
from journal.rulesets.fright_check.rules.events import FrightRowChanged
from journal.rulesets.fright_check.rules.fright_table import Context, resolve, row_for
from journal.rulesets.fright_check.rules.lookup import character_of
from journal.rulesets.fright_check.rules.state import Character, CheckRecord
from journal.rulesets.fright_check.rules.words import row_label


def _record(character: Character, seq: int) -> CheckRecord:
    record = character.check(seq)
    if record is None:
        mine = ", ".join(str(c.seq) for c in character.history if c.row is not None) or "none"
        raise RuleError(
            f"event {seq} is not a Fright Check of {character.name} (their failed checks: "
            f"{mine}); see `journal log --character {character.name}`"
        )
    if record.row is None or record.rolled_row is None:
        why = "made no check (Unfazeable)" if not record.made else "succeeded"
        raise RuleError(
            f"{character.name}'s Fright Check #{seq} {why}: there is no table row to change"
        )
    return record


def _settled(character: Character, record: CheckRecord) -> None:
    """Refuse when the old row's effects have had consequences of their own."""
    seq = record.seq
    given = sum(1 for e in record.effects if e.get("pending"))
    waiting = sum(1 for p in character.pending if p.seq == seq)
    if waiting < given:
        raise RuleError(
            f"a trait from check #{seq} is already named: void that `journal trait` first, "
            "then change the row"
        )
    lasting = ongoing(record.effects, seq)
    now = [o for o in character.ongoing if o.seq == seq]
    if len(now) < len(lasting) or any(o.failed for o in now):
        raise RuleError(
            f"recovery rolls (or a night's rest) already followed check #{seq}: void them "
            "first, then change the row"
        )


def change_row(state: CampaignState, command: ChangeRow, dice: DiceBox) -> FrightRowChanged:
    character = character_of(state, command.character)
    record = _record(character, command.for_seq)
    assert record.row is not None and record.rolled_row is not None
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError(f'say why row {command.row} is more appropriate: --reason "awe, not fear"')
    row = table_row(command.row)
    if row == record.row:
        raise RuleError(f"check #{record.seq} already reads row {row_label(row)}: give another row")
    _settled(character, record)
    old = losses(record.effects)
    ht_before_row = character.ht_now + old.ht
    modified = record.modified_will if record.modified_will is not None else character.will
    context = Context(character.will, modified, ht_before_row)
    effects, pending = resolve(row_for(row), context, dice)
    new = losses(effects)
    # HT lost for good takes the FP maximum with it (basic FP equals HT)
    fp_max = character.fp_max - (max(0, character.ht_lost + new.ht - old.ht) - character.ht_lost)
    fp_after = min(fp_max, character.fp + old.fp - new.fp)
    hp_after = min(character.hp_max, character.hp + old.hp - new.hp)
    return FrightRowChanged(
        character=character.name,
        for_seq=record.seq,
        reason=reason,
        rolled_row=record.rolled_row,
        row_before=record.row,
        row=row,
        dice=dice.rolled(),
        effects=tuple(plain_effect(e) for e in effects),
        pending=pending,
        fp_before=character.fp,
        fp_after=fp_after,
        hp_before=character.hp,
        hp_after=hp_after,
        ht_lost_change=new.ht - old.ht,
        iq_lost_change=new.iq - old.iq,
    )


@DECIDE.on(ChangeRow)
def _change(state: CampaignState, command: ChangeRow, dice: DiceBox) -> list[Event]:
    return [change_row(state, command, dice)]
