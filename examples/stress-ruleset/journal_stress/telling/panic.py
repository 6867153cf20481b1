"""How a panic roll reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.plugin.telling import describe_terms
from journal_stress.rules.panic import HOLD, PanicRolled
from journal_stress.telling.tables import LINES, SENTENCES

LINES.on(PanicRolled)(
    lambda p: (
        f"{p.character} rolls for panic: {describe_terms(p.terms, p.total)} vs {HOLD}: "
        + ("panics, stress +1" if p.panicked else "holds")
    )
)
SENTENCES.on(PanicRolled)(
    lambda p, gm: f"{p.character} {'panics' if p.panicked else 'holds their nerve'}"
)
