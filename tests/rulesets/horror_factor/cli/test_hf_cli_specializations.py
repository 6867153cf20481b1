"""Hardness specializations outside the fight's status, typed at the command line (issue 12;
RULES.md Part 1, "Which Hardness applies").

The table: Prof (R11 W10 H0, no training so cap 3, mythos 2), "a professor who's fallen into
worship of the great elder squid god things might have a low overall Hardness, but a higher
Hardness for Mythos knowledge"; Linda (R12 W10 H2, some training, no specialization).
"""

from __future__ import annotations

from typing import Any

import pytest
from support.cli import Cli, count_events


@pytest.fixture
def table(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Prof", "--reaction", "11", "--willpower", "10",
           "--hardness", "0", "--training", "none", "--spec", "mythos=2")  # fmt: skip
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some")  # fmt: skip
    runner("session", "start", "The cult", "--at", "1925-10-31 22:00")
    return runner


def refused(runner: Cli, *args: str) -> str:
    before = count_events(runner.db)
    stderr = runner.refused(*args).stderr
    assert count_events(runner.db) == before, args
    return stderr


def hardness(runner: Cli, name: str) -> tuple[int, dict[str, int]]:
    found: dict[str, Any] = runner.json("status")["characters"][name]  # type: ignore[index]
    return found["hardness"], found["specializations"]


def test_an_encounter_in_the_category_changes_the_specialization(table: Cli) -> None:
    """ "In combat, his Hardness is low, but it would be higher for these other, unusual
    situations"; RULES.md: "An encounter with a category names it for everyone in the cast
    who has that specialization": the cult's do-or-die hardens Prof's mythos, Linda's
    general Hardness (she has no mythos specialization)."""
    table("encounter", "start", "The Deep Ones", "--hf", "6", "--category", "mythos",
          "--cast", "Prof,Linda")  # fmt: skip
    out = table("encounter", "end", "--do-or-die", "Prof,Linda").stdout
    assert "Prof: hardened: Hardness (mythos) 2 to 3" in out
    assert "Linda: hardened: Hardness 2 to 3" in out
    assert hardness(table, "Prof") == (0, {"mythos": 3})
    assert hardness(table, "Linda") == (3, {})
    # at the cap of his training (3) the specialization gains no more automatically
    table("encounter", "start", "Again", "--hf", "6", "--category", "mythos", "--cast", "Prof")
    out = table("encounter", "end", "--do-or-die", "Prof").stdout
    assert "no gain: Hardness (mythos) 3 is already at or above the cap 3" in out
    # explain and the arc show which Hardness moved
    text = table("explain", "Prof").stdout
    assert "  Hardness (mythos) = 3\n" in text
    assert "2 -> 3  the end of encounter 'The Deep Ones'" in text  # in short (issue 22)
    assert "Hardness = " not in text  # the general Hardness never moved: from the sheet
    arc = table("arc", "Prof").stdout
    assert "Hardness (mythos) 2 → 3 (after “The Deep Ones”)" in arc
    assert "| S1 | The cult | 0; mythos 3 |" in arc
    players = table("recap").stdout
    assert "**Hardened:** Prof Hardness (mythos) 2 → 3 (fought through “The Deep Ones”)" in players


def test_a_check_with_a_category_changes_the_specialization(table: Cli) -> None:
    """RULES.md: "`check --category` and `peace --spec` name it outside a fight": a horror of
    its own (--hf 6) in the mythos category is checked against, and changes, the mythos
    Hardness; an exceptional failure costs a level of it."""
    document = table.json("check", "Prof", "--hf", "6", "--category", "Mythos",
                          "--dice", "+5/-1")  # fmt: skip
    assert document["terms"][1] == ["Hardness (mythos)", 2]  # type: ignore[index]
    assert (document["total"], document["result"]) == (10, "pass")  # type: ignore[index]
    assert (document["specialization"], document["hardness"]) == ("mythos", 3)  # type: ignore[index]
    assert hardness(table, "Prof") == (0, {"mythos": 3})
    document = table.json("check", "Prof", "--hf", "9", "--category", "mythos",
                          "--dice", "+1/-2")  # fmt: skip
    assert (document["total"], document["result"]) == (3, "exceptional-failure")  # type: ignore[index]
    assert hardness(table, "Prof") == (0, {"mythos": 2})
    assert "Hardness (mythos) 3 to 2" in table("log").stdout.splitlines()[-1]
    players = table("recap").stdout
    assert "**Hardness lost:** Prof Hardness (mythos) 3 → 2 (Horror Check)." in players


def test_a_category_without_a_specialization_is_the_general_hardness(table: Cli) -> None:
    """ "Hardening, breaking and peace change the general Hardness unless the event names a
    specialization": Linda has no mythos specialization, so her mythos horror is checked
    against her general Hardness, as an encounter of that category would be."""
    document = table.json("check", "Linda", "--hf", "4", "--category", "mythos",
                          "--dice", "+7/-5")  # fmt: skip  # 10 + 2 - 4 + 7 - 5 = 10
    assert document["terms"][1] == ["Hardness", 2]  # type: ignore[index]
    assert hardness(table, "Linda") == (3, {})
    assert "makes a Horror Check [mythos] +7/-5" in table("log").stdout


def test_a_check_about_the_last_encounter_keeps_its_category(table: Cli) -> None:
    """Without --hf the check is about the last encounter: its category decides, and a
    different --category is refused."""
    table("encounter", "start", "Cellar", "--hf", "5", "--cast", "Prof")
    table("encounter", "end")
    error = refused(table, "check", "Prof", "--category", "mythos", "--dice", "+5/-5")
    assert "about 'Cellar', which had no category" in error and "--hf N" in error
    document = table.json("check", "Prof", "--dice", "+9/-1")  # 10 + 0 - 5 + 9 - 1 = 13
    assert document["terms"][1] == ["Hardness", 0]  # type: ignore[index]
    assert hardness(table, "Prof") == (1, {"mythos": 2})


def test_peace_with_a_specialization(table: Cli) -> None:
    """ "It's possible to lose up to half your total Hardness": `peace --spec` lowers the
    specialization, never below half of its own peak."""
    table("award", "Prof", "--hardness", "2", "--reason", "the Necronomicon", "--spec", "mythos")
    out = table("peace", "Prof", "--months", "12", "--lose", "2", "--spec", "mythos").stdout
    assert "Hardness (mythos) 4->2 (peak 4, not below 2)" in out
    assert hardness(table, "Prof") == (0, {"mythos": 2})
    error = refused(table, "peace", "Prof", "--months", "6", "--lose", "1", "--spec", "mythos")
    assert "half of their peak Hardness (mythos) 4: not below 2" in error
    error = refused(table, "peace", "Linda", "--months", "6", "--lose", "1", "--spec", "mythos")
    assert "Linda has no Hardness specialization 'mythos' to lose (theirs: none)" in error
    players = table("recap").stdout
    assert "**Hardness lost:** Prof Hardness (mythos) 4 → 2 (12 month(s) of peace)." in players


def test_character_add_refuses_a_specialization_above_the_training_cap(table: Cli) -> None:
    """RULES.md, "Character sheet": "a sheet whose Hardness or any specialization is above
    its training's cap is refused" (issue 18: `--spec mythos=5` with training none, cap 3,
    was accepted)."""
    message = refused(table, "character", "add", "Q", "--reaction", "10", "--willpower", "10",
                      "--hardness", "1", "--training", "none", "--spec", "mythos=5")  # fmt: skip
    assert message == (
        "Error: a starting mythos specialization of 5 is above the cap of training none (3): "
        "give --training professional (cap 5) if that fits, or start at mythos=3 and "
        "`journal award NAME --hardness 2 --spec mythos --reason ...` for the rest\n"
    )
    table("character", "add", "Q", "--reaction", "10", "--willpower", "10",
          "--hardness", "1", "--training", "none", "--spec", "mythos=3")  # fmt: skip
    table("award", "Q", "--hardness", "2", "--spec", "mythos", "--reason", "the Necronomicon")
    assert hardness(table, "Q") == (1, {"mythos": 5})


def test_status_shows_specializations_between_fights_and_in_them(runner: Cli) -> None:
    """Issue 22: `status` hid specializations between fights. They have a column of their
    own whenever anyone has one (none: the table is as it was)."""
    runner("campaign", "new", "cult", "--ruleset", "horror-factor")
    runner("character", "add", "Amy", "--reaction", "11", "--willpower", "12",
           "--hardness", "1", "--training", "some")  # fmt: skip
    assert "specs" not in runner("status").stdout
    runner("character", "add", "Prof", "--reaction", "11", "--willpower", "12",
           "--hardness", "1", "--training", "some", "--spec", "mythos=3")  # fmt: skip
    between = runner("status").stdout.splitlines()
    assert between[1].split()[-1] == "specs"
    assert between[2].startswith("Amy") and between[2].endswith("-")
    assert between[3].startswith("Prof") and between[3].endswith("mythos 3")
    runner("encounter", "start", "Cult", "--hf", "5")
    fighting = runner("status").stdout.splitlines()
    assert fighting[2].split()[-1] == "specs"
    assert fighting[4].startswith("Prof") and fighting[4].endswith("mythos 3")


def test_the_arc_chart_draws_each_specialization(table: Cli) -> None:
    """Issue 30, item 8: "arc charts leave out specializations (a ghosts Hardness going
    5→4→5→4→5 is a flat line)". Prof's mythos Hardness 2 → 3 → 2 over three sessions is
    drawn beside the general Hardness (0 throughout)."""
    table("award", "Prof", "--hardness", "1", "--reason", "the Necronomicon", "--spec", "mythos")
    table("session", "end")
    table("session", "start", "The library", "--at", "1925-11-07 22:00")
    table("peace", "Prof", "--months", "1", "--lose", "1", "--spec", "mythos", "--keep-clock")
    table("session", "end")
    html = table("arc", "Prof", "--format", "html").stdout
    chart = html[html.index("<svg") : html.index("</svg>")]
    assert "Hardness against mythos" in chart and "Hardness" in chart
    markdown = table("arc", "Prof").stdout  # its table has the numbers the chart draws
    assert "| 0; mythos 3 |" in markdown and "| 0; mythos 2 |" in markdown


def test_a_specialization_put_on_taken_off_and_renamed(table: Cli) -> None:
    """Issue 41, E2, in a Horror Factor campaign: its sheet's named things are its Hardness
    specializations. One read as `character add --spec` reads it (`Deep Ones=2` is
    `deep-ones`), put on, renamed and taken off as events with their reasons; an encounter
    of the new category reads it, the audit decides each again, `undo` takes one back."""
    added = table("character", "trait", "add", "Linda", "Deep Ones=2", "--reason",
                  "the Innsmouth files").stdout  # fmt: skip
    assert "Linda's sheet: Hardness specialization deep-ones 2 added: the Innsmouth files" in added
    assert hardness(table, "Linda") == (2, {"deep-ones": 2})
    table("character", "trait", "rename", "Linda", "deep ones", "mythos", "--reason", "broader")
    assert hardness(table, "Linda") == (2, {"mythos": 2})
    table("encounter", "start", "The Deep Ones", "--hf", "6", "--category", "mythos",
          "--cast", "Linda")  # fmt: skip
    linda = table.json("status")["characters"]["Linda"]  # type: ignore[index]
    assert linda["encounter"]["action_penalty"] == 4  # HF 6 - Hardness (mythos) 2
    assert "is of category mythos" in refused(
        table, "character", "trait", "remove", "Linda", "mythos", "--reason", "x"
    )
    table("encounter", "end")
    table("character", "trait", "remove", "Linda", "Mythos", "--reason", "a mistake")
    assert hardness(table, "Linda") == (2, {})
    log = table("log").stdout
    assert "Linda's sheet: Hardness specialization deep-ones is now mythos: broader" in log
    assert "Linda's sheet: Hardness specialization mythos (2) taken off: a mistake" in log
    assert table.json("audit")["differences"] == []  # type: ignore[index]
    players = table("recap", "--for", "players").stdout
    assert "Linda now has Hardness 2 against deep-ones" in players
    table("undo", "--yes")
    assert hardness(table, "Linda") == (2, {"mythos": 2})


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("Linda", "occult=5"), "an occult specialization of 5 is above the cap of training "
         "some (4): give --training professional (cap 5) if that fits"),
        (("Linda", "occult"), "the occult specialization needs its Hardness: occult=N"),
        (("Linda", "occult=2", "--level", "2"), "'occult=2' already gives its level"),
        (("Prof", "Mythos=1"), "Prof already has the mythos specialization (2)"),
        (("Linda", "=2"), "a Hardness specialization needs a category name"),
    ],
)  # fmt: skip
def test_refused_specializations(table: Cli, args: tuple[str, ...], message: str) -> None:
    assert message in refused(table, "character", "trait", "add", *args, "--reason", "x")


def test_a_specialization_the_character_lacks_is_named_with_theirs(table: Cli) -> None:
    message = refused(table, "character", "trait", "remove", "Prof", "mythoss", "--reason", "x")
    assert (
        "Prof has no Hardness specialization 'mythoss': did you mean mythos? (theirs: mythos)"
        in message
    )
    message = refused(
        table, "character", "trait", "rename", "Prof", "mythos", "Mythos", "--reason", "x"
    )
    assert "the mythos specialization is called that already" in message
    assert "--scn is a fright-check option" in refused(
        table, "character", "trait", "add", "Prof", "occult=1", "--scn", "12", "--reason", "x"
    )
