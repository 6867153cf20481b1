"""`journal disorder NAME TEXT [--kind phobia|mania|other]` (or `--table FILE`): a phobia or
mania gained while insane, or the disorder a Delta Green breaking point calls for, named by
the GM (or rolled on the GM's own table) and kept on the sheet. All its rules in one place:
the command, its event, and their decider, fold, recaller and concerns."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    Meta,
    RuleError,
    event,
)
from journal.rulesets.d100_sanity.rules.gm_tables import GMEntry, GMTable, chosen
from journal.rulesets.d100_sanity.rules.lookup import able, insane_now, rules_of, settled
from journal.rulesets.d100_sanity.rules.state import DISORDER_KINDS, Disorder, SanityState
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class GainDisorder(Command, frozen=True):
    """`character` gains the disorder `name` (or the entry a roll finds on `table`)."""

    character: str
    name: str = ""
    kind: str = "other"
    #: the GM's own table to roll on: its name and its text (`tables.read_table`)
    table: str | None = None
    table_text: str = ""


@event
class DisorderGained(Event, frozen=True):
    """A disorder on the sheet: its name and kind, the GM's table and the roll on it when it
    came from one, and the ruling it answers (`for_seq`: a breaking point; None: gained
    while insane)."""

    character: str
    name: str
    kind: str
    dice: Dice
    table: str | None
    entries: tuple[GMEntry, ...]
    roll: int | None
    for_seq: int | None


def kind_of(text: str) -> str:
    kind = text.strip().casefold()
    if kind not in DISORDER_KINDS:
        raise RuleError(f"a disorder is a {', '.join(DISORDER_KINDS)}, not {text!r}")
    return kind


@DECIDE.on(GainDisorder)
def gain(state: CampaignState, command: GainDisorder, dice: DiceBox) -> list[Event]:
    who = able(state, command.character)
    owed = who.owed("disorder")
    if not owed and not insane_now(state, who):
        raise RuleError(
            f"{who.name} is not insane and no breaking point waits for a disorder: a "
            "disorder is gained while insane (or at a Delta Green breaking point)"
        )
    refusal = "name the disorder, or roll it on your table (--table FILE): one of them"
    name = chosen(command.name, command.table, command.table_text, dice, refusal)
    held = who.disorder(name.text)
    if held is not None:
        raise RuleError(f"{who.name} already has the disorder {held.name!r}: name another")
    return [
        DisorderGained(
            who.name,
            name.text,
            kind_of(command.kind),
            dice.rolled(),
            name.table,
            name.entries,
            name.roll,
            owed[0].seq if owed else None,
        )
    ]


@EVOLVE.on(DisorderGained)
def _gained(state: CampaignState, payload: DisorderGained, meta: Meta) -> SanityState:
    who = rules_of(state).characters.get(payload.character)
    if who is None:
        return rules_of(state)
    disorders = (*who.disorders, Disorder(payload.name, payload.kind, meta.seq))
    return settled(state, payload.character, "disorder", payload.for_seq, disorders=disorders)


def _recalled(payload: DisorderGained) -> GainDisorder:
    if payload.table is None:
        return GainDisorder(payload.character, payload.name, payload.kind)
    text = GMTable(payload.table, payload.entries).text()
    return GainDisorder(payload.character, "", payload.kind, payload.table, text)


RECALL.on(DisorderGained)(_recalled)
CONCERNS.on(DisorderGained)(lambda p: (p.character,))
