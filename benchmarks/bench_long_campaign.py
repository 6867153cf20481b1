"""Performance suite: a long Horror Factor campaign, and how fast a GM gets answers.

Not part of the test run (timings belong here, not in unit tests). Run:

    python benchmarks/bench_long_campaign.py [--sessions 400]

It builds a campaign of N sessions (each: 4 characters, an encounter of 4 turns with
initiatives, soaks, shifts, a drop, the end, a Horror Check, a rest and notes), imports it
into a SQLite file, then times `journal status` cold (no snapshot), warm (from the snapshot
the cold run kept), `status --as-of` the middle, `log --json`, `verify` and `audit`, each as
the GM runs them: a fresh `journal` process. Then the handouts: the last session's GM recap
and one character's arc over all 400 sessions.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from journal.dice import DiceBox
from journal.events.registry import to_data
from journal.projection import apply, envelope
from journal.rules import load
from journal.rules.core.commands import (
    AddCharacter,
    CreateCampaign,
    EndSession,
    StartSession,
    TakeNote,
)
from journal.rules.core.decide import decide_core
from journal.rules.core.state import CampaignState, Meta
from journal.rulesets.horror_factor.rules import RULESET as HF
from journal.rulesets.horror_factor.rules.check import HorrorCheck
from journal.rulesets.horror_factor.rules.drop import DropEnemy
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import RollInitiative
from journal.rulesets.horror_factor.rules.rest import Rest
from journal.rulesets.horror_factor.rules.shift import Shift
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn

CAST = ("Freddie", "Ariella", "Linda", "Sarge")


def build(sessions: int, seed: int = 7) -> list[dict[str, object]]:
    rng = random.Random(seed)
    state = CampaignState()
    rows: list[dict[str, object]] = []

    def do(command: object) -> None:
        nonlocal state
        try:
            if type(command) in HF.commands:
                payloads = HF.decide(state, command, DiceBox(None, rng))
            else:
                payloads = decide_core(state, command, load("horror-factor"))
        except Exception:
            return
        for payload in payloads:
            game_time, session = envelope(state, payload)
            state = apply(state, payload, Meta(state.seq + 1, game_time, session), HF)
            rows.append(
                {
                    "type": payload.type,
                    "schema": payload.schema,
                    "data": to_data(payload),
                    "game_time": game_time,
                    "session": session,
                }
            )

    do(CreateCampaign("long", "horror-factor", "The Long Night"))
    for i, name in enumerate(CAST):
        do(
            AddCharacter(
                name,
                {
                    "reaction": 10 + i,
                    "willpower": 10,
                    "hardness": i,
                    "training": "some",
                    "specializations": {},
                },
            )
        )
    for number in range(sessions):
        do(StartSession(f"Night {number + 1}", f"2010-{1 + number % 12:02d}-01 21:00"))
        do(TakeNote(f"Session {number + 1}: the dead walk again."))
        do(StartEncounter("Horde", str(rng.randint(3, 6)), CAST, outnumbered=rng.random() < 0.5))
        for turn in range(4):
            if turn:
                do(AdvanceTurn())
            for name in CAST:
                if rng.random() < 0.3:
                    do(Soak(name, 1))
                do(RollInitiative(name))
            if rng.random() < 0.4:
                do(Shift(rng.choice(CAST), "hurt"))
            if turn == 2:
                do(DropEnemy(rng.choice(CAST)))
        do(EndEncounter(do_or_die=CAST))
        do(HorrorCheck(rng.choice(CAST)))
        do(Rest())
        do(EndSession())
    return rows


def timed(args: list[str], db: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), *args], check=False, capture_output=True
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=400)
    options = parser.parse_args()
    rows = build(options.sessions)
    with tempfile.TemporaryDirectory() as folder:
        log, db = Path(folder) / "long.jsonl", Path(folder) / "long.db"
        log.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
        print(f"campaign: {options.sessions} sessions, {len(rows)} events")
        print(f"import            {timed(['import', str(log)], db):7.2f} s")
        print(f"--help            {timed(['--help'], db):7.2f} s")
        cold = timed(["status"], db)
        print(f"status (cold)     {cold:7.2f} s   (folds everything, keeps a snapshot)")
        print(f"status (warm)     {timed(['status'], db):7.2f} s   (from the snapshot)")
        print(f"note + status     {timed(['note', 'one more'], db) + timed(['status'], db):7.2f} s")
        print(f"status --as-of    {timed(['status', '--as-of', str(len(rows) // 2)], db):7.2f} s")
        print(f"log --json        {timed(['log', '--json'], db):7.2f} s")
        print(f"verify            {timed(['verify'], db):7.2f} s")
        print(f"audit             {timed(['audit'], db):7.2f} s")
        print(
            f"recap --for gm    {timed(['recap', '--for', 'gm'], db):7.2f} s   (the last session)"
        )
        print(f"arc Linda (html)  {timed(['arc', 'Linda', '--format', 'html'], db):7.2f} s")


if __name__ == "__main__":
    main()
