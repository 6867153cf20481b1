"""How SAN awarded reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.plugin.telling import describe_terms
from journal.rulesets.d100_sanity.rules.award import SanAwarded
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES
from journal.rulesets.d100_sanity.telling.words import change


@LINES.on(SanAwarded)
def _line(p: SanAwarded) -> str:
    what = f"{p.skill} raised to 90, 2d6" if p.skill else p.amount
    return (
        f"{p.character} is awarded SAN ({what}): {describe_terms(p.terms, p.total)}: "
        f"{change(p.san, p.san_after)}: {p.reason}"
    )


@SENTENCES.on(SanAwarded)
def _sentence(p: SanAwarded, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    if p.hidden:
        return f"{p.character} regains SAN: {p.reason}"
    return f"{p.character} regains {p.total} SAN ({change(p.san, p.san_after)}): {p.reason}"
