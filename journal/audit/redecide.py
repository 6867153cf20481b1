"""Deciding a recorded ruling again: the command its event recorded, against the state
before it, with the dice it recorded. Shared by the audit (which compares) and the re-rule
(which records what changed)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from journal.dice import DiceBox, FacesRefused, Roll
from journal.errors import JournalError
from journal.events.registry import Dice, Event
from journal.rules.command import Command
from journal.rules.core.commands import CORE_COMMANDS
from journal.rules.core.decide import decide_core
from journal.rules.core.recall import core_command_for
from journal.rules.core.state import CampaignState
from journal.rules.ruleset import Ruleset

#: Makes the box that replays a ruling's recorded dice (and rolls, or asks for, the ones the
#: log never had): `(seq of the ruling, the dice it recorded) -> DiceBox`.
BoxMaker = Callable[[int, object], DiceBox]


class Redecision(NamedTuple):
    """What the rules give now for a recorded ruling (a tuple: the audit makes one per
    ruling of the log)."""

    event: Event | None  # None: the rules refuse it now
    refusal: str = ""
    produced: tuple[str, ...] = ()  # the event types decided, when none is the ruling's type
    #: the box the ruling was decided with (read only when asked: the audit asks only of
    #: a ruling that differs)
    box: DiceBox | None = None

    @property
    def rolled(self) -> tuple[Roll, ...]:
        """Dice the log never had."""
        return () if self.box is None else tuple(self.box.rolled_anew())

    @property
    def unused(self) -> tuple[str, ...]:
        """Purposes given that the ruling did not roll."""
        return () if self.box is None else tuple(self.box.unused())


def command_of(payload: Event, ruleset: Ruleset) -> Command | None:
    """The command behind a ruling (core or the ruleset's); None for an event that is none."""
    return core_command_for(payload) or ruleset.command_for(payload)


def redecide(
    state: CampaignState,
    seq: int,
    payload: Event,
    command: Command,
    ruleset: Ruleset,
    box: BoxMaker,
    flags: Mapping[str, str] | None = None,
    recorded: Dice | None = None,
) -> Redecision:
    """Decide `command` again against `state` with `payload`'s recorded dice (or those of
    `recorded`: an amendment's, checked against `flags`, how the GM typed them)."""
    if recorded is None:
        recorded = getattr(payload, "dice", None) or {}
    dice = box(seq, recorded)
    if flags:
        dice.name_flags(flags)
    try:
        if isinstance(command, CORE_COMMANDS):
            produced = decide_core(state, command, ruleset, dice)
        else:
            produced = ruleset.decide(state, command, dice)
    except FacesRefused:
        if flags:
            raise  # the dice the GM corrected do not fit the roll: not the rules' refusal
        return Redecision(None, "the recorded dice do not fit the roll")
    except JournalError as exc:
        return Redecision(None, str(exc))
    cls = type(payload)
    for event in produced:
        if type(event) is cls or event.type == payload.type:
            return Redecision(event, "", (), dice)
    return Redecision(None, produced=tuple(p.type for p in produced))
