"""`journal award NAME (--san 1d6|N | --skill NAME) --reason TEXT`: SAN awarded (a scenario's
end for one character, a victory, a skill raised to 90: 2d6), never past maximum SAN. All
its rules in one place: the command, its event, and their decider, fold, recaller and
concerns."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    Dice,
    DiceBox,
    Event,
    Meta,
    RuleError,
    Terms,
    event,
)
from journal.rulesets.d100_sanity.rules.expressions import Expression, expression
from journal.rulesets.d100_sanity.rules.lookup import able
from journal.rulesets.d100_sanity.rules.options import san_hidden
from journal.rulesets.d100_sanity.rules.recovery import Gain, applied, gained, rolled
from journal.rulesets.d100_sanity.rules.state import SanityState
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL

#: a skill raised to 90 awards this
SKILL_AWARD = Expression(2, 6, 0)


class AwardSan(Command, frozen=True):
    character: str
    amount: str = ""
    skill: str | None = None
    reason: str = ""


@event
class SanAwarded(Event, frozen=True):
    """SAN awarded: the expression (or the skill raised to 90, 2d6), why, the dice, and the
    gain with its terms (`total`: SAN gained)."""

    character: str
    amount: str
    skill: str | None
    reason: str
    dice: Dice
    hidden: bool
    terms: Terms
    total: int
    san: int
    san_after: int
    san_max: int


@DECIDE.on(AwardSan)
def _award(state: CampaignState, command: AwardSan, dice: DiceBox) -> list[Event]:
    who = able(state, command.character)
    skill = " ".join((command.skill or "").split()) or None
    reason = " ".join(command.reason.split())
    if skill is not None:
        if command.amount.strip():
            raise RuleError("a skill raised to 90 awards 2d6: leave out --san")
        amount = SKILL_AWARD
        reason = reason or f"{skill} raised to 90"
    elif not command.amount.strip():
        raise RuleError("say what is awarded: --san 1d6 (or a number), or --skill NAME")
    else:
        amount = expression(command.amount, "the award")
    if not reason:
        raise RuleError('say why SAN is awarded: --reason "the cult is broken"')
    gain = gained(who, rolled(amount, dice, "award"))
    return [
        SanAwarded(
            who.name,
            amount.text,
            skill,
            reason,
            dice.rolled(),
            san_hidden(state),
            gain.terms,
            gain.total,
            gain.san,
            gain.san_after,
            gain.san_max,
        )
    ]


def gain_of(p: SanAwarded) -> Gain:
    return Gain(p.character, p.terms, p.total, p.san, p.san_after, p.san_max)


@EVOLVE.on(SanAwarded)
def _awarded(state: CampaignState, payload: SanAwarded, meta: Meta) -> SanityState:
    return applied(state, gain_of(payload))


def _recalled(p: SanAwarded) -> AwardSan:
    if p.skill is not None:
        return AwardSan(p.character, "", p.skill, p.reason)
    return AwardSan(p.character, p.amount, None, p.reason)


RECALL.on(SanAwarded)(_recalled)
CONCERNS.on(SanAwarded)(lambda p: (p.character,))
