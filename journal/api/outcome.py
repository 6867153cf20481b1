"""What a command recorded, as its caller reads it: the service's facts (`app.Appended`: the
records, the campaign after them) worded by the campaign's ruleset's telling when the CLI
or a script asks (`Outcome.lines`, `.document`, `.notices`); the rolls a ruling wants
worded the same way before the caller is asked (`asking`); a void's words (`worded`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import msgspec.structs

from journal.app import Appended, AskFor, Wanted
from journal.dice import AskDice, DiceRequest
from journal.errors import UnreadableEvent
from journal.events.canonical import JSON
from journal.events.recorded import Recorded
from journal.rules import load
from journal.rules.command import Command
from journal.telling.contract import Telling, telling_of
from journal.telling.lines import describe

C = TypeVar("C", bound=Command)


class Outcome:
    """What a command recorded (`records`, in seq order) and how it reads: each event's
    log line, the command's `--json` document and the ruleset's notices. The campaign as it
    stands after it stays inside the API (`Journal.status()` reads it)."""

    __slots__ = ("_appended", "records")

    def __init__(self, appended: Appended) -> None:
        self._appended = appended
        self.records: list[Recorded] = appended.records

    @property
    def _telling(self) -> Telling:
        return telling_of(self._appended.state.ruleset)

    def document(self) -> JSON:
        """The command's `--json`: the ruling's own document, or the records it appended
        (none: an empty list)."""
        found = self._telling.outcome(self.records) if self.records else None
        if found is not None:
            return found.to_json()
        return [{**r.export(), "voided": False} for r in self.records]

    def lines(self) -> list[str]:
        """`#seq line` for each event recorded, as the CLI prints them."""
        ruleset = load(self._appended.state.ruleset)
        return [f"#{r.seq} {describe(r, ruleset)}" for r in self.records]

    def notices(self) -> list[str]:
        """What the GM should know of each ruling that its line does not say (the
        ruleset's `Telling.notice`, read against the campaign after the command)."""
        telling, state = self._telling, self._appended.state
        return [n for r in self.records if (n := telling.notice(state, r)) is not None]


def asking(ask: AskDice | None, telling: Telling) -> AskFor | None:
    """`ask`, the caller's, given each roll the service wants as a `DiceRequest` worded by
    the ruleset (`Telling.dice_label`: whose roll, what it must beat)."""
    if ask is None:
        return None

    def asked(wanted: Wanted) -> Sequence[int] | None:
        purpose, count, sides, stake = wanted.purpose, wanted.count, wanted.sides, wanted.stake
        if wanted.state is None or wanted.command is None:
            label = f"Re-ruling #{wanted.rerule_of}, it now needs {purpose}: {count}d{sides}"
        else:
            label = telling.dice_label(wanted.state, wanted.command, purpose, count, sides, stake)
        return ask(DiceRequest(purpose, count, sides, label, stake))

    return asked


def worded(command: C, event_of: Callable[[int], Recorded | None], telling: Telling) -> C:
    """A void with the voided ruling in a few words (`Telling.ruling_words`), recorded with
    it; any other command as it is. `event_of(seq)`: the campaign's event `seq`, if any."""
    from journal.rules.core.commands import VoidEvent

    if not isinstance(command, VoidEvent) or command.what:
        return command
    event = event_of(command.seq)
    if event is None:
        return command
    try:
        event.payload  # noqa: B018 - an event its rules cannot read is voided unworded
    except UnreadableEvent:
        return command
    return msgspec.structs.replace(command, what=telling.ruling_words(event))
