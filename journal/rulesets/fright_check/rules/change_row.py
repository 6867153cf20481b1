"""`journal fright NAME --for SEQ --change-to ROW --reason TEXT`: the GM's "something more
appropriate" for a recorded check: its row changed, the old row's effects taken back and
the new row's applied, the rolled row kept on record.

The text: "This sometimes gives implausible results. The GM should either reroll these or
change them to something more appropriate". A reroll is a void and a new check; a change
is this event, refused once anything has followed from the old row (a trait named, a
recovery roll) so that taking it back never unsettles a later ruling.
"""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    JSONObject,
    Meta,
    RuleError,
    changed,
    event,
)
from journal.rulesets.fright_check.rules.effects import lose_ht, losses, ongoing, pools
from journal.rulesets.fright_check.rules.fright_table import (
    Context,
    PendingTrait,
    plain_effect,
    resolve,
    row_for,
    table_row,
)
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.roll import D6
from journal.rulesets.fright_check.rules.state import Character, CheckRecord, FrightState, Pending
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.words import row_label


class ChangeRow(Command, frozen=True):
    """The GM changes the table row of the Fright Check recorded at `for_seq` to `row`."""

    character: str
    for_seq: int
    row: int
    reason: str


@event
class FrightRowChanged(Event, frozen=True):
    """The GM changes a recorded check's row to "something more appropriate": the old row's
    effects are taken back (its pending traits, lasting conditions, FP, HP and attribute
    losses) and the new row's applied; the rolled row stays on record."""

    character: str
    for_seq: int
    reason: str
    rolled_row: int
    row_before: int
    row: int
    dice: Dice
    effects: tuple[JSONObject, ...]
    pending: tuple[PendingTrait, ...]
    fp_before: int
    fp_after: int
    hp_before: int
    hp_after: int
    ht_lost_change: int
    iq_lost_change: int


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
        dice=dice.rolled(D6),
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


@EVOLVE.on(FrightRowChanged)
def _changed(state: CampaignState, payload: FrightRowChanged, meta: Meta) -> FrightState:
    """The old row's effects out (pending traits, conditions, losses), the new row's in."""
    rules = rules_of(state)
    character = rules.get(payload.character)
    if character is None or character.check(payload.for_seq) is None:
        return rules
    seq = payload.for_seq
    history = tuple(
        changed(c, row=payload.row, effects=tuple(payload.effects)) if c.seq == seq else c
        for c in character.history
    )
    pending = tuple(p for p in character.pending if p.seq != seq)
    pending += tuple(Pending(p.kind, p.points, seq) for p in payload.pending)
    kept = tuple(o for o in character.ongoing if o.seq != seq)
    character = changed(
        character,
        history=history,
        pending=pending,
        ongoing=kept + ongoing(payload.effects, seq),
        iq_lost=max(0, character.iq_lost + payload.iq_lost_change),
    )
    character = lose_ht(character, payload.ht_lost_change)
    hp, fp = payload.hp_after - payload.hp_before, payload.fp_after - payload.fp_before
    return rules.with_character(pools(character, hp=hp, fp=fp))


RECALL.on(FrightRowChanged)(lambda p: ChangeRow(p.character, p.for_seq, p.row, p.reason))
CONCERNS.on(FrightRowChanged)(lambda p: (p.character,))
