"""`journal threat add ID [--name TEXT] [--kind KIND] [--monster N] [--count N] [--body B]
[--mutilated N]`: a threat as a thing (issue 41, E3). Its modifiers are checked as a
check's are (`fright.normalize`); later checks against it inherit them (`threats`)."""

from __future__ import annotations

from journal.plugin.rules import (
    CampaignState,
    Command,
    Event,
    Meta,
    RuleError,
    changed,
    event,
    nobody,
)
from journal.rulesets.fright_check.rules.fright import FrightCheck, normalize
from journal.rulesets.fright_check.rules.lookup import rules_of
from journal.rulesets.fright_check.rules.state import FrightState, ThreatRecord
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.threats import modifiers_of, threat_id


class AddThreat(Command, frozen=True):
    """A threat (`ghoul-1`, `nurse`) the journal is to remember, with what players read
    for it, its kind and its own modifiers."""

    threat: str
    name: str | None = None
    kind: str | None = None
    monster: int | None = None
    count: int | None = None
    body: str | None = None
    mutilation: int | None = None


@event
class ThreatAdded(Event, frozen=True):
    """A threat described before it is faced: later checks against it inherit its kind and
    modifiers (each one a check gives overrides it for that check)."""

    threat: str
    name: str | None
    kind: str | None
    monster: int | None
    count: int | None
    body: str | None
    mutilation: int | None


def add_threat(state: CampaignState, command: AddThreat) -> ThreatAdded:
    threat = threat_id(command.threat)
    found = rules_of(state).threats.get(threat)
    if found is not None:
        carries = ", ".join(f"{k} {v}" for k, v in modifiers_of(found)) or "no modifiers"
        raise RuleError(
            f"{threat} is already a threat ({carries}; described at #{found.seq}): a check "
            "gives another modifier for itself, or void that event and add it anew"
        )
    checked = normalize(
        FrightCheck(
            "",
            threat,
            command.kind,
            monster=command.monster,
            count=command.count,
            body=command.body,
            mutilation=command.mutilation,
        )
    )
    name = " ".join((command.name or "").split()) or None
    if command.name is not None and name is None:
        raise RuleError("--name is what players read for the threat: give some words")
    return ThreatAdded(
        threat=checked.threat,
        name=name,
        kind=checked.kind,
        monster=checked.monster or None,
        count=checked.count,
        body=checked.body,
        mutilation=checked.mutilation or None,
    )


DECIDE.on(AddThreat)(lambda state, command, dice: [add_threat(state, command)])


@EVOLVE.on(ThreatAdded)
def _added(state: CampaignState, payload: ThreatAdded, meta: Meta) -> FrightState:
    rules = rules_of(state)
    record = ThreatRecord(
        payload.threat,
        meta.seq,
        payload.name,
        payload.kind,
        payload.monster,
        payload.count,
        payload.body,
        payload.mutilation,
        added=True,
    )
    names = dict(rules.threat_names)
    if payload.name is not None:
        names[payload.threat] = payload.name
    return changed(rules, threats={**rules.threats, payload.threat: record}, threat_names=names)


RECALL.on(ThreatAdded)(
    lambda p: AddThreat(p.threat, p.name, p.kind, p.monster, p.count, p.body, p.mutilation)
)
CONCERNS.on(ThreatAdded)(nobody)
