"""Rulings that take time (months of peace, a night's rest): the clock moved on before
them, so each is dated when that time is over. Apart from the core's decider, so a
ruleset's rules that read the clock load no command of the core."""

from __future__ import annotations

from journal.errors import RuleError
from journal.events.registry import Event
from journal.rules import clock
from journal.rules.core.events import ClockAdvanced
from journal.rules.core.state import CampaignState


def clock_moved(state: CampaignState, amount: str) -> ClockAdvanced:
    """The clock moved on by `amount` (`6mo`, `8h`), as `clock advance` moves it: what a
    ruling that takes time (months of peace, a night's rest) records before itself, so
    it is dated when that time is over. The clock must be set."""
    assert state.clock is not None
    return ClockAdvanced(amount, clock.advance(state.clock, amount), state.clock)


def rested_for(state: CampaignState, hours: int | None, ruling: Event) -> list[Event]:
    """A rest that took `hours` (`rest --hours 8`): the clock moved on by them, then the
    rest, dated when it is over. None: the clock stays."""
    if hours is None:
        return [ruling]
    if hours < 1:
        raise RuleError(f"a rest lasts 1 hour or more, not {hours}: e.g. --hours 8")
    if state.clock is None:
        raise RuleError(
            "the campaign clock is not set, so --hours has nothing to move: set it "
            "(`journal clock set 1925-10-31 22:00`) or leave --hours out"
        )
    return [clock_moved(state, f"{hours}h"), ruling]
