"""The upgrade path of the chain: events an older journal hashed without their campaign's
slug keep their hashes (events are never updated); `journal db upgrade` (migration 0003)
and the import of an older export bind them to the campaign with one `ChainSealed` event,
which changes nothing a GM reads but the log."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from support import WORKED_EXAMPLE
from support.cli import Cli, count_events
from support.tamper import SLUG, behind_the_journal, export_rows, raw, write_rows

from journal.store.migrate import alembic_config

#: the worked example as the journal exported it before schema 0003 (no slug in its hashes)
LEGACY = Path(__file__).parent / "fixtures" / "jackson-zombies-legacy.jsonl"


def _old_database(db: str) -> None:
    """A journal at schema 0002 holding the legacy export's events, as the journal before
    0003 wrote them."""
    from alembic import command

    engine = create_engine(db)
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0002")
    engine.dispose()
    with raw(db) as conn:
        json_data = "CAST(:data AS JSONB)" if conn.dialect.name == "postgresql" else ":data"
        for row in export_rows(LEGACY):
            conn.execute(
                text(
                    "INSERT INTO events (campaign, seq, event_id, type, schema, data, "
                    "recorded_at, game_time, session, prev_hash, hash) VALUES (:campaign, :seq, "
                    f":event_id, :type, :schema, {json_data}, :recorded_at, :game_time, "
                    ":session, :prev_hash, :hash)"
                ),
                {
                    **row,
                    "campaign": SLUG,
                    "data": json.dumps(row["data"]),
                    "recorded_at": row["recorded_at"][:-1].replace("T", " "),
                },
            )


def _without_head(text: str) -> str:
    """A handout but for the tree head it was made from (the seal is one more event)."""
    return re.sub(r"Made from \*\*Record #.*", "", text)


def _reading(cli: Cli) -> dict[str, Any]:
    """What a GM reads of the campaign, the log and its length aside."""
    status, audit = cli.json("status"), cli.json("audit")
    assert isinstance(status, dict) and isinstance(audit, dict)
    del status["seq"], audit["events"]
    return {
        "status": status,
        "audit": audit,
        "players": _without_head(cli("recap", "--for", "players").stdout),
        "gm": _without_head(cli("recap", "--for", "gm").stdout),
        "linda": _without_head(cli("recap", "--for", "Linda").stdout),
        "arc": _without_head(cli("arc", "Linda").stdout),
    }


def test_db_upgrade_seals_an_older_chain_and_changes_nothing_else(
    db_url: str, cli_on: Callable[[str], Cli], tmp_path: Path
) -> None:
    _old_database(db_url)
    cli = cli_on(db_url)
    assert "journal db upgrade" in cli.refused("verify").stderr
    cli("db", "upgrade")
    report = cli.json("verify")
    assert isinstance(report, dict) and report["ok"] and report["events"] == 28
    log = cli.json("log")
    assert isinstance(log, list)
    seal = log[-1]
    assert (seal["seq"], seal["type"], seal["data"], seal["session"]) == (
        28,
        "ChainSealed",
        {"events": 27},
        None,
    )
    assert [e["hash"] for e in log[:27]] == [r["hash"] for r in export_rows(LEGACY)]
    assert cli("log").stdout.splitlines()[-1] == (
        "#28   Hash chain sealed: events 1-27, hashed by an older journal, bound to this campaign"
    )
    # the same campaign as the current journal writes it: the same readings, and the next
    # session's recap does not tell the seal "since last time"
    fresh = Cli(cli.runner, str(tmp_path / "fresh.db"))
    fresh("import", str(WORKED_EXAMPLE))
    assert _reading(cli) == _reading(fresh)
    for each in (cli, fresh):
        each("session", "start", "The morning after")
        each("note", "Dawn comes.")
    assert _without_head(cli("recap").stdout) == _without_head(fresh("recap").stdout)
    assert "nothing to void" in cli.refused("void", "28", "--reason", "x").stderr
    # later events are bound to the campaign like every new one
    assert cli.json("verify")["ok"]  # type: ignore[index]
    assert count_events(db_url) == 30


def test_importing_an_older_export_seals_it_the_same_way(
    runner: Cli, tmp_path: Path, sqlite_url: str
) -> None:
    """The seal depends on nothing but the chain it seals: importing the older export and
    upgrading an older database give the very same head, so a receipt holds on both."""
    result = runner("import", str(LEGACY), "--json")
    assert json.loads(result.stdout) == {
        "campaign": SLUG,
        "read": 27,
        "added": 27,
        "sealed": 28,
        "rehashed_from": None,
    }
    assert result.stderr == (
        "Note: an older journal hashed these events without the campaign's name; event #28 "
        f"(ChainSealed) binds them to {SLUG!r}.\n"
    )
    head = runner.json("verify")["head"]  # type: ignore[index]
    upgraded = str(tmp_path / "upgraded.db")
    _old_database(f"sqlite:///{upgraded}")
    Cli(runner.runner, upgraded)("db", "upgrade")
    assert Cli(runner.runner, upgraded).json("verify")["head"] == head  # type: ignore[index]
    # again: nothing new, no second seal
    again = runner("import", str(LEGACY), "--json")
    assert json.loads(again.stdout)["added"] == 0 and again.stderr == ""
    assert count_events(runner.db) == 28
    # an export of the sealed campaign keeps its hashes wherever it goes
    runner("export", "-o", str(tmp_path / "sealed.jsonl"))
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    other("import", str(tmp_path / "sealed.jsonl"))
    assert other.json("verify", "--head", f"#28 {head['hash']}")["ok"]  # type: ignore[index]


def test_an_older_export_under_another_name_is_sealed_under_it(runner: Cli) -> None:
    result = runner("--campaign", "copy", "import", str(LEGACY), "--json")
    assert json.loads(result.stdout)["sealed"] == 28
    assert "binds them to 'copy'" in result.stderr
    log = runner.json("log")
    assert isinstance(log, list)
    assert [e["hash"] for e in log[:27]] == [r["hash"] for r in export_rows(LEGACY)]
    assert runner.json("verify")["ok"]  # type: ignore[index]


def test_a_sealed_older_chain_moved_to_another_name_is_found_at_its_seal(
    db_url: str, cli_on: Callable[[str], Cli]
) -> None:
    """Its first 27 hashes do not name the campaign: the seal, which does, is the first bad
    event."""
    cli = cli_on(db_url)
    cli("import", str(LEGACY))
    with behind_the_journal(db_url) as conn:
        conn.execute(text("UPDATE events SET campaign = 'elsewhere'"))
    result = cli("--campaign", "elsewhere", "verify", ok=False)
    assert result.exit_code == 1
    assert "BROKEN at event 28: its content does not match its hash" in result.stderr


def test_an_older_chain_never_sealed_is_found(
    db_url: str, cli_on: Callable[[str], Cli], tmp_path: Path
) -> None:
    """At schema 0003 every older chain is sealed: one that is not was hashed again the old
    way, or put here behind the journal's back. Exported and imported again, it is sealed."""
    cli = cli_on(db_url)
    cli("import", str(LEGACY))
    with behind_the_journal(db_url) as conn:
        conn.execute(text("DELETE FROM events WHERE seq = 28"))
    result = cli("verify", ok=False)
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "BROKEN at event 27: events 1 to 27 were hashed without the campaign's name"
    )
    # the seal is the chain's verdict: `checks.chain` false beside it (issue 47, T6)
    report = json.loads(cli("verify", "--json", ok=False).stdout)
    assert report["ok"] is False
    assert [(f["kind"], f["seq"]) for f in report["findings"]] == [("seal", 27)]
    assert report["checks"]["chain"] is False
    cli("export", "-o", str(tmp_path / "unsealed.jsonl"))
    again = Cli(cli.runner, str(tmp_path / "resealed.db"))
    assert again.json("import", str(tmp_path / "unsealed.jsonl"))["sealed"] == 28  # type: ignore[index]
    assert again.json("verify")["ok"]  # type: ignore[index]


def test_an_older_export_that_goes_on_past_the_seal_is_refused(runner: Cli, tmp_path: Path) -> None:
    """An older journal kept writing to its copy after this one was upgraded: the seal
    holds event 28 here, its note there."""
    runner("import", str(LEGACY))
    rows = export_rows(LEGACY)
    for row in rows:
        del row["hash"], row["prev_hash"]  # as if hand-written; the same holds with hashes
    rows.append({"type": "NoteTaken", "data": {"text": "Dawn comes."}})
    result = runner.refused("import", write_rows(tmp_path / "older.jsonl", rows))
    assert "event 28 of campaign 'jackson-zombies' seals the chain" in result.stderr
    assert count_events(runner.db) == 28
