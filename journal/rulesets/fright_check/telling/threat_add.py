"""How a threat described reads: for the GM what it carries; players learn of a threat
when they face it."""

from __future__ import annotations

from journal.rulesets.fright_check.rules.threat_add import ThreatAdded
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


def carried(p: ThreatAdded) -> str:
    """`kind ghoul, monster -4`, or `no modifiers of its own`."""
    parts = [] if p.kind is None else [f"kind {p.kind}"]
    if p.monster is not None:
        parts.append(f"monster {p.monster:+d}")
    if p.count is not None:
        parts.append(f"a horde of {p.count}")
    if p.body is not None:
        parts.append(f"body {p.body}" + (f" ({p.mutilation})" if p.mutilation else ""))
    return ", ".join(parts) or "no modifiers of its own"


@LINES.on(ThreatAdded)
def _added(p: ThreatAdded) -> str:
    named = f' (players read "{p.name}")' if p.name else ""
    return f"Threat {p.threat}{named}: {carried(p)}; later checks against it inherit them"


@SENTENCES.on(ThreatAdded)
def _added_told(p: ThreatAdded, gm: bool) -> str | None:
    return LINES.line(p) if gm else None
