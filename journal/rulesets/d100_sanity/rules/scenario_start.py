"""`journal scenario start TITLE`: a scenario is what a threat's cap counts within. All its
rules in one place: the command, its event, and their decider, fold, recaller and
concerns."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    DiceBox,
    Event,
    Meta,
    RuleError,
    changed,
    event,
    nobody,
)
from journal.rulesets.d100_sanity.rules.lookup import rules_of
from journal.rulesets.d100_sanity.rules.state import SanityState, Scenario
from journal.rulesets.d100_sanity.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class StartScenario(Command, frozen=True):
    title: str


@event
class ScenarioStarted(Event, frozen=True):
    title: str


@DECIDE.on(StartScenario)
def _start(state: CampaignState, command: StartScenario, dice: DiceBox) -> list[Event]:
    running = rules_of(state).scenario
    if running is not None:
        raise RuleError(
            f"the scenario {running.title!r} is still running: end it first "
            "(`journal scenario end`)"
        )
    title = " ".join(command.title.split())
    if not title:
        raise RuleError('a scenario needs a title: journal scenario start "The Haunting"')
    return [ScenarioStarted(title)]


@EVOLVE.on(ScenarioStarted)
def _started(state: CampaignState, payload: ScenarioStarted, meta: Meta) -> SanityState:
    return changed(rules_of(state), scenario=Scenario(payload.title, meta.seq))


RECALL.on(ScenarioStarted)(lambda p: StartScenario(p.title))
CONCERNS.on(ScenarioStarted)(nobody)
