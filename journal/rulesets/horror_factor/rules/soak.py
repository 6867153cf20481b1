"""`journal soak NAME POINTS`: Willpower spent to hold steady, up to 3 a turn; the effective
HF (HF less the soak) lowers the action penalty from now on."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, Terms, event
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import engaged
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    Participant,
    action_penalty,
    clamp,
    penalty_term,
    rules_of,
    shift_numbers,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.track import current, with_participant


class Soak(Command, frozen=True):
    character: str
    points: int


@event
class WillpowerSoaked(Event, frozen=True):
    character: str
    turn: int
    points: int
    willpower_before: int
    willpower_after: int
    soak_before: int
    soak_after: int
    hf: int
    effective_hf: int
    hardness: int
    action_penalty: int
    terms: Terms


def soak(state: CampaignState, name: str, points: int) -> WillpowerSoaked:
    who, p, encounter = engaged(state, name, "soak")
    if not 1 <= points <= catalog.SOAK_PER_TURN:
        raise RuleError(f"a soak is 1 to {catalog.SOAK_PER_TURN} Willpower a turn, not {points}")
    if p.soak + points > catalog.SOAK_PER_TURN:
        raise RuleError(
            f"{who.name} has soaked {p.soak} this turn; at most {catalog.SOAK_PER_TURN} per turn, "
            f"so {catalog.SOAK_PER_TURN - p.soak} more at most"
        )
    if points > who.willpower:
        raise RuleError(
            f"{who.name} has only {who.willpower} Willpower left (of {who.willpower_max}): "
            "soak less, or rest first"
        )
    hardness, label = who.hardness_for(encounter.category)
    if p.effective_hf <= hardness:
        now = f"effective HF {p.effective_hf}" if p.soak else f"HF {p.hf}"
        raise RuleError(
            f"{who.name}'s {now} is already at or below their {label} {hardness}: there is no "
            "penalty to lower, so a soak would only waste Willpower"
        )
    after = Participant(p.name, p.hf, p.soak + points)
    return WillpowerSoaked(
        character=who.name,
        turn=encounter.turn,
        points=points,
        willpower_before=who.willpower,
        willpower_after=who.willpower - points,
        soak_before=p.soak,
        soak_after=after.soak,
        hf=p.hf,
        effective_hf=after.effective_hf,
        hardness=hardness,
        action_penalty=action_penalty(after.effective_hf, hardness),
        terms=(penalty_term(p.hf, after.soak, hardness, label),),
    )


DECIDE.on(Soak)(lambda state, command, dice: [soak(state, command.character, command.points)])


@EVOLVE.on(WillpowerSoaked)
def _soaked(state: CampaignState, payload: WillpowerSoaked, meta: Meta) -> HFState:
    rules = rules_of(state)
    found = current(rules, payload.character, payload.turn)
    if found is None:
        return rules
    encounter, p = found
    p = replace(p, soak=clamp(p.soak + payload.points, 0, catalog.SOAK_PER_TURN))
    rules = with_participant(rules, encounter, p)
    return shift_numbers(
        rules, payload.character, willpower=payload.willpower_after - payload.willpower_before
    )


RECALL.on(WillpowerSoaked)(lambda p: Soak(p.character, p.points))
CONCERNS.on(WillpowerSoaked)(lambda p: (p.character,))
