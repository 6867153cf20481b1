"""How a disorder gained reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.rulesets.d100_sanity.rules.disorder import DisorderGained
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES


def _kind(p: DisorderGained) -> str:
    return "" if p.kind == "other" else f" ({p.kind})"


@LINES.on(DisorderGained)
def _line(p: DisorderGained) -> str:
    why = f" for the breaking point of #{p.for_seq}" if p.for_seq is not None else " while insane"
    rolled = f" (table {p.table!r}, rolled {p.roll})" if p.table is not None else ""
    return f"{p.character} gains a disorder{why}: {p.name}{_kind(p)}{rolled}"


SENTENCES.on(DisorderGained)(lambda p, gm: f"{p.character} gains a disorder: {p.name}{_kind(p)}")
