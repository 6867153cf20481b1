"""`journal db snapshots`: list the snapshot cache (ok, stale or bad), and drop it
(`--drop`, one campaign or all) without touching the log.

    journal import jackson-zombies    keeps a snapshot at #27
    journal --campaign other import (the same, hand-written)    another at #27 of `other`
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from support import WORKED_EXAMPLE
from support.cli import Cli, count_events
from support.snapshots import add, long_log, rows

from journal.rules import rules_version


@pytest.fixture
def two(cli_on: Callable[[str], Cli], db_url: str, tmp_path: Path) -> Cli:
    journal = cli_on(db_url)
    journal("import", str(WORKED_EXAMPLE))
    journal("--campaign", "other", "import", str(long_log(tmp_path / "other.jsonl", 0)))
    return journal


def test_it_lists_each_snapshot_and_whether_it_can_be_used(two: Cli, db_url: str) -> None:
    version = rules_version("horror-factor")
    add(db_url, "other", 12, "hf-0:oldcode", "{}")
    assert two.json("db", "snapshots") == [
        {
            "campaign": "jackson-zombies",
            "seq": 27,
            "rules_version": version,
            "status": "ok",
            "problem": None,
        },
        {
            "campaign": "other",
            "seq": 12,
            "rules_version": "hf-0:oldcode",
            "status": "bad",
            "problem": "it is not a snapshot document this journal keeps",
        },
        {"campaign": "other", "seq": 27, "rules_version": version, "status": "ok", "problem": None},
    ]
    text = two("db", "snapshots").stdout.splitlines()
    assert text[0].split() == ["campaign", "seq", "rules", "version", "status"]
    assert text[2].split()[:3] == ["other", "12", "hf-0:oldcode"]
    assert text[2].endswith("bad: it is not a snapshot document this journal keeps")
    assert [line.split()[:2] for line in text[1:]] == [
        ["jackson-zombies", "27"],
        ["other", "12"],
        ["other", "27"],
    ]
    only = two.json("db", "snapshots", "--campaign", "other")
    assert [(e["campaign"], e["seq"]) for e in only] == [("other", 12), ("other", 27)]  # type: ignore[union-attr, index]


def test_drop_removes_one_campaigns_or_all_and_writes_nothing_to_the_log(
    two: Cli, db_url: str
) -> None:
    events = count_events(db_url)
    status = two.json("--campaign", "other", "status")
    dropped = two.json("db", "snapshots", "--drop", "--campaign", "other")
    assert dropped == {"campaign": "other", "dropped": 1}
    assert [c for c, _, _ in rows(db_url)] == ["jackson-zombies"]
    assert two.json("--campaign", "other", "status") == status  # folded from the log
    result = two("db", "snapshots", "--drop")
    assert result.stdout.startswith("Dropped 1 snapshot(s) of ")
    assert "the log is untouched" in result.stdout
    assert rows(db_url) == [] and count_events(db_url) == events
    assert two("db", "snapshots").stdout == "No snapshots.\n"
    assert two("--campaign", "other", "verify").exit_code == 0


def test_the_global_campaign_option_narrows_it_too(two: Cli, db_url: str) -> None:
    two("--campaign", "jackson-zombies", "db", "snapshots", "--drop")
    assert [c for c, _, _ in rows(db_url)] == ["other"]


def test_an_unknown_campaign_is_refused(two: Cli, db_url: str) -> None:
    result = two.refused("db", "snapshots", "--drop", "--campaign", "nope")
    assert result.stderr.startswith("Error: no campaign 'nope' in ")
    assert "(campaigns: jackson-zombies, other)" in result.stderr
    assert len(rows(db_url)) == 2


def test_it_refuses_a_database_without_a_journal(runner: Cli) -> None:
    result = runner.refused("db", "snapshots")
    assert "no journal at" in result.stderr


def test_its_help_shows_an_example(runner: Cli) -> None:
    text = runner("db", "snapshots", "--help").stdout
    assert "journal db snapshots --drop --campaign night" in text
    assert "--drop" in runner("db", "--help").stdout


def test_verify_json_reports_the_snapshots(two: Cli, db_url: str) -> None:
    add(db_url, "other", 12, rules_version("horror-factor"), "{}")
    result = two("--campaign", "other", "verify", "--json", ok=False)
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["ok"] is False and document["first_bad_seq"] is None
    assert document["snapshots"]["bad"] == [
        {
            "seq": 12,
            "rules_version": rules_version("horror-factor"),
            "problem": "it is not a snapshot document this journal keeps",
        }
    ]
    assert document["snapshots"]["checked"] == 1 and document["snapshots"]["refolded"] == 1
