"""`journal adapt NAME --cost TEXT [--kind violence|helplessness]`: what adapting to violence
or helplessness cost a Delta Green agent (the third box of a kind checked), as the GM records
it. All its rules in one place: the command, its event, and their decider, fold, recaller
and concerns."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, DiceBox, Event, Meta, RuleError, event
from journal.rulesets.d100_sanity.rules.lookup import investigator, settled
from journal.rulesets.d100_sanity.rules.state import SanityState
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class RecordCost(Command, frozen=True):
    character: str
    cost: str
    kind: str | None = None


@event
class AdaptationCosted(Event, frozen=True):
    """What adapting to `kind` cost, for the adaptation the sanity roll at `for_seq` made."""

    character: str
    kind: str
    cost: str
    for_seq: int


@DECIDE.on(RecordCost)
def record(state: CampaignState, command: RecordCost, dice: DiceBox) -> list[Event]:
    who = investigator(state, command.character)
    cost = " ".join(command.cost.split())
    if not cost:
        raise RuleError('say what adapting cost: --cost "CHA -1, a bond -1: stops calling home"')
    owed = who.owed("cost")
    if command.kind is not None:
        kind = command.kind.strip().casefold()
        owed = tuple(d for d in owed if d.kind == kind)
    if not owed:
        kinds = f" to {command.kind}" if command.kind else ""
        raise RuleError(
            f"{who.name} has no adaptation{kinds} waiting for its cost: an agent adapts with "
            "the third box of violence or helplessness"
        )
    if command.kind is None and len({d.kind for d in owed}) > 1:
        raise RuleError(f"{who.name} adapted to violence and helplessness: say which, --kind KIND")
    due = owed[0]
    assert due.kind is not None
    return [AdaptationCosted(who.name, due.kind, cost, due.seq)]


@EVOLVE.on(AdaptationCosted)
def _costed(state: CampaignState, payload: AdaptationCosted, meta: Meta) -> SanityState:
    return settled(state, payload.character, "cost", payload.for_seq)


RECALL.on(AdaptationCosted)(lambda p: RecordCost(p.character, p.cost, p.kind))
CONCERNS.on(AdaptationCosted)(lambda p: (p.character,))
