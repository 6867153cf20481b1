"""Characters (list, rename, retire, a typo voided), the current campaign, what happens
between sessions, GM fiat, and the typo guards, through the CLI with their refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import Cli, count_events


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    for name, hardness in (("Linda", "2"), ("Tobais", "0")):
        runner("character", "add", name, "--reaction", "10", "--willpower", "10",
               "--hardness", hardness, "--training", "some")  # fmt: skip
    return runner


def refused(gm: Cli, *args: str) -> str:
    before = count_events(gm.db)
    message = gm.refused(*args).stderr
    assert count_events(gm.db) == before, args
    return message


# --- characters -----------------------------------------------------------------------------


def test_character_list(night: Cli) -> None:
    assert night.json("character", "list") == [
        {"name": "Linda", "joined": 2, "retired": None, "formerly": []},
        {"name": "Tobais", "joined": 3, "retired": None, "formerly": []},
    ]
    assert "Tobais  #3" in night("character", "list").stdout


def test_a_typo_with_no_history_can_be_voided(night: Cli) -> None:
    night("void", "3", "--reason", "a typo")
    assert [c["name"] for c in night.json("character", "list")] == ["Linda"]
    assert "Tobais" not in night.json("status")["characters"]


def test_a_voided_typo_exports_and_imports(night: Cli, tmp_path: Path) -> None:
    night("void", "3", "--reason", "a typo")
    night("export", "-o", str(tmp_path / "night.jsonl"))
    copy = Cli(night.runner, str(tmp_path / "copy.db"))
    copy("import", str(tmp_path / "night.jsonl"))
    assert copy.json("status") == night.json("status")
    assert copy.json("verify")["ok"]


def test_a_character_named_later_cannot_be_voided(night: Cli) -> None:
    night("note", "Tobais hides.", "--about", "Tobais")
    message = refused(night, "void", "3", "--reason", "a typo")
    assert "Tobais is named by later events (#4): void those first, or rename" in message


def test_rename_keeps_the_old_name_visible_where_it_was_used(night: Cli) -> None:
    night("session", "start", "One")
    night("note", "Tobais hides under the stairs.", "--about", "Tobais")
    assert (
        night("character", "rename", "tobais", "Tobias").stdout == "#6 Tobais is renamed Tobias\n"
    )
    night("note", "Tobias runs.", "--about", "Tobias")
    log = night("log").stdout
    assert "Note [Tobais (now Tobias)]: Tobais (now Tobias) hides under the stairs." in log
    assert "Note [Tobias]: Tobias runs." in log
    assert night.json("character", "list")[1]["formerly"] == ["Tobais"]
    assert "Tobias" in night.json("status")["characters"]
    assert night.json("character", "show", "Tobais")["name"] == "Tobias"  # the old name finds him
    recap = night("recap", "--for", "Tobias").stdout
    assert "Tobais (now Tobias) hides under the stairs." in recap
    assert "Tobias runs." in recap
    night("initiative", "Linda", ok=False)  # no fight: refused, as ever
    assert night.json("audit")["differences"] == []


def test_a_name_given_up_by_a_rename_can_be_taken_by_another(night: Cli) -> None:
    night("session", "start", "One")
    night("note", "Tobais hides.", "--about", "Tobais")
    night("character", "rename", "Tobais", "Tobias")
    night("note", "Linda runs.", "--about", "Linda")
    night("character", "rename", "Linda", "Tobais")  # the typo's name, free again
    log = night("log").stdout
    assert "Tobais (now Tobias) hides." in log
    assert "Linda (now Tobais) runs." in log  # not "(now Tobias)": another character
    assert "Linda (now Tobais) runs." in night("recap", "--for", "Tobais").stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("character", "rename", "Nobody", "X"), "no character named 'Nobody'"),
        (("character", "rename", "Tobais", "Linda"), "Linda is already in campaign"),
        (("character", "rename", "Tobais", "Tobais"), "Tobais is already called Tobais"),
        (("character", "rename", "Tobais", "A, B"), "cannot be a name"),
    ],
)
def test_rename_refusals(night: Cli, args: tuple[str, ...], message: str) -> None:
    assert message in refused(night, *args)


def test_retire_leaves_casts_and_standings_and_keeps_the_history(night: Cli) -> None:
    night("session", "start", "One")
    night("note", "Tobais fights.", "--about", "Tobais")
    night("session", "end")
    night("character", "retire", "Tobais", "--reason", "fell in the cellar")  # 7
    assert list(night.json("status")["characters"]) == ["Linda"]
    assert night.json("character", "list")[1]["retired"] == 7
    assert "retired at event 7" in refused(
        night, "encounter", "start", "X", "--hf", "3", "--cast", "Tobais"
    )
    night("session", "start", "Two")
    night("note", "They bury him.")
    recap = night("recap").stdout
    assert "Cast: Linda" in recap and "**Tobais**" not in recap
    assert "Tobais leaves the story: fell in the cellar" in recap  # since last time
    assert "**Tobais**" in night("recap", "1").stdout  # session 1 kept him
    assert night.json("character", "show", "Tobais")["name"] == "Tobais"
    night("void", "7", "--reason", "he crawled out")
    assert "Tobais" in night.json("status")["characters"]


# --- the current campaign ---------------------------------------------------------------------


def test_the_readme_path_after_the_demo(runner: Cli) -> None:
    """`journal demo`, then `campaign new` and its printed Next: command, work as printed."""
    runner("demo")
    printed = runner("campaign", "new", "night", "--ruleset", "horror-factor").stdout
    hint = printed.splitlines()[-1].removeprefix("Next: ").split()
    assert hint[0] == "journal"
    runner(*hint[1:])  # adds Freddie to night, the current campaign
    assert list(runner.json("status")["characters"]) == ["Freddie"]
    assert runner.json("--campaign", "jackson-zombies", "status")["characters"]


def test_the_demo_leaves_the_current_campaign_alone(runner: Cli, tmp_path: Path) -> None:
    """The demo chooses no campaign; in a GM's journal it is refused and changes nothing."""
    runner("demo")
    assert not (tmp_path / "config" / "journal" / "current.json").exists()
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner.refused("demo")
    assert runner.json("status")["campaign"] == "night"
    current = json.loads((tmp_path / "config" / "journal" / "current.json").read_text())
    assert list(current.values()) == ["night"]


# --- between sessions ---------------------------------------------------------------------------


def test_events_between_sessions_show_in_the_next_recap(night: Cli) -> None:
    night("session", "start", "One")
    night("note", "The cellar.")
    night("session", "end")
    result = night("award", "Linda", "--hardness", "1", "--reason", "a long winter")
    assert "No session is running: this shows in the next session's recap" in result.stderr
    night("peace", "Linda", "--months", "3", "--lose", "1")
    night("session", "start", "Two")
    night("note", "Spring.")
    recap = night("recap").stdout
    since = recap.split("## Since last time", 1)[1].split("## What happened", 1)[0]
    assert "Linda is awarded Hardness 2 → 3: a long winter" in since
    assert "3 month(s) of peace" in since
    assert "Since last time" not in night("recap", "1").stdout
    arc = night("arc", "Linda").stdout
    assert "(between sessions" in arc


def test_no_notice_inside_a_session(night: Cli) -> None:
    night("session", "start", "One")
    assert night("note", "Inside.").stderr == ""


# --- GM fiat ----------------------------------------------------------------------------------


def test_adjusting_a_specialization_moves_its_peak_as_adjusting_hardness_does(
    night: Cli,
) -> None:
    night("adjust", "Linda", "--spec", "occult=+2", "--reason", "the cult's library")  # 2 -> 4
    night("adjust", "Linda", "--spec", "occult=-2", "--reason", "read too soon")  # 4 -> 2
    message = refused(night, "peace", "Linda", "--months", "6", "--lose", "1", "--spec", "occult")
    assert "at most half of their peak Hardness (occult) 4: not below 2" in message


def test_adjust_is_recorded_explained_and_told(night: Cli) -> None:
    night("session", "start", "One")
    out = night("adjust", "Linda", "--hardness", "-1", "--willpower", "-3", "--spec",
                "occult=+2", "--reason", "the GM says the cellar broke her")  # fmt: skip
    assert out.stdout == (
        "#5 GM's ruling for Linda: Hardness 2->1, Willpower 10->7, Hardness (occult) 2->4: "
        "the GM says the cellar broke her\n"
    )
    linda = night.json("status")["characters"]["Linda"]
    assert (linda["hardness"], linda["willpower"], linda["specializations"]) == (
        1,
        7,
        {"occult": 4},
    )
    assert "#5    2 -> 1  the GM's ruling for Linda: " in night("explain", "Linda").stdout
    recap = night("recap").stdout
    assert (
        "The GM rules for Linda: Hardness 2 → 1, Willpower 10 → 7, Hardness (occult) 2 → 4" in recap
    )
    assert night.json("audit")["differences"] == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("adjust", "Linda", "--hardness", "-1", "--reason", " "), "GM fiat needs a reason"),
        (("adjust", "Linda", "--reason", "x"), "say which number to adjust"),
        (("adjust", "Linda", "--hardness", "-3", "--reason", "x"), "outside 0 to 7"),
        (("adjust", "Linda", "--hardness", "0", "--reason", "x"), "a change of 0"),
        (("adjust", "Linda", "--willpower", "+1", "--reason", "x"), "outside 0 to 10"),
        (("adjust", "Linda", "--hardness", "lots", "--reason", "x"), "a change such as -1"),
        (("adjust", "Linda", "--spec", "occult", "--reason", "x"), "CATEGORY=CHANGE"),
        (("adjust", "Nobody", "--hardness", "1", "--reason", "x"), "no character named"),
    ],
)
def test_adjust_refusals(night: Cli, args: tuple[str, ...], message: str) -> None:
    assert message in refused(night, *args)


def test_adjust_in_a_gurps_campaign(runner: Cli) -> None:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12",
           "--disadvantage", "Phobia (dark)=-15/12")  # fmt: skip
    runner("adjust", "Eli", "--will", "+1", "--scn", "Phobia (dark)=9", "--hp", "-3",
           "--reason", "therapy, and a fall")  # fmt: skip
    eli = runner.json("status")["characters"]["Eli"]
    assert (eli["will"], eli["hp"]) == (11, 7)
    assert (
        "past the maximum" in runner.refused("adjust", "Eli", "--fp", "+1", "--reason", "x").stderr
    )
    assert eli["disadvantages"] == [{"name": "Phobia (dark)", "points": -15, "self_control": 9}]
    assert (
        "--hardness belongs to horror-factor; this campaign plays fright-check"
        in runner.refused("adjust", "Eli", "--hardness", "1", "--reason", "x").stderr
    )
    assert (
        "a self-control number is 15, 12, 9 or 6"
        in runner.refused("adjust", "Eli", "--scn", "Phobia (dark)=7", "--reason", "x").stderr
    )


# --- typo guards --------------------------------------------------------------------------------


def test_clock_set_back_needs_rewind(night: Cli) -> None:
    night("clock", "set", "1999-03-02 22:00")
    assert "needs --rewind" in refused(night, "clock", "set", "1999-03-01 22:00")
    night("clock", "set", "1999-03-01 22:00", "--rewind")
    assert night.json("audit")["differences"] == []


def test_as_of_and_as_of_session_together_are_refused(night: Cli) -> None:
    night("session", "start", "One")
    assert "not both" in night.refused("status", "--as-of", "2", "--as-of-session", "1").stderr


def test_award_of_an_unknown_specialization_needs_new_spec(night: Cli) -> None:
    message = refused(
        night, "award", "Linda", "--hardness", "1", "--spec", "ocult", "--reason", "x"
    )
    assert "no 'ocult' specialization" in message and "--new-spec" in message
    night("award", "Linda", "--hardness", "1", "--spec", "occult", "--new-spec", "--reason", "x")
    assert night.json("status")["characters"]["Linda"]["specializations"] == {"occult": 3}
    night("award", "Linda", "--hardness", "1", "--spec", "occult", "--reason", "again")
    assert night.json("audit")["differences"] == []


def test_a_gm_modifier_past_ten_needs_an_override(runner: Cli) -> None:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    message = refused(runner, "fright", "Eli", "--threat", "x", "--mod", "Cold=-12")
    assert "--mod Cold=-12 is past -10..+10" in message and "--override" in message
    runner("fright", "Eli", "--threat", "x", "--mod", "Cold=-12", "--override", "a blizzard",
           "--dice", "3,3,3")  # fmt: skip
    assert runner.json("audit")["differences"] == []


def test_recap_into_a_missing_folder_makes_it(night: Cli, tmp_path: Path) -> None:
    """Issue 22: `-o` into a missing folder was refused ("create it first")."""
    night("session", "start", "One")
    message = night("recap", "-o", str(tmp_path / "nowhere" / "r.md")).stderr
    assert f"Notice: created folder {tmp_path / 'nowhere'}" in message
    assert (tmp_path / "nowhere" / "r.md").is_file()


def test_the_audit_reads_in_the_gms_words(night: Cli) -> None:
    night("rest", "Linda", "--points", "2")
    night("encounter", "start", "Cellar", "--hf", "5", "--cast", "Linda")
    night("soak", "Linda", "2")  # 6
    night("encounter", "end")
    night("rest", "--all")  # 8: Linda 8 -> 10
    night("void", "6", "--reason", "no soak")
    text = night("audit", ok=False).stdout
    # issue 22: a rest lists only what changed
    assert "#8 Willpower restored by rest: Linda 8->10/10 (1 already full)" in text
    assert (
        "by the rules: Willpower restored by rest: nobody needed it (Linda, Tobais already full)"
    ) in text
    assert "{'" not in text and "[(" not in text  # no Python reprs


@pytest.mark.parametrize("name", ["GM", "gm", "Players"])
def test_an_audience_cannot_name_a_character(night: Cli, name: str) -> None:
    sheet = ("--reaction", "10", "--willpower", "10", "--hardness", "0", "--training", "none")
    assert "cannot name a character" in refused(night, "character", "add", name, *sheet)
    assert "cannot name a character" in refused(night, "character", "rename", "Tobais", name)


def test_game_times_before_the_year_1000_read_back(night: Cli, tmp_path: Path) -> None:
    night("clock", "set", "999-12-31 23:00")
    assert night("clock", "advance", "2h").stdout.endswith("to 1000-01-01T01:00\n")
    night("export", "-o", str(tmp_path / "old.jsonl"))
    Cli(night.runner, str(tmp_path / "copy.db"))("import", str(tmp_path / "old.jsonl"))
    assert "years 1 to 9999" in refused(night, "clock", "set", "10000-01-01", "--rewind")
