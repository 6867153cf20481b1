"""How a scenario's end reads: its log line and its handout sentence (the awards)."""

from __future__ import annotations

from journal.plugin.telling import describe_terms
from journal.rulesets.d100_sanity.rules.scenario_end import ScenarioEnded
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES
from journal.rulesets.d100_sanity.telling.words import change


def _awards(p: ScenarioEnded, gm: bool) -> str:
    if not p.awards:
        return ""
    if gm:
        each = [
            f"{g.character} {describe_terms(g.terms, g.total)}: {change(g.san, g.san_after)}"
            for g in p.awards
        ]
        return f"; SAN awarded ({p.award}): " + "; ".join(each)
    if p.hidden:
        return f"; {', '.join(g.character for g in p.awards)} regain SAN"
    each = [f"{g.character} +{g.total} ({change(g.san, g.san_after)})" for g in p.awards]
    return "; SAN regained: " + "; ".join(each)


LINES.on(ScenarioEnded)(lambda p: f"Scenario {p.title!r} ends{_awards(p, True)}")
SENTENCES.on(ScenarioEnded)(lambda p, gm: f"The scenario {p.title!r} ends{_awards(p, gm)}")
