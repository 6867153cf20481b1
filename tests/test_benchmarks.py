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

RUN = Path(__file__).parents[1] / "benchmarks" / "run.py"
FIGURES = {
    "replay_vs_raw",
    "replay_vs_eventsourcing",
    "import_vs_raw",
    "import_peak_rss_mb",
    "append_p50_vs_raw",
    "append_p99_vs_raw",
    "append_last_vs_first",
    "cli_append_vs_version",
    "status_1m_vs_1k",
    "audit_vs_raw_fold",
    "log_vs_raw_fold",
    "verify_vs_raw",
}


def test_the_benchmark_runs_and_reports_every_figure(tmp_path: Path) -> None:
    env = {**os.environ, "JOURNAL_BENCH_CACHE": str(tmp_path)}
    log = tmp_path / "measured.jsonl"
    small = ["--events", "300", "--big", "400", "--repeats", "1", "--appends", "10"]
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
    if os.environ.get("JOURNAL_TEST_POSTGRES_URL"):
        assert found["pg_replay_vs_raw"] > 0 and found["pg_append_p50_vs_raw"] > 0
