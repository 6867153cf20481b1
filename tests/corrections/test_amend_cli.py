"""`journal amend SEQ`: a ruling corrected where it stands, typed as a GM would.

The issue's case (a Horror Factor fight): Hobbs (Reaction 8, Hardness 0) faces HF 7. The GM
types `initiative Hobbs --dice +8/-1` (#16: 8 - 7 + 8 - 1 = 8, he acts), `drop Hobbs` (#17:
the first enemy, HF Hobbs 7->5, Linda 7->6) and `shift Hobbs hurt` (#18: 5->7). The die was
really +1/-8: `amend 16 --dice +1/-8 --reason "misread die"` decides #16 again in its place
(8 - 7 + 1 - 8 = -6: he cannot act, defense -6), voids the drop he could no longer make (the
re-rule's reason says why) and re-rules the hurt shift (7->9, it stands); the audit is clean.
"""

from __future__ import annotations

import pytest
from support import corrections_examples
from support.cli import Cli, count_events

REASON = "misread die"


@pytest.fixture
def hobbs(runner: Cli) -> Cli:
    corrections_examples.hobbs(runner, session=True, notes=True)
    assert runner("initiative", "Hobbs", "--dice", "+8/-1").stdout.startswith("#16 ")
    assert runner("drop", "Hobbs").stdout.startswith("#17 Hobbs drops the first enemy")
    assert runner("shift", "Hobbs", "hurt").stdout.startswith("#18 HF +2 for Hobbs: hurt")
    return runner


def hobbs_now(gm: Cli) -> dict[str, object]:
    fight = gm.json("status")["characters"]["Hobbs"]["encounter"]  # type: ignore[index]
    assert isinstance(fight, dict)
    return fight


def test_the_hobbs_case_amended_where_it_stands(hobbs: Cli) -> None:
    before = count_events(hobbs.db)
    out = hobbs("amend", "16", "--dice", "+1/-8", "--reason", REASON).stdout
    # what changed, listed as `rerule` lists it: the ruling, then those that followed
    assert out.startswith("Amending #16 changes it, and 2 later rulings with it:\n")
    assert "      now: Hobbs rolls initiative +1/-8: Reaction 8, HF 7 - Hardness 0 -7, " \
        "+d10 +1, -d10 -8 = -6 (cannot act, defense -6; penalty -7)" in out  # fmt: skip
    recorded = [line for line in out.splitlines() if line.startswith("#1") or line.startswith("#2")]
    assert recorded[-3:] == [
        "#19 Re-rules #16 (misread die): Hobbs rolls initiative +1/-8: Reaction 8, HF 7 - "
        "Hardness 0 -7, +d10 +1, -d10 -8 = -6 (cannot act, defense -6; penalty -7)",
        "#20 Voids #17 (Hobbs's drop of an enemy): re-ruled after the amendment of #16: the "
        "rules now refuse it (Hobbs froze this turn (initiative -6) and cannot act, so cannot "
        "drop an enemy: record the drop for whoever made it, or correct the initiative roll "
        "where it stands (`journal amend SEQ --dice +A/-B --reason ...`))",
        "#21 Re-rules #18 (re-ruled after the amendment of #16): HF +2 for Hobbs: hurt: Hobbs 7->9",
    ]
    assert count_events(hobbs.db) == before + 3  # one append: all of it
    fight = hobbs_now(hobbs)
    assert (fight["initiative"], fight["can_act"], fight["defense_penalty"]) == (-6, False, -6)
    assert fight["hf"] == 9  # the hurt shift stands, on HF 7 (no first drop any more)
    audit = hobbs.json("audit")
    assert audit["differences"] == [] and audit["invariants"] == []  # type: ignore[index]
    # the amendment's own reason is the GM's
    amendment = hobbs.json("log")[18]  # type: ignore[index]
    assert amendment["type"] == "RulingAmended" and amendment["data"]["reason"] == REASON


def test_amended_means_amended_in_log_explain_and_the_gms_recap(hobbs: Cli) -> None:
    hobbs("amend", "16", "--dice", "+1/-8", "--reason", REASON)
    log = hobbs("log").stdout.splitlines()
    line16 = next(line for line in log if line.startswith("#16 "))
    assert "+1/-8" in line16 and "= -6 (cannot act" in line16 and "= 8" not in line16
    assert line16.endswith("[amended by #19]")
    assert next(line for line in log if line.startswith("#17 ")).endswith("[voided]")
    assert hobbs.json("log")[15]["amended_by"] == 19  # type: ignore[index]

    explained = hobbs.json("explain", "Hobbs", "16")
    focus = explained["focus"]  # type: ignore[index]
    assert focus["terms"] == "Reaction 8, HF 7 - Hardness 0 -7, +d10 +1, -d10 -8 = -6"
    assert focus["dice"] == {"initiative": {"faces": [1, 8], "source": "entered"}}
    assert focus["amended_by"] == 19
    text = hobbs("explain", "Hobbs", "16").stdout
    assert "Event #16: Hobbs rolls initiative +1/-8" in text and "[amended by #19]" in text
    assert "-d10 -1" not in text  # never the original terms beside the amended number
    assert "[voided by #20]" in hobbs("explain", "Hobbs", "17").stdout

    recap = hobbs("recap", "--for", "gm").stdout
    row = next(line for line in recap.splitlines() if line.startswith("| **Hobbs**"))
    assert "| -6 | **froze** |" in row
    assert "+1/-8: Reaction 8, HF 7 - Hardness 0 -7, +d10 +1, -d10 -8 = -6 (amended by #19)" in row
    assert "= 8" not in row
    html = hobbs("recap", "--for", "gm", "--format", "html").stdout
    assert "amended by #19" in html and "-d10 -1" not in html
    players = hobbs("recap").stdout
    assert "amended by" not in players and "+1/-8" not in players  # no dice for players


def test_a_horror_checks_hf_is_amended_and_what_follows_re_ruled(runner: Cli) -> None:
    runner("campaign", "new", "hf", "--ruleset", "horror-factor")
    runner("character", "add", "Ann", "--reaction", "10", "--willpower", "10",
           "--hardness", "1", "--training", "some")  # fmt: skip
    # 10 + 1 - 3 + 5 - 4 = 9 vs 10: failed, broken 0 -> 1
    assert "= 9 vs 10: failed" in runner("check", "Ann", "--hf", "3", "--dice", "+5/-4").stdout
    runner("check", "Ann", "--hf", "2", "--dice", "+6/-1")  # 4: 14, passed: Hardness 1 -> 2
    # the horror was HF 1: 10 + 1 - 1 + 1 = 11, a pass: hardened 1 -> 2; then the second
    # check passes on Hardness 2, at the cap of 4: 2 -> 3
    out = runner("amend", "3", "--hf", "1", "--reason", "the GM said HF 1").stdout
    assert "#5 Re-rules #3 (the GM said HF 1): Ann makes a Horror Check +5/-4: Willpower " \
        "10, Hardness +1, HF (given) -1, +d10 +5, -d10 -4 = 11 vs 10: passed" in out  # fmt: skip
    assert "#6 Re-rules #4 (re-ruled after the amendment of #3):" in out
    ann = runner.json("status")["characters"]["Ann"]  # type: ignore[index]
    assert (ann["hardness"], ann["brokenness"]) == (3, 0)
    assert runner.json("audit")["differences"] == []  # type: ignore[index]


def test_a_fright_checks_modifiers_and_table_dice_are_amended(runner: Cli) -> None:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    # Will 10 in the dark (-1): 9; 3,3,3 = 9 succeeds, no table roll
    out = runner("fright", "Eli", "--threat", "ghoul-1", "--dark", "--dice", "3,3,3").stdout
    assert out.startswith("#3 ")
    # it was lit, and the dice read 6,6,5 (17, a critical failure): the table's dice now
    # needed are entered with it
    out = runner("amend", "3", "--dark", "no", "--dice", "6,6,5", "--dice", "table=1,1,1",
                 "--reason", "lit; misread").stdout  # fmt: skip
    assert "#4 Re-rules #3 (lit; misread):" in out
    checked = runner.json("log")[2]["data"]  # type: ignore[index]
    amended = runner.json("log")[3]["data"]["data"]  # type: ignore[index]
    assert checked["dark"] is True and amended["dark"] is False
    assert amended["dice"]["will"] == {"faces": [6, 6, 5], "source": "entered"}
    assert amended["dice"]["table"] == {"faces": [1, 1, 1], "source": "entered"}
    assert amended["success"] is False
    assert runner.json("audit")["differences"] == []  # type: ignore[index]


def test_dice_a_corrected_ruling_newly_needs_are_rolled_off_a_terminal(
    runner: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No terminal (a script): the table's 3d6 the amended check now needs are rolled,
    seeded here, and recorded as such."""
    monkeypatch.setenv("JOURNAL_DICE_SEED", "7")
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    runner("fright", "Eli", "--threat", "ghoul-1", "--dice", "3,3,3")
    runner("amend", "3", "--dice", "6,6,6", "--reason", "misread")
    amended = runner.json("log")[3]["data"]["data"]  # type: ignore[index]
    assert amended["dice"]["will"]["faces"] == [6, 6, 6]
    assert amended["dice"]["table"]["source"] == "seeded"
    # seeded by the seed and the ruling amended (#3): the same faces every run
    assert amended["dice"]["table"]["faces"] == [6, 1, 1]
    assert runner.json("audit")["differences"] == []  # type: ignore[index]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            ("99", "--dice", "+1/-8"),
            "there is no event 99 in campaign 'hf' (its events are 1 to 18); see `journal log`\n",
        ),
        (
            ("6", "--dice", "+1/-8"),
            "event 6 (NoteTaken) is not a ruling of the rules: it has no dice or inputs to "
            "amend (void it and enter it again: `journal void 6 --reason ...`)\n",
        ),
        (
            ("1", "--dice", "+1/-8"),
            "event 1 (CampaignCreated) is not a ruling of the rules: it has no dice or inputs "
            "to amend\n",
        ),
        (("5", "--dice", "+1/-8"), "#5 rolled no dice: there are none to correct"),
        (("17", "--dice", "+1/-8"), "#17 rolled no dice"),
        (("16", "--dice", "+1/-8/3"), "--dice needs 2 dice of 1-10, got 3: 1,8,3"),
        (("16", "--dice", "+11/-8"), "--dice: a d10 shows 1 to 10, not 11"),
        (("16", "--dice", "one/two"), "--dice 'one/two' are not dice: write the faces"),
        (("16", "--dice", "table=3,4,5"), "#16 so corrected rolls no dice for --dice table="),
        (
            ("16", "--dice", "table=3,4,5", "--dice", "panic=1"),
            "#16 so corrected rolls no dice for --dice table=, --dice panic=: leave them out\n",
        ),
        (("16", "--dice", "=3,4"), "--dice '=3,4': name the roll before '=', e.g. table=3,4,5\n"),
        (("16", "--dice", "+8/-1"), "#16 already reads so"),
        # the same roll twice, named or not: refused, never the last one taken (issue 47, T9)
        (
            ("16", "--dice", "initiative=+1/-2", "--dice", "initiative=+9/-9"),
            "--dice gives the initiative dice twice: give them once",
        ),
        (
            ("16", "--dice", "+1/-2", "--dice", "initiative=+9/-9"),
            "--dice gives the initiative dice twice: give them once",
        ),
        (
            ("16",),
            "say what to correct: --dice FACES (the dice as they really fell) or an input of "
            "the ruling (--hf, --outnumbered, --ambush, --creepy, --very-creepy, --category)\n",
        ),
        (("16", "--hf", "4"), "--hf corrects a Horror Check's or an encounter's HF; that"),
    ],
)
def test_refusals_write_nothing(hobbs: Cli, args: tuple[str, ...], error: str) -> None:
    before = count_events(hobbs.db)
    result = hobbs.refused("amend", *args, "--reason", REASON)
    assert result.stderr.startswith(f"Error: {error}"), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr  # one line
    assert count_events(hobbs.db) == before


def test_a_voided_event_or_a_correction_cannot_be_amended(hobbs: Cli) -> None:
    hobbs("void", "17", "--reason", "that drop was Linda's")  # 19
    hobbs("drop", "Linda")  # 20
    before = count_events(hobbs.db)
    refused = hobbs.refused("amend", "17", "--dice", "+1/-8", "--reason", REASON).stderr
    assert "event 17 was voided by #19: a voided event counts for nothing" in refused
    assert (
        "event 19 (EventVoided) is not a ruling"
        in hobbs.refused("amend", "19", "--dice", "1", "--reason", REASON).stderr
    )
    assert count_events(hobbs.db) == before
    hobbs("amend", "16", "--dice", "+1/-7", "--reason", REASON)  # 21: 8-7+1-7 = -5
    assert (
        "event 21 records a re-rule of #16: amend the ruling itself"
        in hobbs.refused("amend", "21", "--dice", "+1/-8", "--reason", REASON).stderr
    )
    # an amended ruling is amended again from where it stands
    hobbs("amend", "16", "--dice", "+1/-8", "--reason", "misread again")
    assert hobbs_now(hobbs)["initiative"] == -6


def test_usage_errors(hobbs: Cli) -> None:
    assert hobbs("amend", "16", "--dice", "+1/-8", ok=False).exit_code == 2  # --reason
    assert hobbs("amend", "0", "--dice", "+1/-8", "--reason", "r", ok=False).exit_code == 2
    blank = hobbs.refused("amend", "16", "--dice", "+1/-8", "--reason", "  ").stderr
    assert blank == 'Error: an amendment needs a reason: add --reason "..."\n'


def test_an_input_of_another_ruleset_is_refused_by_name(runner: Cli) -> None:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    runner("fright", "Eli", "--threat", "ghoul-1", "--dice", "3,3,3")
    refused = runner.refused("amend", "3", "--hf", "4", "--reason", "r").stderr
    assert "--hf belongs to horror-factor; this campaign plays fright-check" in refused


def test_amend_json_is_the_records_it_appended(hobbs: Cli) -> None:
    result = hobbs("amend", "16", "--dice", "+1/-8", "--reason", REASON, "--json")
    import json

    records = json.loads(result.stdout)
    assert [r["type"] for r in records] == ["RulingAmended", "EventVoided", "RulingAmended"]
    assert result.stderr.startswith("Amending #16 changes it")


def test_an_encounters_hf_is_amended_and_every_roll_re_ruled(hobbs: Cli) -> None:
    """The horde was HF 5 (a few weak creatures), not horde 6 + outnumbered: Hobbs's roll
    is 8 - 6 + 8 - 1 = 9, the drop and the shift stand on the new track."""
    out = hobbs("amend", "5", "--hf", "few-weak-creatures", "--reason", "fewer of them").stdout
    assert "#19 Re-rules #5 (fewer of them): Encounter 'Horde' starts for Hobbs, Linda: " \
        "HF few-weak-creatures 5, outnumbered +1 = 6" in out  # fmt: skip
    assert "#20 Re-rules #16 (re-ruled after the amendment of #5): Hobbs rolls initiative " \
        "+8/-1: Reaction 8, HF 6 - Hardness 0 -6" in out  # fmt: skip
    assert hobbs_now(hobbs)["initiative"] == 9
    assert hobbs.json("audit")["differences"] == []  # type: ignore[index]
    refused = hobbs.refused("amend", "5", "--hf", "dragons", "--reason", "r").stderr
    assert refused.startswith("Error: the rules refuse #5 so corrected: HF 'dragons' is neither")


def test_an_encounters_flags_and_category_are_amended(hobbs: Cli) -> None:
    """Issue 30, item 12: `amend` corrects an encounter's --outnumbered, --ambush,
    --creepy, --very-creepy and --category (yes/no, a category or none), every later
    ruling re-ruled on the corrected start."""
    out = hobbs("amend", "5", "--outnumbered", "no", "--reason", "they were not").stdout
    assert "Re-rules #5 (they were not): Encounter 'Horde' starts for Hobbs, Linda: " \
        "HF horde 6\n" in out  # fmt: skip
    assert hobbs_now(hobbs)["initiative"] == 9
    out = hobbs("amend", "5", "--very-creepy", "yes", "--ambush", "yes", "--category",
                "supernatural", "--reason", "the crypt").stdout  # fmt: skip
    assert "Re-rules #5 (the crypt): Encounter 'Horde' [supernatural] starts for Hobbs, " \
        "Linda: HF horde 6, very creepy +2, ambush (turn 1 only) +2 = 10" in out  # fmt: skip
    amended = [e for e in hobbs.json("log") if e["type"] == "RulingAmended"  # type: ignore[union-attr]
               and e["data"]["seq"] == 5][-1]  # fmt: skip
    assert (amended["data"]["data"]["creepy"], amended["data"]["data"]["category"]) == (
        2, "supernatural",
    )  # fmt: skip
    assert hobbs.json("audit")["differences"] == []  # type: ignore[index]


def test_an_encounters_inputs_refused_where_they_do_not_fit(hobbs: Cli) -> None:
    refused = hobbs.refused("amend", "16", "--ambush", "yes", "--reason", "r").stderr
    assert "--ambush corrects an encounter's start; that ruling is InitiativeRolled" in refused
    refused = hobbs.refused("amend", "5", "--ambush", "maybe", "--reason", "r").stderr
    assert "--ambush takes yes or no, not 'maybe'" in refused
    refused = hobbs.refused("amend", "5", "--creepy", "yes", "--very-creepy", "yes",
                            "--reason", "r").stderr  # fmt: skip
    assert "give --creepy or --very-creepy, not both" in refused


def test_a_ruleset_of_no_amendable_inputs_asks_for_dice_alone(runner: Cli) -> None:
    """The stress ruleset (examples/) amends a panic's d10 and no input: its refusal names
    none (the mutation run found this wording untested)."""
    runner("campaign", "new", "ward", "--ruleset", "stress")
    runner("character", "add", "Mina", "--nerve", "4")
    runner("panic", "Mina", "--dice", "3")  # 3
    refused = runner.refused("amend", "3", "--reason", REASON).stderr
    assert refused == "Error: say what to correct: --dice FACES (the dice as they really fell)\n"
