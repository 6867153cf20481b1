"""Inputs that once ended in "unexpected failure (...)": each is now one `Error:` line
saying what is wrong (or click's usage error), and writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import Cli, count_events

HUGE = str(10**30)


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some")  # fmt: skip
    runner("session", "start", "One")
    return runner


@pytest.fixture
def morgue(runner: Cli) -> Cli:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Mara", "--will", "12", "--ht", "11", "--iq", "13",
           "--disadvantage", "Phobia (dark)=-15/12")  # fmt: skip
    return runner


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["status", "--as-of-session", HUGE], f"has no session {HUGE}"),
        (["log", "--as-of-session", HUGE], f"has no session {HUGE}"),
        (["log", "--session", HUGE], f"has no session {HUGE}"),
        (["explain", "Linda", "--as-of-session", HUGE], f"has no session {HUGE}"),
        (["status", "--as-of", HUGE], f"there is no event {HUGE}"),
        (["explain", "Linda", HUGE], f"there is no event {HUGE}"),
        (["character", "show", "Linda", "--as-of", HUGE], f"there is no event {HUGE}"),
        (["recap", HUGE], f"there is no session {HUGE}"),
    ],
)
def test_a_huge_number_is_no_seq_and_no_session(night: Cli, args: list[str], says: str) -> None:
    assert says in night.refused(*args).stderr


CHANGES = ["--1", "+-1", "-+2", "\u00b2", "\u0661", "1.0", "9" * 5000, ""]


def test_a_change_that_is_not_one_is_refused_horror_factor(night: Cli) -> None:
    for number in ("--hardness", "--willpower", "--brokenness", "--spec"):
        for change in CHANGES:
            value = f"mythos={change}" if number == "--spec" else change
            stderr = night.refused("adjust", "Linda", f"{number}={value}", "--reason", "x").stderr
            assert "must be a change such as -1 or +2" in stderr, (number, change)
    assert count_events(night.db) == 3


def test_a_change_that_is_not_one_is_refused_fright_check(morgue: Cli) -> None:
    for number in ("--will", "--hp", "--fp"):
        for change in CHANGES:
            stderr = morgue.refused("adjust", "Mara", f"{number}={change}", "--reason", "x").stderr
            assert "takes a change such as -1 or +1" in stderr, (number, change)
    for scn in ("\u00b2", "-12", "12.0", "9" * 5000):
        stderr = morgue.refused(
            "adjust", "Mara", "--scn", f"Phobia (dark)={scn}", "--reason", "x"
        ).stderr
        assert "self-control number is 15, 12, 9 or 6" in stderr
    assert count_events(morgue.db) == 2


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["encounter", "start", "x", "--hf", "\u00b2", "--cast", "Linda"], "neither a preset"),
        (["check", "Linda", "--dice", "\u00b2/3"], "are not a d10 pair"),
        (["clock", "set", "\u00b2-01-01"], "is not a date of the years 1 to 9999"),
        (["shift", "--all", "\u00b2"], "no encounter is running"),
    ],
)
def test_digits_python_reads_as_digits_but_int_does_not(
    night: Cli, args: list[str], says: str
) -> None:
    assert says in night.refused(*args).stderr


def test_a_fright_check_with_such_digits(morgue: Cli) -> None:
    fright = ["fright", "Mara", "--threat", "x"]
    assert "are not faces" in morgue.refused(*fright, "--dice", "\u00b2,1,1").stderr
    changed = [*fright, "--dice", "6,6,6", "--change-to", "\u00b2", "--reason", "x"]
    assert "is not a row of the table" in morgue.refused(*changed).stderr


@pytest.mark.parametrize("args", [["import", "a\x00b"], ["export", "-o", "a\x00b"]])
def test_a_file_name_holding_nul_is_a_usage_error(night: Cli, args: list[str]) -> None:
    result = night.refused(*args, exit_code=2)
    assert "cannot be a file name (it holds a NUL character)" in result.stderr


@pytest.mark.parametrize(
    "args",
    [["export", "-o", "DB"], ["recap", "-o", "DB"], ["arc", "Linda", "-o", "DB"],
     ["export", "-o", "DB-wal"], ["recap", "-o", "LINK"]],
)  # fmt: skip
def test_output_never_overwrites_the_journal(night: Cli, tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "link.db").symlink_to(night.db)
    before = Path(night.db).read_bytes()
    args = [night.db if a == "DB" else f"{night.db}-wal" if a == "DB-wal" else a for a in args]
    args = [str(tmp_path / "link.db") if a == "LINK" else a for a in args]
    assert "is the journal's own database" in night.refused(*args).stderr
    assert Path(night.db).read_bytes() == before
    assert night("status").exit_code == 0


@pytest.mark.parametrize("field", ["session", "schema", "seq"])
@pytest.mark.parametrize("value", [2**31, 10**30])
def test_an_import_with_numbers_no_database_holds_is_refused(
    runner: Cli, tmp_path: Path, field: str, value: int
) -> None:
    created = {"slug": "far", "ruleset": "horror-factor", "title": "Far", "options": {}}
    note = {"type": "NoteTaken", "data": {"text": "x", "gm_only": False, "about": []}}
    lines = [{"type": "CampaignCreated", "data": {**created, "journal_version": "0.1.0"}},
             {**note, field: value}]  # fmt: skip
    log = tmp_path / "far.jsonl"
    log.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    stderr = runner.refused("import", str(log)).stderr
    assert stderr.startswith(f"Error: line 2: {field} must be a whole number from 1 to 2147483647")
    assert "nothing was imported" in stderr
    assert count_events(runner.db) == 0


LONG = "x" * 5000


@pytest.mark.parametrize(
    "args",
    [["--db", LONG, "status"], ["--db", f"{LONG}.db", "note", "x"], ["import", LONG],
     ["recap", "--templates", LONG]],
)  # fmt: skip
def test_a_path_too_long_for_a_file_name_is_refused(night: Cli, args: list[str]) -> None:
    [name] = [a for a in args if len(a) > 100]
    stderr = night.refused(*args).stderr
    shown = f"{name[:40]}...{name[-10:]}"
    assert stderr == f"Error: {shown!r} is too long for a file name: give a shorter path\n"
    assert count_events(night.db) == 3
