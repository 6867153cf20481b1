"""Timed conditions: a faint "lasting for 4d minutes" (row 20) and a seizure "lasting 1d
minutes" (row 31) show in `status` and on the table screen from the check until their
rolled minutes have passed on the clock, then end by themselves (issue 30, item 11). See
support.fright_check_cli for Eli (Will 10, HT 10), at the morgue from 1987-11-13 23:00.

RULES.md Part 2, "Timed conditions (a faint "lasting for 4d minutes", row 20; a seizure
"lasting 1d minutes", row 31; any row with a duration in minutes or hours): the condition
shows in `status`, the board and the character's page from the check until its rolled
duration has passed on the in-game clock, then ends by itself (no recovery roll). With no
clock it lasts until the clock moves past it or the session ends."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli
from support.fright_check_cli import eli, fright_row, seat

import journal


@pytest.fixture
def table(runner: Cli) -> Cli:
    return seat(runner)


def _players_now(db: str) -> str:
    """The table screen's conditions cell for Eli (what the players' board shows)."""
    with journal.open(db, campaign="morgue") as morgue:
        board = morgue.board_grid(gm=False)
    keys = [c.key for c in board.columns]
    (row,) = board.rows
    return row.cells[keys.index("conditions")].text


def test_a_faint_of_4d_minutes_lasts_its_minutes_on_the_clock(table: Cli) -> None:
    """Row 20 at 23:00, 4d = 3+4+5+2 = 14 minutes: out cold until 23:14, then up by
    themselves, with no recovery roll."""
    check = fright_row(table, 20, "faint=3,4,5,2", "fp=2")
    (faint,) = eli(table)["timed"]
    assert faint == {
        "kind": "faint",
        "seq": check["seq"],
        "value": 14,
        "unit": "minutes",
        "dice": "4d",
        "faces": [3, 4, 5, 2],
        "starts": "1987-11-13T23:00",
        "ends": "1987-11-13T23:14",
        "note": "bordering on shock",
        "terms": "4d minutes = 14 (3+4+5+2)",
    }
    status = table("status").stdout
    assert f"faint until 1987-11-13 23:14 (#{check['seq']}: 4d minutes = 14 (3+4+5+2))" in status
    assert eli(table)["conditions"] == []  # no recovery roll to wait for
    assert "the others end by themselves" in table.refused("recover", "Eli").stderr
    table("clock", "advance", "13min")  # 23:13: still out
    assert [t["kind"] for t in eli(table)["timed"]] == ["faint"]
    assert _players_now(table.db) == "faint until 1987-11-13 23:14"
    table("clock", "advance", "1min")  # 23:14: over
    assert eli(table)["timed"] == []
    assert "faint" not in table("status").stdout
    assert _players_now(table.db) == "-"


def test_a_seizure_of_1d_minutes_ends_by_itself(table: Cli) -> None:
    """Row 31: a seizure for 1d = 4 minutes costing 1d FP, the HT roll made."""
    check = fright_row(table, 31, "seizure=4", "seizure_fp=2", "ht=3,3,3")
    (seizure,) = eli(table)["timed"]
    assert (seizure["kind"], seizure["ends"], seizure["terms"]) == (
        "seizure",
        "1987-11-13T23:04",
        "1d minutes = 4 (4)",
    )
    assert (
        f"seizure until 1987-11-13 23:04 (#{check['seq']}: 1d minutes = 4 (4))"
        in table("status").stdout
    )
    table("clock", "set", "1987-11-13 23:30")
    assert eli(table)["timed"] == []


def test_a_void_or_a_changed_row_takes_it_away(table: Cli) -> None:
    """Derived from the events: voiding the check, or changing its row to one without a
    timed condition, leaves none; a changed row's own duration is the one shown."""
    check = fright_row(table, 20, "faint=1,1,1,1", "fp=1")
    table("fright", "Eli", "--for", str(check["seq"]), "--change-to", "13", "--reason", "tamer")
    assert eli(table)["timed"] == []
    again = fright_row(table, 20, "faint=6,6,6,6", "fp=1", threat="crypt")
    assert eli(table)["timed"][0]["ends"] == "1987-11-13T23:24"
    table("void", str(again["seq"]), "--reason", "misread")
    assert eli(table)["timed"] == []


def test_with_no_clock_it_lasts_the_session(tmp_path: Path, runner: Cli) -> None:
    """No clock at the check: nothing measures minutes, so it lasts until a clock is set or
    the session ends."""
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    runner("session", "start", "The morgue")
    fright_row(runner, 20, "faint=3,4,5,2", "fp=2")
    (faint,) = eli(runner)["timed"]
    assert (faint["starts"], faint["ends"]) == (None, None)
    assert "faint until the clock is set or the session ends" in runner("status").stdout
    runner("session", "end")
    assert eli(runner)["timed"] == []
    runner("session", "start", "The morgue again")
    fright_row(runner, 20, "faint=3,4,5,2", "fp=2", threat="crypt")
    runner("clock", "set", "1987-11-14 01:00")
    assert eli(runner)["timed"] == []


def test_a_rest_ends_a_faint_still_running(table: Cli) -> None:
    """Issue 41, E11 (RULES.md: "A rest (hours) ends every stun, retching, faint and panic
    still running, timed or not"): a row-20 faint of 14 minutes, then `rest` at once; it
    stayed in `status --json` `timed` until its minutes passed on the clock. The rest
    says it ended it, the players' recap too; a rest that ends nothing says so."""
    check = fright_row(table, 20, "faint=3,4,5,2", "fp=2")
    assert [t["kind"] for t in eli(table)["timed"]] == ["faint"]
    rested = table("rest", "Eli").stdout
    assert f"A night's rest: Eli FP 8->10/10 (faint from #{check['seq']} over)" in rested
    assert eli(table)["timed"] == [] and "faint" not in _players_now(table.db)
    table("clock", "advance", "5m")  # still inside its 14 minutes: over all the same
    assert eli(table)["timed"] == []
    assert table.json("audit")["differences"] == []  # type: ignore[index]
    assert "nothing to recover" in table("rest", "--all").stdout
    recap = table("recap", "--for", "players").stdout
    assert "A night's rest: Eli FP 8 → 10 of 10, over: faint" in recap
    assert "A night's rest for Eli: nothing to recover" in recap
    # a void of the rest brings the faint back while its minutes run
    table("void", rested.split()[0].lstrip("#"), "--reason", "they never slept")
    assert [t["kind"] for t in eli(table)["timed"]] == ["faint"]
