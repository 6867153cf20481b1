"""Re-rule: after a correction, decide every later ruling again against the corrected
past and record what changed, so the journal's numbers follow the rules again.

Each ruling is decided again from its recorded command and dice, exactly as the audit does.
Where the rules now give something else, the re-rule records a `RulingAmended` (every fold
then reads the ruling as amended, in its place in the story); where they refuse it (an
initiative in an encounter whose start was voided), it records an `EventVoided`. A ruling
that now needs dice the log never had (a check that now fails may need a table roll)
gets them from the box the caller gives: rolled (and recorded as rolled at the
re-rule) or asked for at the table.

An amendment (`journal amend SEQ`) is the same walk with one ruling decided from corrected
inputs (a die misread, a Horror Check's HF): that ruling is decided again in its place from
the corrected command and dice, and every later one against the corrected past.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from journal.audit.redecide import BoxMaker, command_of, redecide
from journal.dice import ENTERED
from journal.errors import RuleError
from journal.events.recorded import Recorded
from journal.events.registry import DiceRoll, Event, to_data
from journal.projection import Corrections, steps
from journal.rules import load
from journal.rules.command import Command
from journal.rules.core.events import EventVoided, RulingAmended
from journal.rules.core.state import CampaignState
from journal.rules.ruleset import Ruleset
from journal.telling.contract import telling_of
from journal.telling.lines import describe_payload


@dataclass(frozen=True)
class Change:
    """One correction a re-rule records, and how it reads."""

    correction: RulingAmended | EventVoided
    was: str  # the ruling as it stood
    now: str  # as the rules give it now, or why they refuse it

    def line(self) -> str:
        return f"#{self.correction.seq} {self.was}\n      now: {self.now}"


@dataclass
class Plan:
    """What a re-rule would record."""

    changes: list[Change] = field(default_factory=list)

    @property
    def corrections(self) -> list[Event]:
        return [change.correction for change in self.changes]

    def text(self) -> str:
        if not self.changes:
            return "Every ruling follows from its dice and the rules: nothing to re-rule."
        count = len(self.changes)
        verb = "rulings no longer follow" if count > 1 else "ruling no longer follows"
        head = f"{count} {verb}:"
        return "\n".join([head, *(f"  {change.line()}" for change in self.changes)])

    def amended_text(self, seq: int) -> str:
        """What an amendment of #`seq` changes: the ruling, then the later ones re-ruled."""
        later = len(self.changes) - 1
        tail = f", and {later} later ruling{'s' if later != 1 else ''} with it" if later else ""
        head = f"Amending #{seq} changes it{tail}:"
        return "\n".join([head, *(f"  {change.line()}" for change in self.changes)])


@dataclass(frozen=True)
class Amendment:
    """A ruling decided again from corrected inputs: `command` (its recorded command, or
    one with an input corrected) with `dice` (purpose -> faces) in place of those recorded."""

    seq: int
    command: Command
    dice: Mapping[str, Sequence[int]]
    reason: str
    #: how the GM typed each corrected roll (`--dice`), for a refusal of its faces
    flags: Mapping[str, str] = field(default_factory=dict)


def plan(
    records: Iterable[Recorded],
    corrections: Corrections,
    box: BoxMaker,
    reason: str,
    ruleset_of: Callable[[str], Ruleset] = load,
    amend: Amendment | None = None,
) -> Plan:
    """Walk the log as corrected, deciding each ruling again; the corrections that would make
    every ruling follow (with `amend`, one ruling decided from its corrected inputs first:
    a RuleError when the rules refuse it so, or when it changes nothing)."""
    result = Plan()
    ruleset: Ruleset | None = None

    def decided(state: CampaignState, record: Recorded, payload: Event) -> Event | None:
        command = None if ruleset is None else command_of(payload, ruleset)
        if ruleset is None or command is None:
            return payload
        if amend is not None and record.seq == amend.seq:
            return amended(state, record, payload, ruleset, amend)
        found = redecide(state, record.seq, payload, command, ruleset, box)
        was = describe_payload(payload, ruleset)
        if found.event is None:
            why = found.refusal or f"the rules now give {', '.join(found.produced) or 'nothing'}"
            void = EventVoided(
                record.seq,
                f"{reason}: the rules now refuse it ({why})",
                record.type,
                telling_of(ruleset.name).ruling_words(record),
            )
            result.changes.append(Change(void, was, f"voided: {why}"))
            return None
        if to_data(found.event) != to_data(payload):
            amendment = RulingAmended(
                record.seq, found.event.type, found.event.schema, to_data(found.event), reason
            )
            result.changes.append(Change(amendment, was, describe_payload(found.event, ruleset)))
        return found.event

    def amended(
        state: CampaignState, record: Recorded, payload: Event, ruleset: Ruleset, amend: Amendment
    ) -> Event:
        recorded = getattr(payload, "dice", None) or {}
        dice = {**recorded, **{p: DiceRoll(tuple(f), ENTERED) for p, f in amend.dice.items()}}
        found = redecide(state, record.seq, payload, amend.command, ruleset, box, amend.flags, dice)
        if found.event is None:
            why = found.refusal or f"they give {', '.join(found.produced) or 'nothing'}"
            raise RuleError(f"the rules refuse #{record.seq} so corrected: {why}")
        unused = [p for p in found.unused if p in amend.dice]
        if unused:
            flags = ", ".join(amend.flags.get(p, p) for p in unused)
            raise RuleError(f"#{record.seq} so corrected rolls no dice for {flags}: leave them out")
        if to_data(found.event) == to_data(payload):
            raise RuleError(
                f"#{record.seq} already reads so ({describe_payload(payload, ruleset)}): "
                "the amendment changes nothing"
            )
        correction = RulingAmended(
            record.seq, found.event.type, found.event.schema, to_data(found.event), amend.reason
        )
        was = describe_payload(payload, ruleset)
        result.changes.append(Change(correction, was, describe_payload(found.event, ruleset)))
        return found.event

    for step in steps(records, corrections, substitute=decided):
        if ruleset is None and step.after.ruleset:
            ruleset = ruleset_of(step.after.ruleset)
    return result
