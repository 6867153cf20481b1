"""The GM's book rebuilt: a full build (the chapters' cache emptied), then the same campaign
one note on and one session on, each a whole `journal book --for gm` process, its CPU
(children included) and the clock's seconds, and their ratios to the full build.

    python benchmarks/bench_book.py [--sessions 10] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run


def measure(data: run.Data, sessions: int) -> dict[str, float]:
    _, db = run._sessions_db(data, sessions)
    _, more = run._sessions_db(data, sessions + 1)
    target = data.fresh("book.pdf")
    full_db, note_db, more_db = (
        data.copy(db, "full.db"),
        data.copy(db, "note.db"),
        data.copy(more, "more.db"),
    )
    subprocess.run(
        run.journal_cli(str(note_db), "note", "The cellar door is open."),
        check=True,
        capture_output=True,
    )
    chapters = data.work / "book-cache"
    os.environ["XDG_CACHE_HOME"] = str(chapters)

    def book(copy: Path) -> run.Timing:
        return run.process(run.journal_cli(str(copy), "book", "--for", "gm", "-o", str(target)))

    shutil.rmtree(chapters, ignore_errors=True)
    full = book(full_db)
    note = book(note_db)
    shutil.rmtree(chapters, ignore_errors=True)
    book(full_db)  # the chapters of the full build, kept again
    after = book(more_db)
    return {
        "sessions": sessions,
        "full_cpu_s": full.cpu,
        "full_s": full.wall,
        "note_cpu_s": note.cpu,
        "note_s": note.wall,
        "session_cpu_s": after.cpu,
        "session_s": after.wall,
        "note_cpu_vs_full": note.cpu / full.cpu,
        "session_cpu_vs_full": after.cpu / full.cpu,
        "note_vs_full": note.wall / full.wall,
        "session_vs_full": after.wall / full.wall,
        "load": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    run.compiled()
    cache = Path(os.environ.get("JOURNAL_BENCH_CACHE", "/tmp/journal-bench"))
    data = run.Data(cache, 300)
    try:
        found = measure(data, options.sessions)
    finally:
        data.clean()
    print(json.dumps(found, indent=2) if options.json else found)


if __name__ == "__main__":
    main()
