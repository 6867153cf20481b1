"""How fast `journal play` answers, against the one-shot CLI, on a 10,000-event campaign.

Not part of the test run (timings belong here). Needs the test extra (pexpect, pyte):

    python benchmarks/bench_play.py [--events 10000] [--repeat 3]

It builds a Horror Factor campaign of `--events` events (whole sessions of fights, as
`bench_long_campaign.py` builds them, topped up with notes), imports it into two SQLite
copies, warms each once (`journal status`, which keeps a snapshot), then types the same
turn of a fight on both:

- one-shot: each command as a fresh `python -m journal --db COPY ...` process, timed from
  start to exit (what a GM waits for at a shell prompt);
- play: each command typed at one `journal play` on a pseudo-terminal, timed from Enter
  until the next empty prompt is on screen with the board showing the new event (what a
  GM waits for at the table), read through a terminal emulator.

Each figure is the median of `--repeat` runs (fresh copies each time). The goal (issue
13): every command at the play prompt under a tenth of its one-shot time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

from bench_long_campaign import CAST, build  # noqa: E402

#: one turn of a fight, as typed (dice entered, so both runs record the same events)
TURN = [
    "session start 'The bench' --at '2011-01-01 21:00'",
    f"encounter start Bench --hf horde --outnumbered --cast {','.join(CAST)}",
    "initiative Freddie --dice +5/-6",
    "initiative Ariella --dice +1/-8",
    "soak Linda 2",
    "initiative Linda --dice +3/-5",
    "initiative Sarge --dice +4/-4",
    "shift Ariella grabbed",
    "turn",
    "status",
    "note 'The horde thins out.'",
]


def campaign(events: int, folder: Path) -> Path:
    """A SQLite journal of exactly `events` events (whole sessions, then notes), imported."""
    from journal.events.registry import to_data
    from journal.rules.core.events import NoteTaken

    sessions = int(events / (len(build(10)) / 10))
    rows = build(sessions)
    while len(rows) > events:
        sessions -= 1
        rows = build(sessions)
    note = {"type": "NoteTaken", "game_time": rows[-1]["game_time"], "session": None}
    rows += [
        {**note, "data": to_data(NoteTaken(f"Between nights, {n}."))}
        for n in range(events - len(rows))
    ]
    log, db = folder / "long.jsonl", folder / "long.db"
    log.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    run(["import", str(log)], db)
    return db


def run(args: list[str], db: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), *args],
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"journal {' '.join(args)} failed: {done.stderr or done.stdout}")
    return elapsed


def one_shot(db: Path) -> list[float]:
    import shlex

    run(["status"], db)  # warm: keeps a snapshot, as any reading does
    return [run(shlex.split(line), db) for line in TURN]


def at_the_prompt(db: Path, slug: str, events: int) -> list[float]:
    from support.pty import Table

    table = Table(str(db), db.parent, rows=40, columns=120)
    try:
        table.started(slug)
        times, seq = [], events
        for line in TURN:
            table.keys(line, table.prompt + line)
            start = time.perf_counter()
            table.child.send(b"\r")
            seq += line.split()[0] != "status"  # each of the others records one event
            table.wait(lambda s=seq: f" at event {s} " in table.board(), f"the board at {seq}")
            table.ready()
            times.append(time.perf_counter() - start)
        table.child.send(b"\x04")
        table.finish()
        return times
    finally:
        table.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        built = campaign(options.events, Path(folder))
        shots: list[list[float]] = []
        plays: list[list[float]] = []
        for attempt in range(options.repeat):
            for kind, timings in (("shot", shots), ("play", plays)):
                copy = Path(folder) / f"{kind}-{attempt}" / "journal.db"
                copy.parent.mkdir()
                shutil.copyfile(built, copy)
                if kind == "shot":
                    timings.append(one_shot(copy))
                else:
                    run(["status"], copy)
                    timings.append(at_the_prompt(copy, "long", options.events))
        print(f"campaign: {options.events} events; median of {options.repeat} runs\n")
        print(f"{'command':<58} {'one-shot':>9} {'play':>9} {'ratio':>7}")
        ratios = []
        for index, line in enumerate(TURN):
            shot = statistics.median(t[index] for t in shots)
            play = statistics.median(t[index] for t in plays)
            ratios.append(play / shot)
            print(f"{line[:58]:<58} {shot * 1000:7.0f}ms {play * 1000:7.0f}ms {play / shot:7.3f}")
        total_shot = sum(statistics.median(t[i] for t in shots) for i in range(len(TURN)))
        total_play = sum(statistics.median(t[i] for t in plays) for i in range(len(TURN)))
        print(
            f"{'the whole turn':<58} {total_shot * 1000:7.0f}ms {total_play * 1000:7.0f}ms "
            f"{total_play / total_shot:7.3f}"
        )
        verdict = "under" if max(ratios) < 0.1 else "NOT under"
        print(f"\nworst ratio {max(ratios):.3f}: every command {verdict} a tenth of its one-shot")


if __name__ == "__main__":
    main()
