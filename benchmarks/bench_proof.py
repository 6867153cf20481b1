"""The Merkle tree's figures (issue 33): the tree head after an append, an inclusion proof
and a consistency proof, at 10,000 / 100,000 / 1,000,000 events, against the raw chain
walk of the same log (a `sqlite3` read of every event's chain hash in order: the least a
tree without stored nodes must read for any of them).

    python benchmarks/bench_proof.py [--events 10000,100000,1000000] [--repeats 7] [--json]

Each log is a campaign of notes appended through `Store.append` in batches of 5,000
(real events, real chain), cached under `$JOURNAL_BENCH_CACHE/proof-N.db`; every figure
is measured on a copy. The tree's stored nodes are kept once (outside the timing, as the
first `journal heads` after an import keeps them). Figures are CPU time (`process_time`)
in process, medians of `--repeats`, taken turn about with the anchor; `ms` beside each is
the clock's median.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median

CACHE = Path(os.environ.get("JOURNAL_BENCH_CACHE", "/tmp/journal-bench"))
BATCH = 5000


def build(events: int) -> Path:
    """A campaign of `events` events (cached)."""
    import journal
    from journal.store import Draft

    target = CACHE / f"proof-{events}.db"
    if target.exists():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    night = journal.create(str(partial), "long", "horror-factor")
    store, head = night._store, night.head()  # below the API: events appended in bulk
    while head < events:
        count = min(BATCH, events - head)
        drafts = [
            Draft("NoteTaken", 1, {"text": f"Note {head + i}.", "gm_only": False, "about": []})
            for i in range(count)
        ]
        head = store.append("long", head, drafts)[-1].seq
    store.close()
    partial.rename(target)
    return target


def raw_walk(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT hash FROM events WHERE campaign = 'long' ORDER BY seq"
        ).fetchall()
    return len(rows)


def cpu(work: Callable[[], object]) -> tuple[float, float]:
    start_cpu, start = time.process_time(), time.perf_counter()
    work()
    return time.process_time() - start_cpu, time.perf_counter() - start


def measure(events: int, repeats: int) -> dict[str, object]:
    import journal
    from journal.merkle import consistency_proof, inclusion_proof
    from journal.proof.tree import CampaignTree
    from journal.rules.core.commands import TakeNote

    source = build(events)
    work = CACHE / f"work-{os.getpid()}"
    work.mkdir(parents=True, exist_ok=True)
    db = work / "proof.db"
    shutil.copyfile(source, db)
    night = journal.open(str(db), campaign="long")
    store = night._store  # below the API: the tree itself is measured
    keep = cpu(lambda: CampaignTree(store, "long").head())  # keeps the nodes: once
    rng = random.Random(7)
    figures: dict[str, list[tuple[float, float]]] = {
        k: [] for k in ("walk", "head_after_append", "inclusion", "consistency")
    }
    for _ in range(repeats):
        figures["walk"].append(cpu(lambda: raw_walk(db)))
        night.run(TakeNote("One more.", False, ()))
        figures["head_after_append"].append(cpu(lambda: CampaignTree(store, "long").head()))
        figures["walk"].append(cpu(lambda: raw_walk(db)))
        size = night.head()
        seq = rng.randint(1, size)

        def inclusion(seq: int = seq) -> None:
            tree = CampaignTree(store, "long")
            inclusion_proof(tree, seq - 1, tree.size)

        figures["inclusion"].append(cpu(inclusion))
        figures["walk"].append(cpu(lambda: raw_walk(db)))
        old = rng.randint(1, size)

        def consistency(old: int = old) -> None:
            tree = CampaignTree(store, "long")
            consistency_proof(tree, old, tree.size)

        figures["consistency"].append(cpu(consistency))
    store.close()
    shutil.rmtree(work)
    walk_cpu = median(c for c, _ in figures["walk"])
    result: dict[str, object] = {
        "events": events,
        "keep_nodes_once_s": round(keep[1], 2),
        "raw_walk_ms": round(median(w for _, w in figures["walk"]) * 1000, 2),
    }
    for key in ("head_after_append", "inclusion", "consistency"):
        result[f"{key}_ms"] = round(median(w for _, w in figures[key]) * 1000, 2)
        result[f"{key}_vs_walk"] = round(median(c for c, _ in figures[key]) / walk_cpu, 4)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", default="10000,100000")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [measure(int(n), args.repeats) for n in args.events.split(",")]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(" ".join(f"{k}={v}" for k, v in r.items()))


if __name__ == "__main__":
    main()
