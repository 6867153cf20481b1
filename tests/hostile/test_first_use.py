"""Eight commands using a new database at the same moment (its first use creates the
schema) all wait for the lock and succeed, on SQLite and PostgreSQL, as appends do."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from support.cli import count_events

from journal.cli.main import cli
from journal.store import migrate  # noqa: F401  (loaded once, before the children fork)

USERS = 8


def _first_use(db: str, job: list[str], start: Any, results: Any) -> None:
    """One process: wait until all are ready, then run one command."""
    start.wait(timeout=60)
    result = CliRunner().invoke(cli, ["--db", db, *job])
    results.put((" ".join(job), result.exit_code, result.output))


def _log(slug: str, folder: Path) -> str:
    """A small hand-written log of campaign `slug`."""
    created = {"slug": slug, "ruleset": "horror-factor", "title": slug, "options": {}}
    lines = [
        {"type": "CampaignCreated", "data": {**created, "journal_version": "0.1.0"}},
        {"type": "NoteTaken", "data": {"text": f"{slug} begins", "gm_only": False, "about": []}},
    ]
    path = folder / f"{slug}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_simultaneous_first_uses_all_wait_and_succeed(db_url: str, tmp_path: Path) -> None:
    """Six `campaign new` and two `import` at once on a database with no schema yet (the
    children are forked: the journal is loaded once, so they start together)."""
    jobs = [["campaign", "new", f"c{i}", "--ruleset", "horror-factor"] for i in range(6)]
    jobs += [["import", _log(f"i{i}", tmp_path)] for i in range(USERS - 6)]
    context = multiprocessing.get_context("fork")
    start = context.Barrier(USERS)
    results = context.Queue()
    workers = [
        context.Process(target=_first_use, args=(db_url, job, start, results)) for job in jobs
    ]
    for worker in workers:
        worker.start()
    outcomes = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
    failed = [(job, output) for job, code, output in outcomes if code != 0]
    assert not failed, failed
    assert count_events(db_url) == 6 + 2 * (USERS - 6)


def test_a_first_use_waits_for_a_writer_making_the_new_file_wal(tmp_path: Path) -> None:
    """Making a new file WAL writes its header under a write lock taken after a read lock;
    SQLite refuses that upgrade at once when another connection holds the write lock (its
    busy handler is not called, to avoid a deadlock), as when two first uses make the
    same new file WAL together. The journal waits for it as for any writer's lock."""
    db = tmp_path / "new.db"
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # another first use, between its locks
    release = threading.Timer(0.5, lambda: holder.execute("ROLLBACK"))
    release.start()
    started = time.monotonic()
    try:
        result = CliRunner().invoke(
            cli, ["--db", str(db), "campaign", "new", "c1", "--ruleset", "horror-factor"]
        )
    finally:
        release.join()
        holder.close()
    assert result.exit_code == 0, result.output
    assert time.monotonic() - started >= 0.4  # it waited for the lock, not around it
    assert count_events(f"sqlite:///{db}") == 1
