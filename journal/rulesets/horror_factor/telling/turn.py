"""How a turn reads: each participant's HF moved and why, and who rolled no initiative."""

from __future__ import annotations

from journal.rulesets.horror_factor.rules.turn import NO_ROLL, TurnAdvanced
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


def not_rolled(payload: TurnAdvanced) -> list[str]:
    """Who rolled no initiative in the turn that ended (read from the recorded terms)."""
    return [c.character for c in payload.changes if any(t[0] == NO_ROLL for t in c.terms)]


@LINES.on(TurnAdvanced)
def _turned(payload: TurnAdvanced) -> str:
    reasons = "; ".join(
        f"{c.character} {c.before}->{c.after} ({c.reason})" for c in payload.changes
    )
    missing = not_rolled(payload)
    rolled = f"; no initiative in turn {payload.turn - 1}: {', '.join(missing)}" if missing else ""
    return f"Turn {payload.turn}: HF {reasons}{rolled}"


SENTENCES.on(TurnAdvanced)(lambda payload, gm: None)  # in the encounter's table
