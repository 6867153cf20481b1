"""`journal import` against the raw insert process, turn about, as whole processes.

    python benchmarks/import_turnabout.py N REPEATS [OTHER_TREE]

Imports `/tmp/journal-bench/log-N.jsonl` (made by `run.py`) into a new file with this
checkout's journal (and, given OTHER_TREE, a folder holding another `journal` package, e.g.
`git archive main journal | tar -x -C /tmp/base`), then with `anchors.py import`; prints
each one's median CPU time (user+sys of the child) and its ratio to the raw process.
Databases go under /tmp/import-turnabout/.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = Path("/tmp/journal-bench")
WORK = Path("/tmp/import-turnabout")
#: runs `python -m journal` with the journal package of the folder given first
RUN_TREE = (
    "import runpy, sys\n"
    "tree = sys.argv.pop(1)\n"
    "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in type(f).__module__\n"
    "                    and 'editable' not in getattr(f, '__module__', '')]\n"
    "sys.path.insert(0, tree)\n"
    "sys.argv[0] = 'journal'\n"
    "runpy.run_module('journal', run_name='__main__', alter_sys=True)\n"
)


def fresh(path: Path) -> str:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return str(path)


def cpu(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, capture_output=True, cwd="/tmp")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    events, repeats = int(sys.argv[1]), int(sys.argv[2])
    trees = {"this": str(HERE.parent)}
    if len(sys.argv) > 3:
        trees["other"] = sys.argv[3]
    log = str(CACHE / f"log-{events}.jsonl")
    WORK.mkdir(exist_ok=True)
    times: dict[str, list[float]] = {name: [] for name in (*trees, "raw")}
    for _ in range(repeats):
        for name, tree in trees.items():
            db = fresh(WORK / f"{name}-{events}.db")
            command = [sys.executable, "-c", RUN_TREE, tree, "--db", db, "import", log]
            times[name].append(cpu(command))
        raw_db = fresh(WORK / f"raw-{events}.db")
        anchor = [sys.executable, str(HERE / "anchors.py"), "import", raw_db, log]
        times["raw"].append(cpu([*anchor, str(CACHE / "ddl-0004.json")]))
    raw = statistics.median(times["raw"])
    for name, runs in times.items():
        ratios = [round(ours / theirs, 2) for ours, theirs in zip(runs, times["raw"], strict=True)]
        median = statistics.median(runs)
        print(f"{events} events {name:5} {median:.3f} s  {median / raw:.2f}x raw  {ratios}")


if __name__ == "__main__":
    main()
