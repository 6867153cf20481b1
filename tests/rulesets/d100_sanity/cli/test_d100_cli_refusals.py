"""Every refusal of d100 sanity's commands, as the GM types them: one `Error:` line (or
click's usage error, exit 2), nothing written, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli, count_events


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "d100-sanity")
    runner("character", "add", "Mara", "--pow", "55", "--int", "70")
    runner("session", "start", "One")
    return runner


@pytest.fixture
def op(runner: Cli) -> Cli:
    runner("campaign", "new", "op", "--ruleset", "d100-sanity", "--option", "preset=delta-green")
    runner("character", "add", "Reyes", "--pow", "11", "--bond", "Ana=11")
    runner("session", "start", "One")
    return runner


def refused(cli: Cli, *args: str, match: str, exit_code: int = 1) -> None:
    before = count_events(cli.db)
    result = cli.refused(*args, exit_code=exit_code)
    assert match in result.stderr, result.stderr
    assert count_events(cli.db) == before


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("sanity", "Mara", "--loss", "1d6"), "is not S/F"),
        (("sanity", "Mara", "--loss", "1d6/1"), "cannot cost more than a failure"),
        (("sanity", "Mara", "--loss", "0/1d6", "--dice", "101"), "is not a d100: give 1 to 100"),
        (("sanity", "Mara", "--loss", "0/1d6", "--dice", "0"), "is not a d100"),
        (
            ("sanity", "Mara", "--loss", "0/1d6", "--dice", "57", "--loss-dice", "7"),
            "a d6 shows 1 to 6",
        ),
        (("sanity", "Mara", "--loss", "0/1d6", "--kind", "fire"), "a loss is of violence"),
        (("sanity", "Mara", "--loss", "0/1d6", "--project", "Ana"), "the Delta Green preset's"),
        (("sanity", "Mara", "--loss", "0/1d6", "--threat", " "), "the threat's id"),
        (("sanity", "Mara", "--loss", "0/1d6", "--threat-name", "x"), "give the threat's id too"),
        (("sanity", "Nobody", "--loss", "0/1d6"), "no character named 'Nobody'"),
        (("sanity", "Mara", "--loss", "0/1d6", "--dice", "10", "--disorder", "x"), "not insane"),
        (("bout", "Mara", "--what", "runs"), "not insane: a bout"),
        (("disorder", "Mara", "Fear of water"), "not insane"),
        (("lucid", "Mara", "--reason", "treated"), "not insane now"),
        (("react", "Mara", "flee"), "no choice to make"),
        (("adapt", "Mara", "--cost", "CHA -1"), "no adaptation"),
        (("award", "Mara", "--reason", "x"), "say what is awarded"),
        (("award", "Mara", "--san", "1d6+", "--reason", "x"), "not a dice expression"),
        (("award", "Mara", "--san", "2", "--skill", "Occult"), "leave out --san"),
        (("therapy", "Mara", "--san", "30", "--dice", "4"), "-20 to +20"),
        (("therapy", "Mara", "--san", "1", "--dice", "x"), "are not faces"),
        (("mythos", "Mara", "--gain", "0", "--reason", "x"), "1 or more"),
        (("mythos", "Mara", "--gain", "100", "--reason", "x"), "would pass 99"),
        (("scenario", "end"), "no scenario is running"),
        (("scenario", "start", " "), "needs a title"),
        (("adjust", "Mara", "--san", "+50", "--reason", "x"), "outside 0 to 99"),
        (("adjust", "Mara", "--breaking-point", "-1", "--reason", "x"), "no breaking point"),
        (("adjust", "Mara", "--bond", "Ana=1", "--reason", "x"), "a bond of Mara's"),
        (("character", "add", "Eli", "--pow", "50"), "needs INT"),
        (
            ("character", "add", "Eli", "--pow", "50", "--int", "50", "--bond", "Ana=3"),
            "Delta Green preset's",
        ),
        (("character", "add", "Eli", "--pow", "500", "--int", "50"), "POW 500 is out of range"),
        (("character", "add", "Eli", "--int", "50"), "needs --pow N"),
        (
            ("character", "add", "Eli", "--pow", "50", "--int", "50", "--unnatural", "3"),
            "Delta Green preset's",
        ),
        (
            ("character", "add", "Eli", "--pow", "50", "--int", "50", "--will", "3"),
            "belongs to fright-check",
        ),
    ],
)
def test_the_percentile_rules_refuse(night: Cli, args: tuple[str, ...], match: str) -> None:
    refused(night, *args, match=match)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("sanity", "Reyes", "--loss", "1/1d6"), "names its kind"),
        (
            ("sanity", "Reyes", "--loss", "1/1d6", "--kind", "violence", "--project", "Mom"),
            "no bond 'Mom'",
        ),
        (
            (
                "sanity",
                "Reyes",
                "--loss",
                "0/1d6",
                "--kind",
                "violence",
                "--dice",
                "5",
                "--cost",
                "x",
            ),
            "no adaptation",
        ),
        (("adjust", "Reyes", "--breaking-point", "+2", "--reason", "x"), "only falls"),
        (("adjust", "Reyes", "--san", "-12", "--reason", "x"), "at or below the breaking point 44"),
        (("adjust", "Reyes", "--bond", "Ana=+99", "--reason", "x"), "outside 0 to 99"),
        (("character", "add", "Park", "--pow", "13", "--bond", "June"), "a bond is NAME=SCORE"),
        (
            ("character", "add", "Park", "--pow", "13", "--mythos", "3", "--unnatural", "3"),
            "not both",
        ),
        (("character", "add", "Park", "--pow", "40"), "POW 40 is out of range: give 1 to 20"),
        (("react", "Reyes", "hide"), "Invalid value"),
    ],
)
def test_the_delta_green_preset_refuses(op: Cli, args: tuple[str, ...], match: str) -> None:
    refused(op, *args, match=match, exit_code=2 if match == "Invalid value" else 1)


def test_campaign_options_refused(runner: Cli) -> None:
    for option, match in (
        ("preset=pulp", "preset is coc or delta-green"),
        ("san_hidden=maybe", "san_hidden is yes or no"),
        ("indefinite=sometimes", "indefinite is yes or no (or preset)"),
        ("sanity=low", "has no option 'sanity'"),
    ):
        result = runner.refused(
            "campaign", "new", "x", "--ruleset", "d100-sanity", "--option", option
        )
        assert match in result.stderr
    assert count_events(runner.db) == 0


def test_a_table_file_that_cannot_be_read_or_does_not_fit(night: Cli, tmp_path: Path) -> None:
    night(
        "sanity",
        "Mara",
        "--loss",
        "1/1d10",
        "--dice",
        "90",
        "--loss-dice",
        "6",
        "--int-dice",
        "5",
        "--hours-dice",
        "2",
    )
    missing = tmp_path / "none.txt"
    refused(night, "bout", "Mara", "--table", str(missing), match="cannot read the table")
    refused(night, "bout", "Mara", "--table=\x00", match="that is no file name")
    gap = tmp_path / "gap.txt"
    gap.write_text("1: runs\n3: hides\n", encoding="utf-8")
    refused(
        night,
        "bout",
        "Mara",
        "--table",
        str(gap),
        match="the table 'gap', line 2: entries must run",
    )
    latin = tmp_path / "latin.txt"
    latin.write_bytes("1: caf\xe9\n".encode("latin-1"))
    refused(night, "bout", "Mara", "--table", str(latin), match="is not UTF-8 text")
    big = tmp_path / "big.txt"
    big.write_text("1: x\n" * 300_000, encoding="utf-8")
    refused(night, "bout", "Mara", "--table", str(big), match="larger than 1,000,000 bytes")
    fine = tmp_path / "fine.txt"
    fine.write_text("runs\nhides\n", encoding="utf-8")
    refused(night, "bout", "Mara", "--table", str(fine), "--what", "runs", match="one of them")
