"""A character is an identity; a name is a label (issue 18), typed as a GM would: a typo
fixed by a rename (Tobais), a name freed by a rename and taken by a newcomer (Alice), two
names swapped through a third (Ann and Bea), a retirement, names that look like regular
expression templates, and the refusals. Every reading follows the character: `explain`,
`log --character` (by any of their names, saying which), `arc`, the recaps (cast, turn
rows, outcomes, standing, private notes), `recap --for NAME`, completion and `play`'s
board."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support.cli import Cli, count_events

from journal.cli.rows import row_lines

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")


def hf(runner: Cli, *names: str) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    for name in names:
        runner("character", "add", name, *SHEET)
    return runner


def seq_of(result: Any) -> int:
    """The seq a one-event command printed (`#12 ...`)."""
    return int(result.stdout.split()[0].lstrip("#"))


def recap(gm: Cli, *args: str) -> dict[str, Any]:
    found: dict[str, Any] = gm.json("recap", *args)
    return found


def text_of(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False)


# --- a typo fixed: Tobais is Tobias -----------------------------------------------------


@pytest.fixture
def tobias(runner: Cli) -> Cli:
    """Tobais freezes, is broken by a Horror Check, then the GM fixes the typo."""
    hf(runner, "Linda", "Tobais")
    runner("session", "start", "One")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Linda,Tobais")
    runner("initiative", "Tobais", "--dice", "+1/-8")  # #6: frozen
    runner("initiative", "Linda", "--dice", "+5/-2")
    runner("encounter", "end")
    runner("check", "Tobais", "--dice", "+1/-9")  # #9: exceptional failure
    runner("note", "Tobais hides under the stairs.", "--about", "Tobais")
    assert seq_of(runner("character", "rename", "Tobais", "Tobias")) == 11
    runner("note", "Tobias keeps watch.", "--about", "Tobias")
    return runner


def test_explain_traces_every_number_to_the_sheet_and_the_rulings_not_to_the_rename(
    tobias: Cli,
) -> None:
    text = tobias("explain", "Tobias").stdout
    assert text.startswith("Tobias (was Tobais until #11), as of event 12:")
    assert "Tobais is renamed Tobias" not in text  # no number comes from the rename
    assert "#9    1 -> 0  Tobais's Horror Check +" in text  # Hardness, as it happened, in short
    found = tobias.json("explain", "Tobias")
    assert found["character"] == "Tobias"
    assert found["numbers"]["hardness"]["chain"][0]["seq"] == 3
    assert [r["seq"] for r in found["rulings"]] == [5, 6, 8, 9]  # 8: the encounter ends
    assert tobias.json("explain", "Tobais") == found  # the old name finds him


def test_log_character_by_either_name_shows_his_whole_history_and_says_who(tobias: Cli) -> None:
    now = tobias("log", "--character", "Tobias").stdout
    then = tobias("log", "--character", "tobais").stdout
    assert now == then
    lines = now.splitlines()
    assert lines[0] == "Tobias (was Tobais until #11):"
    assert [int(line.split()[0].lstrip("#")) for line in lines[1:]] == [3, 5, 6, 8, 9, 10, 11, 12]
    assert "#6    Tobais (now Tobias) rolls initiative" in now
    assert [e["seq"] for e in tobias.json("log", "--character", "Tobias")] == [
        3, 5, 6, 8, 9, 10, 11, 12,
    ]  # fmt: skip
    assert tobias("log", "--character", "Linda").stdout.splitlines()[0].startswith("#2 ")


def test_his_arc_and_the_recaps_keep_him(tobias: Cli) -> None:
    arc: dict[str, Any] = tobias.json("arc", "Tobias")
    assert arc["points"][0] == {**arc["points"][0], "label": "Start", "present": True}
    assert [m["label"] for m in arc["milestones"]] == ["First freeze", "Hardness lost", "Broken"]
    players = recap(tobias)
    assert players["cast"] == ["Linda", "Tobias"]
    assert [s["name"] for s in players["standing"]] == ["Linda", "Tobias"]
    his = recap(tobias, "--for", "Tobias")
    assert his["audience"]["label"] == "Tobias's handout"
    rows = [r["name"] for t in his["story"][0]["turns"] for r in t["rows"]]
    assert rows == ["Tobais"]  # his row, under the name he had then
    assert [c["name"] for c in his["outcomes"]["horror_checks"]] == ["Tobais"]
    shown = tobias("recap", "--for", "Tobais").stdout
    assert "Tobais (now Tobias) hides under the stairs." in shown
    assert "Tobias keeps watch." in shown
    assert "Nothing recorded" not in shown


# --- a name freed by a rename, taken by a newcomer: Alice and Alicia --------------------


@pytest.fixture
def alice(runner: Cli) -> Cli:
    hf(runner, "Alice", "Linda")
    runner("session", "start", "One")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Alice,Linda")
    runner("initiative", "Alice", "--dice", "+5/-2")
    runner("encounter", "end", "--broken", "Alice")
    runner("note", "zqold: Alice saw the thing.", "--about", "Alice")
    runner("note", "zqoldsecret: Alice is its kin.", "--about", "Alice", "--gm-only")
    runner("character", "rename", "Alice", "Alicia")  # #10
    runner("character", "add", "Alice", *SHEET)  # #11: the freed name, a newcomer
    runner("note", "zqnew: the new Alice arrives.", "--about", "Alice")
    runner("check", "Alice", "--hf", "3", "--dice", "+9/-1")
    return runner


def test_the_renamed_characters_handout_keeps_her_own_story(alice: Cli) -> None:
    hers = recap(alice, "--for", "Alicia")
    shown = text_of(hers)
    assert "zqold" in shown and "zqnew" not in shown and "zqoldsecret" not in shown
    rows = [r["name"] for t in hers["story"][0]["turns"] for r in t["rows"]]
    assert rows == ["Alice"]  # her row, as she was called then
    assert [b["name"] for b in hers["outcomes"]["broken"]] == ["Alice"]
    assert hers["outcomes"]["horror_checks"] == []  # the check was the newcomer's
    assert [s["name"] for s in hers["standing"]] == ["Alicia"]
    md = alice("recap", "--for", "Alicia").stdout
    assert "Alice (now Alicia) saw the thing" in md and "new Alice" not in md


def test_the_newcomers_handout_holds_hers_alone(alice: Cli) -> None:
    hers = recap(alice, "--for", "Alice")
    shown = text_of(hers)
    assert "zqnew" in shown and "zqold" not in shown
    assert hers["story"][0]["kind"] == "note"  # not the fight: she was not there
    assert [c["name"] for c in hers["outcomes"]["horror_checks"]] == ["Alice"]
    assert hers["outcomes"]["broken"] == []
    assert [s["name"] for s in hers["standing"]] == ["Alice"]
    for fmt in ("md", "html"):
        assert "Nothing recorded" not in alice("recap", "--for", "Alice", "--format", fmt).stdout


def test_explain_log_and_arc_tell_the_two_apart(alice: Cli) -> None:
    assert alice("explain", "Alice").stdout.startswith("Alice, as of event 13:")
    assert alice("explain", "Alicia").stdout.startswith("Alicia (was Alice until #10)")
    newcomer = [e["seq"] for e in alice.json("log", "--character", "Alice")]
    assert newcomer == [11, 12, 13]
    old = [e["seq"] for e in alice.json("log", "--character", "Alicia")]
    assert old == [2, 5, 6, 7, 8, 9, 10]
    arc: dict[str, Any] = alice.json("arc", "Alicia")
    assert [m["label"] for m in arc["milestones"]] == ["Broken"]
    newcomer_arc: dict[str, Any] = alice.json("arc", "Alice")
    assert [m["label"] for m in newcomer_arc["milestones"]] == ["Hardened"]  # her check
    listed = alice.json("character", "list")
    assert listed == [
        {"name": "Alicia", "joined": 2, "retired": None, "formerly": ["Alice"]},
        {"name": "Linda", "joined": 3, "retired": None, "formerly": []},
        {"name": "Alice", "joined": 11, "retired": None, "formerly": []},
    ]


def test_completion_and_the_board_offer_who_is_there_now(alice: Cli) -> None:
    from journal.api.database_level import open_journal

    with open_journal(alice.db) as night:
        assert night.completions("character") == ["Alicia", "Linda", "Alice"]
        alice("encounter", "start", "Cellar", "--hf", "3", "--cast", "Alice,Alicia")
        board = night.board()
        assert night.completions("character")[:2] == ["Alice", "Alicia"]
    # each row's brokenness is its character's: Alicia was broken, the newcomer not
    lines = row_lines(board.grid)[2:]
    rows = {text.split()[0]: text.split()[-1] for text, _ in lines}
    assert rows == {"Alicia": "1", "Linda": "0", "Alice": "0"}, lines
    # the fight's cast first (issue 30: the board in initiative order), then the others
    assert [mark for _, mark in lines] == ["waiting", "waiting", ""], lines


# --- two names swapped through a third ---------------------------------------------------


@pytest.fixture
def swapped(runner: Cli) -> Cli:
    hf(runner, "Ann", "Bea")
    runner("session", "start", "One")
    runner("note", "zqann before", "--about", "Ann")
    runner("note", "zqbea before", "--about", "Bea")
    runner("check", "Ann", "--hf", "6", "--dice", "+1/-9")  # #7: Ann (who will be Bea) is broken
    runner("character", "rename", "Ann", "Tmp")  # #8
    runner("character", "rename", "Bea", "Ann")  # #9
    runner("character", "rename", "Tmp", "Bea")  # #10
    runner("note", "zqbea after", "--about", "Bea")
    return runner


def test_a_swap_of_names_swaps_no_history(swapped: Cli) -> None:
    first = text_of(recap(swapped, "--for", "Bea"))  # the first character, Ann at first
    assert "zqann before" in first and "zqbea after" in first and "zqbea before" not in first
    second = text_of(recap(swapped, "--for", "Ann"))  # the second, Bea at first
    assert "zqbea before" in second and "zqann" not in second and "zqbea after" not in second
    assert [c["name"] for c in recap(swapped, "--for", "Bea")["outcomes"]["horror_checks"]] == [
        "Ann"
    ]
    assert recap(swapped, "--for", "Ann")["outcomes"]["horror_checks"] == []
    log = swapped("log", "--character", "Bea").stdout
    assert log.splitlines()[0] == "Bea (was Ann until #8, Tmp until #10):"
    assert "Note [Ann (now Bea)]: zqann before" in log and "zqbea before" not in log
    everything = swapped("log").stdout
    assert "Note [Bea (now Ann)]: zqbea before" in everything  # one pass: not "(now Bea)"
    assert swapped.json("explain", "Bea")["numbers"]["brokenness"]["value"] == 1
    assert swapped.json("explain", "Ann")["numbers"]["brokenness"]["value"] == 0


# --- a retirement --------------------------------------------------------------------------


def test_a_retired_character_keeps_the_story_and_leaves_the_cast(tobias: Cli) -> None:
    tobias("session", "end")
    tobias("session", "start", "Two")
    tobias("character", "retire", "Tobias", "--reason", "went home")
    tobias("note", "Linda goes on alone.")
    assert "Tobias" not in recap(tobias)["cast"]
    assert [s["name"] for s in recap(tobias, "1")["standing"]] == ["Linda", "Tobias"]
    assert tobias("log", "--character", "Tobais").stdout.splitlines()[-1].endswith("went home")
    assert tobias.json("arc", "Tobias")["milestones"]
    message = tobias.refused("check", "Tobais").stderr
    assert "Tobias retired at event" in message


# --- what a GM types is never a pattern or a template --------------------------------------


@pytest.mark.parametrize("new", ["Bob \\2", "Bob \\g<0>", "Bob $1", "Bob (.*)", "Bob {0}"])
def test_a_name_is_plain_text_everywhere(runner: Cli, new: str) -> None:
    hf(runner, "Bob", "Linda")
    runner("session", "start", "One")
    runner("note", "Bob runs.", "--about", "Bob")
    runner("check", "Bob", "--hf", "3", "--dice", "+5/-5")
    runner("character", "rename", "Bob", new)
    assert f"Note [Bob (now {new})]: Bob (now {new}) runs." in runner("log").stdout
    for audience in ("players", "gm", new, "Bob"):
        for fmt in ("md", "html"):
            runner("recap", "--for", audience, "--format", fmt)
    assert f"Bob (now {new}) runs." in recap(runner, "--for", new)["story"][0]["text"]
    runner("arc", new)
    assert runner("explain", new).stdout.startswith(f"{new} (was Bob until #")


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("log", "--character", "Nobody"),
        ("explain", "Nobody"),
        ("arc", "Nobody"),
        ("recap", "--for", "Nobody"),
        ("character", "show", "Nobody"),
    ],
)
def test_a_name_nobody_had_is_refused(alice: Cli, args: tuple[str, ...]) -> None:
    before = count_events(alice.db)
    message = alice.refused(*args).stderr
    assert "no character named 'Nobody'" in message
    assert count_events(alice.db) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("character", "rename", "Alicia", "Alice"), "Alice is already in campaign"),
        (("character", "rename", "Alicia", "alice"), "Alice is already in campaign"),
        (("character", "add", "Alice", *SHEET), "Alice is already in campaign"),
        (("character", "rename", "Nobody", "X"), "no character named 'Nobody'"),
    ],
)
def test_a_name_someone_holds_cannot_be_taken(
    alice: Cli, args: tuple[str, ...], message: str
) -> None:
    before = count_events(alice.db)
    assert message.casefold() in alice.refused(*args).stderr.casefold()
    assert count_events(alice.db) == before


def test_as_of_an_earlier_event_a_name_means_whom_it_meant_then_or_now(alice: Cli) -> None:
    """At #6 `Alice` was the one now called Alicia; `Alicia` (a name nobody had then)
    means her too; the newcomer had not joined."""
    then = alice("explain", "Alice", "6").stdout
    assert then.startswith("Alicia (was Alice until #10), as of event 6:")
    assert alice("explain", "Alicia", "6").stdout == then
    lines = alice("log", "--character", "Alicia", "--as-of", "6").stdout.splitlines()
    assert lines[0] == "Alicia (was Alice until #10):"
    assert [int(line.split()[0][1:]) for line in lines[1:]] == [2, 5, 6]
    assert alice("explain", "Alice", "2").stdout.startswith("Alicia (was Alice until #10)")


def test_a_character_who_had_not_joined_yet_is_refused_as_of_then(alice: Cli) -> None:
    message = alice.refused("explain", "Linda", "2").stderr
    assert message == "Error: Linda joined at event 3, after event 2: nothing to show as of then\n"


def test_a_rename_mid_fight_keeps_the_fighters_row_on_the_board(runner: Cli) -> None:
    from journal.api.database_level import open_journal

    hf(runner, "Linda", "Tobais")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Tobais,Linda")
    runner("initiative", "Tobais", "--dice", "+7/-2")
    runner("character", "rename", "Tobais", "Tobias")
    with open_journal(runner.db) as night:
        board = night.board()
        assert night.completions("character") == ["Tobias", "Linda"]  # the fight's cast
    lines = row_lines(board.grid)[2:]
    rows = {text.split()[0]: (text, mark) for text, mark in lines}
    assert sorted(rows) == ["Linda", "Tobias"], lines
    assert rows["Tobias"][0].split()[3:5] == ["10", "yes"], lines  # his roll
    assert rows["Tobias"][1] == ""
    assert rows["Linda"][1] == "waiting"
    runner("initiative", "Tobias", ok=False)  # he rolled this turn, under either name
    assert "this turn" in runner.refused("initiative", "Tobais").stderr


def test_a_rename_mid_fight_keeps_the_fighters_rows_in_the_recap(runner: Cli) -> None:
    """Tobais rolls in turn 1, is renamed, rolls again in turn 2: both rows are his (the
    table reads his new name), in his handout and the players'."""
    hf(runner, "Tobais", "Linda")
    runner("session", "start", "One")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Tobais,Linda")
    runner("initiative", "Tobais", "--dice", "+7/-2")
    runner("character", "rename", "Tobais", "Tobias")
    runner("turn")
    runner("initiative", "Tobias", "--dice", "+5/-5")
    for reader, names in (("players", ["Tobias", "Linda"]), ("Tobias", ["Tobias"])):
        fight = recap(runner, "--for", reader)["story"][0]
        rows = [[(r["name"], r["initiative"]) for r in t["rows"] if r["name"] in names]
                for t in fight["turns"]]  # fmt: skip
        assert rows[0][0] == ("Tobias", 10) and rows[1][0] == ("Tobias", 6), (reader, rows)
        assert [r["name"] for r in fight["turns"][1]["rows"]] == names, reader
