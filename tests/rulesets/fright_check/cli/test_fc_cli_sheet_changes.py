"""The sheet as an event stream (issue 41, E2): a trait entered any way is the trait the
modifiers read, and the sheet changes as play goes (`character trait add|remove|rename`),
each change an event with its reason that `log` and `explain` show, `audit` decides
again and `undo` takes back. Every refusal is one `Error:` line that writes nothing.

Cole: Will 10, HT 10, IQ 12. The GM met it: `--disadvantage "Cowardice=-10/12"` at
creation, then `fright Cole --cowardice-applies` was refused ("Cole does not have
Cowardice ... or add the trait to the sheet"), and no command could add one.
"""

from __future__ import annotations

import json

import pytest
from support.cli import Cli
from support.fright_check_cli import refused

COLE = ("character", "add", "Cole", "--will", "10", "--ht", "10", "--iq", "12")
COWARDICE = "-2 Cowardice 2 (physical safety at risk) = 8"


@pytest.fixture
def table(runner: Cli) -> Cli:
    runner("campaign", "new", "hospital", "--ruleset", "fright-check")
    return runner


def cowardly_check(table: Cli, name: str = "Cole") -> str:
    return table("fright", name, "--threat", "nurse", "--cowardice-applies",
                 "--dice", "1,1,1").stdout  # fmt: skip


@pytest.mark.parametrize(
    "typed",
    [
        ("--disadvantage", "Cowardice=-10/12"),  # as the GM typed it in the evening
        ("--disadvantage", "cowardice = -10/12"),
        ("--trait", "Cowardice=2"),
        ("--trait", "COWARDICE 2"),
        ("--trait", "Cowardice=-10/12"),
    ],
    ids=lambda typed: " ".join(typed),
)
def test_cowardice_entered_any_way_at_creation_is_the_one_the_modifiers_read(
    table: Cli, typed: tuple[str, str]
) -> None:
    table(*COLE, *typed)
    assert COWARDICE in cowardly_check(table)
    assert table.json("status")["characters"]["Cole"]["traits"] == {"Cowardice": 2}  # type: ignore[index]


def test_cowardice_added_later_or_named_from_a_check_is_the_same(table: Cli) -> None:
    """The new command and `trait` (naming what a check gave) read a trait as creation does."""
    table(*COLE)
    table("character", "trait", "add", "Cole", "cowardice", "--points", "-10", "--scn", "12",
          "--reason", "since the war")  # fmt: skip
    assert COWARDICE in cowardly_check(table)
    table("character", "add", "Eve", "--will", "10", "--ht", "10", "--iq", "12")
    # row 23: a -10 Phobia or other mental disadvantage, named Cowardice by the GM
    check = table.json("fright", "Eve", "--threat", "ward", "--monster", "-8",
                       "--dice", "6,6,5", "--table-dice", "3,3,2")  # fmt: skip
    assert check["row"] == 23  # type: ignore[index]
    named = table("trait", "Eve", "--name", "COWARDICE", "--scn", "12").stdout
    assert "Eve acquires Cowardice (-10, self-control 12" in named
    assert COWARDICE in cowardly_check(table, "Eve")


def test_a_trait_put_on_taken_off_and_renamed_is_an_event_with_its_reason(table: Cli) -> None:
    table(*COLE)
    table("session", "start", "Admission night")
    added = table("character", "trait", "add", "Cole", "Phobia (hospital)", "--points", "-10",
                  "--scn", "12", "--mental", "--reason", "since the ward").stdout  # fmt: skip
    assert added.startswith("#4 Cole's sheet: Phobia (hospital) (-10 points, self-control 12) "
                            "added (mental disadvantage): since the ward")  # fmt: skip
    table("character", "trait", "rename", "Cole", "phobia (HOSPITAL)", "Phobia (hospitals)",
          "--reason", "typo")  # fmt: skip
    table("character", "trait", "add", "Cole", "Acute Hearing", "--level", "2", "--points",
          "4", "--reason", "bought with points")  # fmt: skip
    table("character", "trait", "add", "Cole", "Fearlessness=1", "--reason", "therapy")
    table("character", "trait", "add", "Cole", "Bad Back", "--points", "-15", "--physical",
          "--reason", "the fall")  # fmt: skip
    table("character", "trait", "add", "Cole", "Hums", "--quirk", "--reason", "nerves")
    cole = table.json("status")["characters"]["Cole"]  # type: ignore[index]
    assert cole["disadvantages"] == [
        {"name": "Phobia (hospitals)", "points": -10, "self_control": 12}
    ]
    assert cole["others"] == [{"name": "Acute Hearing", "points": 4, "level": 2, "fright": 0}]
    assert cole["traits"] == {"Fearlessness": 1}
    assert cole["physical"] == [{"name": "Bad Back", "points": -15, "self_control": None}]
    assert cole["quirks"] == ["Hums"]
    assert cole["points_lost"] == 0  # the GM's changes of the sheet are no scars
    table("character", "trait", "remove", "Cole", "fearlessness", "--reason", "relapse")
    log = table("log").stdout
    for line in (
        "Cole's sheet: Phobia (hospital) is now called Phobia (hospitals): typo",
        "Cole's sheet: Acute Hearing 2 (+4 points) added (trait): bought with points",
        "Cole's sheet: Fearlessness 1 taken off (trait): relapse",
    ):
        assert line in log
    explained = table("explain", "Cole").stdout
    assert "Phobia (hospital) -10, self-control 12 -> Phobia (hospitals)" in explained
    assert "Acute Hearing" in explained
    assert table.json("audit")["differences"] == []  # type: ignore[index]
    players = table("recap", "--for", "players").stdout
    assert "Cole no longer has Fearlessness" in players and "relapse" not in players
    # undo takes back the last change, and the sheet is as it was before it
    table("undo", "--yes")
    assert table.json("status")["characters"]["Cole"]["traits"] == {"Fearlessness": 1}  # type: ignore[index]


def test_the_audit_decides_a_change_again(table: Cli) -> None:
    """A check that read a trait the GM added: void the addition, and the audit finds the
    check the rules would now refuse (its --cowardice-applies names no Cowardice)."""
    table(*COLE)
    added = table("character", "trait", "add", "Cole", "Cowardice=2", "--reason", "x").stdout
    check = cowardly_check(table)
    table("void", added.split()[0].lstrip("#"), "--reason", "never had it")
    audit = table("audit", "--json", ok=False)
    assert audit.exit_code == 1
    differences = json.loads(audit.stdout)["differences"]
    assert [d["seq"] for d in differences] == [int(check.split()[0].lstrip("#"))]  # type: ignore[index]


REFUSALS = [
    (("character", "trait", "add", "Cole", "Cowardise=2", "--reason", "x"),
     "'Cowardise' is not a trait the journal knows: did you mean Cowardice?"),
    (("character", "trait", "add", "Cole", "Strong Will", "--reason", "x"),
     "'Strong Will' is not a trait the journal knows (known: Fearlessness, Fearfulness, "
     "Combat Reflexes, Combat Paralysis, Cowardice"),
    (("character", "trait", "add", "Cole", "Fearlessness", "--reason", "x"),
     'Fearlessness needs a level: write it as "Fearlessness=1"'),
    (("character", "trait", "add", "Cole", "Fearfulness=1", "--reason", "x"),
     "a character cannot have both Fearlessness and Fearfulness"),
    (("character", "trait", "add", "Cole", "Fearlessness=3", "--reason", "x"),
     "Cole already has Fearlessness 2: take it off first"),
    (("character", "trait", "add", "Cole", "Fearlessness=2", "--level", "3", "--reason", "x"),
     "'Fearlessness=2' already gives its level: give it once"),
    (("character", "trait", "add", "Cole", "Cowardice", "--points", "-10", "--reason", "x"),
     "Cowardice needs its self-control number"),
    (("character", "trait", "add", "Cole", "Daredevil", "--quirk", "--reason", "x"),
     "Daredevil is an advantage, not a disadvantage"),
    (("character", "trait", "add", "Cole", "Hums", "--quirk", "--mental", "--reason", "x"),
     "a trait is one of mental, physical, quirk: give one of --mental, --quirk"),
    (("character", "trait", "add", "Cole", "Phobia (dark)", "--mental", "--reason", "x"),
     "the disadvantage 'Phobia (dark)' needs its points"),
    (("character", "trait", "add", "Cole", "Phobia (dark)", "--points", "-10", "--scn", "11",
      "--mental", "--reason", "x"), "Phobia (dark) has self-control number 11"),
    (("character", "trait", "add", "Cole", "Acute Hearing", "--points", "4", "--reason", " "),
     "a change to the sheet needs its reason"),
    (("character", "trait", "add", "Nobody", "Daredevil", "--reason", "x"),
     "no character named 'Nobody'"),
    (("character", "trait", "remove", "Cole", "Fearlesness", "--reason", "x"),
     "Cole has no trait 'Fearlesness': did you mean Fearlessness? (theirs: Fearlessness"),
    (("character", "trait", "rename", "Cole", "Fearlessness", "Courage", "--reason", "x"),
     "Fearlessness and Courage are not the same a trait the journal knows"),
    (("character", "trait", "rename", "Cole", "Phobia (dark)", "Cowardice", "--reason", "x"),
     "Phobia (dark) and Cowardice are not the same"),
    (("character", "trait", "rename", "Cole", "Phobia (dark)", "Hums", "--reason", "x"),
     "Cole already has Hums: give another name"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "message"), REFUSALS, ids=[" ".join(a[2:5]) for a, _ in REFUSALS])
def test_refused_and_nothing_written(table: Cli, args: tuple[str, ...], message: str) -> None:
    table(*COLE, "--trait", "Fearlessness=2", "--disadvantage", "Phobia (dark)=-15/12",
          "--quirk", "Hums")  # fmt: skip
    assert message in refused(table, *args)


def test_the_reason_is_asked_for_by_click(table: Cli) -> None:
    table(*COLE)
    table.refused("character", "trait", "add", "Cole", "Daredevil", exit_code=2)
