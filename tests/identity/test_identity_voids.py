"""A void that would break the record's identities is refused (issue 29, S8): a
`CharacterRenamed` or `CharacterAdded` that later events rely on (without it they would
name someone else, or nobody) cannot be voided; the one `Error:` line names those events,
and nothing is written. Found by identity, never by name: the newcomer who took a freed
name is not the old holder's. What nothing relies on is voided as before."""

from __future__ import annotations

import pytest
from support.cli import Cli, count_events

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")


@pytest.fixture
def night(runner: Cli) -> Cli:
    """#2 Alice, #3 Linda, #4 session, #5 the fight, #6 Alice's initiative, #7 Alice is
    renamed Alicia, #8 a newcomer Alice, #9 her Horror Check."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Alice", *SHEET)
    runner("character", "add", "Linda", *SHEET)
    runner("session", "start", "One")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Alice,Linda")
    runner("initiative", "Alice", "--dice", "+1/-8")
    runner("character", "rename", "Alice", "Alicia")
    runner("character", "add", "Alice", *SHEET)
    runner("check", "Alice", "--hf", "3", "--dice", "+9/-1")
    return runner


def refused_writing_nothing(night: Cli, *args: str) -> str:
    before, log = count_events(night.db), night("log", "--json").stdout
    message = night.refused(*args).stderr
    assert count_events(night.db) == before
    assert night("log", "--json").stdout == log
    return message


@pytest.mark.parametrize("rerule", [(), ("--rerule",)])
def test_a_rename_a_newcomer_relies_on_is_refused_naming_her(
    night: Cli, rerule: tuple[str, ...]
) -> None:
    """Without #7, the newcomer's #8 would add a second Alice: #8 relies on it (#9 names
    the newcomer either way, so it does not)."""
    message = refused_writing_nothing(night, "void", "7", "--reason", "a typo", *rerule)
    assert message == (
        "Error: the rename of Alice to Alicia (#7) is relied on by later events (#8): "
        "without it they would name someone else or nobody; void those first, or rename "
        "the character again (`journal character rename`)\n"
    )


def test_a_rename_later_events_name_her_by_is_refused_naming_them(night: Cli) -> None:
    night("note", "Alicia keeps watch.", "--about", "Alicia")  # #10
    night("shift", "Alicia", "grabbed")  # #11: the fight goes on
    message = refused_writing_nothing(night, "void", "7", "--reason", "a typo")
    assert "relied on by later events (#8, #10, #11)" in message


def test_the_old_holders_addition_names_her_events_not_the_newcomers(night: Cli) -> None:
    """#8 and #9 say "Alice" too, but they are the newcomer's."""
    message = refused_writing_nothing(night, "void", "2", "--reason", "never was")
    assert message.startswith("Error: Alice is named by later events (#5, #6, #7): void those")


def test_the_newcomers_addition_names_her_check_alone(night: Cli) -> None:
    message = refused_writing_nothing(night, "void", "8", "--reason", "never was")
    assert message.startswith("Error: Alice is named by later events (#9): ")


def test_past_five_events_the_line_counts_the_rest(night: Cli) -> None:
    for n in range(7):
        night("note", f"Alicia, clue {n}.", "--about", "Alicia")  # #10 to #16
    message = refused_writing_nothing(night, "void", "7", "--reason", "a typo")
    assert "(#8, #10, #11, #12, #13 and 3 more)" in message


def test_once_nothing_relies_on_them_they_are_voided(night: Cli) -> None:
    night("void", "9", "--reason", "not her check")
    night("void", "8", "--reason", "she never came")  # nothing names her now
    assert (
        "#12 Voids #7 (character renamed): a typo"
        in night("void", "7", "--reason", "a typo").stdout
    )
    assert [c["name"] for c in night.json("character", "list")] == ["Alice", "Linda"]
    assert night.json("audit")["differences"] == []


def test_a_rename_nothing_relies_on_is_voided(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Tobais", *SHEET)
    runner("note", "Tobais hides.", "--about", "Tobais")
    runner("character", "rename", "Tobais", "Tobias")  # #4: nothing after names Tobias
    runner("void", "4", "--reason", "he is Tobais after all")
    assert runner.json("character", "list")[0]["name"] == "Tobais"


def test_a_swap_through_a_third_name_relies_on_each_rename(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Ann", *SHEET)  # #2
    runner("character", "add", "Bea", *SHEET)  # #3
    runner("character", "rename", "Ann", "Tmp")  # #4
    runner("character", "rename", "Bea", "Ann")  # #5
    runner("character", "rename", "Tmp", "Bea")  # #6
    message = refused_writing_nothing(runner, "void", "4", "--reason", "x")
    assert "the rename of Ann to Tmp (#4) is relied on by later events (#5, #6)" in message
    message = refused_writing_nothing(runner, "void", "5", "--reason", "x")
    assert "the rename of Bea to Ann (#5) is relied on by later events (#6)" in message
    runner("void", "6", "--reason", "the swap is off")  # the last: nothing relies on it
    assert [c["name"] for c in runner.json("character", "list")] == ["Tmp", "Ann"]
