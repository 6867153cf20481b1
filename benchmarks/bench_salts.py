"""Issue 40's figures: a player's proof at a million events, and what salted parts cost an
append.

    python benchmarks/bench_salts.py [--events 1000000] [--proofs 30] [--appends 400] [--json]

- `prove`: `Journal.prove(SEQ, "players")` of a random event (the audience filter of its
  session, its salted parts, the tree's path) and `Journal.prove_since(SIZE)`, in process,
  on a campaign of `--events` real Horror Factor events (`workload.py`'s sessions of fights,
  checks, rests and notes, salted as this journal writes them), imported and then given a
  snapshot every 200 events as a campaign played at the table keeps them. Then each proof
  checked by `check-proof`'s code and by the HTML verifier in Chromium (Playwright, when
  installed: the page's own clock, `performance.now`, around its `journalCheck`).
- `appends`: `--appends` events appended through `Journal.run`, salted (this journal) and
  unsalted (the same code with `new_salts` giving none: the chain as it was before), turn
  about, on a copy of a fright-check campaign: a note (3 fields) and a Fright Check (44
  fields, the widest event either ruleset writes). The ratio of the medians, wall clock
  (an append waits for `fsync`) and CPU; and the same in memory (the CPU alone).

The campaign is built once under `$JOURNAL_BENCH_CACHE` (default /tmp/journal-bench):
minutes at a million events. Every figure is measured on a copy.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import median
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import workload  # noqa: E402

import journal  # noqa: E402

CACHE = Path(os.environ.get("JOURNAL_BENCH_CACHE", "/tmp/journal-bench"))
SNAPSHOT_EVERY = 200


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def campaign(events: int) -> Path:
    """The salted campaign of `events` events with a snapshot every 200 (cached)."""
    from journal.app import Campaign
    from journal.cache import encoded
    from journal.projection import fold_rows
    from journal.rules.core.state import CampaignState
    from journal.store import Store

    target = CACHE / f"salted-{events}.db"
    if target.exists():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    log = workload.write_log(CACHE / f"salted-{events}.jsonl", events)
    partial = target.with_suffix(".partial")
    partial.unlink(missing_ok=True)
    say(f"importing {events} events ...")
    with Store.open(str(partial)) as store:
        from journal.transfer import import_file

        with log.open(encoding="utf-8") as lines:
            import_file(store, lines)
        say("a snapshot every 200 events ...")
        corrections = Campaign(store, "long").corrections()
        state = CampaignState()
        while state.seq < events:
            rows = store.read_for_fold("long", after=state.seq, upto=state.seq + SNAPSHOT_EVERY)
            state = fold_rows(rows, corrections, state)
            kept = encoded(state)
            assert kept is not None
            store.save_snapshot("long", state.seq, *kept)
        from journal.proof.tree import CampaignTree

        CampaignTree(store, "long").head()  # keeps the tree's nodes
    partial.rename(target)
    return target


def cpu(work: Callable[[], object]) -> tuple[float, float, object]:
    start_cpu, start = time.process_time(), time.perf_counter()
    found = work()
    return time.process_time() - start_cpu, time.perf_counter() - start, found


def proofs(events: int, count: int) -> dict[str, Any]:
    from journal.errors import JournalError

    source = campaign(events)
    work = CACHE / f"work-{os.getpid()}"
    work.mkdir(parents=True, exist_ok=True)
    db = work / "proofs.db"
    shutil.copyfile(source, db)
    rng = random.Random(40)
    made: dict[str, list[tuple[float, float]]] = {"prove": [], "since": [], "check": []}
    documents: list[dict[str, Any]] = []
    with journal.open(str(db), campaign="long") as night:
        head = night.head()
        night.prove(head - 5)  # the first command's own start (imports) left out
        while len(documents) < count:
            seq = rng.randint(1, head)
            try:
                spent, clock, document = cpu(lambda seq=seq: night.prove(seq, "players"))
            except JournalError:  # not the players' to see (a voided event, a GM note)
                continue
            made["prove"].append((spent, clock))
            documents.append(document)  # type: ignore[arg-type]
            old = rng.randint(1, head)
            spent, clock, since = cpu(lambda old=old: night.prove_since(old))
            made["since"].append((spent, clock))
            documents.append(since)  # type: ignore[arg-type]
    from journal.proof.check import check

    for document in documents:
        spent, clock, _ = cpu(lambda document=document: check(document))
        made["check"].append((spent, clock))
    shutil.rmtree(work)
    figures: dict[str, Any] = {"events": events, "proofs": count}
    for key, found in made.items():
        figures[f"{key}_ms"] = round(1000 * median(c for _, c in found), 2)
        figures[f"{key}_max_ms"] = round(1000 * max(c for _, c in found), 2)
        figures[f"{key}_cpu_ms"] = round(1000 * median(c for c, _ in found), 2)
    browser = in_browser(documents)
    if browser is not None:
        figures["verifier_ms"] = round(median(browser), 2)
        figures["verifier_max_ms"] = round(max(browser), 2)
    return figures


def in_browser(documents: list[dict[str, Any]]) -> list[float] | None:
    """The verifier's own time for each proof, in Chromium (None without Playwright)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        say("no Playwright: the verifier's figure is left out")
        return None
    from journal.proof.verifier import page

    target = CACHE / f"check-{os.getpid()}.html"
    target.write_text(page(), encoding="utf-8")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=shutil.which("chromium") or "/usr/bin/chromium"
            )
            opened = browser.new_page()
            opened.goto(target.as_uri())
            found = opened.evaluate(
                """async (texts) => {
                  const spent = [];
                  for (const t of texts) {
                    const start = performance.now();
                    const said = await journalCheck(t, "");
                    spent.push(performance.now() - start);
                    if (!said.startsWith("valid: ")) throw new Error(said);
                  }
                  return spent;
                }""",
                [json.dumps(d) for d in documents],
            )
            browser.close()
    finally:
        target.unlink(missing_ok=True)
    return [float(f) for f in found]


@contextmanager
def unsalted() -> Iterator[None]:
    """Appends as before issue 40: no salts, the payload hashed as it is."""
    from journal.store import drafts

    kept = drafts.new_salts
    drafts.new_salts = lambda names: None  # type: ignore[assignment,return-value]
    try:
        yield
    finally:
        drafts.new_salts = kept


def appends(count: int, memory: bool = False) -> dict[str, Any]:
    """Salted appends against unsalted ones, on a file (or, `memory`, in memory: the CPU
    alone, no disk to wait for)."""
    from journal.api.commands import AddCharacter, StartSession, TakeNote
    from journal.rulesets.fright_check.rules.fright import FrightCheck

    work = CACHE / f"work-appends-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    where = ":memory:" if memory else str(work / "appends.db")
    night = journal.create(where, "crypt", "fright-check")
    sheet = {"will": 12, "ht": 11, "iq": 12, "traits": {"Fearlessness": 1}}
    night.run(AddCharacter("Mara", sheet))
    night.run(StartSession("Below the chapel"))
    kinds: dict[str, Callable[[int], None]] = {
        "note": lambda n: night.run(TakeNote(f"Note {n}: the lights go out.")),
        "fright_check": lambda n: night.run(
            FrightCheck("Mara", f"ghoul-{n}", kind="ghoul", monster=-2, dark=True),
            {"will": (6, 6, 5), "table": (3, 3, 4)},
        ),
    }
    figures: dict[str, Any] = {"appends": count}
    for kind, append in kinds.items():
        spent: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        for number in range(count):
            for salted in (True, False) if number % 2 else (False, True):  # turn about
                if salted:
                    found = cpu(lambda number=number, append=append: append(number))
                else:
                    with unsalted():
                        found = cpu(lambda number=number, append=append: append(number))
                spent[salted].append(found[:2])
        for salted, label in ((True, "salted"), (False, "unsalted")):
            figures[f"{kind}_{label}_ms"] = round(1000 * median(c for _, c in spent[salted]), 3)
            figures[f"{kind}_{label}_cpu_ms"] = round(1000 * median(c for c, _ in spent[salted]), 3)
        figures[f"{kind}_salted_vs_unsalted"] = round(
            median(c for _, c in spent[True]) / median(c for _, c in spent[False]), 3
        )
        figures[f"{kind}_salted_vs_unsalted_cpu"] = round(
            median(c for c, _ in spent[True]) / median(c for c, _ in spent[False]), 3
        )
    night.close()
    shutil.rmtree(work)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--proofs", type=int, default=30)
    parser.add_argument("--appends", type=int, default=400)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {
        "appends": appends(args.appends),
        "appends_in_memory": appends(args.appends, memory=True),
        "prove": proofs(args.events, args.proofs),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for part, found in figures.items():
        print(part + ": " + " ".join(f"{k}={v}" for k, v in found.items()))


if __name__ == "__main__":
    main()
