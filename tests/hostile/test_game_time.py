"""Game times of the years 1 to 9999 are stored with four-digit years and read back
(`clock`, `session start --at`, export and import); years 0 and 10000 are refused
everywhere a game time enters, a hand-written log included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli, count_events

#: (as typed, as stored, an hour later)
YEARS = [
    ("1-01-01 00:00", "0001-01-01T00:00", "0001-01-01T01:00"),
    ("0999-12-31 23:00", "0999-12-31T23:00", "1000-01-01T00:00"),
    ("999-12-31", "0999-12-31T00:00", "0999-12-31T01:00"),
    ("9999-12-31 22:00", "9999-12-31T22:00", "9999-12-31T23:00"),
]
REFUSED = ["0000-01-01", "0-01-01 10:00", "10000-01-01", "10000-01-01 00:00", "0000-12-31T23:59"]


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    return runner


@pytest.mark.parametrize(("typed", "stored", "later"), YEARS)
def test_a_year_reads_back_everywhere(
    night: Cli, tmp_path: Path, typed: str, stored: str, later: str
) -> None:
    assert night("clock", "set", typed).stdout.endswith(f"Clock set to {stored}\n")
    assert night("session", "start", "Far off", "--at", typed).stdout.endswith(f"(at {stored})\n")
    assert night.json("status")["clock"] == stored  # type: ignore[index]
    assert night("clock", "advance", "1h").stdout.endswith(f"to {later}\n")
    night("note", "what time is it")
    exported = tmp_path / "night.jsonl"
    night("export", "-o", str(exported))
    lines = [json.loads(line) for line in exported.read_text(encoding="utf-8").splitlines()]
    assert [line["game_time"] for line in lines[-2:]] == [later, later]
    copy = Cli(CliRunner(), str(tmp_path / "copy.db"))
    copy("import", str(exported))
    # (the first line, the campaign's options, is left out: their order is not the
    # journal's to keep here)
    assert copy("log").stdout.splitlines()[1:] == night("log").stdout.splitlines()[1:]
    assert copy.json("status") == night.json("status")
    assert copy("export").stdout == night("export").stdout
    assert copy("clock", "advance", "1min").exit_code == 0


@pytest.mark.parametrize("typed", REFUSED)
def test_years_0_and_10000_are_refused(night: Cli, typed: str) -> None:
    for args in (
        ["clock", "set", typed, "--rewind"],
        ["session", "start", "Never", "--at", typed],
    ):
        assert "is not a date of the years 1 to 9999" in night.refused(*args).stderr
    night("clock", "set", "9999-12-31 23:00")
    assert "runs past the year 9999" in night.refused("clock", "advance", "1h").stderr
    assert "runs past the year 9999" in night.refused("clock", "advance", "1y").stderr
    assert count_events(night.db) == 2


def _log(tmp_path: Path, line: dict[str, object]) -> str:
    created = {"slug": "far", "ruleset": "horror-factor", "title": "Far", "options": {}}
    lines = [{"type": "CampaignCreated", "data": {**created, "journal_version": "0.1.0"}}, line]
    path = tmp_path / "far.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("bad", ["0000-01-01T00:00", "10000-01-01T00:00", "next tuesday"])
@pytest.mark.parametrize(
    "where", ["envelope", "ClockSet", "SessionStarted", "ClockAdvanced"], ids=str
)
def test_an_import_with_a_game_time_out_of_range_is_refused(
    runner: Cli, tmp_path: Path, bad: str, where: str
) -> None:
    line: dict[str, object] = {
        "envelope": {"type": "NoteTaken", "data": {"text": "x", "gm_only": False, "about": []},
                     "game_time": bad},
        "ClockSet": {"type": "ClockSet", "data": {"game_time": bad, "previous": None}},
        "SessionStarted": {"type": "SessionStarted",
                           "data": {"number": 1, "title": "x", "at": bad}},
        "ClockAdvanced": {"type": "ClockAdvanced",
                          "data": {"amount": "1h", "game_time": bad,
                                   "previous": "1925-10-31T22:00"}},
    }[where]  # fmt: skip
    stderr = runner.refused("import", _log(tmp_path, line)).stderr
    assert stderr.startswith("Error: line 2: ") and "years 1 to 9999" in stderr
    assert "nothing was imported" in stderr
    assert count_events(runner.db) == 0


def test_a_stored_clock_that_is_not_a_game_time_is_explained(night: Cli) -> None:
    """An older journal imported a clock of 'next tuesday': moving it says what to do."""
    from journal.store import Draft, Store

    with Store.open(night.db) as store:
        data = {"game_time": "next tuesday", "previous": None}
        store.append("night", 1, [Draft("ClockSet", 1, data)])
    stderr = night.refused("clock", "advance", "1h").stderr
    assert "holds 'next tuesday' as a game time" in stderr
    assert "journal clock set 1925-10-31 22:00 --rewind" in stderr
    night("clock", "set", "1925-10-31 22:00", "--rewind")
    assert night("clock", "advance", "1h").stdout.endswith("to 1925-10-31T23:00\n")
