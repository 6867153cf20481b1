"""d100 sanity's commands under one name (`from support import d100_commands as d100`), for
the properties that draw them."""

from __future__ import annotations

from journal.rulesets.d100_sanity.rules.adapt import RecordCost
from journal.rulesets.d100_sanity.rules.award import AwardSan
from journal.rulesets.d100_sanity.rules.bout import RecordBout
from journal.rulesets.d100_sanity.rules.disorder import GainDisorder
from journal.rulesets.d100_sanity.rules.lucid import EndInsanity
from journal.rulesets.d100_sanity.rules.mythos import GainMythos
from journal.rulesets.d100_sanity.rules.react import ChooseReaction
from journal.rulesets.d100_sanity.rules.sanity import Sanity
from journal.rulesets.d100_sanity.rules.scenario_end import EndScenario
from journal.rulesets.d100_sanity.rules.scenario_start import StartScenario
from journal.rulesets.d100_sanity.rules.therapy import TherapyRoll

__all__ = [
    "AwardSan",
    "ChooseReaction",
    "EndInsanity",
    "EndScenario",
    "GainDisorder",
    "GainMythos",
    "RecordBout",
    "RecordCost",
    "Sanity",
    "StartScenario",
    "TherapyRoll",
]
