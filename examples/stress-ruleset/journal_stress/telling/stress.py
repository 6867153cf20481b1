"""How a change of stress reads: its log line and its handout sentence."""

from __future__ import annotations

from journal_stress.rules.stress import StressChanged
from journal_stress.telling.tables import LINES, SENTENCES

LINES.on(StressChanged)(
    lambda p: f"{p.character}'s stress {p.before}->{p.after} ({p.amount:+d}): {p.reason}"
)
SENTENCES.on(StressChanged)(
    lambda p, gm: (
        f"{p.character}'s stress {'rises' if p.after > p.before else 'eases'} "
        f"to {p.after}: {p.reason}"
    )
)
