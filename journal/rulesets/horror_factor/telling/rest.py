"""How a rest reads: whose Willpower it restored, and who was full already."""

from __future__ import annotations

from journal.plugin.telling import ARROW
from journal.rulesets.horror_factor.rules.rest import Rested
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


@LINES.on(Rested)
def _rested(payload: Rested) -> str:
    kind = "a major victory" if payload.victory else "rest"
    amount = "" if payload.points is None else f" (+{payload.points})"
    moved = [c for c in payload.changes if c.after != c.before]
    wp = ", ".join(f"{c.character} {c.before}->{c.after}/{c.max}" for c in moved)
    full = len(payload.changes) - len(moved)
    if not moved:
        names = ", ".join(c.character for c in payload.changes)
        return f"Willpower restored by {kind}{amount}: nobody needed it ({names} already full)"
    return f"Willpower restored by {kind}{amount}: {wp}" + (
        f" ({full} already full)" if full else ""
    )


@SENTENCES.on(Rested)
def _rested_told(payload: Rested, gm: bool) -> str:
    kind = "a major victory" if payload.victory else "rest"
    wp = ", ".join(
        f"{c.character} {c.before} {ARROW} {c.after} of {c.max}"
        for c in payload.changes
        if c.after != c.before
    )
    if not wp:
        return f"{kind.capitalize()}: everyone's Willpower was already full"
    return f"Willpower restored by {kind}: {wp}"
