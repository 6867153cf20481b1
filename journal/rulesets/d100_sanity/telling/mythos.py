"""How Mythos gained reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.plugin.telling import ARROW, describe_terms
from journal.rulesets.d100_sanity.rules.mythos import MythosGained
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES
from journal.rulesets.d100_sanity.telling.words import change


@LINES.on(MythosGained)
def _line(p: MythosGained) -> str:
    text = (
        f"{p.character} gains {p.amount} {p.skill} ({p.mythos} {ARROW} {p.mythos_after}): "
        f"maximum SAN {p.san_max} {ARROW} {p.san_max_after}"
    )
    if p.total:
        text += f"; {describe_terms(p.terms, p.total)}: {change(p.san, p.san_after)}"
    if p.broke:
        text += (
            f"; breaking point {p.breaking_point} reached: now {p.breaking_point_after}, a disorder"
        )
    return f"{text}: {p.reason}"


@SENTENCES.on(MythosGained)
def _sentence(p: MythosGained, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    if p.hidden:
        return f"{p.character} learns more of the {p.skill}: {p.reason}"
    return (
        f"{p.character} gains {p.amount} {p.skill}: maximum SAN {p.san_max_after}"
        + (f", {change(p.san, p.san_after)}" if p.total else "")
        + f": {p.reason}"
    )
