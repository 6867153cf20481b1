"""`journal bout NAME [--summary] (--what TEXT | --table FILE)`: a bout of madness, played in
real time (1d10 rounds, at the table) or told in summary (1d10 hours, away from it); what
happens is the GM's words, or the entry a roll finds on the GM's own table. All its rules in
one place: the command, its event, and their decider, fold, recaller and concerns."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    Meta,
    RuleError,
    Stake,
    event,
)
from journal.rulesets.d100_sanity.rules.dispatches import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.d100_sanity.rules.lookup import able, insane_now, rules_of, with_changes
from journal.rulesets.d100_sanity.rules.state import SanityState
from journal.rulesets.d100_sanity.rules.tables import Entry, Table, read_table, roll_on

REAL_TIME, SUMMARY = "real time", "summary"
#: a bout's length: 1d10 of its unit
LENGTH_DIE = 10


class RecordBout(Command, frozen=True):
    character: str
    summary: bool = False
    what: str = ""
    #: the GM's own table to roll on: its name and its text (`tables.read_table`)
    table: str | None = None
    table_text: str = ""


@event
class BoutRecorded(Event, frozen=True):
    """A bout of madness: real time or summary, its 1d10 length in rounds or hours, what
    happens (the GM's words, or the entry `roll` found on the GM's table, whose entries are
    kept here), and the ruling that called for it (`for_seq`; None: the GM called one)."""

    character: str
    mode: str
    length: int
    unit: str
    what: str
    dice: Dice
    table: str | None
    entries: tuple[Entry, ...]
    roll: int | None
    for_seq: int | None


@DECIDE.on(RecordBout)
def _bout(state: CampaignState, command: RecordBout, dice: DiceBox) -> list[Event]:
    who = able(state, command.character)
    insane = insane_now(state, who)
    owed = who.owed("bout") if insane else ()
    if not insane:
        raise RuleError(
            f"{who.name} is not insane: a bout of madness comes with an insanity (or any "
            "loss while insane)"
        )
    what = " ".join(command.what.split())
    table = None if command.table is None else read_table(command.table, command.table_text)
    if (table is None) == (not what):
        raise RuleError(
            'say what happens (--what "...") or roll it on your table (--table FILE): one of them'
        )
    unit = "hours" if command.summary else "rounds"
    length = dice.roll("length", 1, LENGTH_DIE, Stake(about=unit)).total
    roll = None
    entries: tuple[Entry, ...] = ()
    if table is not None:
        roll, entry = roll_on(table, dice)
        what, entries = entry.text, table.entries
    return [
        BoutRecorded(
            who.name,
            SUMMARY if command.summary else REAL_TIME,
            length,
            unit,
            what,
            dice.rolled(),
            None if table is None else table.name,
            entries,
            roll,
            owed[0].seq if owed else None,
        )
    ]


@EVOLVE.on(BoutRecorded)
def _recorded(state: CampaignState, payload: BoutRecorded, meta: Meta) -> SanityState:
    who = rules_of(state).characters.get(payload.character)
    if who is None:
        return rules_of(state)
    settled = [d for d in who.due if not (d.what == "bout" and d.seq == payload.for_seq)]
    return with_changes(state, payload.character, due=tuple(settled))


def _recalled(p: BoutRecorded) -> RecordBout:
    summary = p.mode == SUMMARY
    if p.table is None:
        return RecordBout(p.character, summary, p.what)
    return RecordBout(p.character, summary, "", p.table, Table(p.table, p.entries).text())


RECALL.on(BoutRecorded)(_recalled)
CONCERNS.on(BoutRecorded)(lambda p: (p.character,))
