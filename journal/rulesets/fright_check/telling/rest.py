"""How a night's rest reads: FP back and the conditions it ended."""

from __future__ import annotations

from journal.plugin.telling import ARROW
from journal.rulesets.fright_check.rules.rest import RestRecorded
from journal.rulesets.fright_check.rules.words import condition_name
from journal.rulesets.fright_check.telling.tables import LINES, SENTENCES


@LINES.on(RestRecorded)
def _rested(p: RestRecorded) -> str:
    parts = []
    for c in p.changes:
        over = ", ".join(f"{condition_name(e.kind)} from #{e.seq} over" for e in c.ended)
        if c.after == c.before and not over:
            continue  # nothing changed for them: the line lists what did
        fp = f" FP {c.before}->{c.after}/{c.max}" if c.after != c.before else ""
        parts.append(f"{c.character}{fp}" + (f" ({over})" if over else ""))
    unchanged = len(p.changes) - len(parts)
    if not parts:
        names = ", ".join(c.character for c in p.changes)
        return f"A night's rest for {names}: nothing to recover (FP full, no condition to end)"
    return (
        "A night's rest: "
        + "; ".join(parts)
        + (f" ({unchanged} had nothing to recover)" if unchanged else "")
    )


@SENTENCES.on(RestRecorded)
def _rested_told(p: RestRecorded, gm: bool) -> str:
    """What the rest did, for whom: FP back, conditions over; who had nothing to recover
    is named once at the end (a rest that did nothing says so)."""
    parts, idle = [], []
    for c in p.changes:
        text = c.character
        if c.after != c.before:
            text += f" FP {c.before} {ARROW} {c.after} of {c.max}"
        kinds = dict.fromkeys(condition_name(e.kind) for e in c.ended)
        if kinds:
            text += f", over: {', '.join(kinds)}"
        if text == c.character:
            idle.append(c.character)
        else:
            parts.append(text)
    if not parts:
        return f"A night's rest for {_listed(idle)}: nothing to recover"
    nothing = f" ({_listed(idle)}: nothing to recover)" if idle else ""
    return "A night's rest: " + "; ".join(parts) + nothing


def _listed(names: list[str]) -> str:
    """`Mara`, `Mara and Cole`, `Mara, Cole and Priya`."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
