"""`journal encounter start TITLE [NAME ...]`: a combat starts; heat of battle (+5) is on for
its cast while it runs (no cast named: everyone)."""

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
)
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.state import Combat, FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class StartCombat(Command, frozen=True):
    """A combat starts: heat of battle (+5) is on for its cast while it runs (an empty
    cast means everyone)."""

    title: str
    cast: tuple[str, ...] = ()


@event
class CombatStarted(Event, frozen=True):
    title: str
    cast: tuple[str, ...]


def start_combat(state: CampaignState, command: StartCombat) -> CombatStarted:
    running = rules_of(state).combat
    if running is not None:
        raise RuleError(
            f"combat {running.title!r} is still running: end it with `journal encounter end` first"
        )
    title = " ".join(command.title.split()) or "Combat"
    cast: list[str] = []
    for name in command.cast:
        canonical = state.character(name)
        if canonical not in cast:
            cast.append(canonical)
    return CombatStarted(title, tuple(cast))


@DECIDE.on(StartCombat)
def _start(state: CampaignState, command: StartCombat, dice: DiceBox) -> list[Event]:
    return [start_combat(state, command)]


@EVOLVE.on(CombatStarted)
def _combat(state: CampaignState, payload: CombatStarted, meta: Meta) -> FrightState:
    return changed(rules_of(state), combat=Combat(payload.title, tuple(payload.cast), meta.seq))


RECALL.on(CombatStarted)(lambda payload: StartCombat(payload.title, tuple(payload.cast)))
CONCERNS.on(CombatStarted)(lambda p: tuple(p.cast))
