"""One decide step, pure: the events a command decides against a campaign's state, the
core's ruling or its ruleset's, and the checks every command goes through first (a command
of another ruleset refused, dice the ruling did not need, a text longer than the limit).
The application service (`journal.app`) decides every command it runs here, and so do
the rules tests; no store, no words but a refusal's."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from journal.dice import DiceBox
from journal.errors import RuleError
from journal.events.canonical import check_lengths, plain
from journal.events.registry import Event
from journal.rules import load, load_all
from journal.rules.command import Command
from journal.rules.core.state import CampaignState
from journal.rules.ruleset import Ruleset


def decide(
    state: CampaignState,
    command: Command,
    box: Callable[[Ruleset], DiceBox],
    dice_flags: Mapping[str, str] | None = None,
    unused_notice: Callable[[str], None] | None = None,
) -> list[Event]:
    """The events `command` decides against `state`, the store aside: the core's ruling or
    the campaign's ruleset's, a command of another ruleset refused. Dice entered that the
    ruling did not need (the GM rolled them all at once: an Unfazeable character's, the
    table's on a success) go to `unused_notice` as entered and unused; with none, they are
    refused. `box(ruleset)` gives the dice. Every command the service runs is decided here,
    and so is every command of the rules tests."""
    from journal.rules.core.commands import CORE_COMMANDS, CreateCampaign, RollDice
    from journal.rules.core.decide import decide_core

    ruleset = load(command.ruleset if isinstance(command, CreateCampaign) else state.ruleset)
    if isinstance(command, CORE_COMMANDS):
        rolls = box(ruleset) if isinstance(command, RollDice) else None
        return decide_core(state, command, ruleset, rolls)
    if type(command) not in ruleset.commands:
        raise RuleError(_wrong_ruleset(state, command))
    dice = box(ruleset)
    payloads = ruleset.decide(state, command, dice)
    unused = dice.unused()
    if unused:
        flags = ", ".join((dice_flags or {}).get(p, p) for p in unused)
        if unused_notice is None:
            raise RuleError(
                f"this ruling did not need the dice entered for {flags}: leave them out"
            )
        entered = "; ".join(
            f"{(dice_flags or {}).get(p, p)} {','.join(map(str, dice.entered(p)))}" for p in unused
        )
        unused_notice(f"this ruling did not need the dice entered ({entered}): entered and unused")
    return payloads


def typed(command: object) -> None:
    """Refuse a text the GM typed (a command's fields, an amendment's reason and inputs)
    longer than `TEXT_LIMIT` (`journal.events.canonical`). Only what is typed is held to
    it: a correction of an older, longer event (a void's words, a re-ruled ruling) copies
    that event's text as it is (a void's words of the ruling it voids among them)."""
    from journal.rules.core.commands import VoidEvent

    if isinstance(command, VoidEvent):
        command = {"seq": command.seq, "reason": command.reason}  # the rest is found, not typed
    try:
        check_lengths(plain(command))
    except ValueError as exc:
        raise RuleError(f"that cannot be recorded: {exc}") from None


def _wrong_ruleset(state: CampaignState, command: Command) -> str:
    for other in load_all():  # (one that cannot be loaded has no command to name)
        if other.name != state.ruleset and type(command) in other.commands:
            return (
                f"that is a {other.name} command, and campaign {state.slug!r} plays {state.ruleset}"
            )
    return f"{state.ruleset} has no {type(command).__name__} command"
