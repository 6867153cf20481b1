"""The performance suite stays runnable: `benchmarks/run.py` on a tiny campaign, once.

No timing is asserted here (a shared machine makes timings noise); the figures and their
targets live in benchmarks/README.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT

RUN = ROOT / "benchmarks" / "run.py"
FIGURES = {
    "replay_vs_raw",
    "replay_vs_eventsourcing",
    "import_vs_raw",
    "import_peak_rss_mb",
    "append_p50_vs_raw",
    "append_p99_vs_raw",
    "append_last_vs_first",
    "cli_append_vs_version",
    "cli_note_vs_raw",
    "warm_status_vs_raw",
    "complete_vs_version",
    "status_1m_vs_1k",
    "audit_vs_raw_fold",
    "log_vs_raw_fold",
    "cold_status_vs_raw_fold",
    "verify_vs_raw",
    "verify_chain_vs_raw",
    "book_gm_seconds",
    "book_gm_peak_rss_mb",
    "long_recap_vs_status",
    "long_recap_peak_rss_mb",
    "long_arc_peak_rss_mb",
    "long_explain_peak_rss_mb",
    "sanity_cold_status_vs_raw_fold",
    "sanity_audit_vs_raw_fold",
    "sanity_warm_status_vs_raw",
}


def test_the_benchmark_runs_and_reports_every_figure(tmp_path: Path) -> None:
    env = {**os.environ, "JOURNAL_BENCH_CACHE": str(tmp_path)}
    log = tmp_path / "measured.jsonl"
    small = ["--events", "300", "--big", "400", "--repeats", "1", "--appends", "10"]
    # one session's book: the book's figures take the same path as at 2 or 40 (the full
    # build, the rebuild one session on, the peak RSS), each a whole `journal book`
    small += ["--book-sessions", "1", "--long", "500"]
    result = subprocess.run(
        [sys.executable, str(RUN), *small, "--json", "--log", str(log)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert set(found) >= FIGURES
    assert all(found[k] is None or found[k] > 0 for k in FIGURES)
    assert len(log.read_text().splitlines()) == 300
    book = found["details"]["sqlite"]["book"]
    assert (book["sessions"], book["pages"] > 10) == (1, True), book
    assert book["rebuild_seconds"] > 0 and book["bytes"] > 0, book
    long = found["details"]["sqlite"]["long"]
    assert long["events"] == 500 and long["explain_all"]["bytes"] > long["explain"]["bytes"] > 0
    if os.environ.get("JOURNAL_TEST_POSTGRES_URL"):
        assert found["pg_replay_vs_raw"] > 0 and found["pg_append_p50_vs_raw"] > 0


@pytest.mark.parametrize("writer", ["write_log", "write_sanity_log"])
def test_the_measured_campaign_follows_todays_rules(tmp_path: Path, writer: str) -> None:
    """The benchmark's logs (the Horror Factor one, the d100 sanity one) are decided by the
    rules as they are now: each imports, verifies and audits clean (a log built by older
    rules would time an audit that lists differences, or events with a schema they were
    not written in)."""
    log = tmp_path / "long.jsonl"
    write = f"import sys; from pathlib import Path; from workload import {writer}; "
    write += f"{writer}(Path(sys.argv[1]), 3000)"
    subprocess.run(
        [sys.executable, "-c", write, str(log)],
        cwd=RUN.parent,
        env={**os.environ, "PYTHONPATH": str(RUN.parent)},
        check=True,
        timeout=300,
    )
    db = tmp_path / "long.db"
    for words in (["import", str(log)], ["verify"], ["audit"]):
        done = subprocess.run(
            [sys.executable, "-m", "journal", "--db", str(db), *words],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"journal {words[0]}: {done.stdout[-2000:]}{done.stderr}"
