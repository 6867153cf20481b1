"""The snapshot cache tampered with, each way the attack on the journal found, on SQLite
and PostgreSQL: `verify` finds every one (exit 1, naming the snapshot), `db snapshots`
lists it as bad, and a command sets it aside with one notice, folds the log and reads the
true numbers; no ruling is ever decided from it, and no write is refused because of it.

Jackson Zombies (imported: the import keeps a snapshot at #27, its last event):

    Linda  WP 8/10  hardness 3/4
    check Linda --hf 8 --dice +5/-5   ->  8 + 3 - 8 + 5 - 5 = 3 (a fail)
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from support import WORKED_EXAMPLE
from support.cli import Cli, count_events
from support.snapshots import (
    add,
    character,
    connected,
    document,
    forge,
    long_log,
    put,
    redigested,
    rows,
)

from journal.rules import rules_version
from journal.store.schema import metadata

NOTICE = "Notice: discarded the snapshot at #27 ({}): rebuilt from the log\n"


@pytest.fixture
def zombies(cli_on: Callable[[str], Cli], db_url: str) -> Cli:
    journal = cli_on(db_url)
    journal("import", str(WORKED_EXAMPLE))
    assert [seq for _, seq, _ in rows(db_url)] == [27]
    return journal


@pytest.fixture
def long_campaign(cli_on: Callable[[str], Cli], db_url: str, tmp_path: Path) -> Cli:
    """237 events: a command that folds them all keeps a snapshot."""
    journal = cli_on(db_url)
    journal("import", str(long_log(tmp_path / "long.jsonl", 210)))
    return journal


def _clean(journal: Cli) -> object:
    """The status folded from the log alone."""
    return json.loads(journal("status", "--json").stdout)


def _found_by_verify(journal: Cli, seq: int, problem: str, *, listed: bool = True) -> None:
    """`verify` finds the snapshot at `seq` bad; so does `db snapshots` when `listed` (a
    state forged with its digest recomputed is found only by folding the log again)."""
    result = journal("verify", ok=False)
    assert result.exit_code == 1, result.output
    assert f"BAD snapshot at #{seq} (rules " in result.stderr and problem in result.stderr
    assert "Traceback" not in result.output
    report = json.loads(journal("verify", "--json", ok=False).stdout)
    assert report["ok"] is False and report["first_bad_seq"] is None
    assert [b["seq"] for b in report["snapshots"]["bad"]] == [seq]
    found = journal.json("db", "snapshots")
    bad = [(e["seq"], e["status"]) for e in found if e["status"] == "bad"]  # type: ignore[union-attr, index]
    assert bad == ([(seq, "bad")] if listed else [])


def _set_aside(journal: Cli, clean: object, problem: str, db: str) -> None:
    """The next read tells once, reads the log's numbers and deletes the bad row."""
    result = journal("status", "--json")
    assert result.stderr == NOTICE.format(problem)
    assert json.loads(result.stdout) == clean
    assert 27 not in [seq for _, seq, _ in rows(db)]
    again = journal("status", "--json")
    assert again.stderr == "" and json.loads(again.stdout) == clean
    assert journal("verify").exit_code == 0


def test_a_clean_cache_verifies(zombies: Cli) -> None:
    result = zombies("verify")
    assert result.stdout.startswith("OK: 27 events, hash chain intact")
    assert result.stdout.endswith("Snapshots: 1 match the events, 1 folded again and equal.\n")
    report = zombies.json("verify")
    assert report["snapshots"] == {  # type: ignore[index]
        "ok": True,
        "checked": 1,
        "refolded": 1,
        "stale": 0,
        "bad": [],
        "problem": None,
    }


def test_a_snapshot_a_later_void_reaches_behind_is_not_folded_again(zombies: Cli) -> None:
    """The void of #22 (made at #28) changes what the log folds to at #27; the snapshot
    there is still right as of #27 (commands read it only before #28), so `verify` checks
    its binding and does not compare it with the corrected fold."""
    zombies("void", "22", "--reason", "Linda kept her Willpower")
    report = zombies.json("verify")
    assert report["ok"] is True  # type: ignore[index]
    assert report["snapshots"]["checked"] == 1 and report["snapshots"]["refolded"] == 0  # type: ignore[index]
    assert "Snapshots: 1 match the events, 0 folded again and equal." in zombies("verify").stdout


def test_an_edited_snapshot_never_decides_a_ruling(zombies: Cli, db_url: str) -> None:
    """The attack: Linda's Willpower 8 -> 2 in the snapshot. The next ruling used to be
    decided from it and sealed into the chain while `verify` said OK."""
    forge(db_url, 27, lambda s: character(s, "Linda").update(willpower=2), digest=False)
    _found_by_verify(zombies, 27, "its state was edited")
    checked = zombies("check", "Linda", "--hf", "8", "--dice", "+5/-5", "--json")
    assert checked.stderr.startswith(NOTICE.format("its state was edited"))
    assert json.loads(checked.stdout)["total"] == 3
    assert zombies("audit").exit_code == 0
    assert zombies("verify").exit_code == 0


def test_a_forged_snapshot_with_its_digest_recomputed_is_found_by_verify(
    zombies: Cli, db_url: str
) -> None:
    """Someone who read the code can recompute the digest (it is no secret): the snapshot
    then passes a command's checks, but `verify` folds the log again and finds it, and
    `audit` finds a ruling decided from it."""
    forge(db_url, 27, lambda s: character(s, "Linda").update(willpower=2), digest=True)
    _found_by_verify(zombies, 27, "it differs from the state the log folds to", listed=False)
    assert zombies.json("check", "Linda", "--hf", "8", "--dice", "+5/-5")["total"] == -3  # type: ignore[index]
    assert zombies("audit", ok=False).exit_code == 1


@pytest.mark.parametrize(
    ("stored", "problem"),
    [
        ("5", "it is not a snapshot document this journal keeps"),
        ('"a string"', "it is not a snapshot document this journal keeps"),
        ('{"__dc__": "journal.__main__:main"}', "it is not a snapshot document this journal keeps"),
    ],
    ids=["a-number", "a-string", "the-old-format"],
)
def test_a_row_that_is_not_a_snapshot_document_is_set_aside(
    zombies: Cli, db_url: str, stored: str, problem: str
) -> None:
    clean = _clean(zombies)
    put(db_url, 27, stored)
    _found_by_verify(zombies, 27, problem)
    _set_aside(zombies, clean, problem, db_url)


@pytest.mark.parametrize(
    ("state", "problem"),
    [
        ("not json {", "its state cannot be read: it is not JSON"),
        ("[" * 100_000 + "]" * 100_000, "its state cannot be read: it is nested too deep"),
    ],
    ids=["not-json", "100k-deep"],
)
def test_a_state_that_cannot_be_read_is_set_aside(
    zombies: Cli, db_url: str, state: str, problem: str
) -> None:
    """Inside a document with a right digest, so the reader meets it (PostgreSQL's JSONB
    holds only JSON, and would refuse 100,000 levels itself)."""
    clean = _clean(zombies)
    put(db_url, 27, redigested(document(db_url, 27), state))
    _found_by_verify(zombies, 27, problem)
    _set_aside(zombies, clean, problem, db_url)


@pytest.mark.parametrize(
    "tag", ["journal.__main__:main", "subprocess:Popen", "journal.app:Campaign"]
)
def test_a_foreign_class_is_never_imported_or_built(zombies: Cli, db_url: str, tag: str) -> None:
    """The old loader imported any `journal.*` module a row named: `journal.__main__` ran
    the command line inside the host program."""
    clean = _clean(zombies)
    forge(db_url, 27, lambda s: s["rules"].update({"__dc__": tag}), digest=True)
    sys.modules.pop("journal.__main__", None)
    problem = f"its state cannot be read: it names a type that is not a state class: '{tag}'"
    _found_by_verify(zombies, 27, problem)
    _set_aside(zombies, clean, problem, db_url)
    assert "journal.__main__" not in sys.modules


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda s: s.update(rules=None), "it is not a state of a horror-factor campaign"),
        (lambda s: s.update(ruleset="stress"), "it is not a state of a horror-factor campaign"),
        (lambda s: s.update(seq=26), "its state is not the state at event 27"),
        (
            lambda s: character(s, "Linda").update(hardness="3"),
            "its state cannot be read: Character.hardness: a str where a int belongs",
        ),
    ],
    ids=["no-rules", "another-ruleset", "another-seq", "a-string-for-a-number"],
)
def test_a_state_of_the_wrong_shape_is_set_aside(
    zombies: Cli, db_url: str, edit: Callable[[dict[str, object]], None], problem: str
) -> None:
    """Forged with its digest recomputed: what the rules would trip over is refused before
    any command reads it."""
    clean = _clean(zombies)
    forge(db_url, 27, edit, digest=True)
    _found_by_verify(zombies, 27, problem)
    _set_aside(zombies, clean, problem, db_url)


def test_a_snapshot_of_another_event_or_history_is_set_aside(zombies: Cli, db_url: str) -> None:
    """A snapshot copied from another campaign (or kept before the log was replaced) is
    bound to another event's hash."""
    clean = _clean(zombies)
    found = document(db_url, 27)
    found["head_hash"] = "0" * 64
    put(db_url, 27, redigested(found, found["state"]))
    _found_by_verify(zombies, 27, "it does not match the events")
    _set_aside(zombies, clean, "it does not match the events", db_url)


def test_a_snapshot_relabelled_to_the_current_rules_is_set_aside(zombies: Cli, db_url: str) -> None:
    """A snapshot of other rules code is never read; relabelling its row to the current
    rules version does not make it read either: the version is bound in its document."""
    clean = _clean(zombies)
    current = rules_version("horror-factor")
    found = document(db_url, 27)
    put(db_url, 27, json.dumps({**found, "rules_version": "hf-0:oldcode"}))
    assert rows(db_url) == [("jackson-zombies", 27, current)]
    _found_by_verify(zombies, 27, "its key does not match its document")
    _set_aside(zombies, clean, "its key does not match its document", db_url)


def test_a_snapshot_of_other_rules_code_is_stale_not_bad(zombies: Cli, db_url: str) -> None:
    found = document(db_url, 27)
    state = json.loads(found["state"])
    character(state, "Linda")["willpower"] = 2
    old = {**found, "rules_version": "hf-0:oldcode"}
    put(db_url, 27, redigested(old, json.dumps(state)), key={"rules_version": "hf-0:oldcode"})
    result = zombies("status", "--json")
    assert (
        result.stderr == "" and json.loads(result.stdout)["characters"]["Linda"]["willpower"] == 8
    )
    verified = zombies("verify")
    assert "Snapshots: 0 match the events; 1 of other rules code (never read)." in verified.stdout
    assert [e["status"] for e in zombies.json("db", "snapshots")] == ["stale"]  # type: ignore[union-attr, index]


def test_a_snapshot_an_older_journal_kept_is_stale_not_bad(zombies: Cli, db_url: str) -> None:
    """Before snapshots were bound, a row held the bare state; its rules version is an
    older code's, so no command reads it, and `verify` does not count it against the
    database (an upgrade of the journal leaves such rows behind)."""
    bare = document(db_url, 27)["state"]
    put(db_url, 27, bare, key={"rules_version": "hf-1:e4e7e60401aefa8d"})
    assert zombies("status").stderr == ""
    assert "1 of other rules code (never read)" in zombies("verify").stdout
    assert [e["status"] for e in zombies.json("db", "snapshots")] == ["stale"]  # type: ignore[union-attr, index]


def test_a_snapshot_of_another_format_is_stale_not_bad(zombies: Cli, db_url: str) -> None:
    """A journal of another snapshot format (format 2 sealed its digest on its own) left a
    snapshot of the same rules code: no command reads it or tells of it, `verify` does not
    count it against the database, and the next one kept is read."""
    found = document(db_url, 27)
    binding = f"{found['seq']}\n{found['head_hash']}\n{found['rules_version']}\n"
    older = {**found, "format": 2}
    older["digest"] = hashlib.sha256((binding + found["state"]).encode()).hexdigest()
    put(db_url, 27, json.dumps(older))
    result = zombies("status", "--json")
    assert result.stderr == "" and json.loads(result.stdout)["characters"]["Linda"]
    assert "1 of other rules code (never read)" in zombies("verify").stdout
    assert [e["status"] for e in zombies.json("db", "snapshots")] == ["stale"]  # type: ignore[union-attr, index]


def test_a_snapshot_ahead_of_the_log_never_makes_writes_busy(
    long_campaign: Cli, db_url: str
) -> None:
    """The attack: a snapshot at the seq the next append would keep one at made every
    write fail as "busy" (its key refused the append's own snapshot, forever)."""
    ((campaign, head, version),) = rows(db_url)
    stored = json.dumps(document(db_url, head))
    long_campaign("db", "snapshots", "--drop")
    add(db_url, campaign, head + 1, version, stored)
    add(db_url, campaign, head + 500, version, stored)
    verified = long_campaign("verify", ok=False)
    assert verified.exit_code == 1
    assert f"BAD snapshot at #{head + 1} (rules {version}): it is ahead" in verified.stderr
    assert f"there is no event {head + 500}" in verified.stderr
    noted = long_campaign("note", "The lights flicker.")
    assert noted.stdout == f"#{head + 1} Note: The lights flicker.\n"
    assert count_events(db_url) == head + 1
    # the append folded the whole log (no snapshot left) and kept its own, bound to the
    # event it appended; every row ahead of the log went with it
    assert rows(db_url) == [(campaign, head + 1, version)]
    assert long_campaign("verify").exit_code == 0


def test_a_missing_snapshots_table_folds_the_log_until_db_upgrade_makes_it(
    long_campaign: Cli, db_url: str
) -> None:
    clean = _clean(long_campaign)
    with connected(db_url) as conn:
        conn.execute(text("DROP TABLE snapshots"))
    notice = (
        "Notice: the snapshots SQL table (a cache) is missing: `journal db upgrade` makes it "
        "again (until then every command folds the whole log)\n"
    )
    status = long_campaign("status", "--json")
    assert status.stderr == notice and json.loads(status.stdout) == clean
    noted = long_campaign("note", "Still here.")  # an append that would keep a snapshot
    assert noted.stdout.startswith("#238 ") and noted.stderr.startswith(notice)
    imported = long_campaign("--campaign", "zombies", "import", str(WORKED_EXAMPLE))  # keeps one
    assert imported.stdout.startswith("Imported 27 new event(s)")
    assert count_events(db_url) == 238 + 27
    verified = long_campaign("--campaign", "jackson-zombies", "verify", ok=False)
    assert verified.exit_code == 1
    assert "BAD snapshots: the snapshots SQL table (a cache) is missing" in verified.stderr
    listed = long_campaign.refused("db", "snapshots")
    assert listed.stderr == "Error: " + notice.removeprefix("Notice: ")
    upgraded = long_campaign("db", "upgrade")
    made = "The snapshots SQL table (a cache) was missing or damaged: made it again."
    assert made in upgraded.stdout
    assert long_campaign("--campaign", "jackson-zombies", "status").stderr == ""
    assert long_campaign("--campaign", "jackson-zombies", "verify").exit_code == 0
    with connected(db_url) as conn:  # the table made again is the migrations' own
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, metadata) == []


@pytest.mark.parametrize(
    ("stored", "problem"),
    [
        ("not json {", "it is not JSON"),
        ("[" * 100_000 + "]" * 100_000, "it is nested too deep to read"),
    ],
    ids=["not-json", "100k-deep"],
)
def test_a_sqlite_row_that_is_not_json_is_set_aside(
    zombies: Cli, db_url: str, stored: str, problem: str
) -> None:
    """SQLite keeps any text in a JSON column (PostgreSQL's JSONB refuses it)."""
    if not db_url.startswith("sqlite"):
        pytest.skip("PostgreSQL's JSONB holds only JSON")
    clean = _clean(zombies)
    put(db_url, 27, stored)
    _found_by_verify(zombies, 27, problem)
    _set_aside(zombies, clean, problem, db_url)
