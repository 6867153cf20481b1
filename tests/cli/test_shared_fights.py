"""The fight commands both rulesets share, written once (`journal.cli.fights`): each
ruleset's `encounter join` and `encounter leave` record its own command, in its own
words; `rest NAME ... --all` is refused alike, each ruleset adding its own hint."""

from __future__ import annotations

import pytest
from support.cli import Cli, count_events

HF = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")
FC = ("--will", "10", "--ht", "10", "--iq", "11")
CASES = {
    "horror-factor": (HF, ("--hf", "3"), "EncounterJoined", "EncounterLeft"),
    "fright-check": (FC, (), "CombatJoined", "CombatLeft"),
}


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_join_and_leave_record_each_rulesets_own_events(runner: Cli, ruleset: str) -> None:
    sheet, start, joined, left = CASES[ruleset]
    runner("campaign", "new", "night", "--ruleset", ruleset)
    for name in ("Mara", "Eli"):
        runner("character", "add", name, *sheet)
    runner("encounter", "start", "Cellar", *start, "--cast", "Mara")
    came = runner("encounter", "join", "Eli", "--json").stdout
    assert f'"type": "{joined}"' in came
    gone = runner("encounter", "leave", "Eli", "--reason", "ran for the stairs", "--json")
    assert f'"type": "{left}"' in gone.stdout and "ran for the stairs" in gone.stdout
    before = count_events(runner.db)
    refused = runner.refused("encounter", "leave", "Nobody", "--reason", "gone")
    assert refused.stderr.startswith("Error: ") and "Traceback" not in refused.output
    assert count_events(runner.db) == before
    usage = runner.refused("encounter", "leave", "Eli", exit_code=2)
    assert "Missing option '--reason'" in usage.stderr


@pytest.mark.parametrize(
    ("ruleset", "said"),
    [
        ("horror-factor", "Error: give NAME ... or --all, not both: `rest --all` rests "
         "everyone, `rest Mara` only them\n"),
        ("fright-check", "Error: give NAME ... or --all, not both\n"),
    ],
)
def test_rest_refuses_names_and_all_in_each_rulesets_words(
    runner: Cli, ruleset: str, said: str
) -> None:
    runner("campaign", "new", "night", "--ruleset", ruleset)
    runner("character", "add", "Mara", *CASES[ruleset][0])
    before = count_events(runner.db)
    refused = runner.refused("rest", "Mara", "--all")
    assert refused.stderr == said
    assert count_events(runner.db) == before
