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
from journal.rulesets.d100_sanity.rules.gm_tables import GMEntry, GMTable, chosen
from journal.rulesets.d100_sanity.rules.lookup import able, insane_now, settled
from journal.rulesets.d100_sanity.rules.state import SanityState
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL

REAL_TIME, SUMMARY = "real time", "summary"
ONE_OF_THEM = 'say what happens (--what "...") or roll it on your table (--table FILE): one of them'
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
    entries: tuple[GMEntry, ...]
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
    what = chosen(command.what, command.table, command.table_text, dice, ONE_OF_THEM)
    unit = "hours" if command.summary else "rounds"
    length = dice.roll("length", 1, LENGTH_DIE, Stake(about=unit)).total
    return [
        BoutRecorded(
            who.name,
            SUMMARY if command.summary else REAL_TIME,
            length,
            unit,
            what.text,
            dice.rolled(),
            what.table,
            what.entries,
            what.roll,
            owed[0].seq if owed else None,
        )
    ]


@EVOLVE.on(BoutRecorded)
def _recorded(state: CampaignState, payload: BoutRecorded, meta: Meta) -> SanityState:
    return settled(state, payload.character, "bout", payload.for_seq)


def _recalled(p: BoutRecorded) -> RecordBout:
    summary = p.mode == SUMMARY
    if p.table is None:
        return RecordBout(p.character, summary, p.what)
    return RecordBout(p.character, summary, "", p.table, GMTable(p.table, p.entries).text())


RECALL.on(BoutRecorded)(_recalled)
CONCERNS.on(BoutRecorded)(lambda p: (p.character,))
