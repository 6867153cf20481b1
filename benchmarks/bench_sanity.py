"""The measured d100 sanity campaign: sessions of four investigators (the percentile rules),
decided by the real rules with seeded dice, as rows `workload.py` writes into an importable
export (campaign `long`, like the Horror Factor one, so the raw anchors read it the same).

Each session: a scenario's start, notes, twenty-odd sanity rolls against a few threats
(losses of every size: caps, INT rolls, temporary and indefinite insanities, underlying
bouts), the bouts and disorders they call for, a treatment when someone is insane, Mythos
now and then, the scenario's end with an award (and a long rest for whoever is low),
therapy a month on; the clock moves (the game day, the months of therapy). A character lost
to madness (rare) is retired and a new one joins, so the cast stays four, as the Horror
Factor campaign's does.
"""

from __future__ import annotations

import random
from typing import Any

from journal.dice import DiceBox
from journal.events.registry import to_data
from journal.projection import apply, envelope
from journal.rules import load
from journal.rules.core.commands import (
    AddCharacter,
    AdvanceClock,
    CreateCampaign,
    EndSession,
    RetireCharacter,
    SetClock,
    StartSession,
    TakeNote,
)
from journal.rules.core.decide import decide_core
from journal.rules.core.state import CampaignState, Meta
from journal.rulesets.d100_sanity.rules import RULESET as SANITY
from journal.rulesets.d100_sanity.rules.award import AwardSan
from journal.rulesets.d100_sanity.rules.bout import RecordBout
from journal.rulesets.d100_sanity.rules.disorder import GainDisorder
from journal.rulesets.d100_sanity.rules.lucid import EndInsanity
from journal.rulesets.d100_sanity.rules.mythos import GainMythos
from journal.rulesets.d100_sanity.rules.sanity import Sanity
from journal.rulesets.d100_sanity.rules.scenario_end import EndScenario
from journal.rulesets.d100_sanity.rules.scenario_start import StartScenario
from journal.rulesets.d100_sanity.rules.therapy import TherapyRoll

LOSSES = ("0/1d2", "0/1d3", "0/1d3", "0/1d4", "1/1d4", "1/1d6", "1d3/1d10")
THREATS = ("ghoul", "deep-one", "byakhee", "cultist", "the-well")


def build(sessions: int, seed: int = 11) -> list[dict[str, object]]:
    rng = random.Random(seed)
    state = CampaignState()
    rows: list[dict[str, object]] = []
    cast: list[str] = []
    joined = [0]

    def do(command: object, dice: dict[str, tuple[int, ...]] | None = None) -> bool:
        nonlocal state
        try:
            if type(command) in SANITY.commands:
                payloads = SANITY.decide(state, command, DiceBox(dice, rng))  # type: ignore[arg-type]
            else:
                payloads = decide_core(state, command, load("d100-sanity"))  # type: ignore[arg-type]
        except Exception:
            return False
        for payload in payloads:
            game_time, session = envelope(state, payload)
            state = apply(state, payload, Meta(state.seq + 1, game_time, session), SANITY)
            rows.append(
                {
                    "type": payload.type,
                    "schema": payload.schema,
                    "data": to_data(payload),
                    "game_time": game_time,
                    "session": session,
                }
            )
        return True

    def join() -> None:
        joined[0] += 1
        name = f"Investigator {joined[0]}"
        if do(AddCharacter(name, {"pow": rng.randint(45, 85), "int": rng.randint(50, 85)})):
            cast.append(name)

    do(CreateCampaign("long", "d100-sanity", "The Long Night"))
    do(SetClock("1925-01-05T20:00"))
    for _ in range(4):
        join()
    for number in range(sessions):
        do(StartSession(f"Night {number + 1}"))
        do(StartScenario(f"Case {number + 1}"))
        do(TakeNote(f"Session {number + 1}: something waits in the dark."))
        for _ in range(22):
            who = rng.choice(cast)
            do(Sanity(who, rng.choice(LOSSES), threat=rng.choice(THREATS)))
            rules: Any = state.rules
            owed = [d.what for d in rules.characters[who].due]
            if "bout" in owed:
                do(RecordBout(who, rng.random() < 0.3, "runs, screaming"))
            if rng.random() < 0.05:
                do(GainDisorder(who, f"Fear of {rng.choice(THREATS)} {number}"))
            if rng.random() < 0.2:
                do(AdvanceClock("20min"))
        for who in list(cast):
            rules = state.rules
            sheet = rules.characters[who]
            if sheet.san == 0:
                do(RetireCharacter(who, "lost to madness"))
                cast.remove(who)
                join()
            elif sheet.insane(state.clock, state.session):
                do(EndInsanity(who, "treated"))
            if 0 < sheet.san < 35:  # a long rest between cases: the cast stays four
                do(AwardSan(who, "3d6", None, "a long rest"))
        if rng.random() < 0.3:
            do(GainMythos(rng.choice(cast), 1, "a page of a tome"))
        do(EndScenario("2d6"))
        do(AdvanceClock("1mo"))
        do(TherapyRoll(rng.choice(cast), rng.randint(-2, 3)), {"therapy": (rng.randint(1, 100),)})
        do(AwardSan(rng.choice(cast), "1d3", None, "a quiet month"))
        do(EndSession())
    return rows
