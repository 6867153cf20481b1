"""Re-rule, void --rerule and undo through the CLI: corrections that keep the rules true.

The issue's own example: Sgt Okafor (professional training, cap 5) has Hardness 5; an
exceptional-failure Horror Check costs him a level (4); a later do-or-die gives it back (5).
Void the check and the do-or-die still adds its recorded +1: 6 of 5. The re-rule decides
the do-or-die again against the corrected past: no gain at the cap, 5 of 5.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import corrections_examples
from support.cli import Cli, count_events


@pytest.fixture
def okafor(runner: Cli) -> Cli:
    return corrections_examples.okafor(runner)


def hardness(gm: Cli) -> int:
    return int(gm.json("status")["characters"]["Okafor"]["hardness"])


def test_a_void_leaves_a_ruling_that_no_longer_follows_and_says_so(okafor: Cli) -> None:
    result = okafor("void", "6", "--reason", "the check never happened")
    assert "1 later ruling(s) no longer follow (#8): `journal rerule`" in result.stderr
    assert hardness(okafor) == 6  # the recorded +1 still lands: 6 of 5
    assert okafor("audit", ok=False).exit_code == 1


def test_rerule_decides_the_later_rulings_again(okafor: Cli) -> None:
    okafor("void", "6", "--reason", "the check never happened")
    result = okafor("rerule", "--yes")
    ends = "Encounter 'Second' ends after 1 turn(s): Okafor:"
    capped = (
        "no gain: Hardness 5 is already at or above the cap 5 for professional training "
        "(only an award goes further)"
    )
    # the plan, each ruling as it stood and as the rules give it now, then what it recorded
    assert result.stdout.splitlines()[:3] == [
        "1 ruling no longer follows:",
        f"  #8 {ends} hardened: Hardness 4 to 5",
        f"      now: {ends} {capped}",
    ]
    assert (
        "#10 Re-rules #8 (re-ruled after the corrections): Encounter 'Second' ends after 1 "
        "turn(s): Okafor: no gain" in result.stdout
    )
    assert hardness(okafor) == 5
    assert okafor.json("audit")["differences"] == []
    assert "[amended by #10]" in okafor("log").stdout
    # what the re-rule recorded is an event, voidable like any other
    okafor("void", "10", "--reason", "undo the re-rule")
    assert hardness(okafor) == 6


def test_void_and_rerule_in_one_breath(okafor: Cli) -> None:
    before = count_events(okafor.db)
    lines = okafor("void", "6", "--reason", "never happened", "--rerule").stdout.splitlines()
    assert lines[0] == "#9 Voids #6 (Okafor's Horror Check +1/-9): never happened"
    assert lines[1].startswith("#10 Re-rules #8 (re-ruled after the void of #6): ")
    assert count_events(okafor.db) == before + 2
    assert hardness(okafor) == 5 and okafor.json("audit")["differences"] == []


def test_rerule_with_nothing_to_do_writes_nothing(okafor: Cli) -> None:
    before = count_events(okafor.db)
    assert "nothing to re-rule" in okafor("rerule", "--yes").stdout
    assert count_events(okafor.db) == before


def test_rerule_off_a_terminal_needs_yes(okafor: Cli) -> None:
    okafor("void", "6", "--reason", "never happened")
    before = count_events(okafor.db)
    assert "Add --yes to confirm (nothing was written)" in okafor.refused("rerule").stderr
    assert count_events(okafor.db) == before


def test_a_ruling_the_rules_now_refuse_is_voided_and_listed(runner: Cli) -> None:
    """An initiative in an encounter whose start was voided."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some")  # fmt: skip
    runner("encounter", "start", "Horde", "--hf", "horde", "--cast", "Linda")  # 3
    runner("initiative", "Linda", "--dice", "+3/-5")  # 4
    out = runner("void", "3", "--reason", "no horde after all", "--rerule").stdout
    assert (
        "#6 Voids #4 (Linda's initiative +3/-5): re-ruled after the void of #3: the rules now "
        "refuse" in out
    )
    assert runner.json("audit")["differences"] == []
    assert runner.json("status")["characters"]["Linda"]["encounter"] is None


def test_the_plan_shows_a_refused_ruling_as_it_stood_and_why_it_is_voided(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some")  # fmt: skip
    runner("encounter", "start", "Horde", "--hf", "horde", "--cast", "Linda")  # 3
    runner("initiative", "Linda", "--dice", "+3/-5")  # 4
    runner("void", "3", "--reason", "no horde after all")  # 5
    refused = (
        "no encounter is running, so you cannot roll initiative: start one with "
        "`journal encounter start`"
    )
    assert runner("rerule", "--yes").stdout.splitlines() == [
        "1 ruling no longer follows:",
        "  #4 Linda rolls initiative +3/-5: Reaction 12, HF 6 - Hardness 2 -4, +d10 +3, "
        "-d10 -5 = 6 (acts; penalty -4)",
        f"      now: voided: {refused}",
        "#6 Voids #4 (Linda's initiative +3/-5): re-ruled after the corrections: the rules "
        f"now refuse it ({refused})",
    ]


def test_a_check_that_now_fails_rolls_its_table_dice_at_the_rerule(
    runner: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GURPS: voiding the heat of battle makes a made check fail; the table's 3d6 are
    rolled at the re-rule and recorded as rolled (seeded here)."""
    monkeypatch.setenv("JOURNAL_DICE_SEED", "7")
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Mara", "--will", "10", "--ht", "11", "--iq", "12")
    runner("encounter", "start", "Brawl", "--cast", "Mara")  # 3: heat of battle +5
    made = runner.json(
        "fright", "Mara", "--threat", "ghoul-1", "--monster", "-4", "--dice", "3,3,4"
    )
    assert made["success"] is True  # Will 10, monster -4, heat of battle +5: 11; rolled 10
    runner("void", "3", "--reason", "there was no fight", "--rerule")
    amended = [e for e in runner.json("log") if e["type"] == "RulingAmended"]
    assert len(amended) == 1
    data = amended[0]["data"]["data"]
    assert data["success"] is False and data["table_roll"] is not None
    assert data["dice"]["table"]["source"] == "seeded"
    assert data["dice"]["table"]["faces"] == [3, 5, 2]  # seeded by the seed and the ruling
    assert runner.json("audit")["differences"] == []


def test_undo_voids_the_last_event_after_showing_it(okafor: Cli) -> None:
    result = okafor("undo", "--yes")
    assert result.stdout.startswith("The last event: #8 Encounter 'Second' ends")
    assert "#9 Voids #8 (the end of encounter 'Second'): undone at the table" in result.stdout
    assert hardness(okafor) == 4
    assert okafor.json("status")["characters"]["Okafor"]["encounter"] is not None  # re-opened


def test_undo_off_a_terminal_needs_yes_and_writes_nothing(okafor: Cli) -> None:
    before = count_events(okafor.db)
    refused = okafor.refused("undo").stderr
    # issue 22: the refusal says what it would void, not only that --yes is needed
    assert refused.startswith("Error: Void #8 (the end of encounter 'Second')? Add --yes")
    assert count_events(okafor.db) == before


def test_undo_skips_corrections_and_what_is_already_voided(okafor: Cli) -> None:
    okafor("void", "8", "--reason", "not yet")
    okafor("undo", "--yes")  # the last event entered that still counts: #7
    assert okafor.json("status")["characters"]["Okafor"]["encounter"] is None
    log = okafor.json("log")
    assert [e["data"]["seq"] for e in log if e["type"] == "EventVoided"] == [8, 7]


def test_nothing_to_undo(runner: Cli) -> None:
    runner("campaign", "new", "quiet", "--ruleset", "horror-factor")
    assert "nothing to undo" in runner.refused("undo", "--yes").stderr


def test_a_refusal_under_json_is_a_json_document(okafor: Cli) -> None:
    result = okafor("void", "99", "--reason", "x", "--json", ok=False)
    assert result.exit_code == 1
    document = json.loads(result.stderr)
    assert document["exit_code"] == 1 and "no event 99" in document["error"]


def test_an_exported_log_with_corrections_imports_to_the_same_numbers(
    okafor: Cli, tmp_path: Path
) -> None:
    """The import folds events as they come and keeps no snapshot of that fold when the log
    holds corrections: the copy reads the voids and the amended ruling like the original."""
    okafor("void", "6", "--reason", "never happened", "--rerule")
    exported = tmp_path / "unit.jsonl"
    exported.write_text(okafor("export").stdout, encoding="utf-8")
    copy = Cli(okafor.runner, str(tmp_path / "copy.db"))
    copy("import", str(exported))
    assert hardness(copy) == hardness(okafor) == 5
    assert copy.json("status") == okafor.json("status")
    assert copy.json("audit")["differences"] == []
