"""The audit: decide every ruling again and compare.

The audit folds the log from the first event. Before each ruling it asks the ruleset for the
command that produced it (`command_for`), decides it again against the state just before,
with the very dice faces the event recorded, and lists every ruling that no longer follows,
in the GM's words and field by field. Voided events are skipped and amended rulings are
read as amended, so a void shows every later ruling it changes.

Every state of the log (as it stands: the fold `status` shows) is checked against the
invariants of the core and of the ruleset (`journal.rules.invariants`): a state no ruling
could have reached is reported at the event it first held, even when each ruling follows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import msgspec.structs

from journal.audit.redecide import command_of, redecide
from journal.dice import UNUSED, DiceBox
from journal.documents import Document, JSONDict
from journal.errors import RuleError
from journal.events.canonical import JSON, as_json
from journal.events.recorded import Recorded
from journal.events.registry import Dice, Event, OptionValue, to_data
from journal.events.terms import terms_text
from journal.frozen import changed
from journal.projection import Corrections, apply, meta_of, steps
from journal.rules import load
from journal.rules.core.events import CampaignCreated
from journal.rules.core.state import CampaignState
from journal.rules.invariants import CORE_INVARIANTS, Breach, Watch
from journal.rules.ruleset import Ruleset
from journal.telling.lines import describe_payload


@dataclass
class Difference:
    seq: int
    type: str
    field: str
    recorded: JSON
    recomputed: JSON
    why: str

    def document(self) -> JSONDict:
        return {
            "seq": self.seq,
            "type": self.type,
            "field": self.field,
            "recorded": self.recorded,
            "recomputed": self.recomputed,
            "why": self.why,
        }


@dataclass
class Divergence:
    """A ruling that no longer follows: as recorded, and as the rules give it now."""

    seq: int
    recorded: str
    ruled: str  # the rules' line, or why they refuse it
    differences: list[Difference]
    #: a what-if's finding whose outcome (numbers, result, changes) is the same: it differs
    #: only in fields that word the ruling (`Ruleset.wording`)
    wording_only: bool = False


@dataclass
class AuditReport(Document):
    events: int = 0
    rulings: int = 0
    findings: list[Divergence] = field(default_factory=list)
    options: dict[str, OptionValue] = field(default_factory=dict)
    #: states of the log that break an invariant, at the event each first held
    breaches: list[Breach] = field(default_factory=list)
    #: the seq of the clean audit this one went on from (None: from the first event)
    resumed_from: int | None = None
    #: (seq, purpose, faces) of the entered dice a ruling kept without needing them
    unused: list[tuple[int, str, tuple[int, ...]]] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """Every ruling follows and every state is legal (`audit` exits 0)."""
        return not self.differences and not self.breaches

    @property
    def outcomes(self) -> list[Divergence]:
        """The rulings whose outcome differs (every finding, but a what-if's wording)."""
        return [finding for finding in self.findings if not finding.wording_only]

    @property
    def wording(self) -> list[Divergence]:
        """A what-if's rulings that differ only in their wording (a threshold's text)."""
        return [finding for finding in self.findings if finding.wording_only]

    @property
    def differences(self) -> list[Difference]:
        """Every field that differs in a ruling whose outcome differs: `audit` exits 1 on
        any."""
        return [d for finding in self.outcomes for d in finding.differences]

    def to_json(self) -> JSONDict:
        return {
            "events": self.events,
            "rulings": self.rulings,
            "differences": [d.document() for d in self.differences],
            "wording": [d.document() for f in self.wording for d in f.differences],
            "invariants": [b.document() for b in self.breaches],
            "options": self.options,
            "unused_dice": [
                {"seq": seq, "purpose": purpose, "faces": list(faces)}
                for seq, purpose, faces in self.unused
            ],
        }

    def text(self) -> str:
        lines = [self._rulings_text()]
        if self.breaches:
            count = len(self.breaches)
            lines.append(
                f"{count} state{'s' if count > 1 else ''} of the log break"
                f"{'' if count > 1 else 's'} an invariant:"
            )
            for breach in self.breaches:
                lines.append(f"  #{breach.seq} {breach.invariant}: {breach.what}")
        if self.unused:
            kept = ", ".join(
                f"#{seq} {purpose} {'/'.join(map(str, faces))}"
                for seq, purpose, faces in self.unused
            )
            lines.append(f"Entered and not needed by their ruling (kept, unused): {kept}")
        return "\n".join(lines)

    def _rulings_text(self) -> str:
        head = f"Audited {self.events} events, {self.rulings} rulings decided again"
        worded = self.wording
        aside = ""
        if worded:
            seqs = ", ".join(f"#{f.seq}" for f in worded)
            many = "rulings differ" if len(worded) > 1 else "ruling differs"
            aside = f" ({len(worded)} {many} only in wording: {seqs})"
        findings = self.outcomes
        if not findings:
            if self.options:
                return head + f": no ruling would be decided otherwise{aside}."
            if self.breaches:
                return head + ": each follows from its dice and the rules."
            return head + ": every ruling follows from its dice and the rules."
        count = len(findings)
        if self.options:
            verb = (
                "rulings would be decided otherwise"
                if count > 1
                else ("ruling would be decided otherwise")
            )
        else:
            verb = "rulings no longer follow" if count > 1 else "ruling no longer follows"
        lines = [head + f": {count} {verb}{aside}."]
        for finding in findings:
            lines.append(f"  #{finding.seq} {finding.recorded}")
            lines.append(f"      by the rules: {finding.ruled}")
        plain = [
            d
            for d in self.differences
            if not isinstance(d.recorded, list | dict) and not d.field.startswith("(")
        ]
        if plain:
            lines.append("Field by field (`audit --json` has them all):")
        said = ""
        for d in plain:
            lines.append(
                f"  #{d.seq} {d.field}: recorded {_shown(d.recorded)}, "
                f"the rules give {_shown(d.recomputed)}"
            )
            if d.why and d.why != said:
                lines.append(f"      {d.why}")
            said = d.why
        return "\n".join(lines)


def _shown(value: object) -> str:
    """A field's value as the GM writes it: `14`, `yes`, `Hardness`, `Linda 7->6`."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} {_shown(v)}" for k, v in value.items()) + "}"
    return str(value)


def _compare(
    seq: int, kind: str, recorded: Mapping[str, object], recomputed: Mapping[str, object]
) -> list[Difference]:
    """Field by field, both sides as the current schema has them (old events upcast)."""
    why = terms_text(recomputed) or ""
    return [
        Difference(seq, kind, key, as_json(recorded.get(key)), as_json(recomputed.get(key)), why)
        for key in sorted(set(recorded) | set(recomputed))
        if recorded.get(key) != recomputed.get(key)
    ]


def audit_box(seq: int, dice: object) -> DiceBox:
    """The recorded dice; a roll the log never made is rolled (seeded by the seq) to go on."""
    recorded: Dice = dice if type(dice) is dict or isinstance(dice, Mapping) else {}
    return DiceBox.replaying(recorded, f"audit:{seq}")  # a generator only if a roll comes


def audit_records(
    records: Iterable[Recorded],
    corrections: Corrections,
    options: Mapping[str, OptionValue] | None = None,
    resume: tuple[CampaignState, int, int] | None = None,
) -> AuditReport:
    """Decide every ruling again; `options` overrides campaign options (a what-if).

    The audit's state follows the rules, not the record: where a ruling is decided
    differently, the recomputed event is folded, so every later ruling that depended on it
    is checked against what the rules now say (a void or a house rule cascades).

    `resume` (the state at a clean audit's last event, the events and rulings it counted)
    audits `records`, the events after it, on from there (`journal.audit.checkpoint`): a
    clean audit left the log's fold and the rules' the same, and no invariant broken.
    """
    report = AuditReport(options=dict(options or {}))
    start: CampaignState | None = None
    if resume is not None:
        assert not options, "a what-if audits from the first event"
        start, report.events, report.rulings = resume
    ruleset: Ruleset | None = load(start.ruleset) if start is not None else None
    #: the ruling as it stands, of the event being walked (what the log's own fold folds)
    standing: list[Event | None] = [None]
    #: whether the audit's fold has left the log's (a ruling decided otherwise, a what-if)
    diverged = [bool(options)]

    def decided(state: CampaignState, record: Recorded, payload: Event) -> Event | None:
        """The event the rules give now for `record` (None: they refuse it); `payload` is
        the ruling as it stands (amended by a re-rule, or as recorded)."""
        standing[0] = payload
        found_event = _decided(state, record, payload)
        if found_event is not payload and (found_event is None or found_event != payload):
            diverged[0] = True
        return found_event

    def _decided(state: CampaignState, record: Recorded, payload: Event) -> Event | None:
        if options and isinstance(payload, CampaignCreated):
            return msgspec.structs.replace(payload, options={**payload.options, **options})
        command = None if ruleset is None else command_of(payload, ruleset)
        if ruleset is None or command is None:
            return payload
        report.rulings += 1
        for purpose, roll in (getattr(payload, "dice", None) or {}).items():
            if getattr(roll, "source", None) == UNUSED:
                report.unused.append((record.seq, purpose, tuple(roll.faces)))
        found = redecide(state, record.seq, payload, command, ruleset, audit_box)
        event = found.event
        if event is None:
            why = found.refusal or f"they now give {', '.join(found.produced) or 'nothing'}"
            field_name, value = (
                ("(ruling)", "refused") if found.refusal else ("(type)", list(found.produced))
            )
            difference = Difference(
                record.seq,
                record.type,
                field_name,
                "accepted" if found.refusal else record.type,
                value,
                found.refusal,
            )
            recorded_line = describe_payload(payload, ruleset)
            report.findings.append(
                Divergence(record.seq, recorded_line, f"refused: {why}", [difference])
            )
            return None
        if payload == event:  # equal payloads have no field that differs: the usual case
            return payload  # the very ruling the log folds: `decided` compares it no more
        differences = _compare(record.seq, record.type, to_data(payload), to_data(event))
        if found.rolled:
            rolls = ", ".join(f"{r.purpose} {','.join(map(str, r.faces))}" for r in found.rolled)
            first = found.rolled[0].purpose
            note = f"(the log recorded no {first} roll; the audit rolled {rolls} to go on)"
            for difference in differences:
                difference.why = f"{difference.why} {note}".strip()
        if differences:
            # the lines are worded only for a finding (most rulings have none)
            ruled = describe_payload(event, ruleset)
            wording = bool(options) and all(d.field in ruleset.wording for d in differences)
            report.findings.append(
                Divergence(
                    record.seq, describe_payload(payload, ruleset), ruled, differences, wording
                )
            )
        return event

    watch: Watch | None = None
    if ruleset is not None:
        watch = Watch((*CORE_INVARIANTS, *ruleset.invariants))
    #: the log's own fold, once the audit's has left it (None: the same)
    logged: CampaignState | None = None
    for step in steps(records, corrections, start, substitute=decided):
        report.events += 1
        if ruleset is None and step.after.ruleset:
            ruleset = load(step.after.ruleset)
            watch = Watch((*CORE_INVARIANTS, *ruleset.invariants))
        payload, standing[0] = standing[0], None  # None: voided, the log folds nothing
        if diverged[0] or logged is not None:
            base = logged if logged is not None else step.before
            if payload is None:
                logged = changed(base, seq=step.record.seq)
            else:
                logged = apply(base, payload, meta_of(step.record), ruleset)
        if watch is not None:
            watch.see(step.record.seq, logged if logged is not None else step.after)
    report.breaches = watch.found if watch is not None else []
    return report


def parse_options(ruleset: Ruleset, pairs: Mapping[str, str]) -> dict[str, OptionValue]:
    """`--option K=V` for a what-if audit, checked like the campaign's own options."""
    parsed: dict[str, OptionValue] = {}
    for key, raw in pairs.items():
        if key not in ruleset.option_defaults:
            known = ", ".join(sorted(ruleset.option_defaults)) or "none"
            raise RuleError(f"{ruleset.name} has no option {key!r} (options: {known})")
        parsed[key] = ruleset.parse_option(key, raw)
    return parsed
