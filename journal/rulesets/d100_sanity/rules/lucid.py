"""`journal lucid NAME --reason TEXT`: the insanities a character is in end (treated, or the
GM rules it over before its time); the bouts and choices they still owed go with them. All
its rules in one place: the command, its event, and their decider, fold, recaller and
concerns."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, DiceBox, Event, Meta, RuleError, event
from journal.rulesets.d100_sanity.rules.lookup import able, insane_now, rules_of, with_changes
from journal.rulesets.d100_sanity.rules.state import SanityState
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL

#: what an insanity that ends leaves no longer owed
ENDING = ("bout", "reaction")


class EndInsanity(Command, frozen=True):
    character: str
    reason: str


@event
class InsanityEnded(Event, frozen=True):
    """The insanities (by the sanity roll that began each, `ended`; their kinds) that end
    now, and why."""

    character: str
    reason: str
    ended: tuple[int, ...]
    kinds: tuple[str, ...]


@DECIDE.on(EndInsanity)
def _lucid(state: CampaignState, command: EndInsanity, dice: DiceBox) -> list[Event]:
    who = able(state, command.character)
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError('say why the insanity ends: --reason "treated at the sanitarium"')
    held = insane_now(state, who)
    if not held:
        raise RuleError(f"{who.name} is not insane now: there is nothing to end")
    return [
        InsanityEnded(who.name, reason, tuple(i.seq for i in held), tuple(i.kind for i in held))
    ]


@EVOLVE.on(InsanityEnded)
def _ended(state: CampaignState, payload: InsanityEnded, meta: Meta) -> SanityState:
    who = rules_of(state).characters.get(payload.character)
    if who is None:
        return rules_of(state)
    return with_changes(
        state,
        payload.character,
        insanities=tuple(i for i in who.insanities if i.seq not in payload.ended),
        due=tuple(d for d in who.due if d.what not in ENDING),
    )


RECALL.on(InsanityEnded)(lambda p: EndInsanity(p.character, p.reason))
CONCERNS.on(InsanityEnded)(lambda p: (p.character,))
