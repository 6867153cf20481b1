"""Eight processes writing to one campaign at once lose nothing and duplicate nothing.

Each writer runs journal commands (the CLI, in its own process, forked so all start
together): notes, whose texts must each be in the log exactly once, and clock advances,
each decided on the state it read, so a lost update would show as a clock short of the
sum. A writer that loses a race to another decides again on the new state (a retry,
counted here); none may fail. Then the log has no gap, the chain verifies and the audit,
deciding every ruling again, finds nothing.

The figures (writers, commands, retries, seconds) are printed: `pytest -s -n 0
tests/reliability/test_concurrency.py`.
"""

from __future__ import annotations

import json
import multiprocessing
import time
import warnings
from collections import Counter
from datetime import datetime, timedelta
from typing import Any

from click.testing import CliRunner
from support.cli import Cli

from journal.cli.main import cli as journal_cli
from journal.errors import ConcurrencyConflict
from journal.store import Store

WRITERS = 8
EACH = 16  # commands per writer: half notes, half clock advances
START = "2010-10-31 21:00"


def _writer(db: str, writer: int, start: Any, results: Any) -> None:
    """One process: wait for the others, then run EACH commands; report the retries."""
    retries = 0
    append = Store.append

    def counted(self: Store, *args: Any, **kwargs: Any) -> Any:
        nonlocal retries
        try:
            return append(self, *args, **kwargs)
        except ConcurrencyConflict:
            retries += 1
            raise

    Store.append = counted  # type: ignore[method-assign]  # this child's own copy
    runner = CliRunner()
    failed = []
    start.wait(timeout=60)
    for i in range(EACH):
        note = ["note", f"writer {writer} note {i}"]
        words = note if i % 2 == 0 else ["clock", "advance", "1min"]
        result = runner.invoke(journal_cli, ["--db", db, "--campaign", "night", *words])
        if result.exit_code != 0:
            failed.append((words, result.output))
    results.put((writer, retries, failed))


def test_eight_writers_lose_nothing_and_duplicate_nothing(db_url: str) -> None:
    cli = Cli(CliRunner(), db_url)
    cli("campaign", "new", "night", "--ruleset", "horror-factor")
    cli("--campaign", "night", "clock", "set", START)
    before = len(cli.json("--campaign", "night", "log"))  # type: ignore[arg-type]

    context = multiprocessing.get_context("fork")  # the journal is loaded once, before
    start = context.Barrier(WRITERS + 1)
    results = context.Queue()
    workers = [
        context.Process(target=_writer, args=(db_url, w, start, results)) for w in range(WRITERS)
    ]
    with warnings.catch_warnings():  # Python 3.12 warns of forking beside xdist's thread
        warnings.simplefilter("ignore", DeprecationWarning)
        for worker in workers:
            worker.start()
    start.wait(timeout=60)
    began = time.perf_counter()
    reports = [results.get(timeout=300) for _ in workers]
    seconds = time.perf_counter() - began
    for worker in workers:
        worker.join(timeout=60)
    assert [w.exitcode for w in workers] == [0] * WRITERS
    assert [failed for _, _, failed in reports if failed] == []

    log = cli.json("--campaign", "night", "log")
    assert isinstance(log, list)
    commands = WRITERS * EACH
    assert [e["seq"] for e in log] == list(range(1, before + commands + 1))  # no gap, no extra
    notes = Counter(e["data"]["text"] for e in log if e["type"] == "NoteTaken")
    wanted = {f"writer {w} note {i}" for w in range(WRITERS) for i in range(0, EACH, 2)}
    assert set(notes) == wanted and set(notes.values()) == {1}  # each once, none lost
    advances = [e for e in log if e["type"] == "ClockAdvanced"]
    assert len(advances) == commands // 2
    clock = json.loads(cli("--campaign", "night", "status", "--json").stdout)["clock"]
    minutes = timedelta(minutes=commands // 2)
    assert clock == (datetime.fromisoformat(START) + minutes).isoformat(timespec="minutes")
    assert "OK" in cli("--campaign", "night", "verify").stdout
    audit = cli.json("--campaign", "night", "audit")
    assert isinstance(audit, dict) and audit["differences"] == []

    retries = sum(r for _, r, _ in reports)
    backend = db_url.split(":", 1)[0]
    print(
        f"\nconcurrency on {backend}: {WRITERS} writers, {commands} commands, "
        f"{retries} retries, {seconds:.1f} s"
    )
