"""Defence in depth (issue 29): an event already stored that its rules cannot read (a bad
`RulingAmended` or a ruling with a field its type lacks, slipped into the database by SQL
with a chain hash that checks) makes that campaign say so in one `Error:` line naming the
event and the fix, writing nothing; `db check` lists it with the fix; every other campaign
of the same database, and `journal serve` for them, keep working; the affected
campaign's served pages answer a clear 503, never 500. The fix (`void SEQ`) works."""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from support.cli import Cli, count_events
from support.tamper import raw

from journal.events.canonical import canonical_bytes
from journal.events.chain import chain_hash

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "1", "--training", "some")

#: what slips in as event #6 of 'night', and what reading it says
PLANTED = {
    "amendment of another type": (
        "RulingAmended",
        {"seq": 5, "ruling": "EncounterStarted", "ruling_schema": 1, "data": {}, "reason": "x"},
        "EncounterStarted is missing field(s): title",
    ),
    "amendment of a schema to come": (
        "RulingAmended",
        {"seq": 5, "ruling": "InitiativeRolled", "ruling_schema": 99, "data": {}, "reason": "x"},
        "InitiativeRolled has schema 99, newer than this journal knows (1): upgrade journal",
    ),
    "ruling with a forged field": (
        "WillpowerSoaked",
        {"character": "Linda", "points": 1, "forged": True},
        "WillpowerSoaked has unknown field(s): forged",
    ),
    "event of no type the rules know": (
        "SoakUsed",
        {"character": "Linda"},
        "unknown event type 'SoakUsed'",
    ),
}


def plant(db: str, campaign: str, kind: str, data: dict[str, Any]) -> int:
    """Append an event behind the journal's back, its chain hash made as the journal makes
    it (a careless tool, an older journal's bug): the chain checks, the rules cannot read it."""
    with raw(db) as conn:
        seq, prev = conn.execute(
            text("SELECT seq, hash FROM events WHERE campaign = :c ORDER BY seq DESC LIMIT 1"),
            {"c": campaign},
        ).one()
        position = conn.execute(text("SELECT max(position) FROM events")).scalar_one() + 1
        moment, event_id = datetime(2026, 1, 1, 12), str(uuid.uuid4())
        link = chain_hash(
            prev,
            campaign=campaign,
            seq=seq + 1,
            event_id=event_id,
            type=kind,
            schema=1,
            data=data,
            recorded_at=moment,
            game_time=None,
            session=1,
        )
        conn.execute(
            text(
                "INSERT INTO events (position, campaign, seq, event_id, type, schema, data, "
                "recorded_at, game_time, session, prev_hash, hash) VALUES (:p, :c, :s, :e, "
                ":t, 1, :d, :r, NULL, 1, :prev, :h)"
            ),
            {
                "p": position,
                "c": campaign,
                "s": seq + 1,
                "e": event_id,
                "t": kind,
                "d": canonical_bytes(data).decode(),
                "r": moment,
                "prev": prev,
                "h": link,
            },
        )
    return int(seq) + 1


@pytest.fixture(params=sorted(PLANTED))
def planted(request: pytest.FixtureRequest, runner: Cli) -> tuple[Cli, str]:
    """'night' (#1-#5: Linda's initiative at #5) and 'day', one database; #6 of 'night'
    is what the journal cannot read."""
    runner("campaign", "new", "day", "--ruleset", "horror-factor", "--title", "Day")
    runner("character", "add", "Eli", *SHEET)
    runner("session", "start", "Dawn")
    runner("note", "Eli lights the lamp.")
    runner("campaign", "new", "night", "--ruleset", "horror-factor", "--title", "Night")
    runner("character", "add", "Linda", *SHEET)
    runner("session", "start", "One")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Linda")
    runner("initiative", "Linda", "--dice", "+5/-2")
    kind, data, why = PLANTED[request.param]
    assert plant(runner.db, "night", kind, data) == 6
    return runner, f"event #6 ({kind}) of campaign 'night' cannot be read by its rules ({why})"


FIX = "void it, which takes it out of every reading (`journal --campaign night void 6 --reason"

#: every kind of command on the affected campaign: reads, rulings, corrections, handouts
NIGHT = [
    ["status"],
    ["log"],
    ["log", "--character", "Linda"],
    ["explain", "Linda"],
    ["audit"],
    ["verify"],
    ["recap"],
    ["arc", "Linda"],
    ["character", "list"],
    ["note", "the lights go out"],
    ["soak", "Linda", "1"],
    ["rerule", "--yes"],
    ["void", "5", "--reason", "not this one"],
    ["book", "--format", "html", "-o", "night.html"],
]


@pytest.mark.parametrize("command", NIGHT, ids=" ".join)
def test_every_command_on_the_campaign_names_the_event_and_the_fix(
    planted: tuple[Cli, str], command: list[str]
) -> None:
    night, problem = planted
    before = count_events(night.db)
    message = night.refused("--campaign", "night", *command).stderr
    assert message.startswith(f"Error: {problem}: {FIX}"), message
    assert message.endswith("; `journal db check` lists every such event\n")
    assert count_events(night.db) == before
    assert not Path("night.html").exists()


DAY = [
    ["status"],
    ["log"],
    ["explain", "Eli"],
    ["audit"],
    ["verify"],
    ["recap", "--for", "players", "1"],
    ["arc", "Eli"],
    ["character", "list"],
    ["export"],
    ["note", "the lamp gutters"],
]


def test_every_other_campaign_reads_and_records_as_ever(planted: tuple[Cli, str]) -> None:
    day, _ = planted
    for command in DAY:
        result = day("--campaign", "day", *command)
        assert "Error" not in result.stderr, (command, result.stderr)
    assert day.json("--campaign", "day", "status")["seq"] == 5
    assert day.json("--campaign", "day", "verify")["ok"]
    assert day("--campaign", "night", "export").stdout.count("\n") == 6  # its lines as stored


def test_a_sound_campaign_checks_in_a_process_of_its_own(runner: Cli) -> None:
    """`verify` and `db check` read every event through its ruleset, loaded first (a fresh
    process has registered none of its event types)."""
    import subprocess
    import sys

    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", *SHEET)
    runner("session", "start", "One")
    runner("encounter", "start", "Horde", "--hf", "6", "--cast", "Linda")
    for command in (["verify"], ["db", "check"]):
        done = subprocess.run(
            [sys.executable, "-m", "journal", "--db", runner.db, *command],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr


def test_db_check_lists_the_event_with_its_fix(planted: tuple[Cli, str]) -> None:
    night, problem = planted
    result = night("db", "check", ok=False)
    assert result.exit_code == 1
    assert f"Finding: {problem}; fix: {FIX} " in result.stderr
    report = json.loads(night("db", "check", "--json", ok=False).stdout)
    assert report["ok"] is False
    [finding] = report["findings"]
    assert finding == {
        "campaign": "night",
        "character": "",
        "problem": problem,
        "fix": f'{FIX} "unreadable"`)',
        "seq": 6,
    }


def test_the_fix_voids_it_and_the_campaign_reads_again(planted: tuple[Cli, str]) -> None:
    night, _ = planted
    done = night("--campaign", "night", "void", "6", "--reason", "unreadable")
    assert done.stdout.startswith("#7 Voids #6 (")
    assert (
        night.json("--campaign", "night", "status")["characters"]["Linda"]["encounter"][
            "initiative"
        ]
        == 8
    )  # as rolled at #5: nothing of #6 counts
    assert "#6" in night("--campaign", "night", "log").stdout
    assert night.json("--campaign", "night", "audit")["differences"] == []
    assert night.json("--campaign", "night", "verify")["ok"]
    assert json.loads(night("db", "check", "--json").stdout)["ok"]
    night("--campaign", "night", "note", "the lights come back")


def test_the_fix_is_refused_for_another_event_still_writing_nothing(
    planted: tuple[Cli, str],
) -> None:
    """Only the void of the unreadable event itself may be decided without it."""
    night, problem = planted
    before = count_events(night.db)
    message = night.refused("--campaign", "night", "void", "4", "--reason", "x").stderr
    assert message.startswith(f"Error: {problem}")
    assert count_events(night.db) == before


pytest.importorskip("starlette", reason="journal serve's tests need the serve extra")
pytest.importorskip("httpx2")


def test_serve_keeps_every_other_campaign_and_says_what_is_wrong(
    planted: tuple[Cli, str], capsys: pytest.CaptureFixture[str]
) -> None:
    from starlette.testclient import TestClient
    from support.web import by_label, open_site

    from journal.web.app import create_app

    night, problem = planted
    site = open_site(night.db)
    try:
        day_links, night_links = by_label(site, "day"), by_label(site, "night")
        assert problem in site.unreadable["night"]
        assert sorted(night_links) == ["gm", "players"]  # the cast cannot be read
        client = TestClient(create_app(site))
        for audience in ("gm", "players", "Eli"):
            for view in ("", "shelf", "recap/1", "arc"):
                if audience != "players" and view == "shelf":
                    continue
                answer = client.get(f"/{day_links[audience]}/{view}", follow_redirects=False)
                assert answer.status_code in (200, 404), (audience, view)
            assert client.get(f"/{day_links[audience]}/").status_code == 200
        for audience in ("gm", "players"):
            for view in ("", "recap/1", "events"):
                answer = client.get(f"/{night_links[audience]}/{view}")
                assert answer.status_code == 503, (audience, view, answer.status_code)
                assert "This campaign cannot be read right now" in answer.text
                assert problem not in answer.text  # the GM's terminal says which event
        said = capsys.readouterr().err
        assert said.count(problem) == 1  # once, not a line per request
    finally:
        site.database.close()
