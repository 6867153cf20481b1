"""`journal scenario end [--award 1d6|N] [--to NAME,...]`: the running scenario ends, and may
award SAN to those who saw it through (each rolls their own, never past their maximum). All
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
    changed,
    event,
)
from journal.rulesets.d100_sanity.rules.expressions import expression
from journal.rulesets.d100_sanity.rules.lookup import able, rules_of
from journal.rulesets.d100_sanity.rules.options import san_hidden
from journal.rulesets.d100_sanity.rules.recovery import Gain, applied, gained, rolled
from journal.rulesets.d100_sanity.rules.state import SanityState
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


def award_purpose(name: str) -> str:
    """The dice purpose of `name`'s award at a scenario's end (`--award-dice NAME=FACES`)."""
    return f"award {name}"


class EndScenario(Command, frozen=True):
    """The running scenario ends, awarding `award` (an expression; empty: nothing) to
    `characters` (empty: everyone still in the story whose SAN is above 0)."""

    award: str = ""
    characters: tuple[str, ...] = ()


@event
class ScenarioEnded(Event, frozen=True):
    """The scenario's end, and each award with its terms (`awards`; the dice by purpose
    `award NAME`)."""

    title: str
    award: str | None
    everyone: bool
    dice: Dice
    hidden: bool
    awards: tuple[Gain, ...]


@DECIDE.on(EndScenario)
def _end(state: CampaignState, command: EndScenario, dice: DiceBox) -> list[Event]:
    running = rules_of(state).scenario
    if running is None:
        raise RuleError("no scenario is running: start one with `journal scenario start TITLE`")
    amount = expression(command.award, "the award") if command.award.strip() else None
    if amount is None and command.characters:
        raise RuleError("--to names who is awarded SAN: give --award 1d6 (or a number) too")
    rules = rules_of(state)
    if command.characters:
        names = list(dict.fromkeys(able(state, n).name for n in command.characters))
    else:
        names = [n for n in state.cast if n in rules.characters and rules.characters[n].san > 0]
    awards: list[Gain] = []
    if amount is not None:
        for name in names:
            purpose = award_purpose(name)
            terms = rolled(amount, dice, purpose)
            awards.append(gained(rules.characters[name], terms))
    return [
        ScenarioEnded(
            running.title,
            None if amount is None else amount.text,
            not command.characters,
            dice.rolled(),
            san_hidden(state),
            tuple(awards),
        )
    ]


@EVOLVE.on(ScenarioEnded)
def _ended(state: CampaignState, payload: ScenarioEnded, meta: Meta) -> SanityState:
    for gain in payload.awards:
        state = changed(state, rules=applied(state, gain))
    return changed(rules_of(state), scenario=None)


RECALL.on(ScenarioEnded)(
    lambda p: EndScenario(p.award or "", () if p.everyone else tuple(g.character for g in p.awards))
)
CONCERNS.on(ScenarioEnded)(lambda p: tuple(g.character for g in p.awards))
