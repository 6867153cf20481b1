"""`journal mythos NAME --gain N --reason TEXT`: Mythos gained (Unnatural in the Delta Green
preset) lowers maximum SAN at once, and SAN above the new maximum falls to it (to a Delta
Green breaking point too, which then falls). All its rules in one place: the command, its
event, and their decider, fold, recaller and concerns."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    DiceBox,
    Event,
    Meta,
    RuleError,
    Terms,
    event,
)
from journal.rulesets.d100_sanity.rules.lookup import able, clamp, rules_of, with_changes
from journal.rulesets.d100_sanity.rules.options import mythos_word, san_hidden
from journal.rulesets.d100_sanity.rules.state import SAN_CEILING, Due, SanityState
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class GainMythos(Command, frozen=True):
    character: str
    amount: int
    reason: str


@event
class MythosGained(Event, frozen=True):
    """Mythos (`skill`: its name in the campaign) from `mythos` to `mythos_after`; maximum
    SAN with it; SAN's fall to the new maximum as terms (`total`: SAN lost, 0 when it was at
    or under it); a Delta Green breaking point reached by that fall."""

    character: str
    skill: str
    amount: int
    reason: str
    hidden: bool
    mythos: int
    mythos_after: int
    san_max: int
    san_max_after: int
    terms: Terms
    total: int
    san: int
    san_after: int
    breaking_point: int | None
    breaking_point_after: int | None
    broke: bool


@DECIDE.on(GainMythos)
def _gain(state: CampaignState, command: GainMythos, dice: DiceBox) -> list[Event]:
    who = able(state, command.character)
    skill = mythos_word(state)
    reason = " ".join(command.reason.split())
    if command.amount < 1:
        raise RuleError(f"{skill} gained is 1 or more, not {command.amount}")
    if not reason:
        raise RuleError(f'say how {skill} was gained: --reason "read the Pnakotic fragments"')
    mythos = who.mythos + command.amount
    if mythos > SAN_CEILING:
        raise RuleError(
            f"{who.name}'s {skill} {who.mythos} + {command.amount} would pass {SAN_CEILING}: "
            f"give at most {SAN_CEILING - who.mythos}"
        )
    most = SAN_CEILING - mythos
    terms: Terms = ()
    after = who.san
    if who.san > most:
        terms = ((f"maximum SAN now {most} (99 - {skill} {mythos})", most - who.san),)
        after = most
    point = who.breaking_point
    broke = point is not None and after < who.san and 0 < after <= point
    return [
        MythosGained(
            who.name,
            skill,
            command.amount,
            reason,
            san_hidden(state),
            who.mythos,
            mythos,
            who.san_max,
            most,
            terms,
            who.san - after,
            who.san,
            after,
            point,
            after - who.pow if broke else point,
            broke,
        )
    ]


@EVOLVE.on(MythosGained)
def _gained(state: CampaignState, payload: MythosGained, meta: Meta) -> SanityState:
    who = rules_of(state).characters.get(payload.character)
    if who is None:
        return rules_of(state)
    mythos = min(SAN_CEILING, max(0, who.mythos + payload.amount))
    changes: dict[str, object] = {
        "mythos": mythos,
        "san": clamp(who.san + payload.san_after - payload.san, SAN_CEILING - mythos),
    }
    if payload.broke:
        changes["breaking_point"] = payload.breaking_point_after
        changes["due"] = (*who.due, Due("disorder", meta.seq))
    return with_changes(state, payload.character, **changes)


RECALL.on(MythosGained)(lambda p: GainMythos(p.character, p.amount, p.reason))
CONCERNS.on(MythosGained)(lambda p: (p.character,))
