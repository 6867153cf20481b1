"""The audit: decide every ruling again and compare.

The audit folds the log from the first event. Before each ruling it asks the ruleset for the
command that produced it (`command_for`), decides it again against the state just before,
with the very dice faces the event recorded, and lists every field whose recorded value no
longer follows. Voided events are skipped, so a void shows every later ruling it changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from journal.dice import DiceBox
from journal.documents import Document
from journal.errors import JournalError, RuleError
from journal.events import Event, Recorded, terms_text, to_data
from journal.projection import steps
from journal.rules import load
from journal.rules.core import (
    CORE_COMMANDS,
    CampaignCreated,
    CampaignState,
    core_command_for,
    decide_core,
)
from journal.rules.ruleset import Ruleset


@dataclass
class Difference:
    seq: int
    type: str
    field: str
    recorded: Any
    recomputed: Any
    why: str

    def document(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "type": self.type,
            "field": self.field,
            "recorded": self.recorded,
            "recomputed": self.recomputed,
            "why": self.why,
        }


@dataclass
class AuditReport(Document):
    events: int = 0
    rulings: int = 0
    differences: list[Difference] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "rulings": self.rulings,
            "differences": [d.document() for d in self.differences],
            "options": self.options,
        }

    def text(self) -> str:
        head = f"Audited {self.events} events, {self.rulings} rulings decided again"
        if not self.differences:
            return head + ": every ruling follows from its dice and the rules."
        lines = [head + f": {len(self.differences)} difference(s)."]
        said = ""
        for d in self.differences:
            lines.append(
                f"  #{d.seq} {d.type}.{d.field}: recorded {d.recorded!r}, "
                f"the rules give {d.recomputed!r}"
            )
            if d.why and d.why != said:
                lines.append(f"      {d.why}")
            said = d.why
        return "\n".join(lines)


def _compare(
    record: Recorded, recorded: Mapping[str, Any], recomputed: Mapping[str, Any]
) -> list[Difference]:
    """Field by field, both sides as the current schema has them (old events upcast)."""
    why = terms_text(recomputed) or ""
    differences = []
    for key in sorted(set(recorded) | set(recomputed)):
        if recorded.get(key) != recomputed.get(key):
            differences.append(
                Difference(
                    record.seq, record.type, key, recorded.get(key), recomputed.get(key), why
                )
            )
    return differences


def audit_records(
    records: Iterable[Recorded],
    voided: frozenset[int],
    options: Mapping[str, Any] | None = None,
) -> AuditReport:
    """Decide every ruling again; `options` overrides campaign options (a what-if).

    The audit's state follows the rules, not the record: where a ruling is decided
    differently, the recomputed event is folded, so every later ruling that depended on it
    is checked against what the rules now say (a void or a house rule cascades).
    """
    report = AuditReport(options=dict(options or {}))
    ruleset: Ruleset | None = None

    def decided(state: CampaignState, record: Recorded) -> Event | None:
        """The event the rules give now for `record` (None: they refuse it)."""
        payload = record.payload
        if isinstance(payload, CampaignCreated) and options:
            return replace(payload, options={**payload.options, **options})  # the what-if
        if ruleset is None:
            return payload
        command = core_command_for(payload) or ruleset.command_for(payload)
        if command is None:
            return payload
        report.rulings += 1
        differences, anew = _redecide(state, record, command, ruleset)
        report.differences += differences
        return anew

    for step in steps(records, voided, substitute=decided):
        report.events += 1
        if ruleset is None and step.after.ruleset:
            ruleset = load(step.after.ruleset)
    return report


def _redecide(
    state: CampaignState, record: Recorded, command: object, ruleset: Ruleset
) -> tuple[list[Difference], Event | None]:
    """The differences between the record and a fresh decision, and the event to fold."""
    payload = record.payload
    dice = getattr(payload, "dice", None) or {}
    box = DiceBox.replaying(dice, f"audit:{record.seq}")
    try:
        if isinstance(command, CORE_COMMANDS):
            produced = decide_core(state, command, ruleset)
        else:
            produced = ruleset.decide(state, command, box)
    except JournalError as exc:
        refused = Difference(record.seq, record.type, "(ruling)", "accepted", "refused", str(exc))
        return [refused], None
    same = [p for p in produced if p.type == record.type]
    if not same:
        kinds = [p.type for p in produced]
        return [Difference(record.seq, record.type, "(type)", record.type, kinds, "")], None
    differences = []
    if payload != same[0]:  # equal payloads have no field that differs
        differences = _compare(record, to_data(payload), to_data(same[0]))
    anew = box.rolled_anew()
    if anew:
        rolls = ", ".join(f"{r.purpose} {','.join(map(str, r.faces))}" for r in anew)
        note = (
            f"(the log recorded no {rolls.split(' ')[0]} roll; the audit rolled {rolls} to go on)"
        )
        for difference in differences:
            difference.why = f"{difference.why} {note}".strip()
    return differences, same[0]


def parse_options(ruleset: Ruleset, pairs: Mapping[str, str]) -> dict[str, Any]:
    """`--option K=V` for a what-if audit, checked like the campaign's own options."""
    parsed = {}
    for key, raw in pairs.items():
        if key not in ruleset.option_defaults:
            known = ", ".join(sorted(ruleset.option_defaults)) or "none"
            raise RuleError(f"{ruleset.name} has no option {key!r} (options: {known})")
        parsed[key] = ruleset.parse_option(key, raw)
    return parsed
