"""`kill -9` in the middle of an import or of appends loses nothing that was committed and
leaves nothing half-written.

A child process imports a log (or appends notes one by one) and says how far it got; the
test kills it with SIGKILL at a seeded random point (after line N of the import was read,
inside its one write transaction; after the Nth acknowledged append, during the next). After
each kill: the imported campaign is all there or not there at all, every acknowledged append
is in the log exactly once (the one in flight may be too), seqs have no gap and the chain
verifies. The database is used again after each kill, as a GM would.

The figures are printed: `pytest -s -n 0 tests/reliability/test_kill.py`.
"""

from __future__ import annotations

import json
import os
import random
import signal
import traceback
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO

from click.testing import CliRunner
from support.cli import Cli, count_events

from journal.audit.verify import verify_chain
from journal.store import Store

SEED = 14
KILLS = 8  # of each kind, on each backend
IMPORTED = 1000  # events of each log imported

Say = Callable[[object], None]


def _forked(work: Callable[[Say], None]) -> tuple[int, IO[str]]:
    """Run `work` in a child process (forked: the journal is loaded already, so it starts at
    once); `work` tells the parent each step it finished, one line each, through a pipe."""
    read, write = os.pipe()
    with warnings.catch_warnings():  # Python 3.12 warns of forking beside xdist's thread
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(read)
        code = 0
        try:
            work(lambda step: os.write(write, f"{step}\n".encode()))
        except BaseException:
            traceback.print_exc()
            code = 1
        os._exit(code)
    os.close(write)
    return pid, os.fdopen(read, encoding="utf-8")


def _kill_after(child: tuple[int, IO[str]], reached: int) -> tuple[list[str], bool]:
    """SIGKILL the child once it has told a step >= `reached`: every step it told, and
    whether the kill found it at work (else it had finished, and said so)."""
    pid, steps = child
    said: list[str] = []
    with steps:
        for line in steps:
            said.append(line.strip())
            if said[-1] == "done" or int(said[-1]) >= reached:
                break
        done, status = os.waitpid(pid, os.WNOHANG)
        if not done:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
        said += steps.read().split()  # what it told between the last read and the kill
    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    assert killed or (os.waitstatus_to_exitcode(status) == 0 and said[-1] == "done"), said
    return said, killed


def _importer(db: str, log: Path) -> Callable[[Say], None]:
    """Import `log`, telling every 50th line read (its one transaction open since the first
    batch was written)."""

    def work(say: Say) -> None:
        from journal import transfer

        transfer.BATCH = 100  # many batches in the one transaction, as in a long import

        def told(lines: Iterable[str]) -> Iterator[str]:
            for number, line in enumerate(lines, 1):
                if number % 50 == 0:
                    say(number)
                yield line

        with Store.open(db) as store, log.open(encoding="utf-8") as lines:
            transfer.import_file(store, told(lines))
        say("done")

    return work


def _appender(db: str, kill: int) -> Callable[[Say], None]:
    """Append notes one command at a time, telling each once it is recorded."""

    def work(say: Say) -> None:
        from journal.api.database_level import open_journal
        from journal.rules.core.commands import TakeNote

        with open_journal(db, campaign="keep") as journal:
            for number in range(1_000_000):
                journal.run(TakeNote(f"kill {kill} note {number}"))
                say(number)

    return work


def _log(path: Path, slug: str, events: int) -> Path:
    """A campaign `slug` of `events` events as a hand-written JSON Lines log."""
    created = {"slug": slug, "ruleset": "horror-factor", "title": slug, "options": {}}
    lines = [{"type": "CampaignCreated", "data": {**created, "journal_version": "0.1.0"}}]
    for number in range(1, events):
        text = f"{slug}: the dead walk, night {number}"
        lines.append({"type": "NoteTaken", "data": {"text": text, "gm_only": number % 3 == 0}})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def _intact(db: str, campaign: str) -> list[str]:
    """The campaign's note texts, once its seqs are found gapless and its chain intact."""
    with Store.open(db) as store:
        records = list(store.read(campaign))
    assert [r.seq for r in records] == list(range(1, len(records) + 1)), campaign
    assert verify_chain(records).ok, campaign
    return [r.data["text"] for r in records if r.type == "NoteTaken"]


def test_a_killed_import_leaves_all_of_it_or_none(db_url: str, tmp_path: Path) -> None:
    cli = Cli(CliRunner(), db_url)
    cli("campaign", "new", "keep", "--ruleset", "horror-factor")
    cli("--campaign", "keep", "note", "This campaign was here before the imports.")
    kept = _intact(db_url, "keep")
    rng = random.Random(SEED)
    outcomes: Counter[str] = Counter()
    for kill in range(KILLS):
        slug = f"imported-{kill}"
        log = _log(tmp_path / f"{slug}.jsonl", slug, IMPORTED)
        # the last kill lands as the last line is read: about when the import commits
        reached = IMPORTED if kill == KILLS - 1 else rng.randrange(50, IMPORTED, 50)
        said, killed = _kill_after(_forked(_importer(db_url, log)), reached)
        found = count_events(db_url, slug)
        assert found in (0, IMPORTED), f"kill {kill} after line {said[-1]}: {found} events"
        assert killed or found == IMPORTED
        outcomes[("killed, " if killed else "finished, ") + ("none" if found == 0 else "all")] += 1
        if found:
            assert len(_intact(db_url, slug)) == IMPORTED - 1
        else:
            assert slug not in cli("campaign", "list").stdout
        assert _intact(db_url, "keep") == kept
        cli("--campaign", "keep", "note", f"Written after kill {kill}.")  # still usable
        kept = _intact(db_url, "keep")
    assert outcomes["killed, none"] >= KILLS - 1, outcomes  # the kills landed in the import
    cli("import", str(tmp_path / "imported-0.jsonl"))  # a killed import can be done again
    assert count_events(db_url, "imported-0") == IMPORTED
    assert cli("db", "check").exit_code == 0
    backend = db_url.split(":", 1)[0]
    survived = sum(n for outcome, n in outcomes.items() if outcome.startswith("killed"))
    print(f"\nkill -9 of imports on {backend}: {survived} kills survived, {dict(outcomes)}")


def test_killed_appends_lose_no_acknowledged_event(db_url: str) -> None:
    cli = Cli(CliRunner(), db_url)
    cli("campaign", "new", "keep", "--ruleset", "horror-factor")
    rng = random.Random(SEED)
    acknowledged = in_flight = 0
    for kill in range(KILLS):
        said, killed = _kill_after(_forked(_appender(db_url, kill)), rng.randint(5, 40))
        assert killed
        acked = {f"kill {kill} note {n}" for n in said}
        notes = Counter(_intact(db_url, "keep"))
        assert set(notes.values()) == {1}, "an append was written twice"
        mine = {text for text in notes if text.startswith(f"kill {kill} ")}
        assert acked <= mine, f"kill {kill}: acknowledged appends lost: {acked - mine}"
        assert len(mine - acked) <= 1, f"kill {kill}: {mine - acked} were never appended"
        acknowledged += len(acked)
        in_flight += len(mine - acked)
    assert "OK" in cli("--campaign", "keep", "verify").stdout
    audit = cli.json("--campaign", "keep", "audit")
    assert isinstance(audit, dict) and audit["differences"] == []
    backend = db_url.split(":", 1)[0]
    print(
        f"\nkill -9 of appends on {backend}: {KILLS} kills survived, {acknowledged} "
        f"acknowledged appends all kept, {in_flight} in flight at a kill committed"
    )
