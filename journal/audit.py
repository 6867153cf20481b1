"""Replay and audit: verify the hash chain, decide every ruling again, compare.

The audit folds the log from the first event. Before each ruling it asks the ruleset for the
command that produced it (`command_for`), decides it again against the state just before,
with the very dice faces the event recorded, and lists every field whose recorded value no
longer follows. Voided events are skipped, so a void shows every later ruling it changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from journal.dice import DiceBox
from journal.errors import JournalError
from journal.events import GENESIS_HASH, Recorded, describe_terms, rehash, to_data
from journal.projection import apply, meta_of
from journal.rules import load
from journal.rules.core import CampaignState

if TYPE_CHECKING:
    from journal.app import Journal


@dataclass
class ChainReport:
    events: int = 0
    first_bad: int | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.first_bad is None

    def document(self, campaign: str) -> dict[str, Any]:
        return {
            "campaign": campaign,
            "ok": self.ok,
            "events": self.events,
            "first_bad_seq": self.first_bad,
            "problem": self.problem or None,
        }


def verify_chain(records: Iterable[Recorded]) -> ChainReport:
    """Walk the chain: each event must link to the previous hash and hash to its own."""
    report = ChainReport()
    prev_hash, expected_seq = GENESIS_HASH, 1
    for record in records:
        report.events += 1
        problem = ""
        if record.seq != expected_seq:
            problem = f"expected event {expected_seq}, found {record.seq}"
        elif record.prev_hash != prev_hash:
            problem = "its prev_hash does not match the hash of the event before it"
        elif rehash(record) != record.hash:
            problem = "its content does not match its hash (the event was altered)"
        if problem and report.ok:
            report.first_bad, report.problem = record.seq, problem
        prev_hash, expected_seq = record.hash, record.seq + 1
    return report


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
class AuditReport:
    events: int = 0
    rulings: int = 0
    differences: list[Difference] = field(default_factory=list)

    def document(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "rulings": self.rulings,
            "differences": [d.document() for d in self.differences],
        }

    def text(self) -> str:
        head = f"Audited {self.events} events, {self.rulings} rulings decided again"
        if not self.differences:
            return head + ": every ruling follows from its dice and the rules."
        lines = [head + f": {len(self.differences)} difference(s)."]
        for d in self.differences:
            lines.append(
                f"  #{d.seq} {d.type}.{d.field}: recorded {d.recorded!r}, "
                f"the rules give {d.recomputed!r}"
            )
            if d.why:
                lines.append(f"      {d.why}")
        return "\n".join(lines)


def _why(data: Mapping[str, Any]) -> str:
    terms = data.get("terms")
    if isinstance(terms, list | tuple) and terms:
        try:
            return describe_terms(tuple((str(a), int(b)) for a, b in terms), data.get("total"))
        except (TypeError, ValueError):
            return ""
    return ""


def _compare(record: Recorded, recomputed: Mapping[str, Any]) -> list[Difference]:
    recorded = record.data
    why = _why(recomputed)
    differences = []
    for key in sorted(set(recorded) | set(recomputed)):
        if recorded.get(key) != recomputed.get(key):
            differences.append(
                Difference(record.seq, record.type, key, recorded.get(key), recomputed.get(key), why)
            )
    return differences


def audit_records(
    records: Iterable[Recorded],
    voided: frozenset[int],
    options: Mapping[str, Any] | None = None,
) -> AuditReport:
    """Decide every ruling again; `options` overrides campaign options (a what-if)."""
    report = AuditReport()
    state = CampaignState()
    ruleset = None
    for record in records:
        report.events += 1
        if record.seq in voided:
            continue
        payload = record.payload
        if ruleset is not None:
            command = ruleset.command_for(payload)
            if command is not None:
                report.rulings += 1
                report.differences += _redecide(state, record, command, ruleset)
        state = apply(state, payload, meta_of(record), ruleset)
        if ruleset is None and state.ruleset:
            ruleset = load(state.ruleset)
            if options:
                state = _with_options(state, options)
    return report


def _with_options(state: CampaignState, options: Mapping[str, Any]) -> CampaignState:
    from dataclasses import replace

    return replace(state, options={**state.options, **options})


def _redecide(state: CampaignState, record: Recorded, command: object, ruleset: Any) -> list[Difference]:
    dice = getattr(record.payload, "dice", None) or {}
    try:
        produced = ruleset.decide(state, command, DiceBox.replaying(dice))
    except JournalError as exc:
        return [Difference(record.seq, record.type, "(ruling)", "accepted", "refused", str(exc))]
    same = [p for p in produced if p.type == record.type]
    if not same:
        return [Difference(record.seq, record.type, "(type)", record.type, [p.type for p in produced], "")]
    return _compare(record, to_data(same[0]))


def audit_campaign(journal: Journal, options: Mapping[str, Any] | None = None) -> AuditReport:
    return audit_records(journal.records(), journal.voided(), options)
