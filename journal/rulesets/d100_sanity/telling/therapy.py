"""How a month's therapy or self-help reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.plugin.telling import describe_terms
from journal.rulesets.d100_sanity.rules.therapy import TherapyRecorded
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES
from journal.rulesets.d100_sanity.telling.words import change


def _faces(p: TherapyRecorded) -> str:
    rolled = p.dice.get("therapy")
    return "" if rolled is None else " (dice " + ",".join(map(str, rolled.faces)) + ")"


@LINES.on(TherapyRecorded)
def _line(p: TherapyRecorded) -> str:
    reason = f": {p.reason}" if p.reason else ""
    return (
        f"{p.character}'s month of {p.how}{_faces(p)}: {describe_terms(p.terms, p.total)}: "
        f"{change(p.san, p.san_after)}{reason}"
    )


@SENTENCES.on(TherapyRecorded)
def _sentence(p: TherapyRecorded, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    went = "helps" if p.total > 0 else "does not help" if p.total == 0 else "goes badly"
    if p.hidden or p.total == 0:
        return f"{p.character}'s month of {p.how} {went}"
    return f"{p.character}'s month of {p.how} {went}: {change(p.san, p.san_after)}"
