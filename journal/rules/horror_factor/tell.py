"""Horror Factor events told in handouts: player-safe sentences (no dice, no terms)."""

from __future__ import annotations

from collections.abc import Iterable

from journal.rules.dispatch import Dispatch
from journal.rules.horror_factor.events import (
    EncounterEnded,
    EncounterStarted,
    EnemyDropped,
    HardnessAwarded,
    HorrorChecked,
    HorrorFactorShifted,
    InitiativeRolled,
    PeaceRecorded,
    Rested,
    TrackChange,
    TurnAdvanced,
    WillpowerSoaked,
)

ARROW = "→"

#: a Horror Check's result (the event's key) in words
VERDICTS = {"pass": "passed", "fail": "failed", "exceptional-failure": "exceptional failure"}


def check_verdict(result: str) -> str:
    """`exceptional-failure` as `exceptional failure` (any other key: dashes as spaces)."""
    return VERDICTS.get(result, result.replace("-", " "))


def _track(changes: Iterable[TrackChange]) -> str:
    return ", ".join(f"{c.character} {c.before} {ARROW} {c.after}" for c in changes)


SENTENCES = Dispatch[str | None]("handout sentence")
# a handout shows encounters, their turns and initiatives in the encounter's own table
SENTENCES.on(EncounterStarted, EncounterEnded, TurnAdvanced, InitiativeRolled)(
    lambda payload, gm: None
)


@SENTENCES.on(WillpowerSoaked)
def _soaked(payload: WillpowerSoaked, gm: bool) -> str:
    return (
        f"{payload.character} spends {payload.points} Willpower to hold steady "
        f"({payload.willpower_before} {ARROW} {payload.willpower_after}): "
        f"effective HF {payload.effective_hf} this turn"
    )


@SENTENCES.on(HorrorFactorShifted)
def _shifted(payload: HorrorFactorShifted, gm: bool) -> str:
    who = payload.character or "everyone"
    return f"HF {payload.applied:+d} for {who}: {payload.cause} ({_track(payload.changes)})"


@SENTENCES.on(EnemyDropped)
def _dropped(payload: EnemyDropped, gm: bool) -> str:
    if not payload.changes:
        return f"{payload.character} drops enemy #{payload.number}"
    return f"{payload.character} drops the first enemy: HF {_track(payload.changes)}"


@SENTENCES.on(HorrorChecked)
def _checked(payload: HorrorChecked, gm: bool) -> str:
    verdict = check_verdict(payload.result)
    return (
        f"{payload.character} faces a Horror Check against HF {payload.hf}: "
        f"{verdict}; {payload.note}"
    )


@SENTENCES.on(Rested)
def _rested(payload: Rested, gm: bool) -> str:
    kind = "a major victory" if payload.victory else "rest"
    wp = ", ".join(
        f"{c.character} {c.before} {ARROW} {c.after} of {c.max}"
        for c in payload.changes
        if c.after != c.before
    )
    if not wp:
        return f"{kind.capitalize()}: everyone's Willpower was already full"
    return f"Willpower restored by {kind}: {wp}"


@SENTENCES.on(PeaceRecorded)
def _peace(payload: PeaceRecorded, gm: bool) -> str:
    return (
        f"{payload.character}: {payload.months} month(s) of peace, Hardness "
        f"{payload.hardness_before} {ARROW} {payload.hardness_after} "
        f"(never below {payload.floor}, half of the highest ever held)"
    )


@SENTENCES.on(HardnessAwarded)
def _awarded(payload: HardnessAwarded, gm: bool) -> str:
    which = f" ({payload.specialization})" if payload.specialization else ""
    return (
        f"{payload.character} is awarded Hardness{which} {payload.hardness_before} "
        f"{ARROW} {payload.hardness_after}: {payload.reason}"
    )
