"""`verify` hashes an event's stored payload text as it is (the canonical JSON the journal
stores), and falls back to the payload it decodes to when that text is written otherwise:
a payload stored in another key order or spacing is still the same event, one whose
content changed is found, however it is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import text
from support import WORKED_EXAMPLE
from support.cli import Cli
from support.tamper import SLUG, behind_the_journal, data_of, raw

from journal.events.canonical import canonical_json


def _report(cli: Cli) -> dict[str, Any]:
    result = cli("verify", "--json", ok=False)
    assert "Traceback" not in result.output
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def _set_text(conn: Any, seq: int, stored: str) -> None:
    cast = "CAST(:d AS JSONB)" if conn.dialect.name == "postgresql" else ":d"
    conn.execute(
        text(f"UPDATE events SET data = {cast} WHERE campaign = :c AND seq = :s"),
        {"d": stored, "c": SLUG, "s": seq},
    )


def test_an_appended_event_stores_the_canonical_json_its_hash_covers(
    cli_on: Callable[[str], Cli], tmp_path: Any
) -> None:
    db = str(tmp_path / "journal.db")
    cli = cli_on(db)
    cli("import", str(WORKED_EXAMPLE))
    cli("note", "The horde will return at dawn.", "--gm-only")
    with raw(db) as conn:
        stored = conn.execute(
            text("SELECT data FROM events WHERE campaign = :c ORDER BY seq DESC LIMIT 1"),
            {"c": SLUG},
        ).scalar_one()
    assert stored == canonical_json(json.loads(stored))
    assert json.loads(stored)["text"] == "The horde will return at dawn."
    assert _report(cli)["ok"]


def test_a_payload_stored_in_another_key_order_is_the_same_event(
    db_url: str, cli_on: Callable[[str], Cli]
) -> None:
    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    with behind_the_journal(db_url) as conn:
        note = data_of(conn, 7)
        reordered = dict(reversed(list(note.items())))
        _set_text(conn, 7, json.dumps(reordered, indent=1))
    report = _report(cli)
    assert report["ok"] and report["events"] == 27, report


@pytest.mark.parametrize("indent", [None, 2], ids=["canonical", "indented"])
def test_a_changed_payload_is_found_however_it_is_written(
    db_url: str, cli_on: Callable[[str], Cli], indent: int | None
) -> None:
    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    with behind_the_journal(db_url) as conn:
        rolled = data_of(conn, 9)
        changed = {**rolled, "total": rolled["total"] + 1}
        _set_text(
            conn,
            9,
            canonical_json(changed) if indent is None else json.dumps(changed, indent=indent),
        )
    report = _report(cli)
    assert not report["ok"] and report["first_bad_seq"] == 9
    assert "does not match its hash" in report["problem"]


def test_an_event_the_rules_cannot_read_is_found_not_a_failure(
    db_url: str, cli_on: Callable[[str], Cli]
) -> None:
    """A payload changed into one its type does not have (an unknown field): the chain
    names the event, and the snapshot after it, which the log no longer folds to, is
    reported bad; `verify` says so instead of failing."""
    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    with behind_the_journal(db_url) as conn:
        _set_text(conn, 9, json.dumps({**data_of(conn, 9), "forged": 1}))
    report = _report(cli)
    assert not report["ok"] and report["first_bad_seq"] == 9, report
    bad = report["snapshots"]["bad"]
    assert [b["seq"] for b in bad] == [27], report["snapshots"]
    assert bad[0]["problem"] == (
        "the log does not fold up to it: event 9 cannot be folded "
        "(InitiativeRolled has unknown field(s): forged)"
    )
    text = cli("verify", ok=False)
    assert "BROKEN at event 9:" in text.stderr and "BAD snapshot at #27" in text.stderr
    assert "Traceback" not in text.output and "unexpected failure" not in text.output
