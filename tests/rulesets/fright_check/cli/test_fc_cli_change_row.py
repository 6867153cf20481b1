"""The GM's "something more appropriate", typed at the command line (issue 12; RULES.md
Part 2, "On failure"): "This sometimes gives implausible results. The GM should either
reroll these or change them to something more appropriate - especially for Fright Checks
stemming from awe (e.g., divine beauty)". See support.fright_check_cli for Eli (Will 10, HT 10)."""

from __future__ import annotations

import pytest
from support.cli import Cli
from support.fright_check_cli import eli, fright_row, refused, row_dice, seat


@pytest.fixture
def table(runner: Cli) -> Cli:
    return seat(runner)


def test_change_the_row_at_the_check(table: Cli) -> None:
    """Rolled into row 24 (hair turns white) by an angel's beauty, the GM rules row 10
    (stunned) instead: the rolled row stays on record for explain and the GM's recap; the
    players read the effects of the row that applies."""
    document = table.json("fright", "Eli", "--threat", "angel", *row_dice(24), "--change-to",
                          "10", "--reason", "awe, not fear", "--effect-dice", "stun=2")  # fmt: skip
    assert (document["rolled_row"], document["row"]) == (24, 10)  # type: ignore[index]
    assert document["change_reason"] == "awe, not fear"  # type: ignore[index]
    assert [e["kind"] for e in document["effects"]] == ["stun"]  # type: ignore[index]
    assert eli(table)["pending"] == []  # no physical disadvantage waits to be named
    line = table("log").stdout.splitlines()[-1]
    assert "→ row 24, changed by the GM to row 10 (awe, not fear): stun 2 seconds" in line
    assert "changed by the GM to row 10 (awe, not fear)" in table("explain", "Eli").stdout
    gm = table("recap", "--for", "gm").stdout
    assert "| 10 (rolled 24) |" in gm and "the GM changed the row: awe, not fear" in gm
    players = table("recap").stdout.split("Made from **Record #")[0]  # not the head's hex
    # the row, like the dice that reached it, is the GM's: players read its effects
    assert "stun 2 seconds" in players and "| Row |" not in players
    assert "24" not in players and "awe, not fear" not in players
    assert table.json("audit")["differences"] == []  # type: ignore[index]


def test_a_change_at_a_check_that_succeeds_is_not_needed(table: Cli) -> None:
    """ "When you fail a Fright Check, roll 3d ... and consult the table": the GM names the
    row before the dice say whether it fails; on a success there is no row to change, and
    the check is recorded as it is."""
    out = table("fright", "Eli", "--threat", "angel", "--dice", "3,3,3", "--change-to", "10",
                "--reason", "awe").stdout  # fmt: skip
    assert "success by 1 (no row to change to 10)" in out


def test_change_the_row_of_a_recorded_check(table: Cli) -> None:
    """Later, with --for SEQ: row 14's FP loss and stun give way to row 13's quirk; the FP
    come back, the stun is gone, the quirk waits to be named (by the check's seq)."""
    check = fright_row(table, 14, "fp=4", "stun=2")
    assert (eli(table)["fp"], [c["kind"] for c in eli(table)["conditions"]]) == (6, ["stun"])
    out = table("fright", "Eli", "--for", str(check["seq"]), "--change-to", "13",
                "--reason", "he only stares").stdout  # fmt: skip
    assert (
        f"Eli's Fright Check #{check['seq']}: row 14 changed by the GM to row 13 "
        "(he only stares): acquire a new mental quirk (-1, pending); FP 6->10"
    ) in out
    status = eli(table)
    assert (status["fp"], status["conditions"]) == (10, [])
    assert status["pending"] == [{"kind": "quirk", "points": -1, "seq": check["seq"]}]
    table("trait", "Eli", "--name", "Stares at drawers", "--for", str(check["seq"]))
    # a second change keeps the rolled row
    again = fright_row(table, 24, threat="crypt")
    table("fright", "Eli", "--for", str(again["seq"]), "--change-to", "22", "--reason", "x")
    out = table("fright", "Eli", "--for", str(again["seq"]), "--change-to", "23",
                "--reason", "a phobia, not a delusion").stdout  # fmt: skip
    assert "row 22 (rolled 24) changed by the GM to row 23" in out
    assert eli(table)["pending"] == [{"kind": "mental", "points": -10, "seq": again["seq"]}]
    assert table.json("audit")["differences"] == []  # type: ignore[index]
    gm = table("recap", "--for", "gm").stdout
    assert "| 23 (rolled 24) |" in gm


def test_change_back_the_attribute_losses(table: Cli) -> None:
    """ "31 - Seizure ... costing 1d FP. Also, roll vs. HT. On a failure, take 1d of injury.
    On a critical failure, you also lose 1 HT permanently": a change to row 21 gives the HT
    back, with the HP and FP the seizure took."""
    check = fright_row(table, 31, "seizure=2", "seizure_fp=3", "ht=6,6,6", "injury=4")
    status = eli(table)
    assert (status["ht_lost"], status["hp"], status["fp"]) == (1, 6, 7)
    table("fright", "Eli", "--for", str(check["seq"]), "--change-to", "21", "--reason", "panic",
          "--effect-dice", "panic=3")  # fmt: skip
    status = eli(table)
    assert (status["ht_lost"], status["hp"], status["fp"], status["points_lost"]) == (0, 10, 10, 0)
    assert [c["kind"] for c in status["conditions"]] == ["panic"]


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--change-to", "10"), ("say why row 10 is more appropriate", "--reason")),
        (("--change-to", "3", "--reason", "x"), ("rows run 4 to 40 (40 is 40+), not 3",)),
        (("--change-to", "41", "--reason", "x"), ("not 41",)),
        (("--change-to", "20", "--reason", "x"), ("already reads row 20",)),
        (("--change-to", "ten", "--reason", "x"), ("'ten' is not a row of the table",)),
        (("--reason", "x"), ("give --change-to ROW --reason TEXT",)),
    ],
)
def test_refused_changes(table: Cli, args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    """ "change them to something more appropriate": another row of the table (4 to 40+),
    with the GM's reason."""
    check = fright_row(table, 20, "faint=1,1,1,1", "fp=1")
    error = refused(table, "fright", "Eli", "--for", str(check["seq"]), *args)
    for fragment in fragments:
        assert fragment in error, (fragment, error)


def test_refused_when_the_old_row_had_consequences(table: Cli) -> None:
    """A change takes the old row's effects back, so not once a trait it gave is named, a
    recovery roll was made against its condition, or it was no failure at all."""
    named = fright_row(table, 13)
    table("trait", "Eli", "--name", "Counts drawers")
    error = refused(table, "fright", "Eli", "--for", str(named["seq"]), "--change-to", "10",
                    "--reason", "x")  # fmt: skip
    assert f"a trait from check #{named['seq']} is already named" in error
    stunned = fright_row(table, 7, threat="crypt")
    table("recover", "Eli", "--dice", "6,6,6")
    error = refused(table, "fright", "Eli", "--for", str(stunned["seq"]), "--change-to", "10",
                    "--reason", "x")  # fmt: skip
    assert "recovery rolls (or a night's rest) already followed" in error
    success = table.json("fright", "Eli", "--threat", "cat", "--dice", "3,3,3")
    error = refused(table, "fright", "Eli", "--for", str(success["seq"]), "--change-to", "10",  # type: ignore[index]
                    "--reason", "x")  # fmt: skip
    assert "succeeded: there is no table row to change" in error
    assert "is not a Fright Check of Eli" in refused(
        table, "fright", "Eli", "--for", "1", "--change-to", "10", "--reason", "x"
    )
    usage = table.refused("fright", "Eli", "--for", str(named["seq"]), "--threat", "x",
                          "--change-to", "10", "--reason", "x")  # fmt: skip
    assert "leave out --threat" in usage.stderr
    assert "Missing option '--threat'" in table.refused("fright", "Eli", exit_code=2).stderr
