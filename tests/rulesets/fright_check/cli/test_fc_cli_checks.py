"""`journal fright` through the CLI: its JSON document, the Rule of 14, criticals, entered
and seeded dice, Unfazeable characters, naming acquired traits with `journal trait`, and
what `status`, `explain` and `audit` show afterwards.

Mara: Will 10 + Fearlessness 2 + Combat Reflexes 2 = 14, so she rolls against 13.
Eli: Will 11 - Fearfulness 3 - Combat Paralysis 2 = 6; HT 10, IQ 13; five quirks and
Phobia (corpses) -15 at self-control 12 on his sheet. Ada is Unfazeable.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from support.cli import Cli  # `from conftest` at run time can meet another folder's conftest

DESIGN_KEYS = {
    "seq", "character", "made", "modifiers", "modified_will", "effective_will", "roll",
    "success", "critical", "margin", "table_roll", "row", "effects",
}  # fmt: skip
STATUS_KEYS = {
    "will", "ht", "iq", "quirks", "disadvantages", "pending", "points_lost", "ht_lost",
    "iq_lost", "checks",
}  # fmt: skip
QUIRKS = ("Hums", "Taps twice", "Collects keys", "Hates cats", "Whistles in the dark")


@pytest.fixture
def gm(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Mara", "--will", "10", "--ht", "11", "--iq", "12",
           "--trait", "Fearlessness=2", "--trait", "Combat Reflexes")  # fmt: skip
    quirks = [arg for quirk in QUIRKS for arg in ("--quirk", quirk)]
    runner("character", "add", "Eli", "--will", "11", "--ht", "10", "--iq", "13",
           "--trait", "Fearfulness=3", "--trait", "Combat Paralysis", *quirks,
           "--disadvantage", "Phobia (corpses)=-15/12")  # fmt: skip
    runner("character", "add", "Ada", "--will", "9", "--ht", "10", "--iq", "10",
           "--trait", "Unfazeable")  # fmt: skip
    return runner


def fright(gm: Cli, who: str, *args: str, threat: str = "corpse-1") -> dict[str, Any]:
    document = gm.json("fright", who, "--threat", threat, *args)
    assert isinstance(document, dict)
    return document


def status(gm: Cli) -> dict[str, Any]:
    document = gm.json("status")
    assert isinstance(document, dict)
    return document["characters"]  # type: ignore[no-any-return]


def kinds(document: dict[str, Any]) -> list[str]:
    return [e["kind"] for e in document["effects"]]


def test_fright_json_has_the_design_keys(gm: Cli) -> None:
    document = fright(gm, "Mara", "--body", "violent", "--dark", "--dice", "6,6,6",
                      "--table-dice", "1,1,3", "--effect-dice", "stun=4")  # fmt: skip
    assert set(document) >= DESIGN_KEYS
    assert document["character"] == "Mara" and document["made"] is True
    for modifier in document["modifiers"]:
        assert set(modifier) == {"label", "value", "source"}
        assert modifier["source"] in ("given", "derived")
        assert isinstance(modifier["value"], int)
    assert {(m["label"], m["value"], m["source"]) for m in document["modifiers"]} >= {
        ("Fearlessness 2", 2, "derived"),
        ("victim of violence", 0, "given"),
        ("dark", -1, "given"),
    }
    assert (document["modified_will"], document["effective_will"]) == (13, 13)
    assert (document["roll"], document["success"], document["critical"]) == (18, False, True)
    assert (document["margin"], document["table_roll"], document["row"]) == (-5, 5, 10)
    (stun,) = document["effects"]
    assert stun["kind"] == "stun"
    assert stun["duration"] == {"value": 4, "unit": "seconds", "dice": "1d", "faces": [4]}
    assert stun["recovery"] == {"against": "modified-will", "every": "second", "target": 13}
    assert document["dice"] == {
        "will": {"faces": [6, 6, 6], "source": "entered"},
        "table": {"faces": [1, 1, 3], "source": "entered"},
        "stun": {"faces": [4], "source": "entered"},
    }


def test_rule_of_14_through_the_cli(gm: Cli) -> None:
    """Will 14 (or 20) rolls against 13: 13 succeeds, 14 fails by 1."""
    made = fright(gm, "Mara", "--dice", "4,4,5")
    assert (made["modified_will"], made["effective_will"], made["success"], made["margin"]) == (
        14, 13, True, 0,
    )  # fmt: skip
    peaceful = fright(gm, "Mara", "--body", "peaceful", "--dice", "5,5,4", "--table-dice",
                      "1,1,2")  # fmt: skip
    assert (peaceful["modified_will"], peaceful["effective_will"]) == (20, 13)
    assert (peaceful["success"], peaceful["margin"], peaceful["row"]) == (False, -1, 5)
    text = gm("fright", "Mara", "--threat", "corpse-2", "--dice", "1,2,3").stdout
    assert "= 14 → 13 (Rule of 14); rolled 6 (1,2,3): success by 7" in text


def test_the_json_names_say_which_will_is_before_the_rule_of_14(gm: Cli) -> None:
    """Issue 30, item 13: `will_before_rule_of_14` (Will with every modifier) beside
    `will_after_rule_of_14` (what the roll must not exceed); the old keys stay the same."""
    peaceful = fright(gm, "Mara", "--body", "peaceful", "--dice", "5,5,4", "--table-dice",
                      "1,1,2")  # fmt: skip
    assert (peaceful["will_before_rule_of_14"], peaceful["will_after_rule_of_14"]) == (20, 13)
    assert (peaceful["modified_will"], peaceful["effective_will"]) == (20, 13)


CRITICALS = [
    # who, dice, success, critical, margin
    ("Mara", "1,1,2", True, True, 9),  # 4 always succeeds critically
    ("Eli", "1,1,1", True, True, 3),
    ("Mara", "4,4,4", True, False, 1),
    ("Mara", "6,6,5", False, True, -4),  # 17 fails critically (Will <= 13)
    ("Eli", "6,5,5", False, True, -10),  # 10 over the target
    ("Eli", "5,5,5", False, False, -9),
]


@pytest.mark.parametrize(("who", "dice", "success", "critical", "margin"), CRITICALS)
def test_success_roll_criticals(
    gm: Cli, who: str, dice: str, success: bool, critical: bool, margin: int
) -> None:
    table = () if success else ("--table-dice", "1,1,1")  # 3 + margin: rows 7, 12, 13
    document = fright(gm, who, "--dice", dice, *table)
    assert (document["success"], document["critical"], document["margin"]) == (
        success, critical, margin,
    )  # fmt: skip
    assert (document["row"] is None) == success
    if success:
        assert (document["table_roll"], document["effects"]) == (None, [])


def test_row_31_seizure_with_every_sub_roll_entered(gm: Cli) -> None:
    """Eli at 3 (dark, alone) rolls 16: fails by 13; table 18 + 13 = 31. His HT roll of 18
    is a critical failure: 1d injury and 1 HT lost for good."""
    document = fright(gm, "Eli", "--dark", "--alone", "--dice", "6,5,5", "--table-dice", "6,6,6",
                      "--effect-dice", "seizure=2", "--effect-dice", "seizure_fp=3",
                      "--effect-dice", "ht=6,6,6", "--effect-dice", "injury=4")  # fmt: skip
    assert document["row"] == 31
    assert kinds(document) == ["seizure", "fp-loss", "ht-roll", "injury", "ht-loss"]
    seizure, fp, ht, injury, lost = document["effects"]
    assert seizure["duration"]["value"] == 2 and fp["fp"]["value"] == 3
    assert (ht["target"], ht["roll"], ht["success"], ht["critical"]) == (10, 18, False, True)
    assert injury["hp"] == {"value": 4, "dice": "1d", "faces": [4]}
    assert lost == {"kind": "ht-loss", "amount": 1, "permanent": True}
    assert {p: d["source"] for p, d in document["dice"].items()} == dict.fromkeys(
        ("will", "table", "seizure", "seizure_fp", "ht", "injury"), "entered"
    )
    eli = status(gm)["Eli"]
    assert (eli["ht_lost"], eli["ht"], eli["points_lost"]) == (1, 10, 10)


def test_row_18_faint_and_ht_roll_entered(gm: Cli) -> None:
    document = fright(gm, "Mara", "--dice", "6,6,6", "--table-dice", "4,4,5",
                      "--effect-dice", "faint=3", "--effect-dice", "ht=4,4,4")  # fmt: skip
    assert document["row"] == 18
    assert kinds(document) == ["faint", "ht-roll", "injury"]
    assert document["effects"][0]["duration"]["value"] == 3
    assert document["effects"][2]["hp"]["value"] == 1


def test_seeded_dice_are_recorded_as_seeded(gm: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JOURNAL_DICE_SEED", "morgue")
    document = fright(gm, "Eli", "--dark", "--alone", "--monster", "-10")
    assert document["success"] is False  # Will -7 cannot succeed
    assert {d["source"] for d in document["dice"].values()} == {"seeded"}
    assert sum(document["dice"]["will"]["faces"]) == document["roll"]
    assert sum(document["dice"]["table"]["faces"]) == document["table_roll"]
    assert gm("audit").exit_code == 0


def test_an_unfazeable_character_makes_no_check(gm: Cli) -> None:
    document = fright(gm, "Ada", "--monster", "-10", "--dark")
    assert set(document) >= DESIGN_KEYS
    assert document["made"] is False
    assert document["modifiers"] == [] and document["effects"] == []
    assert (document["roll"], document["success"], document["row"], document["dice"]) == (
        None, None, None, {},
    )  # fmt: skip
    assert "none made (Ada is Unfazeable)" in gm("fright", "Ada", "--threat", "x").stdout
    assert status(gm)["Ada"]["checks"] == 0


def test_naming_acquired_traits(gm: Cli) -> None:
    """Row 13 gives a sixth quirk; row 25 worsens Phobia (corpses) 12 -> 9 (-15 -> -22),
    then a second row 25 is a new -10 Phobia; row 40+ costs 1 IQ and leaves a -15 pending."""
    quirk = fright(gm, "Eli", "--dice", "3,3,3", "--table-dice", "4,3,3")
    assert quirk["row"] == 13
    assert status(gm)["Eli"]["pending"] == [{"kind": "quirk", "points": -1, "seq": quirk["seq"]}]
    assert status(gm)["Eli"]["points_lost"] == 1
    gm("trait", "Eli", "--name", "Counts the drawers")  # the oldest pending
    eli = status(gm)["Eli"]
    assert (eli["quirks"], eli["pending"], eli["points_lost"]) == (
        [*QUIRKS, "Counts the drawers"], [], 1,
    )  # fmt: skip

    worse = fright(gm, "Eli", "--dice", "5,4,4", "--table-dice", "6,6,6", threat="corpse-2")
    assert worse["row"] == 25
    pending = status(gm)["Eli"]["pending"]
    assert pending == [{"kind": "self-control-or-new", "points": -10, "seq": worse["seq"]}]
    out = gm("trait", "Eli", "--worsen", "Phobia (corpses)", "--for", str(worse["seq"])).stdout
    assert "self-control 12 → 9, -15 → -22 points" in out
    eli = status(gm)["Eli"]
    assert eli["disadvantages"] == [{"name": "Phobia (corpses)", "points": -22, "self_control": 9}]
    assert (eli["pending"], eli["points_lost"]) == ([], 8)

    new = fright(gm, "Eli", "--dice", "5,4,4", "--table-dice", "6,6,6", threat="corpse-3")
    gm("trait", "Eli", "--name", "Phobia (drawers)", "--points", "-10", "--scn", "12",
       "--for", str(new["seq"]))  # fmt: skip
    assert status(gm)["Eli"]["disadvantages"][1] == {
        "name": "Phobia (drawers)", "points": -10, "self_control": 12,
    }  # fmt: skip

    worst = fright(gm, "Eli", "--monster", "-10", "--alone", "--dark", "--dice", "6,6,6",
                   "--table-dice", "6,6,6", "--effect-dice", "coma=2")  # fmt: skip
    assert (worst["table_roll"] - worst["margin"], worst["row"]) == (43, 40)
    assert kinds(worst) == ["coma", "skill-penalty", "phobia-or-mental", "iq-loss"]
    eli = status(gm)["Eli"]
    assert set(eli) >= STATUS_KEYS
    assert (eli["iq_lost"], eli["iq"], eli["checks"]) == (1, 13, 4)
    assert eli["pending"] == [{"kind": "mental", "points": -15, "seq": worst["seq"]}]
    assert eli["points_lost"] == 1 + 7 + 10 + 15 + 20

    text = gm("status").stdout.splitlines()
    assert text[0].startswith("Morgue (morgue, fright-check) at event ")
    assert re.split(r"\s{2,}", text[1]) == [
        "name", "will", "HT", "IQ", "HP", "FP", "quirks", "disads", "pending", "pts lost",
        "checks", "now", "traits",  # issue 22: the traits that move a check
    ]  # fmt: skip
    cells = re.split(r"\s{2,}", text[3].strip())
    assert cells[:-1] == [
        "Eli", "11", "10", "12", "10/10", "10/10", "6", "2", "1", "53", "4",
        f"coma (#{worst['seq']})",
    ]  # fmt: skip
    # issue 41, E10: every trait the character has, the acquired ones too
    quirks = ", ".join(f"quirk: {q}" for q in (*QUIRKS, "Counts the drawers"))
    assert cells[-1] == (
        "Combat Paralysis, Fearfulness 3, Phobia (corpses) (self-control 9), "
        f"Phobia (drawers) (self-control 12), {quirks}"
    )
    assert text[4].split() == [
        "Ada",
        "9",
        "10",
        "10",
        "10/10",
        "10/10",
        "0",
        "0",
        "0",
        "0",
        "0",
        "-",
        "Unfazeable",
    ]


def test_explain_lists_every_check_with_its_modifiers(gm: Cli) -> None:
    gm("session", "start", "Night", "--at", "1987-11-13 23:00")
    checks = [
        fright(gm, "Eli", "--kind", "corpse", "--dice", "1,1,1"),
        fright(gm, "Eli", "--kind", "corpse", "--dark", "--mod", "Cold room=-2", "--dice",
               "3,3,3", "--table-dice", "1,2,3", "--effect-dice", "stun=5"),
        fright(gm, "Ada", "--kind", "corpse"),
        fright(gm, "Mara", "--kind", "corpse", "--dice", "1,1,1"),
    ]  # fmt: skip
    explained = gm("explain", "Eli").stdout.splitlines()
    assert f"as of event {checks[-1]['seq']}" in explained[0]

    def lines(seq: int) -> list[str]:
        return [line for line in explained if re.match(rf"\s*#{seq}\s", line)]

    for check in checks[:2]:
        terms = ["Eli's Fright Check vs corpse-1: Will 11, ", f"= {check['modified_will']};"]
        terms += [f"{m['value']:+d} {m['label']}" for m in check["modifiers"] if m["value"]]
        assert any(all(term in line for term in terms) for line in lines(check["seq"])), terms
    second = " ".join(lines(checks[1]["seq"]))
    assert "+1 previous experience with corpse" in second and "-2 Cold room" in second
    assert "-1 dark" in second and "-3 Fearfulness 3" in second
    assert not lines(checks[2]["seq"]) and not lines(checks[3]["seq"])


def test_audit_is_clean_after_a_session_of_checks(gm: Cli) -> None:
    gm("session", "start", "Night", "--at", "1987-11-13 23:00")
    fright(gm, "Eli", "--kind", "ghoul", "--dice", "3,3,3", "--table-dice", "4,3,3")
    gm("encounter", "start", "Brawl", "--cast", "Mara,Eli")
    fright(gm, "Mara", "--kind", "ghoul", "--count", "12", "--dice", "6,6,6", "--table-dice",
           "4,4,5", "--effect-dice", "faint=2", "--effect-dice", "ht=1,2,3")  # fmt: skip
    fright(gm, "Ada", "--kind", "ghoul")
    gm("encounter", "end")
    gm("clock", "advance", "3h")
    fright(gm, "Eli", "--dice", "5,4,4", "--table-dice", "6,6,6", threat="drawer-9")
    gm("trait", "Eli", "--name", "Counts the drawers")
    gm("trait", "Eli", "--worsen", "Phobia (corpses)")
    gm("session", "end")
    result = gm("audit")
    assert result.exit_code == 0
    assert "every ruling follows from its dice and the rules" in result.stdout
    assert gm("verify").exit_code == 0


def test_explain_text_reads_the_sheet_in_words(gm: Cli) -> None:
    """`explain` text: friendly labels, traits and disadvantages as words (no `{name: ...}`,
    no `True`, no `self_control`, no history); `--json` keeps the status keys and values."""
    gm("session", "start", "Night", "--at", "1987-11-13 23:00")
    fright(gm, "Eli", "--kind", "corpse", "--dice", "6,6,6", "--table-dice", "4,4,4")
    text = gm("explain", "Eli").stdout
    assert "    disadvantages: Phobia (corpses) -15, self-control 12\n" in text
    assert "    traits: Combat Paralysis, Fearfulness 3\n" in text  # sorted, on every store
    assert f"    quirks: {', '.join(QUIRKS)}\n" in text
    assert "from the sheet: Will 11, HT 10, IQ 13," in text
    assert "  Fright Checks = 1\n" in text
    for raw in ("{", "[", "True", "self_control", "history", "points_lost", "ht_now"):
        assert raw not in text, raw
    numbers = gm.json("explain", "Eli")["numbers"]  # type: ignore[index]
    assert numbers["traits"]["value"] == {"Fearfulness": 3, "Combat Paralysis": True}
    assert numbers["disadvantages"]["value"] == [
        {"name": "Phobia (corpses)", "points": -15, "self_control": 12}
    ]
    assert "history" not in numbers and "checks" in numbers


def test_fright_help_says_previous_experience_needs_kind(gm: Cli) -> None:
    text = " ".join(gm("fright", "--help").stdout.split())
    assert "Previous experience (+1) needs --kind" in text


def test_a_check_made_exactly_reads_as_a_person_would_say_it(gm: Cli) -> None:
    """Issue 22: no "success by 0". Mara rolls against 13 and rolls 13 (6,4,3); a 4 against
    Eli's 6 succeeds by 2, and a 3 or 4 always succeeds: no negative margin in words."""
    gm("session", "start", "The morgue")
    fright(gm, "Mara", "--dice", "6,4,3")
    fright(gm, "Eli", "--dice", "1,1,2", threat="corpse-2")
    fright(gm, "Eli", "--dice", "1,1,1", "--monster", "-10", threat="corpse-3")
    log = gm("log").stdout
    assert "success, just made it (by 0)" in log
    for audience in ("players", "gm"):
        recap = gm("recap", "--for", audience).stdout
        assert "success, just made it" in recap and "success by 0" not in recap
        assert "success by 2" in recap and "success by -" not in recap
