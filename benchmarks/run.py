"""The journal's performance figures, each a ratio to its raw anchor measured in the same run.

    python benchmarks/run.py [--events N] [--json] [--log FILE] [--repeats R] [--big M]
                             [--book-sessions S] [--long L] [--long-only] [--rulesets-only]

The `bench` extra (`pip install -e '.[bench]'`) adds the eventsourcing library for its
figure (left out, with a note, when it is not installed). On SQLite always, and on
PostgreSQL too when JOURNAL_TEST_POSTGRES_URL points at a server (a database is created
for the run and dropped after it). What each figure means is in benchmarks/README.md.
The logs and databases it builds are kept under $JOURNAL_BENCH_CACHE (default
/tmp/journal-bench), so a second run skips building them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import anchors  # noqa: E402
import bench_long_campaign  # noqa: E402
import workload  # noqa: E402

import journal  # noqa: E402
from journal.rules.core.commands import TakeNote  # noqa: E402
from journal.store import Store  # noqa: E402
from journal.store.schema import SCHEMA_HEAD  # noqa: E402

APPENDS = 2000
try:
    import eventsourcing  # noqa: F401

    HAVE_EVENTSOURCING = True
except ImportError:
    HAVE_EVENTSOURCING = False
WINDOW = 100
SMALL = 1000
BIG = 1_000_000
#: sessions of the campaign whose GM's book is timed
BOOK_SESSIONS = 50
#: events of the long campaign whose handouts are measured (`--long`)
LONG = 200_000
PYTHON = sys.executable


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def median(values: list[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Timing(NamedTuple):
    wall: float
    cpu: float  # user + system: what the run itself cost, whoever else shares the machine


def timed(work: Callable[[], object]) -> Timing:
    """Time work done in this process."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu)


def paired(
    ours: Callable[[], Timing], anchor: Callable[[], Timing], repeats: int, faster: bool = False
) -> dict[str, float]:
    """Medians of each, measured turn about, and their ratio: ours / anchor by CPU time
    (`wall_ratio` by the clock), or anchor / ours with `faster` (how many times faster)."""
    mine, theirs = [], []
    for _ in range(repeats):
        mine.append(ours())
        theirs.append(anchor())
    found = {
        "ours_s": median([t.wall for t in mine]),
        "anchor_s": median([t.wall for t in theirs]),
        "ours_cpu_s": median([t.cpu for t in mine]),
        "anchor_cpu_s": median([t.cpu for t in theirs]),
    }
    ratio = found["ours_cpu_s"] / found["anchor_cpu_s"]
    wall = found["ours_s"] / found["anchor_s"]
    # how noisy: each turn's own CPU ratio, lowest and highest
    turns = sorted(m.cpu / t.cpu for m, t in zip(mine, theirs, strict=True) if t.cpu > 0)
    if faster:
        turns = sorted(1 / r for r in turns)
    return {
        **found,
        "turn_ratio_min": turns[0] if turns else ratio,
        "turn_ratio_max": turns[-1] if turns else ratio,
        "ratio": 1 / ratio if faster else ratio,
        "wall_ratio": 1 / wall if faster else wall,
    }


#: runs a command and writes its peak RSS (KiB) on stderr: measured from a small parent,
#: since a child forked from this (large) process counts this one's pages until it execs
_RSS = (
    "import resource, subprocess, sys\n"
    "code = subprocess.call(sys.argv[1:])\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def process(args: list[str], stdout: Any = subprocess.DEVNULL) -> Timing:
    """Wall and CPU seconds of a whole process."""
    start = time.perf_counter()
    with subprocess.Popen(args, stdout=stdout, stderr=subprocess.PIPE) as child:
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        errors = child.stderr.read().decode(errors="replace") if child.stderr else ""
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {errors.strip()[-500:]}")
    return Timing(elapsed, usage.ru_utime + usage.ru_stime)


def peak_rss(args: list[str]) -> float:
    """Peak RSS (MiB) of a whole process."""
    child = subprocess.run([PYTHON, "-c", _RSS, *args], capture_output=True, text=True)
    *errors, peak = child.stderr.strip().splitlines() or ["0"]
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {' '.join(errors)[-500:]}")
    return int(peak) / 1024


def journal_cli(db: str, *words: str) -> list[str]:
    return [PYTHON, "-m", "journal", "--db", db, *words]


def timed_cli(db: str, *words: str) -> Timing:
    return process(journal_cli(db, *words))


def anchor_process(*words: str) -> Timing:
    return process([PYTHON, str(HERE / "anchors.py"), *words])


# --- the data -------------------------------------------------------------------------------


class Data:
    def __init__(self, cache: Path, events: int) -> None:
        self.cache = cache
        self.events = events
        cache.mkdir(parents=True, exist_ok=True)
        #: this run's own copies (several runs may share the cache): removed at its end
        self.work = cache / f"work-{os.getpid()}"
        #: peak RSS (MiB) of the imports that built a database in this run, by size
        self.peak_rss: dict[int, float] = {}
        self.log = workload.write_log(cache / f"log-{events}.jsonl", events)

    def database(self, events: int, log: Path | None = None) -> Path:
        """A SQLite journal of the first `events` events, imported once and kept."""
        db = self.cache / f"db-{events}-{SCHEMA_HEAD}.db"
        if not db.exists():
            source = log or workload.head_lines(
                self.log, self.cache / f"log-{events}.jsonl", events
            )
            partial = db.with_name(f"{db.name}.{os.getpid()}.partial")
            partial.unlink(missing_ok=True)
            say(f"importing {events} events into {db} ...")
            self.peak_rss[events] = peak_rss(journal_cli(str(partial), "import", str(source)))
            Path(str(partial) + "-wal").unlink(missing_ok=True)
            partial.rename(db)
        return db

    def fresh(self, name: str) -> Path:
        """A path in the work folder, with no database there."""
        target = self.work / name
        target.parent.mkdir(exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            Path(str(target) + suffix).unlink(missing_ok=True)
        return target

    def copy(self, db: Path, name: str) -> Path:
        """A copy of a cached database to measure on: no command writes the cache itself
        (a snapshot kept there would be of the code of the run that kept it)."""
        target = self.fresh(name)
        shutil.copy(db, target)
        with target.open("rb+") as copied:  # on the disk: the first fsync measured is not its
            os.fsync(copied.fileno())
        return target

    def current(self, db: Path, name: str) -> Path:
        """A copy whose snapshots are those of the code measured: the cached file's are of
        the rules code that imported it, which a later change of the rules makes stale
        (never read, never folded again by `verify`). They are dropped and the one at the
        head taken again by a cold `status`, as the import keeps it."""
        target = self.copy(db, name)
        for words in (("db", "snapshots", "--drop"), ("status",)):
            subprocess.run(journal_cli(str(target), *words), check=True, capture_output=True)
        return target

    def clean(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)

    def ddl(self) -> Path:
        """The schema of a journal database, statement by statement (for the raw import)."""
        target = self.cache / f"ddl-{SCHEMA_HEAD}.json"
        if not target.exists():
            empty = self.fresh("empty.db")
            with Store.open(str(empty)) as store:
                store.upgrade(backup=False)
            import sqlite3

            conn = sqlite3.connect(empty)
            statements = [
                sql
                for (sql,) in conn.execute(
                    "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL "
                    "AND tbl_name IN ('events', 'snapshots') "
                    "ORDER BY type = 'trigger', type = 'index', rowid"
                )
            ]
            conn.close()
            target.write_text(json.dumps(statements))
        return target


# --- the figures ----------------------------------------------------------------------------


def our_replay(db: str) -> Timing:
    """`Campaign.state(cached=False)`: read, decode and fold every event."""
    with journal.open(db) as campaign:
        service = campaign._campaign  # below the API: the fold itself is measured
        return timed(lambda: service.state(cached=False))


def replay(db: str, raw: Callable[[], object], repeats: int) -> dict[str, float]:
    # events/s over raw's
    return paired(lambda: our_replay(db), lambda: timed(raw), repeats, faster=True)


def versus_eventsourcing(
    db: str, env: dict[str, str], log: Path, key: Path, repeats: int
) -> dict[str, float]:
    import eventsourcing_anchor as es

    if not key.exists():
        say("storing the campaign in eventsourcing ...")
        with log.open(encoding="utf-8") as lines:
            payloads = ((row["type"], row["data"]) for row in map(json.loads, lines))
            key.write_text(str(es.prepare(env, payloads)))
    import uuid

    aggregate = uuid.UUID(key.read_text())

    return paired(
        lambda: our_replay(db), lambda: Timing(*es.replay(env, aggregate)), repeats, faster=True
    )


def appends(db: str, raw: Callable[[int], list[float]]) -> dict[str, float]:
    """APPENDS notes through `Journal.run`, each paired with a raw insert right after it."""
    mine: list[float] = []
    theirs: list[float] = []
    window = min(WINDOW, APPENDS // 2)
    with journal.open(db, campaign="long") as campaign:
        for number in range(APPENDS):
            note = TakeNote(f"Note {number}: the lights go out.")
            start = time.perf_counter()
            campaign.run(note)
            mine.append(time.perf_counter() - start)
            theirs += raw(number + 1)
    first, last = median(mine[:window]), median(mine[-window:])
    raw_growth = median(theirs[-window:]) / median(theirs[:window])
    return {
        "p50_ms": 1000 * median(mine),
        "p99_ms": 1000 * percentile(mine, 0.99),
        "raw_p50_ms": 1000 * median(theirs),
        "raw_p99_ms": 1000 * percentile(theirs, 0.99),
        "p50_vs_raw": median(mine) / median(theirs),
        "p99_vs_raw": percentile(mine, 0.99) / percentile(theirs, 0.99),
        "last_vs_first": last / first,
        # the same over the raw insert's own growth in the same windows: a server or a disk
        # that slows down during the run slows both
        "last_vs_first_over_raw": last / first / raw_growth,
    }


def sqlite_figures(data: Data, repeats: int, big: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    n = data.events
    base = data.database(n, data.log)
    # what the readers measure: a copy with the snapshot of the code measured at its head
    measured = str(data.current(base, "measured.db"))
    say(f"replay of {n} events ...")
    figures["replay"] = replay(measured, lambda: anchors.raw_fold(measured), repeats)
    if HAVE_EVENTSOURCING:
        figures["replay_eventsourcing"] = versus_eventsourcing(
            measured,
            {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(data.cache / f"es-{n}.db"),
            },
            data.log,
            data.cache / f"es-{n}.id",
            repeats,
        )

    say("import, whole process ...")
    ddl = data.ddl()

    def our_import() -> list[str]:
        target = data.fresh("import.db")
        return journal_cli(str(target), "import", str(data.log))

    def raw_import() -> Timing:
        target = data.fresh("raw-import.db")
        return anchor_process("import", str(target), str(data.log), str(ddl))

    figures["import"] = paired(lambda: process(our_import()), raw_import, repeats)
    figures["import"]["peak_rss_mb"] = peak_rss(our_import())

    say(f"{APPENDS} appends ...")
    ours_db = data.copy(base, "append.db")
    raw_db = data.copy(base, "raw-append.db")
    state = {"seq": 0}

    def raw_one(_: int) -> list[float]:
        state["seq"] += 1
        return _raw_sqlite_append(str(raw_db), state["seq"])

    figures["append"] = appends(str(ours_db), raw_one)

    figures |= startup_figures(data, base, repeats)

    say(f"status at {big} events and at {SMALL} ...")
    small_db = str(data.copy(data.database(SMALL), "small.db"))
    big_log = workload.write_log(data.cache / f"log-{big}.jsonl", big)
    big_db = str(data.copy(data.database(big, big_log), "big.db"))
    figures["import_big_peak_rss_mb"] = _big_import_rss(data, big)
    timed_cli(small_db, "status")
    timed_cli(big_db, "status")  # both warm: a snapshot at the head
    figures["status"] = paired(
        lambda: timed_cli(big_db, "status"), lambda: timed_cli(small_db, "status"), repeats
    )
    figures["status"]["events"] = big

    say("cold status, audit, log and verify, whole processes ...")
    db = measured
    fold = lambda: anchor_process("fold", db)  # noqa: E731
    cold_db = str(data.copy(Path(measured), "cold.db"))
    figures["cold_status"] = paired(lambda: cold_status(cold_db), fold, repeats)
    # --full: a clean audit leaves a checkpoint the next one goes on from
    figures["audit"] = paired(lambda: timed_cli(db, "audit", "--full"), fold, repeats)
    figures["audit_again"] = audit_again(str(data.copy(Path(measured), "again.db")), repeats)
    figures["log"] = paired(lambda: timed_cli(db, "log"), fold, repeats)
    figures["verify"] = paired(
        lambda: timed_cli(db, "verify"), lambda: anchor_process("verify", db), repeats
    )
    figures["verify"]["snapshots"] = verified_snapshots(db)
    # the same without snapshots: the chain, the triggers and the file, but no fold to
    # compare a snapshot with (what the raw anchor's work is closest to)
    chain_only = str(data.copy(base, "verify-chain.db"))
    subprocess.run(
        journal_cli(chain_only, "db", "snapshots", "--drop"), check=True, capture_output=True
    )
    figures["verify_chain"] = paired(
        lambda: timed_cli(chain_only, "verify"), lambda: anchor_process("verify", db), repeats
    )
    return figures


def reader_figures(data: Data, db: Path, name: str, repeats: int) -> dict[str, Any]:
    """Cold and warm `journal status` and `journal audit` of one campaign, each a whole
    process against its raw anchor: what each ruleset's figures compare."""
    measured = str(data.current(db, f"{name}.db"))
    fold = lambda: anchor_process("fold", measured)  # noqa: E731
    cold_db = str(data.copy(Path(measured), f"{name}-cold.db"))
    figures: dict[str, Any] = {}
    figures["cold_status"] = paired(lambda: cold_status(cold_db), fold, repeats)
    figures["audit"] = paired(lambda: timed_cli(measured, "audit", "--full"), fold, repeats)
    timed_cli(measured, "status")  # warm: a snapshot at the head
    figures["warm_status"] = paired(
        lambda: timed_cli(measured, "status"),
        lambda: anchor_process("snapshot", measured),
        repeats,
    )
    return figures


def sanity_figures(data: Data, repeats: int) -> dict[str, Any]:
    """The d100 sanity campaign (`bench_sanity.build`, as many events as the Horror Factor
    one): its cold and warm status and its audit, against the same anchors."""
    n = data.events
    log = workload.write_sanity_log(data.cache / f"sanity-log-{n}.jsonl", n)
    db = data.cache / f"sanity-db-{n}-{SCHEMA_HEAD}.db"
    if not db.exists():
        partial = db.with_name(f"{db.name}.{os.getpid()}.partial")
        partial.unlink(missing_ok=True)
        say(f"importing {n} d100 sanity events into {db} ...")
        subprocess.run(
            journal_cli(str(partial), "import", str(log)), check=True, stdout=subprocess.DEVNULL
        )
        Path(str(partial) + "-wal").unlink(missing_ok=True)
        partial.rename(db)
    say(f"d100 sanity: cold and warm status, audit at {n} events ...")
    return reader_figures(data, db, "sanity", repeats)


def rulesets_summary(hf: dict[str, Any], sanity: dict[str, Any], events: int) -> dict[str, Any]:
    """Each ruleset's reader figures, from the same run (`--rulesets-only`)."""
    found: dict[str, Any] = {"events": events}
    for prefix, figures in (("", hf), ("sanity_", sanity)):
        found[f"{prefix}cold_status_vs_raw_fold"] = figures["cold_status"]["ratio"]
        found[f"{prefix}audit_vs_raw_fold"] = figures["audit"]["ratio"]
        found[f"{prefix}warm_status_vs_raw"] = figures["warm_status"]["ratio"]
    found["machine"] = machine()
    found["details"] = {"horror-factor": hf, "d100-sanity": sanity}
    return found


def audit_again(db: str, repeats: int, events: int = 100) -> dict[str, float]:
    """`journal audit` after `events` more events (notes, appended through the API outside
    the timing) since the last clean audit, against `journal status` right after it on the
    same file: what the GM's dashboard pays at each new event."""
    timed_cli(db, "audit")  # the clean audit the next ones go on from
    counter = [0]

    def appended() -> None:
        with journal.open(db) as campaign:
            for _ in range(events):
                counter[0] += 1
                campaign.run(TakeNote(f"Dashboard note {counter[0]}."))

    turns: list[tuple[Timing, Timing]] = []
    for _ in range(repeats):
        appended()
        ours = timed_cli(db, "audit")
        turns.append((ours, timed_cli(db, "status")))
    mine, theirs = [t[0] for t in turns], [t[1] for t in turns]
    found = paired(iter(mine).__next__, iter(theirs).__next__, repeats)
    found["events"] = events
    return found


def cold_status(db: str) -> Timing:
    """`journal status` with no snapshot to start from: a full replay (the snapshot the
    run before kept is dropped first, outside the timing)."""
    import sqlite3

    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DELETE FROM snapshots")
    conn.close()
    return timed_cli(db, "status")


def verified_snapshots(db: str) -> dict[str, Any]:
    """What `verify` found of the measured file's snapshots: the figure is of a verify
    that folded the log again to compare one (`refolded`), not of one that found only
    stale snapshots of other rules code, never folded again."""
    done = subprocess.run(journal_cli(db, "verify", "--json"), capture_output=True, text=True)
    found: dict[str, Any] = json.loads(done.stdout)["snapshots"]
    if done.returncode != 0 or found["stale"] or not found["refolded"]:
        raise RuntimeError(f"verify of {db} did not fold a current snapshot again: {found}")
    return found


def startup_figures(data: Data, base: Path, repeats: int) -> dict[str, Any]:
    """The one-shot commands' start: whole processes, each against its raw process."""
    figures: dict[str, Any] = {}
    say("start-up: note, warm status and completion, whole processes ...")
    cli_db = str(data.copy(base, "cli.db"))
    raw_db = str(data.copy(base, "raw-cli.db"))
    version = [PYTHON, "-m", "journal", "--version"]
    figures["cli_append"] = paired(
        lambda: timed_cli(cli_db, "note", "One more."), lambda: process(version), repeats
    )
    note = lambda: timed_cli(cli_db, "note", "One more.")  # noqa: E731
    figures["cli_note"] = paired(note, lambda: anchor_process("note", raw_db), repeats)
    timed_cli(cli_db, "status")  # warm: a snapshot at the head
    figures["warm_status"] = paired(
        lambda: timed_cli(cli_db, "status"), lambda: anchor_process("snapshot", cli_db), repeats
    )
    figures["complete"] = paired(lambda: completion(cli_db), lambda: process(version), repeats)
    return figures


def completion(db: str) -> Timing:
    """bash completing a character's name: `journal --db DB explain A<TAB>`."""
    name = bench_long_campaign.CAST[0]
    words = ["journal", "--db", db, "explain", name[:2]]
    env = {
        **os.environ,
        "_JOURNAL_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(words),
        "COMP_CWORD": str(len(words) - 1),
    }
    out = subprocess.run([PYTHON, "-m", "journal"], env=env, capture_output=True, text=True)
    if name not in out.stdout:
        raise RuntimeError(f"completion offered {out.stdout!r}, not {name}")
    start = time.perf_counter()
    with subprocess.Popen(
        [PYTHON, "-m", "journal"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    ) as child:
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    return Timing(time.perf_counter() - start, usage.ru_utime + usage.ru_stime)


def book_figures(data: Data, sessions: int) -> dict[str, Any]:
    """`journal book --for gm` of the campaign's first `sessions` sessions to PDF: wall
    and CPU seconds of the whole process, and its peak RSS (a second run). None when
    WeasyPrint (the pdf extra) is not installed, or `sessions` is 0 (not measured)."""
    if sessions <= 0:
        return {"seconds": None, "peak_rss_mb": None, "note": "--book-sessions 0"}
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        return {"seconds": None, "peak_rss_mb": None, "note": "pip install -e '.[pdf]'"}
    log, db = _sessions_db(data, sessions)
    say(f"the GM's book of {sessions} sessions, PDF ...")
    target = data.fresh("book.pdf")
    copy = data.copy(db, "book.db")
    book = journal_cli(str(copy), "book", "--for", "gm", "-o", str(target))
    # the chapters' cache (journal.handouts.chapters) of this run alone, emptied before a
    # full build
    chapters = data.work / "book-cache"
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(chapters)
    try:
        shutil.rmtree(chapters, ignore_errors=True)
        timing = process(book)
        # a rebuild: the campaign one session on, the chapters of the build above kept
        _, more = _sessions_db(data, sessions + 1)
        more_copy = data.copy(more, "book-more.db")
        again = process(journal_cli(str(more_copy), "book", "--for", "gm", "-o", str(target)))
        shutil.rmtree(chapters, ignore_errors=True)
        peak = peak_rss(book)
    finally:
        if before is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = before
    found: dict[str, Any] = {
        "sessions": sessions,
        "events": sum(1 for _ in log.open(encoding="utf-8")),
        "seconds": timing.wall,
        "cpu_seconds": timing.cpu,
        "bytes": target.stat().st_size,
        "peak_rss_mb": peak,
        "rebuild_seconds": again.wall,
        "rebuild_cpu_seconds": again.cpu,
        "rebuild_vs_full": again.wall / timing.wall,
        # the full build prints its chapters on every core, a rebuild's few chapters hardly
        # fill them: the clock's ratio is the GM's wait, CPU's the work done again
        "rebuild_cpu_vs_full": again.cpu / timing.cpu,
    }
    try:
        from pypdf import PdfReader

        found["pages"] = len(PdfReader(str(target)).pages)
    except ImportError:
        found["pages"] = None
    return found


def _sessions_db(data: Data, sessions: int) -> tuple[Path, Path]:
    """The log and the database (kept in the cache) of a campaign of `sessions` sessions."""
    log = workload.write_sessions(data.cache / f"log-{sessions}-sessions.jsonl", sessions)
    db = data.cache / f"db-{sessions}-sessions-{SCHEMA_HEAD}.db"
    if not db.exists():
        partial = data.fresh(f"{db.name}.partial")
        subprocess.run(
            journal_cli(str(partial), "import", str(log)), check=True, capture_output=True
        )
        Path(str(partial) + "-wal").unlink(missing_ok=True)
        partial.rename(db)
    return log, db


# --- a long campaign's handouts ---------------------------------------------------------------

#: runs a command, counting what it prints, and writes its peak RSS (KiB), its CPU seconds,
#: its wall seconds and the bytes it printed on stderr (measured from a small parent, as
#: `_RSS`)
_MEASURED = (
    "import resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE)\n"
    "size = 0\n"
    "while chunk := child.stdout.read(1 << 16):\n"
    "    size += len(chunk)\n"
    "code = child.wait()\n"
    "wall = time.perf_counter() - start\n"
    "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(use.ru_maxrss, use.ru_utime + use.ru_stime, wall, size, file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def measured(args: list[str]) -> dict[str, float]:
    """A whole process: wall and CPU seconds, peak RSS (MiB) and the bytes it printed."""
    child = subprocess.run([PYTHON, "-c", _MEASURED, *args], capture_output=True, text=True)
    *errors, last = child.stderr.strip().splitlines() or ["0 0 0 0"]
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {' '.join(errors)[-500:]}")
    rss, cpu, wall, size = last.split()
    return {
        "seconds": float(wall),
        "cpu_seconds": float(cpu),
        "peak_rss_mb": int(rss) / 1024,
        "bytes": int(size),
    }


def played(data: Data, events: int) -> Path:
    """A copy of the `events`-event campaign with the snapshots play keeps (one every
    SNAPSHOT_EVERY events, as appends keep them), and a warm one at the head: an imported
    log has only the one at its head. Made afresh each run (a snapshot is bound to the
    rules code that folded it)."""
    from journal.store.snapshots import SNAPSHOT_EVERY

    db = data.copy(data.database(events), f"long-{events}.db")
    say(f"the snapshots play keeps on {events} events ...")
    with journal.open(str(db)) as campaign:
        service = campaign._campaign  # below the API: snapshots kept as play keeps them
        for seq in range(SNAPSHOT_EVERY, service.head() + 1, SNAPSHOT_EVERY):
            service.state(as_of=seq)  # folds from the last one, keeps one here
        service.state()
    return db


def long_figures(data: Data, events: int, repeats: int) -> dict[str, Any]:
    """A long campaign's handouts, whole processes: the last session's recap against warm
    `status` (turn about, medians), and each of recap, arc and explain once more for its
    peak RSS and the bytes it printed; a recap of a session in the middle, the arc and
    explain (summary and --all) of one character."""
    db = str(played(data, events))
    name = bench_long_campaign.CAST[2]
    with journal.open(db) as campaign:
        sessions = campaign.overview().sessions
    say(f"recap, arc and explain on {events} events ({sessions} sessions) ...")
    figures: dict[str, Any] = {"events": events, "sessions": sessions}
    recap = ("recap", "--for", "gm")
    figures["recap_vs_status"] = paired(
        lambda: timed_cli(db, *recap), lambda: timed_cli(db, "status"), repeats
    )
    runs = {
        "status": ("status",),
        "recap": recap,
        "recap_middle": ("recap", str(sessions // 2), "--for", "gm"),
        "arc": ("arc", name),
        "explain": ("explain", name),
        "explain_all": ("explain", name, "--all"),
    }
    for key, words in runs.items():
        figures[key] = measured(journal_cli(db, *words))
    # a freshly imported file: only the head's snapshot, so the first recap of a session
    # folds up to it once (and keeps a snapshot there)
    fresh = str(data.copy(data.database(events), f"long-{events}-imported.db"))
    timed_cli(fresh, "status")
    figures["recap_imported_first"] = measured(journal_cli(fresh, *recap))
    return figures


def long_summary(long: dict[str, Any]) -> dict[str, Any]:
    return {
        "long_events": long["events"],
        "long_recap_vs_status": long["recap_vs_status"]["ratio"],
        "long_recap_peak_rss_mb": long["recap"]["peak_rss_mb"],
        "long_arc_peak_rss_mb": long["arc"]["peak_rss_mb"],
        "long_explain_peak_rss_mb": long["explain"]["peak_rss_mb"],
    }


_RAW: dict[str, Any] = {}


def _raw_sqlite_append(path: str, seq: int) -> list[float]:
    """One raw insert on a connection kept open across the run (like the journal's)."""
    conn = _RAW.get(path)
    if conn is None:
        conn = _RAW[path] = anchors.sqlite_connect(path)
    row = ("raw-append", seq, *anchors.note_row(seq))
    start = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(f"INSERT INTO events ({anchors.COLUMNS}) VALUES ({anchors.MARKS})", row)
    conn.execute("COMMIT")
    return [time.perf_counter() - start]


def _big_import_rss(data: Data, big: int) -> float:
    """Peak RSS of importing the big log: the import that built its database in this run,
    or a fresh one."""
    if big in data.peak_rss:
        return data.peak_rss[big]
    target = data.fresh("import-big.db")
    peak = peak_rss(journal_cli(str(target), "import", str(data.cache / f"log-{big}.jsonl")))
    data.fresh("import-big.db")
    return peak


# --- PostgreSQL -----------------------------------------------------------------------------


def postgres_figures(data: Data, admin_url: str, repeats: int) -> dict[str, Any]:
    import psycopg
    from sqlalchemy.engine import make_url

    admin = make_url(admin_url)
    name = f"journal_bench_{os.getpid()}"
    dsn = admin.set(drivername="postgresql", database="postgres").render_as_string(False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = admin.set(database=name)
    url_text = url.render_as_string(hide_password=False)
    raw_dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    figures: dict[str, Any] = {}
    try:
        say("PostgreSQL: importing ...")
        process(journal_cli(url_text, "import", str(data.log)))
        say("PostgreSQL: replay ...")
        figures["replay"] = replay(url_text, lambda: anchors.pg_fold(raw_dsn), repeats)
        if HAVE_EVENTSOURCING:
            import eventsourcing_anchor as es

            figures["replay_eventsourcing"] = versus_eventsourcing(
                url_text,
                es.postgres_env(url),
                data.log,
                data.cache / f"es-pg-{os.getpid()}.id",
                repeats,
            )
        say(f"PostgreSQL: {APPENDS} appends ...")
        raw_conn = psycopg.connect(raw_dsn)

        def raw_one(seq: int) -> list[float]:
            row = ("raw-append", seq, *anchors.note_row(seq))
            start = time.perf_counter()
            raw_conn.execute(
                f"INSERT INTO events ({anchors.COLUMNS}) VALUES ({anchors.PG_MARKS})",
                row,
            )
            raw_conn.commit()
            return [time.perf_counter() - start]

        figures["append"] = appends(url_text, raw_one)
        raw_conn.close()
    finally:
        (data.cache / f"es-pg-{os.getpid()}.id").unlink(missing_ok=True)
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    return figures


# --- the report -----------------------------------------------------------------------------


def summary(sqlite: dict[str, Any], postgres: dict[str, Any] | None, events: int) -> dict[str, Any]:
    none: dict[str, Any] = {"ratio": None}
    found: dict[str, Any] = {
        "events": events,
        "replay_vs_raw": sqlite["replay"]["ratio"],
        "replay_vs_eventsourcing": sqlite.get("replay_eventsourcing", none)["ratio"],
        "import_vs_raw": sqlite["import"]["ratio"],
        "import_peak_rss_mb": sqlite["import"]["peak_rss_mb"],
        "import_big_peak_rss_mb": sqlite["import_big_peak_rss_mb"],
        "append_p50_vs_raw": sqlite["append"]["p50_vs_raw"],
        "append_p99_vs_raw": sqlite["append"]["p99_vs_raw"],
        "append_last_vs_first": sqlite["append"]["last_vs_first"],
        "cli_append_vs_version": sqlite["cli_append"]["ratio"],
        "cli_note_vs_raw": sqlite["cli_note"]["ratio"],
        "warm_status_vs_raw": sqlite["warm_status"]["ratio"],
        "complete_vs_version": sqlite["complete"]["ratio"],
        "status_1m_vs_1k": sqlite["status"]["ratio"],
        "status_events": sqlite["status"]["events"],
        "audit_vs_raw_fold": sqlite["audit"]["ratio"],
        "audit_again_vs_status": sqlite["audit_again"]["ratio"],
        "log_vs_raw_fold": sqlite["log"]["ratio"],
        "cold_status_vs_raw_fold": sqlite["cold_status"]["ratio"],
        "verify_vs_raw": sqlite["verify"]["ratio"],
        "verify_chain_vs_raw": sqlite["verify_chain"]["ratio"],
        "book_gm_seconds": sqlite["book"]["seconds"],
        "book_gm_peak_rss_mb": sqlite["book"]["peak_rss_mb"],
        "book_gm_rebuild_vs_full": sqlite["book"].get("rebuild_vs_full"),
        "book_gm_rebuild_cpu_vs_full": sqlite["book"].get("rebuild_cpu_vs_full"),
    }
    if "sanity" in sqlite:
        found |= {
            "sanity_cold_status_vs_raw_fold": sqlite["sanity"]["cold_status"]["ratio"],
            "sanity_audit_vs_raw_fold": sqlite["sanity"]["audit"]["ratio"],
            "sanity_warm_status_vs_raw": sqlite["sanity"]["warm_status"]["ratio"],
        }
    if postgres is not None:
        found |= {
            "pg_replay_vs_raw": postgres["replay"]["ratio"],
            "pg_replay_vs_eventsourcing": postgres.get("replay_eventsourcing", none)["ratio"],
            "pg_append_p50_vs_raw": postgres["append"]["p50_vs_raw"],
            "pg_append_p99_vs_raw": postgres["append"]["p99_vs_raw"],
            "pg_append_last_vs_first": postgres["append"]["last_vs_first"],
        }
    if "long" in sqlite:
        found |= long_summary(sqlite["long"])
    found["machine"] = machine()
    found["details"] = {"sqlite": sqlite, "postgres": postgres}
    if not HAVE_EVENTSOURCING:
        found["note"] = "eventsourcing is not installed: pip install -e '.[bench]'"
    return found


def startup_summary(figures: dict[str, Any], events: int) -> dict[str, Any]:
    """The start-up figures alone (`--startup`)."""
    keys = {
        "cli_append_vs_version": "cli_append",
        "cli_note_vs_raw": "cli_note",
        "warm_status_vs_raw": "warm_status",
        "complete_vs_version": "complete",
    }
    found: dict[str, Any] = {"events": events}
    for key, name in keys.items():
        found[key] = figures[name]["ratio"]
        found[f"{key}_wall"] = figures[name]["wall_ratio"]
        found[f"{key}_turns"] = [figures[name]["turn_ratio_min"], figures[name]["turn_ratio_max"]]
    found["machine"] = machine()
    found["details"] = figures
    return found


def machine() -> dict[str, Any]:
    import platform
    import sqlite3

    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "sqlite": sqlite3.sqlite_version,
    }


TARGETS = {
    "replay_vs_raw": (">=", 0.5),
    "replay_vs_eventsourcing": (">=", 3.0),
    "import_vs_raw": ("<=", 2.0),
    "import_peak_rss_mb": ("<=", 100.0),
    "import_big_peak_rss_mb": ("<=", 100.0),
    "append_p50_vs_raw": ("<=", 3.0),
    "append_p99_vs_raw": ("<=", 3.0),
    "append_last_vs_first": ("<=", 1.2),
    "cli_append_vs_version": ("<=", 4.0),
    "cli_note_vs_raw": ("<=", 3.0),
    "warm_status_vs_raw": ("<=", 3.0),
    "complete_vs_version": ("<=", 3.0),
    "status_1m_vs_1k": ("<=", 1.1),
    "cold_status_vs_raw_fold": ("<=", 2.0),
    "audit_vs_raw_fold": ("<=", 4.0),
    "sanity_cold_status_vs_raw_fold": ("<=", 2.0),
    "sanity_audit_vs_raw_fold": ("<=", 4.0),
    "sanity_warm_status_vs_raw": ("<=", 3.0),
    "audit_again_vs_status": ("<=", 1.5),
    "log_vs_raw_fold": ("<=", 2.0),
    "verify_vs_raw": ("<=", 1.5),
    "verify_chain_vs_raw": ("<=", 1.5),
    "book_gm_seconds": ("<=", 60.0),
    "book_gm_peak_rss_mb": ("<=", 300.0),
    "book_gm_rebuild_vs_full": ("<=", 0.15),
    "book_gm_rebuild_cpu_vs_full": ("<=", 0.15),
    "long_recap_vs_status": ("<=", 3.0),
    "long_recap_peak_rss_mb": ("<=", 150.0),
    "long_arc_peak_rss_mb": ("<=", 150.0),
    "long_explain_peak_rss_mb": ("<=", 150.0),
    "serve_keep_alive_p95_ms": ("<=", 5.0),
    "serve_append_p95_ms": ("<=", 100.0),
    "serve_idle_1000_rss_mib": ("<=", 200.0),
    "serve_wake_2000_s": ("<=", 1.0),
    "serve_wake_2000_peak_rss_mib": ("<=", 200.0),
    "pg_replay_vs_raw": (">=", 0.5),
    "pg_replay_vs_eventsourcing": (">=", 3.0),
    "pg_append_p50_vs_raw": ("<=", 3.0),
    "pg_append_p99_vs_raw": ("<=", 3.0),
    "pg_append_last_vs_first": ("<=", 1.2),
}


def table(found: dict[str, Any]) -> str:
    lines = [f"{'figure':<26} {'value':>8}  target   met"]
    for key, (sense, goal) in TARGETS.items():
        if key not in found:
            continue
        value = found[key]
        if value is None:
            lines.append(f"{key:<26} {'-':>8}  {sense} {goal:<5} (not measured)")
            continue
        met = value >= goal if sense == ">=" else value <= goal
        lines.append(f"{key:<26} {value:8.2f}  {sense} {goal:<5} {'yes' if met else 'NO'}")
    return "\n".join(lines)


def compiled() -> None:
    """The journal's bytecode, as an installed journal has it: a whole process measured
    with PYTHONDONTWRITEBYTECODE set (or a source tree never run) would compile every
    module of the journal at each start, which no GM's command does."""
    import compileall

    compileall.compile_dir(Path(journal.__file__).parent, quiet=1)


def main() -> None:
    global APPENDS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--log", type=Path, help="also write the measured campaign here")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each figure (median)")
    parser.add_argument("--appends", type=int, default=APPENDS, help="appends measured (2,000)")
    parser.add_argument(
        "--big", type=int, default=BIG, help="events of the big campaign for status (1,000,000)"
    )
    parser.add_argument(
        "--startup", action="store_true", help="only the start-up figures (note, status, bash)"
    )
    parser.add_argument(
        "--long",
        type=int,
        default=LONG,
        metavar="N",
        help="events of the long campaign whose recap, arc and explain are measured "
        "(200,000; 0: not measured)",
    )
    parser.add_argument(
        "--long-only", action="store_true", help="only the long campaign's figures (--long)"
    )
    parser.add_argument(
        "--rulesets-only",
        action="store_true",
        help="only each ruleset's cold and warm status and audit (Horror Factor, d100 sanity)",
    )
    parser.add_argument(
        "--book-sessions",
        type=int,
        default=BOOK_SESSIONS,
        help="sessions of the GM's book (50; 0: not measured)",
    )
    parser.add_argument(
        "--serve",
        action="store_true",
        help="also measure journal serve (bench_serve.py: latency with 50 clients, memory "
        "with 1,000; needs the serve extra)",
    )
    options = parser.parse_args()
    APPENDS = options.appends
    cache = Path(os.environ.get("JOURNAL_BENCH_CACHE", "/tmp/journal-bench"))
    data = Data(cache, options.events)
    try:
        run(options, cache, data)
    finally:
        data.clean()


def run(options: argparse.Namespace, cache: Path, data: Data) -> None:
    compiled()
    if options.startup:
        startup = startup_figures(data, data.database(options.events, data.log), options.repeats)
        print(json.dumps(startup_summary(startup, options.events), indent=2))
        return
    if options.rulesets_only:
        hf = reader_figures(data, data.database(options.events, data.log), "hf", options.repeats)
        found = rulesets_summary(hf, sanity_figures(data, options.repeats), options.events)
        say(table(found))
        print(json.dumps(found, indent=2))
        return
    if options.long_only:
        long = long_figures(Data(cache, options.long), options.long, options.repeats)
        found = {**long_summary(long), "machine": machine(), "details": long}
        say(table(found))
        print(json.dumps(found, indent=2))
        return
    if options.log:
        shutil.copy(data.log, options.log)
    sqlite = sqlite_figures(data, options.repeats, max(options.big, options.events))
    sqlite["book"] = book_figures(data, options.book_sessions)
    sqlite["sanity"] = sanity_figures(data, options.repeats)
    if options.long:
        sqlite["long"] = long_figures(Data(cache, options.long), options.long, options.repeats)
    (cache / f"sqlite-{options.events}.json").write_text(json.dumps(sqlite, indent=2))
    say(table(summary(sqlite, None, options.events)))
    url = os.environ.get("JOURNAL_TEST_POSTGRES_URL")
    postgres = postgres_figures(data, url, options.repeats) if url else None
    found = summary(sqlite, postgres, options.events)
    if options.serve:
        from bench_serve import measure

        found["serve"] = served = measure()
        found |= {
            "serve_keep_alive_p95_ms": served["keep_alive_p95_ms"],
            "serve_append_p95_ms": served["latency_p95_ms"],
            "serve_idle_1000_rss_mib": served["server_rss_idle_clients_mib"],
            "serve_wake_2000_s": served["wake_all_max_s"],
            "serve_wake_2000_peak_rss_mib": served["wake_peak_rss_mib"],
        }
    if options.json:
        print(json.dumps(found, indent=2))
    else:
        print(table(found))


if __name__ == "__main__":
    main()
