"""The shared commands of both rulesets, and the refusals: one `Error:` line, exit 1,
nothing written, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli, count_events

FREDDIE = ("--reaction", "10", "--willpower", "10", "--hardness", "0", "--training", "none")


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner(
        "campaign", "new", "night", "--ruleset", "horror-factor", "--title", "Night of the Horde"
    )
    runner("character", "add", "Freddie", *FREDDIE)
    return runner


def test_the_first_campaign_needs_no_setup(runner: Cli) -> None:
    """The issue's "done when": new campaign, a character, a note, the log, in ./journal.db."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Freddie", *FREDDIE)
    runner("note", "Freddie wonders how it came to this.")
    log = runner.json("log")
    assert [e["type"] for e in log] == ["CampaignCreated", "CharacterAdded", "NoteTaken"]
    assert log[1]["data"]["sheet"]["reaction"] == 10
    assert log[2]["data"]["text"] == "Freddie wonders how it came to this."
    assert all(not e["voided"] for e in log)


def test_campaign_list_shows_each_campaign(night: Cli) -> None:
    night("campaign", "new", "morgue", "--ruleset", "fright-check")
    listed = night.json("campaign", "list")
    assert [(c["campaign"], c["ruleset"], c["events"]) for c in listed] == [
        ("night", "horror-factor", 2),
        ("morgue", "fright-check", 1),
    ]
    assert "night" in night("campaign", "list").stdout


def test_two_campaigns_need_a_choice(night: Cli, tmp_path: Path) -> None:
    """The campaign started last is the current one; `campaign use` picks another; with no
    current campaign, two campaigns need a choice."""
    night("campaign", "new", "morgue", "--ruleset", "fright-check")
    assert night.json("status")["ruleset"] == "fright-check"
    assert night.json("--campaign", "night", "status")["title"] == "Night of the Horde"
    night("campaign", "use", "night")
    assert night.json("status")["campaign"] == "night"
    listed = night("campaign", "list").stdout
    assert "* night" in listed and "  morgue" in listed
    # issue 22: it says where the choice lives (the user's config, not the database)
    assert f"remembered in {tmp_path / 'config' / 'journal' / 'current.json'}" in listed
    (tmp_path / "config" / "journal" / "current.json").unlink()
    message = night.refused("status").stderr
    assert "journal campaign use SLUG" in message and "--campaign" in message
    assert "No current campaign: choose one with" in night("campaign", "list").stdout
    assert "no campaign 'nowhere'" in night.refused("campaign", "use", "nowhere").stderr


def test_character_show_lists_the_sheet_and_history(night: Cli) -> None:
    night("note", "Freddie takes the Glock.", "--about", "freddie")
    shown = night.json("character", "show", "freddie")
    assert shown["name"] == "Freddie"
    assert shown["hardness"] == 0
    assert any("Freddie takes the Glock" in line for line in shown["events"])


def test_sessions_clock_and_notes_stamp_events(night: Cli) -> None:
    night("session", "start", "Jackson burns", "--at", "1998-10-31 21:00")
    night("clock", "advance", "2h")
    night("note", "The GM knows the cheerleader's name.", "--gm-only")
    night("session", "end")
    night("clock", "set", "1998-11-02")
    log = night.json("log")
    assert [(e["type"], e["session"], e["game_time"]) for e in log[2:]] == [
        ("SessionStarted", 1, "1998-10-31T21:00"),
        ("ClockAdvanced", 1, "1998-10-31T23:00"),
        ("NoteTaken", 1, "1998-10-31T23:00"),
        ("SessionEnded", 1, "1998-10-31T23:00"),
        ("ClockSet", None, "1998-11-02T00:00"),
    ]
    assert log[4]["data"]["gm_only"] is True
    # the campaign and its sheets were logged before session 1 began: shown with it
    assert [e["seq"] for e in night.json("log", "--session", "1")] == [1, 2, 3, 4, 5, 6]


def test_log_of_a_session_shows_what_was_logged_since_the_one_before(night: Cli) -> None:
    """Issue 22: `log --session 2` left out a void recorded between sessions 1 and 2."""
    night("session", "start", "One")  # 3
    night("note", "A wrong note.")  # 4
    night("session", "end")  # 5
    night("note", "Between the sessions.")  # 6
    night("void", "4", "--reason", "taken back")  # 7
    night("session", "start", "Two")  # 8
    night("note", "In two.")  # 9
    night("session", "end")  # 10
    night("note", "After two.")  # 11
    assert [e["seq"] for e in night.json("log", "--session", "2")] == [6, 7, 8, 9, 10]
    lines = night("log", "--session", "2").stdout.splitlines()
    assert lines[0].startswith("#6") and lines[0].endswith("[before session 2]")
    assert "Voids #4" in lines[1] and lines[1].endswith("[before session 2]")
    assert "[before" not in "".join(lines[2:])
    assert "After two" not in night("log", "--session", "2").stdout


def test_void_keeps_the_event_and_marks_it(night: Cli) -> None:
    night("note", "Wrong note.")
    night("void", "3", "--reason", "typed in the wrong campaign")
    log = night.json("log")
    assert log[2]["voided"] is True
    assert log[3]["data"] == {
        "seq": 3,
        "reason": "typed in the wrong campaign",
        "voided_type": "NoteTaken",
        "what": "note “Wrong note.”",  # the ruling in words, as it was named at the void
    }
    assert "[voided]" in night("log").stdout


def test_verify_counts_the_events(night: Cli) -> None:
    assert "OK: 2 events" in night("verify").stdout
    head = night.json("log")[-1]  # type: ignore[index]
    assert night.json("verify") == {
        "campaign": "night",
        "ok": True,
        "events": 2,
        "first_bad_seq": None,
        "problem": None,
        "head": {"seq": 2, "hash": head["hash"]},
        "receipt": None,
        "checks": {"chain": True, "receipt": None, "triggers": True, "integrity": True},
        "findings": [],
        "snapshots": {
            "ok": True,
            "checked": 0,
            "refolded": 0,
            "stale": 0,
            "bad": [],
            "problem": None,
        },
        "derived_ids": [],
        "notices": [],
        "tree": {"head": night.json("heads")[-1]["short"], "problems": []},  # type: ignore[index]
    }


def test_status_as_of_an_earlier_event(night: Cli) -> None:
    night(
        "character",
        "add",
        "Linda",
        "--reaction",
        "12",
        "--willpower",
        "10",
        "--hardness",
        "2",
        "--training",
        "some",
    )
    assert list(night.json("status")["characters"]) == ["Freddie", "Linda"]
    assert list(night.json("status", "--as-of", "2")["characters"]) == ["Freddie"]


REFUSALS = [
    (("campaign", "new", "night", "--ruleset", "horror-factor"), "already exists"),
    (("campaign", "new", "other", "--ruleset", "call-of-cthulhu"), "unknown ruleset"),
    (("campaign", "new", "Bad Slug", "--ruleset", "horror-factor"), "not a campaign slug"),
    (("campaign", "new", "x", "--ruleset", "horror-factor", "--option", "nope=1"), "no option"),
    (("character", "add", "freddie", *FREDDIE), "already in campaign"),
    (
        (
            "character",
            "add",
            "Ariella",
            "--reaction",
            "10",
            "--willpower",
            "10",
            "--hardness",
            "9",
            "--training",
            "none",
        ),
        "hardness",
    ),
    (
        (
            "character",
            "add",
            "Ariella",
            "--reaction",
            "10",
            "--willpower",
            "10",
            "--hardness",
            "1",
            "--training",
            "ninja",
        ),
        "training",
    ),
    (("character", "add", "Ariella", "--reaction", "10"), "needs --willpower"),
    (
        ("character", "add", "Ariella", "--will", "10", "--ht", "10", "--iq", "10"),
        "belong to fright-check",
    ),
    (("--campaign", "nowhere", "status"), "no campaign 'nowhere'"),
    (("character", "show", "Nobody"), "no character named 'Nobody'"),
    (("note", "hello", "--about", "Nobody"), "no character named"),
    (("void", "99", "--reason", "oops"), "no event 99"),
    (("void", "1", "--reason", "oops"), "cannot be voided"),
    (("session", "end"), "no session is open"),
    (("clock", "advance", "2h"), "clock is not set"),
    (("clock", "set", "yesterday"), "not a date"),
    (("note", "   "), "needs some text"),
]


@pytest.mark.parametrize(("args", "message"), REFUSALS, ids=[" ".join(a)[:40] for a, _ in REFUSALS])
def test_refusals_write_nothing(night: Cli, args: tuple[str, ...], message: str) -> None:
    before = count_events(night.db)
    result = night.refused(*args)
    assert message in result.stderr
    assert count_events(night.db) == before


def test_bad_usage_exits_2(night: Cli) -> None:
    night.refused("void", "three", "--reason", "x", exit_code=2)
    night.refused("no-such-command", exit_code=2)


def test_a_refused_read_makes_no_database_file(runner: Cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`journal status` in an empty folder says how to start and leaves no journal.db."""
    assert "journal campaign new" in runner.refused("status").stderr
    assert (
        "no journal at" in runner.refused("--db", str(tmp_path / "typo.db"), "db", "check").stderr
    )
    assert not (tmp_path / "journal.db").exists() and not (tmp_path / "typo.db").exists()


def test_odd_file_names_are_paths_not_urls(runner: Cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    odd = tmp_path / "a?b 100%.db"
    runner("--db", str(odd), "campaign", "new", "odd", "--ruleset", "horror-factor")
    assert odd.exists()


@pytest.mark.parametrize(
    ("args", "exit_code", "message"),
    [
        (("status", "--as-of", "0"), 2, "not in the range"),
        (("status", "--as-of", "99"), 1, "no event 99"),
        (("status", "--as-of-session", "4"), 1, "no session 4"),
        (("log", "--session", "9"), 1, "no session 9"),
        (("explain", "Freddie", "99"), 1, "no event 99"),
        (("character", "show", "Freddie", "--as-of", "99"), 1, "no event 99"),
        (("void", "99999999999999999999", "--reason", "x"), 2, "not in the range"),
    ],
)
def test_moments_that_never_were_are_refused(
    night: Cli, args: tuple[str, ...], exit_code: int, message: str
) -> None:
    result = night.refused(*args, exit_code=exit_code)
    assert message in result.stderr


def test_the_clock_cannot_run_past_year_9999(night: Cli) -> None:
    night("clock", "set", "9999-12-31")
    assert "past the year 9999" in night.refused("clock", "advance", "2d").stderr
