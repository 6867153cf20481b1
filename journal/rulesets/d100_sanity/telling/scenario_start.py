"""How a scenario's start reads: its log line and its handout sentence."""

from __future__ import annotations

from journal.rulesets.d100_sanity.rules.scenario_start import ScenarioStarted
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES

LINES.on(ScenarioStarted)(lambda p: f"Scenario {p.title!r} starts")
SENTENCES.on(ScenarioStarted)(lambda p, gm: f"The scenario {p.title!r} begins")
