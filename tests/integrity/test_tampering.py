"""Every way of changing a campaign behind the journal's back is found, on SQLite and
PostgreSQL: by `verify` alone, naming the first bad event, or (a chain cut short or hashed
again, which is a sound chain) by `verify --head` and the receipt `session end` printed.

The campaign is the shipped zombie fight (27 events); the receipt is its head, #27.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, text
from support import WORKED_EXAMPLE
from support.cli import Cli, clone
from support.tamper import (
    SLUG,
    behind_the_journal,
    data_of,
    raw,
    rehash_from,
    rows,
    set_data,
)

from journal.audit.verify import Receipt, verify_chain
from journal.store import Store
from journal.store.schema import events


@dataclass(frozen=True)
class Tampering:
    name: str
    change: Callable[[Connection], None]
    #: the event `verify` names (None: the chain stays sound, only the receipt finds it)
    first_bad: int | None
    #: what the report says
    says: str


def _made_public(conn: Connection) -> None:
    note = data_of(conn, 7)
    set_data(conn, 7, {**note, "gm_only": False})


def _one(statement: str) -> Callable[[Connection], None]:
    return lambda conn: conn.execute(text(statement), {"c": SLUG}).close()


def _rewritten(conn: Connection) -> None:
    _made_public(conn)
    rehash_from(conn, 7)


TAMPERINGS = [
    Tampering("edited payload", _made_public, 7, "does not match its hash"),
    Tampering(
        "edited envelope field",
        _one("UPDATE events SET session = 2 WHERE campaign = :c AND seq = 12"),
        12,
        "does not match its hash",
    ),
    Tampering(
        "edited game time",
        _one("UPDATE events SET game_time = '2010-11-01T03:00' WHERE campaign = :c AND seq = 20"),
        20,
        "does not match its hash",
    ),
    Tampering(
        "deleted middle event",
        _one("DELETE FROM events WHERE campaign = :c AND seq = 9"),
        9,
        "event 9 is missing",
    ),
    Tampering(
        "forged link",
        _one("UPDATE events SET prev_hash = hash WHERE campaign = :c AND seq = 15"),
        15,
        "prev_hash does not match",
    ),
    Tampering(
        "renamed campaign",
        _one("UPDATE events SET campaign = 'elsewhere' WHERE campaign = :c"),
        1,
        "moved here from another campaign",
    ),
    Tampering(
        "cut tail",
        _one("DELETE FROM events WHERE campaign = :c AND seq > 20"),
        None,
        "events 21 to 27 are gone",
    ),
    Tampering(
        "re-hashed chain",
        _rewritten,
        None,
        "neither the record's tree head at #27 nor the hash of event 27 is the receipt's",
    ),
]


def _report(cli: Cli, *args: str) -> dict[str, Any]:
    result = cli(*args, "--json", ok=False)
    assert "Traceback" not in result.output
    report: dict[str, Any] = json.loads(result.stdout)
    assert result.exit_code == (0 if report["ok"] else 1)
    return report


@pytest.mark.parametrize("tampering", TAMPERINGS, ids=[t.name for t in TAMPERINGS])
def test_a_tampered_campaign_is_found(
    tampering: Tampering,
    db_url: str,
    cli_on: Callable[[str], Cli],
) -> None:
    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    receipt = f"#27 {_report(cli, 'verify')['head']['hash']}"
    assert _report(cli, "verify", "--head", receipt)["ok"]
    with behind_the_journal(db_url) as conn:
        tampering.change(conn)
    slug = "elsewhere" if tampering.name == "renamed campaign" else SLUG
    alone = _report(cli, "--campaign", slug, "verify")
    with_receipt = _report(cli, "--campaign", slug, "verify", "--head", receipt)
    assert not with_receipt["ok"]
    if tampering.first_bad is None:
        # a sound chain: only the receipt tells (and the snapshots, when the tamperer left
        # the cache of the events they removed: tests/store/snapshots covers those)
        assert alone["findings"] == [] and alone["checks"]["chain"]
        assert [f["kind"] for f in with_receipt["findings"]] == ["receipt"]
        assert with_receipt["checks"]["chain"] and with_receipt["checks"]["receipt"] is False
        assert tampering.says in with_receipt["problem"]
    else:
        assert not alone["ok"]
        assert alone["first_bad_seq"] == tampering.first_bad
        assert tampering.says in alone["problem"]
        text = cli("--campaign", slug, "verify", ok=False).stderr
        assert f"BROKEN at event {tampering.first_bad}:" in text
        assert "What to do:" in text


def test_a_cut_tail_is_found_by_the_hash_alone_too(
    db_url: str, cli_on: Callable[[str], Cli]
) -> None:
    """A receipt kept as the hash's first 16 digits, without its seq."""
    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    digits = _report(cli, "verify")["head"]["hash"][:16]
    with behind_the_journal(db_url) as conn:
        conn.execute(text("DELETE FROM events WHERE seq > 26"))
    report = _report(cli, "verify", "--head", digits)
    assert report["findings"][0]["problem"].startswith(
        f"no event of campaign {SLUG!r} has the hash {digits}"
    )


def test_dropped_triggers_are_found_and_db_upgrade_puts_them_back(
    db_url: str, cli_on: Callable[[str], Cli]
) -> None:
    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    with raw(db_url) as conn:
        trigger = (
            "DROP TRIGGER events_no_update_or_delete ON events"
            if conn.dialect.name == "postgresql"
            else "DROP TRIGGER events_no_delete"
        )
        conn.execute(text(trigger))
    report = _report(cli, "verify")
    assert [f["kind"] for f in report["findings"]] == ["triggers"]
    assert report["checks"]["triggers"] is False
    assert "is missing" in report["problem"]
    assert "db upgrade" in report["findings"][0]["fix"]
    check = cli("db", "check", ok=False)
    assert check.exit_code == 1 and "Error: the append-only triggers" in check.stderr
    assert "Put back the append-only triggers" in cli("db", "upgrade").stdout
    assert _report(cli, "verify")["ok"]
    with raw(db_url) as conn, pytest.raises(Exception, match="events are immutable"):
        conn.execute(text("DELETE FROM events"))


def test_toothless_triggers_are_found(db_url: str, cli_on: Callable[[str], Cli]) -> None:
    """A trigger of the right name that lets changes through: on SQLite replaced, on
    PostgreSQL disabled or calling a function that no longer refuses."""
    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    with raw(db_url) as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("ALTER TABLE events DISABLE TRIGGER events_no_truncate"))
            conn.execute(
                text(
                    "CREATE OR REPLACE FUNCTION events_immutable() RETURNS trigger "
                    "LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$"
                )
            )
            expected = [
                "trigger events_no_update_or_delete calls a function that no longer refuses "
                "changes",
                "trigger events_no_truncate is disabled",
            ]
        else:
            conn.execute(text("DROP TRIGGER events_no_update"))
            conn.execute(
                text("CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT 1; END")
            )
            expected = ["trigger events_no_update is not the journal's (it was replaced)"]
    report = _report(cli, "verify")
    assert report["problem"] == (
        f"the append-only triggers are not in place ({'; '.join(expected)}): events can be "
        "changed or deleted without a trace in the database itself"
    )
    cli("db", "upgrade")
    assert _report(cli, "verify")["ok"]


def test_an_event_hashed_the_old_way_after_a_new_one_is_found(
    db_url: str, cli_on: Callable[[str], Cli]
) -> None:
    """The slug-free scheme of older journals holds only for a campaign's leading run: an
    event appended with it after events bound to the campaign is refused by verify."""
    from journal.events.chain import chain_hash

    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    with behind_the_journal(db_url) as conn:
        note = data_of(conn, 25)
        set_data(conn, 25, {**note, "text": "Nothing happened."})
        head = conn.execute(
            text("SELECT prev_hash, event_id, recorded_at FROM events WHERE seq = 25")
        ).one()
        moment = head.recorded_at
        if isinstance(moment, str):
            from datetime import datetime

            moment = datetime.fromisoformat(moment)
        forged = chain_hash(
            head.prev_hash,
            campaign=None,
            seq=25,
            event_id=head.event_id,
            type="NoteTaken",
            schema=1,
            data={**note, "text": "Nothing happened."},
            recorded_at=moment,
            game_time="2010-10-31T21:00",
            session=1,
        )
        conn.execute(text("UPDATE events SET hash = :h WHERE seq = 25"), {"h": forged})
        conn.execute(text("UPDATE events SET prev_hash = :h WHERE seq = 26"), {"h": forged})
    report = _report(cli, "verify")
    assert report["first_bad_seq"] == 25


#: every column of an event row but its position
COLUMNS = [column.name for column in events.columns if column.name != "position"]


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> str:
    from click.testing import CliRunner

    db = str(tmp_path_factory.mktemp("zombies") / "journal.db")
    Cli(CliRunner(), db)("import", str(WORKED_EXAMPLE))
    return db


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seq=st.integers(min_value=1, max_value=27), column=st.sampled_from(COLUMNS))
@example(seq=27, column="campaign")
def test_verify_names_the_event_whatever_column_of_it_changed(
    imported: str, tmp_path_factory: pytest.TempPathFactory, seq: int, column: str
) -> None:
    db = str(tmp_path_factory.mktemp("edited") / "journal.db")
    clone(imported, db)
    with Store.open(db) as store:
        head = store.head(SLUG)[1]
    value: dict[str, object] = {
        "campaign": "elsewhere",
        "seq": 1000 + seq,
        "event_id": "00000000-0000-4000-8000-000000000000",
        "type": "Forged",
        "schema": 7,
        "data": '{"text": "forged"}',
        "recorded_at": "2011-01-01 00:00:00.000000",
        "game_time": "1999-01-01T00:00",
        "session": 9,
        "prev_hash": "0" * 64,
        "hash": "f" * 64,
        "writer": "mallory@elsewhere",  # hashed when an event names one, and so when added
        # salts given to an unsalted event: its hash is then of digests that are not there
        "salts": '{"text": "AAAAAAAAAAAAAAAAAAAAAA"}',
    }
    with behind_the_journal(db) as conn:
        edit = text(f"UPDATE events SET {column} = :v WHERE seq = :s")
        conn.execute(edit, {"v": value[column], "s": seq})
    with Store.open(db) as store:  # the chain as it stands (event 1 moved: no campaign lists)
        report = verify_chain(store.read(SLUG), Receipt(27, head), campaign=SLUG)
    if column == "campaign" and seq == 27:  # the last event moved away: a cut tail
        assert not report.ok and "event 27 is gone" in report.problem, report.problem
    else:
        assert report.first_bad == seq, (column, report.problem)


def test_an_event_moved_from_the_campaign_a_copy_was_made_of_is_found(
    db_url: str, cli_on: Callable[[str], Cli], tmp_path: Path
) -> None:
    """The copy (imported under another name) began as the same events: a later event of
    the original, inserted into the copy and linked to its head, names the wrong campaign."""
    original = cli_on(str(tmp_path / "original.db"))
    original("import", str(WORKED_EXAMPLE))
    original("note", "The horde will return at dawn.", "--gm-only")
    copy = cli_on(db_url)
    copy("--campaign", "copy", "import", str(WORKED_EXAMPLE))
    with raw(str(tmp_path / "original.db")) as conn:
        moved = rows(conn)[-1]
    with raw(db_url) as conn:
        json_data = "CAST(:data AS JSONB)" if conn.dialect.name == "postgresql" else ":data"
        head = rows(conn, "copy")[-1]
        conn.execute(
            text(
                "INSERT INTO events (campaign, seq, event_id, type, schema, data, recorded_at, "
                f"game_time, session, prev_hash, hash) VALUES ('copy', :seq, :event_id, :type, "
                f":schema, {json_data}, :recorded_at, :game_time, :session, :prev_hash, :hash)"
            ),
            {
                **moved._asdict(),
                "data": moved.data if isinstance(moved.data, str) else json.dumps(moved.data),
                "prev_hash": head.hash,
            },
        )
    report = _report(copy, "--campaign", "copy", "verify")
    assert report["first_bad_seq"] == 28
    assert "moved here from another campaign" in report["problem"]


def test_two_tampered_events_are_one_finding_at_the_first(
    db_url: str, cli_on: Callable[[str], Cli]
) -> None:
    """Past the first break nothing after it can be trusted or blamed: verify names the
    first changed event alone (issue 47, T8: every broken event reported)."""
    cli = cli_on(db_url)
    cli("import", str(WORKED_EXAMPLE))
    with behind_the_journal(db_url) as conn:
        _made_public(conn)  # event 7
        _one("UPDATE events SET session = 2 WHERE campaign = :c AND seq = 12")(conn)
        _one("UPDATE events SET prev_hash = hash WHERE campaign = :c AND seq = 20")(conn)
    report = _report(cli, "verify")
    assert [(f["kind"], f["seq"]) for f in report["findings"]] == [("chain", 7)]
    assert report["first_bad_seq"] == 7 and report["checks"]["chain"] is False
    text = cli("verify", ok=False).stderr
    assert text.count("BROKEN") == 1 and text.startswith("BROKEN at event 7: ")
