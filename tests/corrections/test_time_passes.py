"""Time (issue 30, item 7): `peace` moves the clock by its months and has `--all`; `rest
--hours N` moves it by N hours; "Since last time" names every jump of the clock, the
session's own `--at` too.

The issue: "`peace` does not move the clock and has no `--all`, so an arc dates "6 months
of peace" on the night of the fight or months later depending on typing order; "Since
last time" lists one clock jump of two."
"""

from __future__ import annotations

import pytest
from support.cli import Cli, count_events


@pytest.fixture
def inn(runner: Cli) -> Cli:
    """Linda and Eli (Hardness 3, Willpower 10), the session at 1987-10-30 22:00."""
    runner("campaign", "new", "inn", "--ruleset", "horror-factor")
    for name in ("Linda", "Eli"):
        runner("character", "add", name, "--reaction", "2", "--training", "some",
               "--willpower", "10", "--hardness", "3")  # fmt: skip
    runner("session", "start", "Admission night", "--at", "1987-10-30 22:00")
    return runner


def _clock(runner: Cli) -> str:
    return str(runner.json("log")[-1]["game_time"])  # type: ignore[index]


def test_peace_moves_the_clock_by_its_months_and_is_dated_when_they_are_over(inn: Cli) -> None:
    out = inn("peace", "Linda", "--months", "6", "--lose", "1").stdout
    assert "Clock advances 6mo to 1988-04-30T22:00" in out
    log = inn.json("log")
    clock, peace = log[-2], log[-1]  # type: ignore[index]
    assert (clock["type"], clock["data"]["previous"]) == ("ClockAdvanced", "1987-10-30T22:00")
    assert (peace["type"], peace["game_time"]) == ("PeaceRecorded", "1988-04-30T22:00")
    arc = inn("arc", "Linda").stdout
    assert "**Peace** (session 1, Saturday 30 April 1988, 22:00): 6 month(s) of peace" in arc
    assert inn.json("audit")["differences"] == []  # type: ignore[index]


def test_peace_all_records_everyone_with_one_move_of_the_clock(inn: Cli) -> None:
    """`--all`: one move of the clock whatever the typing order, each character's peace
    after it."""
    inn("peace", "--all", "--months", "2", "--lose", "0")
    types = [(e["type"], e["data"].get("character")) for e in inn.json("log")[-3:]]  # type: ignore[index]
    assert types == [("ClockAdvanced", None), ("PeaceRecorded", "Linda"), ("PeaceRecorded", "Eli")]
    assert _clock(inn) == "1987-12-30T22:00"
    assert inn.json("audit")["differences"] == []  # type: ignore[index]


def test_keep_clock_and_a_campaign_with_no_clock(runner: Cli) -> None:
    runner("campaign", "new", "inn", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "2", "--training", "some",
           "--willpower", "10", "--hardness", "3")  # fmt: skip
    runner("peace", "Linda", "--months", "6", "--lose", "0")  # no clock: nothing to move
    assert [e["type"] for e in runner.json("log")][-1] == "PeaceRecorded"  # type: ignore[index]
    runner("clock", "set", "1988-05-01 10:00")
    runner("peace", "Linda", "--months", "6", "--lose", "0", "--keep-clock")
    assert _clock(runner) == "1988-05-01T10:00"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("--months", "6", "--lose", "0"), "name one character, or --all for everyone"),
        (("Linda", "--all", "--months", "6", "--lose", "0"), "name one character, or --all"),
        (("--all", "--months", "0", "--lose", "0"), "months of peace must be 1 or more"),
        (("--all", "--months", "6", "--lose", "2"), "can lose at most half of their peak"),
    ],
)
def test_peace_refusals_write_nothing(inn: Cli, args: tuple[str, ...], error: str) -> None:
    before = count_events(inn.db)
    result = inn.refused("peace", *args)
    assert error in result.stderr and "Traceback" not in result.stderr
    assert count_events(inn.db) == before


def test_rest_hours_moves_the_clock_in_both_rulesets(inn: Cli, runner: Cli) -> None:
    out = inn("rest", "--all", "--hours", "8").stdout
    assert "Clock advances 8h to 1987-10-31T06:00" in out
    assert inn.json("log")[-1]["game_time"] == "1987-10-31T06:00"  # type: ignore[index]
    before = count_events(inn.db)
    assert "a rest lasts 1 hour or more, not 0" in inn.refused("rest", "--hours", "0").stderr
    assert count_events(inn.db) == before
    inn("campaign", "new", "morgue", "--ruleset", "fright-check")
    inn("character", "add", "Eli", "--will", "10", "--ht", "10", "--iq", "12")
    refused = inn.refused("rest", "--hours", "8").stderr
    assert "the campaign clock is not set, so --hours has nothing to move" in refused
    inn("clock", "set", "1987-11-13 23:00")
    inn("rest", "--all", "--hours", "7")
    log = inn.json("log")
    assert [e["type"] for e in log[-2:]] == ["ClockAdvanced", "RestRecorded"]  # type: ignore[index]
    assert log[-1]["game_time"] == "1987-11-14T06:00"  # type: ignore[index]


def test_since_last_time_names_every_jump_of_the_clock(inn: Cli) -> None:
    """Two `clock advance` between the sessions, and the next session started `--at` a
    later time: three jumps, three lines."""
    inn("note", "The lights fail.")
    inn("session", "end")
    inn("clock", "advance", "2h")
    inn("clock", "advance", "3d")
    inn("session", "start", "The ward", "--at", "1987-11-10 20:00")
    inn("note", "The ward is quiet.")
    recap = inn("recap", "2", "--for", "players").stdout
    since = recap.split("## Since last time")[1].split("## What happened")[0]
    assert [line for line in since.splitlines() if line.strip()] == [
        "- *Time passes: Saturday 31 October 1987, 00:00*",
        "- *Time passes: Tuesday 3 November 1987, 00:00*",
        "- *Time passes: Tuesday 10 November 1987, 20:00*",
    ]
