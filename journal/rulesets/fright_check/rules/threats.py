"""Threats as things (issue 41, E3): a threat remembers what players read for it, its kind
and the modifiers that are its own (a monster's -1 to -10, a horde's count, a body's
state), from `threat add` or from the first check against it. A later check against it
inherits each one the GM does not give; one the GM gives overrides it for that check
alone. The check records which it inherited (`from_threat`) and which the GM gave
(`given`), so the audit decides it again the same way; a check an older journal recorded
gave every one (`given` None) and inherits nothing when decided again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from msgspec.structs import replace

from journal.plugin.rules import CampaignState, changed
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.modifiers import BODIES, horde
from journal.rulesets.fright_check.rules.state import FrightState, ThreatRecord

#: what a check may inherit from its threat, and what it is when neither gives it
INHERITED: Mapping[str, object] = {
    "kind": None,
    "monster": 0,
    "count": None,
    "body": None,
    "mutilation": 0,
}


class Inheriting(Protocol):
    """A check's command as far as its threat goes (`fright.FrightCheck`)."""

    @property
    def threat(self) -> str: ...
    @property
    def given(self) -> tuple[str, ...] | None: ...
    @property
    def from_threat(self) -> tuple[str, ...]: ...
    @property
    def inherits(self) -> bool: ...


C = TypeVar("C", bound=Inheriting)


def threat_id(text: str) -> str:
    return " ".join(text.split())


def remembered(state: CampaignState, threat: str) -> ThreatRecord | None:
    return rules_of(state).threats.get(threat_id(threat))


def given_of(command: Inheriting) -> tuple[str, ...]:
    """The inputs the GM gave: those recorded as given (`given`) and each one that is not
    None (an amendment's)."""
    given = set(command.given or ())
    given |= {f for f in INHERITED if getattr(command, f) is not None}
    if given & {"body", "mutilation"}:  # one body: the GM's, mutilated or not
        given |= {"body", "mutilation"}
    return tuple(f for f in INHERITED if f in given)


def inherit(state: CampaignState, command: C) -> C:
    """The command with what its threat remembers in each input the GM did not give (the
    neutral value where the threat has none either), its `given` filled in, and the
    inputs it took from the threat as its `from_threat`."""
    if not command.inherits:  # an older journal's check, decided again as it was
        return command
    given = given_of(command)
    record = remembered(state, command.threat)
    values: dict[str, object] = {}
    taken: list[str] = []
    for field, neutral in INHERITED.items():
        if field in given:
            continue
        kept = getattr(record, field) if record is not None else None
        values[field] = neutral if kept is None else kept
        if kept is not None:
            taken.append(field)
    return replace(command, given=given, from_threat=tuple(taken), **values)  # type: ignore[type-var]


def remember(rules: FrightState, threat: str, seq: int, found: Mapping[str, object]) -> FrightState:
    """The threat as a check described it: a new one takes what the check gave (its first
    check's modifiers, kept); a known one keeps its own and takes only what it lacked."""
    found = {k: v for k, v in found.items() if v not in (None, 0)}
    record = rules.threats.get(threat)
    if record is None:
        record = ThreatRecord(threat, seq, **found)  # type: ignore[arg-type]
    else:
        missing = {k: v for k, v in found.items() if getattr(record, k) is None}
        if not missing:
            return rules
        record = changed(record, **missing)
    return changed(rules, threats={**rules.threats, threat: record})


def modifiers_of(record: ThreatRecord) -> list[tuple[str, int | str]]:
    """What a threat carries, in words: `monster -4`, `horde of 12`, `body violent`."""
    found: list[tuple[str, int | str]] = []
    if record.monster is not None:
        found.append(("monster", record.monster))
    if record.count is not None:
        found.append(("horde of", record.count))
    if record.body is not None:
        found.append(("body", record.body))
    if record.mutilation is not None:
        found.append(("mutilated", record.mutilation))
    return found


def threat_terms(record: ThreatRecord) -> list[tuple[str, int]]:
    """What a threat gives a check against it, as terms (`threat list`): `monster -4`,
    `horde of 12 (10+) -2`, `victim of violence 0`, `grisly mutilation (2) -2`."""
    found: list[tuple[str, int]] = []
    if record.monster is not None:
        found.append(("monster", record.monster))
    if record.count is not None:
        found.append((f"horde of {record.count}", horde(record.count)))
    if record.body is not None:
        value, label = BODIES[record.body]
        if record.body == "mutilated":
            value, label = -(record.mutilation or 0), f"{label} ({record.mutilation})"
        found.append((label, value))
    return found
