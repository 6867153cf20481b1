"""Dice the GM entered and the ruling did not need are kept in the event as `unused`
(issue 30, item 13), so an amendment that turns a failure into a success and back uses the
table dice entered at the table again instead of losing them and rolling a new table
(item 12, its third part).

Eli (Will 10): 5,5,5 is 15, a failure by 5; the table 2,3,3 is 8, 8 + 5 = row 13 (a quirk).
An amendment to 3,3,3 (9) makes it a success, which needs no table; another back to 5,5,5
fails again, and reads row 13 from the very dice entered.
"""

from __future__ import annotations

from typing import Any

import pytest
from support.cli import Cli


@pytest.fixture
def morgue(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    runner("character", "add", "Ada", "--will", "10", "--ht", "10", "--iq", "12",
           "--trait", "Unfazeable")  # fmt: skip
    return runner


def _dice(runner: Cli, seq: int) -> dict[str, Any]:
    """The dice of ruling `seq` as it now stands (its latest amendment, if any)."""
    log: Any = runner.json("log")
    for record in reversed(log):
        if record["type"] == "RulingAmended" and record["data"]["seq"] == seq:
            return dict(record["data"]["data"]["dice"])
    return dict(next(r for r in log if r["seq"] == seq)["data"]["dice"])


def test_a_success_keeps_the_table_dice_entered_and_a_failure_uses_them_again(
    morgue: Cli,
) -> None:
    check: Any = morgue.json("fright", "Eli", "--threat", "x", "--dice", "5,5,5",
                             "--table-dice", "2,3,3")  # fmt: skip
    seq = check["seq"]
    assert check["row"] == 13
    morgue("amend", str(seq), "--dice", "will=3,3,3", "--reason", "misread the dice")
    assert _dice(morgue, seq) == {
        "will": {"faces": [3, 3, 3], "source": "entered"},
        "table": {"faces": [2, 3, 3], "source": "unused"},
    }
    explained = morgue("explain", "Eli", "--all").stdout
    assert "entered and not needed: table 2/3/3" in explained
    focus = morgue("explain", "Eli", str(seq)).stdout
    assert "table 2/3/3 (entered, unused by the ruling)" in focus
    out = morgue("amend", str(seq), "--dice", "will=5,5,5", "--reason", "it was 5s").stdout
    assert "table 8+5 = 13 → row 13" in out
    assert _dice(morgue, seq)["table"] == {"faces": [2, 3, 3], "source": "entered"}
    assert morgue.json("audit")["differences"] == []  # type: ignore[index]


def test_an_unfazeable_characters_entered_dice_are_recorded_as_unused(morgue: Cli) -> None:
    result = morgue("fright", "Ada", "--threat", "x", "--dice", "3,3,3")
    assert "entered and unused" in result.stderr and "Error" not in result.stderr
    (ada,) = [r for r in morgue.json("log") if r["data"].get("character") == "Ada"][-1:]  # type: ignore[union-attr]
    assert ada["data"]["made"] is False
    assert ada["data"]["dice"] == {"will": {"faces": [3, 3, 3], "source": "unused"}}
    document: Any = morgue.json("explain", "Ada", "--all")
    assert document["rulings"][-1]["dice"] == {"will": {"faces": [3, 3, 3], "source": "unused"}}
    audit: Any = morgue.json("audit")
    assert audit["differences"] == []
    assert audit["unused_dice"] == [{"seq": ada["seq"], "purpose": "will", "faces": [3, 3, 3]}]
    shown = morgue("audit", "--full").stdout  # the last clean audit checked it already
    assert (
        f"Entered and not needed by their ruling (kept, unused): #{ada['seq']} will 3/3/3" in shown
    )
