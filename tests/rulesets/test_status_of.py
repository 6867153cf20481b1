"""`Ruleset.status_of(state, name)`, what an arc asks at every change: one character's
numbers, exactly their entry of `status(state)`, at every step of both worked campaigns
(voids and amendments folded as the log has them); None for a name nobody holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import CAMPAIGNS, WORKED_EXAMPLE
from support.api import service_of
from support.cli import Cli

import journal
from journal.projection import steps


@pytest.mark.parametrize("log", [WORKED_EXAMPLE, CAMPAIGNS / "morgue" / "log.jsonl"],
                         ids=lambda p: p.parent.name)  # fmt: skip
def test_one_characters_status_is_their_entry_of_everyones(
    log: Path, runner: Cli, tmp_path: Path
) -> None:
    runner("import", str(log))
    with journal.open(runner.db) as night:
        campaign = service_of(night)
        ruleset = campaign.ruleset
        compared = 0
        for step in steps(campaign.records(), campaign.corrections()):
            if not step.after.ruleset:
                continue
            everyone = ruleset.status(step.after)
            for name in step.after.characters:
                assert ruleset.status_of(step.after, name) == everyone.get(name), (
                    step.record.seq,
                    name,
                )
                compared += 1
            assert ruleset.status_of(step.after, "Nobody By That Name") is None
    assert compared > 50  # every character at every step: the campaign is walked
