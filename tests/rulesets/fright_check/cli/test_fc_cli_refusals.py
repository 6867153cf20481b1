"""Every refusal of `journal fright` and `journal trait` through the CLI: one `Error:` line,
exit 1, and nothing written. Also the commands of one ruleset in a campaign of the other.

Mara: Will 10, HT 11, IQ 12, Daredevil, Phobia (dark) -15 at 12. Ada is Unfazeable.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from support.cli import Cli  # `from conftest` at run time can meet another folder's conftest


def count_events(db: str) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])


FAILS = ("--dice", "6,6,6", "--table-dice", "1,1,1")  # Will 10 fails by 8: table 11, row 11


@pytest.fixture
def gm(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Mara", "--will", "10", "--ht", "11", "--iq", "12",
           "--trait", "Daredevil", "--disadvantage", "Phobia (dark)=-15/12")  # fmt: skip
    runner("character", "add", "Ada", "--will", "9", "--ht", "10", "--iq", "10",
           "--trait", "Unfazeable")  # fmt: skip
    runner("fright", "Mara", "--threat", "ghoul-1", "--dice", "1,1,1")  # seq 4: a success
    return runner


def refused(gm: Cli, *args: str) -> str:
    before = count_events(gm.db)
    message = gm.refused(*args).stderr
    assert count_events(gm.db) == before
    return message


REFUSALS = [
    (("fright", "Nobody", "--threat", "x"), "no character named 'Nobody'"),
    (("fright", "Mara", "--threat", " "), "needs the threat it faces"),
    (("fright", "Mara", "--threat", "x", "--monster", "-11"),
     "monster modifier -11 is out of range"),
    (("fright", "Mara", "--threat", "x", "--monster", "2"), "monster modifier 2 is out of range"),
    (("fright", "Mara", "--threat", "x", "--report", "4"), "report bonus 4 is out of range"),
    (("fright", "Mara", "--threat", "x", "--report", "-1"), "report bonus -1 is out of range"),
    (("fright", "Mara", "--threat", "x", "--mutilated", "4"), "mutilation 4 is out of range"),
    (("fright", "Mara", "--threat", "x", "--mutilated", "-2"), "mutilation -2 is out of range"),
    (("fright", "Mara", "--threat", "x", "--mutilated", "2", "--body", "peaceful"),
     "--mutilated goes with a violent death"),
    (("fright", "Mara", "--threat", "x", "--count", "-1"), "a horde of -1 cannot be"),
    (("fright", "Mara", "--threat", "x", "--exposures", "-1"), "-1 exposures cannot be"),
    (("fright", "Mara", "--threat", "x", "--dependent"), "the Dependent -6 applies to a body"),
    (("fright", "Mara", "--threat", "x", "--mod", "Cold"), "--mod 'Cold' is not KEY=VALUE"),
    (("fright", "Mara", "--threat", "x", "--mod", "Cold=lots"), "must be a whole number"),
    (("fright", "Mara", "--threat", "x", "--cowardice-applies"), "Mara does not have Cowardice"),
    (("fright", "Ada", "--threat", "x", "--xenophilia-applies"), "Ada does not have Xenophilia"),
    (("fright", "Mara", "--threat", "x", "--distant", "--remote"),
     "either at a distance (+1) or remotely (+3), not both"),
    (("fright", "Mara", "--threat", "x", "--dice", "0,3,3"), "--dice: a d6 shows 1 to 6, not 0"),
    (("fright", "Mara", "--threat", "x", "--dice", "7,1,1"), "--dice: a d6 shows 1 to 6, not 7"),
    (("fright", "Mara", "--threat", "x", "--dice", "6,6,6", "--table-dice", "1,9,1"),
     "--table-dice: a d6 shows 1 to 6, not 9"),
    (("fright", "Mara", "--threat", "x", *FAILS, "--effect-dice", "stun=0,2"),
     "--effect-dice stun: a d6 shows 1 to 6, not 0"),
    (("fright", "Mara", "--threat", "x", "--dice", "3,3"), "--dice needs 3 dice of 1-6, got 2"),
    (("fright", "Mara", "--threat", "x", "--dice", "1,1,1,1"), "--dice needs 3 dice of 1-6, got 4"),
    (("fright", "Mara", "--threat", "x", "--dice", "6,6,6", "--table-dice", "3,3"),
     "--table-dice needs 3 dice of 1-6, got 2"),
    (("fright", "Mara", "--threat", "x", *FAILS, "--effect-dice", "stun=3"),
     "--effect-dice stun needs 2 dice of 1-6, got 1"),
    (("fright", "Mara", "--threat", "x", "--dice", "x,y,z"), "are not faces: write them as 3,4,5"),
    # issue 41, E17: a face no die can show is refused, needed or not (a success's dice)
    (("fright", "Mara", "--threat", "x", "--dice", "4,4,1", "--table-dice", "3,3,3",
      "--effect-dice", "stun=7"), "--effect-dice stun: a d6 shows 1 to 6, not 7"),
    (("fright", "Mara", "--threat", "x", "--dice", "4,4,1", "--table-dice", "3,0,3"),
     "--table-dice: a d6 shows 1 to 6, not 0"),
    (("fright", "Ada", "--threat", "x", "--dice", "9,1,1"), "--dice: a d6 shows 1 to 6, not 9"),
    (("fright", "Mara", "--threat", "x", *FAILS, "--effect-dice", "stun=3,3",
      "--effect-dice", "coma=8"), "--effect-dice coma: a d6 shows 1 to 6, not 8"),
    (("fright", "Mara", "--threat", "x", *FAILS, "--effect-dice", "stun=3,3",
      "--effect-dice", "will=1,1,1"), "--effect-dice will: no row rolls 'will'; the sub-rolls are"),
    (("fright", "Mara", "--threat", "x", "--effect-dice", "stnu=3"), "no row rolls 'stnu'"),
    (("trait", "Nobody", "--name", "X"), "no character named 'Nobody'"),
    (("trait", "Mara", "--name", "Hums", "--for", "4"),
     "Mara has no trait waiting to be named from event 4 (nothing is pending)"),
    (("trait", "Mara", "--name", "Hums", "--for", "99"), "from event 99"),
    (("trait", "Mara", "--name", "Hums"), "Mara has no pending trait to name"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"), REFUSALS, ids=[" ".join(a[:1] + a[2:]) for a, _ in REFUSALS]
)
def test_refused_and_nothing_written(gm: Cli, args: tuple[str, ...], message: str) -> None:
    assert message in refused(gm, *args)


@pytest.mark.parametrize(
    ("args", "notice"),
    [
        (("fright", "Mara", "--threat", "x", "--dice", "1,1,1", "--table-dice", "3,3,3"),
         "did not need the dice entered (--table-dice 3,3,3): entered and unused"),
        (("fright", "Mara", "--threat", "x", "--dice", "1,1,1", "--effect-dice", "stun=3"),
         "did not need the dice entered (--effect-dice stun 3): entered and unused"),
        (("fright", "Mara", "--threat", "x", *FAILS, "--effect-dice", "stun=3,3",
          "--effect-dice", "coma=2"),
         "did not need the dice entered (--effect-dice coma 2): entered and unused"),
        (("fright", "Ada", "--threat", "x", "--dice", "1,1,1"),
         "did not need the dice entered (--dice 1,1,1): entered and unused"),
    ],
)  # fmt: skip
def test_dice_the_ruling_did_not_need_are_noticed_not_refused(
    gm: Cli, args: tuple[str, ...], notice: str
) -> None:
    """Issue 30, item 13: the GM rolled every die at once (an Unfazeable character's, the
    table's on a success): the ruling is recorded, a notice names the dice left unused."""
    before = count_events(gm.db)
    result = gm(*args)
    assert f"Notice: this ruling {notice}" in result.stderr
    assert count_events(gm.db) == before + 1
    assert gm.json("audit")["differences"] == []  # type: ignore[index]


def test_usage_errors_exit_2_and_write_nothing(gm: Cli) -> None:
    before = count_events(gm.db)
    gm.refused("fright", "Mara", exit_code=2)  # --threat is required
    gm.refused("fright", "Mara", "--threat", "x", "--body", "gory", exit_code=2)
    gm.refused("fright", "Mara", "--threat", "x", "--monster", "lots", exit_code=2)
    assert count_events(gm.db) == before


@pytest.fixture
def pending(gm: Cli) -> dict[int, int]:
    """Mara's pending quirk (row 13) and pending row-25 result, by row."""
    quirk = gm.json("fright", "Mara", "--threat", "a", "--dice", "4,4,5", "--table-dice", "6,3,1")
    worse = gm.json("fright", "Mara", "--threat", "b", "--dice", "6,6,5", "--table-dice", "6,6,6")
    assert (quirk["row"], worse["row"]) == (13, 25)  # type: ignore[index]
    return {13: quirk["seq"], 25: worse["seq"]}  # type: ignore[index]


def test_naming_refusals(gm: Cli, pending: dict[int, int]) -> None:
    quirk, worse = str(pending[13]), str(pending[25])
    refusals = [
        (("--for", quirk), "give the trait's --name TEXT (or --worsen DISADVANTAGE"),
        (("--name", "Hums", "--points", "-5", "--for", quirk),
         f"the pending trait of check {quirk} is worth -1 points, not -5"),
        (("--name", "Hums", "--points", "2", "--for", quirk), "not +2"),
        (("--name", "Hums", "--scn", "12", "--for", quirk), "a quirk has no self-control number"),
        (("--worsen", "Phobia (dark)", "--for", quirk),
         "the pending quirk of check " + quirk + " cannot worsen a self-control number"),
        (("--worsen", "Phobia (rats)", "--for", worse),
         "Mara has no mental disadvantage named 'Phobia (rats)' (theirs: Phobia (dark))"),
        (("--worsen", "Phobia (dark)", "--scn", "6", "--for", worse), "leave --scn out"),
        (("--name", "Phobia (dark)", "--for", worse), "Mara already has 'Phobia (dark)'"),
        (("--name", "Phobia (drawers)", "--scn", "11", "--for", worse),
         "self-control number 11: use 6, 9, 12 or 15"),
    ]  # fmt: skip
    for args, message in refusals:
        assert message in refused(gm, "trait", "Mara", *args), args
    status = gm.json("status")["characters"]["Mara"]  # type: ignore[index]
    assert [p["seq"] for p in status["pending"]] == [pending[13], pending[25]]


def test_a_worsened_trait_cannot_be_named_twice(gm: Cli, pending: dict[int, int]) -> None:
    gm("trait", "Mara", "--worsen", "Phobia (dark)", "--for", str(pending[25]))
    message = refused(gm, "trait", "Mara", "--worsen", "Phobia (dark)", "--for", str(pending[25]))
    assert f"no trait waiting to be named from event {pending[25]}" in message
    assert "pending: quirk -1 from check" in message


def test_encounter_refusals(gm: Cli) -> None:
    assert "no combat is running: start one with `journal encounter start`" in refused(
        gm, "encounter", "end"
    )
    gm("encounter", "start", "Brawl", "--cast", "Mara")
    assert "'Brawl' is still running: end it with `journal encounter end`" in refused(
        gm, "encounter", "start", "Again", "--cast", "Mara"
    )
    assert "--hf is a horror-factor option, and campaign 'morgue' plays fright-check" in refused(
        gm, "encounter", "start", "X", "--hf", "3", "--cast", "Mara"
    )


HF_COMMANDS = [
    ("initiative", "Mara", "--dice", "+5/-6"),
    ("initiative", "Mara"),
    ("turn",),
    ("check", "Mara"),
    ("check", "Mara", "--dice", "+1/-2"),
    ("soak", "Mara", "1"),
]


@pytest.mark.parametrize("args", HF_COMMANDS, ids=" ".join)
def test_a_horror_factor_command_in_a_fright_check_campaign(gm: Cli, args: tuple[str]) -> None:
    message = refused(gm, *args)
    assert "horror-factor" in message and "fright-check" in message


FC_COMMANDS = [
    ("fright", "Linda", "--threat", "ghoul-1"),
    ("fright", "Linda", "--threat", "ghoul-1", "--dice", "1,1,1", "--mutilated", "2"),
    ("fright", "Linda", "--threat", "ghoul-1", "--distant", "--remote"),
    ("trait", "Linda", "--name", "Hums", "--for", "2"),
    ("trait", "Linda", "--name", "Hums"),
]


@pytest.mark.parametrize("args", FC_COMMANDS, ids=" ".join)
def test_a_fright_check_command_in_a_horror_factor_campaign(runner: Cli, args: tuple[str]) -> None:
    runner("campaign", "new", "zombies", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some")  # fmt: skip
    message = refused(runner, *args)
    assert message == (
        "Error: that is a fright-check command, and campaign 'zombies' plays horror-factor\n"
    )


# --- a sheet of the other ruleset -------------------------------------------------------------


def test_horror_factor_flags_in_a_fright_check_campaign_are_named_as_typed(gm: Cli) -> None:
    """The review's example: the flags come back as typed (not `--hardne`), with `--spec`."""
    message = refused(gm, "character", "add", "Zed", "--reaction", "10", "--willpower", "10",
                      "--hardness", "0", "--training", "none", "--spec", "mythos=1")  # fmt: skip
    assert message == (
        "Error: --reaction, --willpower, --hardness, --training, --spec belong to "
        "horror-factor; this campaign plays fright-check\n"
    )


def test_fright_check_flags_in_a_horror_factor_campaign_are_named_as_typed(runner: Cli) -> None:
    runner("campaign", "new", "zombies", "--ruleset", "horror-factor")
    message = refused(runner, "character", "add", "Zed", "--reaction", "10", "--willpower", "10",
                      "--hardness", "0", "--training", "none", "--trait", "Daredevil",
                      "--quirk", "Hums", "--disadvantage", "Phobia (dark)=-15/12")  # fmt: skip
    assert message == (
        "Error: --trait, --quirk, --disadvantage belong to fright-check; "
        "this campaign plays horror-factor\n"
    )
    message = refused(runner, "character", "add", "Zed", "--ht", "10")
    assert message == "Error: --ht belongs to fright-check; this campaign plays horror-factor\n"


def test_a_recoverys_unneeded_die_off_the_d6_is_refused(gm: Cli) -> None:
    """Issue 41, E17: `--more-dice 7` for a stun (no stretches to roll) is a typo, needed or
    not: refused, nothing written; the same roll with a 6 is recorded, the die unused."""
    gm("fright", "Mara", "--threat", "x", *FAILS, "--effect-dice", "stun=3,3")
    message = refused(gm, "recover", "Mara", "--dice", "3,3,3", "--more-dice", "7")
    assert "--more-dice: a d6 shows 1 to 6, not 7" in message
    assert (
        "entered and unused" in gm("recover", "Mara", "--dice", "3,3,3", "--more-dice", "6").stderr
    )
