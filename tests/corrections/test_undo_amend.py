"""`undo` right after an `amend` takes back the amendment (issue 30, item 12): the
amended ruling reads as first recorded again, and what followed it is re-ruled back. See
support.fright_check_cli for Eli (Will 10, HT 10) at the morgue from 1987-11-13 23:00."""

from __future__ import annotations

import pytest
from support.cli import Cli
from support.fright_check_cli import seat


@pytest.fixture
def table(runner: Cli) -> Cli:
    seat(runner)
    runner("fright", "Eli", "--threat", "rat", "--dice", "3,3,3")  # #4: made by 1
    return runner


def test_undo_after_an_amend_voids_the_amendment(table: Cli) -> None:
    table("amend", "4", "--dice", "1,1,2", "--reason", "misread the dice")
    result = table("undo", "--yes")
    assert result.stdout.startswith("The last event: #5 Re-rules #4 (misread the dice)")
    assert "#6 Voids #5 (ruling amended: misread the dice): undone at the table" in result.stdout
    log = table.json("log")
    assert [(e["seq"], e["type"], e["voided"]) for e in log[-2:]] == [  # type: ignore[index]
        (5, "RulingAmended", True),
        (6, "EventVoided", False),
    ]
    assert "rolled 9 (3,3,3)" in table("log").stdout.splitlines()[3]
    assert table.json("audit")["differences"] == []  # type: ignore[index]
    # the amendment is gone: the next undo takes the last ordinary event, the check itself
    again = table("undo", "--yes")
    assert again.stdout.startswith("The last event: #4 Eli's Fright Check vs rat")


def test_after_an_ordinary_event_undo_takes_that_event(table: Cli) -> None:
    table("amend", "4", "--dice", "1,1,2", "--reason", "misread the dice")
    table("note", "the lamp gutters")
    assert table("undo", "--yes").stdout.startswith("The last event: #6 ")


def test_the_amendment_of_another_writer_is_theirs_to_undo(table: Cli) -> None:
    table("--writer", "sam", "amend", "4", "--dice", "1,1,2", "--reason", "misread")
    mine = table.refused("undo").stderr  # the question names what it would void
    assert mine.startswith("Error: Void #4 (")  # this writer's own last event
    assert table.refused("undo", "--any").stderr.startswith("Error: Void #5 (ruling amended")
