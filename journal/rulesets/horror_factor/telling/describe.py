"""What the GM reads: one line per event, and the characters an event concerns."""

from __future__ import annotations

from collections.abc import Iterable

from journal.plugin.rules import Dice
from journal.plugin.telling import Lines, describe_terms
from journal.rulesets.horror_factor.rules.decide import NO_ROLL
from journal.rulesets.horror_factor.rules.events import (
    EncounterEnded,
    EncounterJoined,
    EncounterLeft,
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
    WordingSet,
)
from journal.rulesets.horror_factor.rules.state import hardness_label


def pair(faces: tuple[int, ...]) -> str:
    """A d10 pair as the GM writes it: `+5/-6`."""
    return f"+{faces[0]}/-{faces[1]}" if len(faces) == 2 else ",".join(map(str, faces))


def _pair(dice: Dice, purpose: str) -> str:
    roll = dice.get(purpose)
    return "?" if roll is None else pair(roll.faces)


def _track(changes: Iterable[TrackChange]) -> str:
    return ", ".join(f"{c.character} {c.before}->{c.after}" for c in changes)


def _penalty(value: int) -> str:
    return f"penalty -{value}" if value else "no penalty"


def _encounter_hf(payload: EncounterStarted) -> str:
    """`HF 5`, `HF horde 6`, `HF 5, outnumbered +1 = 6`: a number given as such needs no label."""
    terms = list(payload.terms)
    if not terms:
        return f"HF {payload.hf}"
    (label, base), rest = terms[0], terms[1:]
    first = str(base) if label == "base HF" else f"{label} {base}"
    if not rest:
        return f"HF {first}"
    modifiers = ", ".join(f"{label} {value:+d}" for label, value in rest)
    return f"HF {first}, {modifiers} = {payload.hf}"


def _check_result(payload: HorrorChecked) -> str:
    """`passed`, `failed (exceptional at 5 or less)` or `failed exceptionally (at 5 or
    less)`: the margin is the journal's ruling, so every failure shows it (RULES.md); a
    pass is a pass whatever the margin. The event and `check --json` keep the keys pass,
    fail, exceptional-failure."""
    edge = payload.target - payload.exceptional_margin
    if payload.result == "pass":
        return "passed"
    if payload.result == "fail":
        return f"failed (exceptional at {edge} or less)"
    return f"failed exceptionally (at {edge} or less)"


LINES = Lines("log line")


@LINES.on(EncounterStarted)
def _started(payload: EncounterStarted) -> str:
    category = f" [{payload.category}]" if payload.category else ""
    return (
        f"Encounter {payload.title!r}{category} starts for {', '.join(payload.cast)}: "
        f"{_encounter_hf(payload)}"
    )


#: the term a turn records for a participant who rolled no initiative in the turn that ended
def not_rolled(payload: TurnAdvanced) -> list[str]:
    """Who rolled no initiative in the turn that ended (read from the recorded terms)."""
    return [c.character for c in payload.changes if any(t[0] == NO_ROLL for t in c.terms)]


@LINES.on(TurnAdvanced)
def _turned(payload: TurnAdvanced) -> str:
    reasons = "; ".join(
        f"{c.character} {c.before}->{c.after} ({c.reason})" for c in payload.changes
    )
    missing = not_rolled(payload)
    rolled = f"; no initiative in turn {payload.turn - 1}: {', '.join(missing)}" if missing else ""
    return f"Turn {payload.turn}: HF {reasons}{rolled}"


@LINES.on(EncounterJoined)
def _joined(payload: EncounterJoined) -> str:
    if payload.rejoined:
        return f"{payload.character} is back in the fight (turn {payload.turn}): HF {payload.hf}"
    return (
        f"{payload.character} joins the fight in turn {payload.turn}: "
        f"{describe_terms(payload.terms, payload.hf)}"
    )


@LINES.on(EncounterLeft)
def _left(payload: EncounterLeft) -> str:
    return (
        f"{payload.character} is out of the fight (turn {payload.turn}): {payload.reason}; "
        f"HF stays {payload.hf}, no decay until they come back"
    )


@LINES.on(InitiativeRolled)
def _rolled(payload: InitiativeRolled) -> str:
    outcome = "acts" if payload.can_act else "cannot act"
    if payload.defense_penalty:
        outcome += f", defense {payload.defense_penalty}"
    return (
        f"{payload.character} rolls initiative {_pair(payload.dice, 'initiative')}: "
        f"{describe_terms(payload.terms, payload.total)} "
        f"({outcome}; {_penalty(payload.action_penalty)})"
    )


@LINES.on(WillpowerSoaked)
def _soaked(payload: WillpowerSoaked) -> str:
    return (
        f"{payload.character} soaks {payload.points} Willpower "
        f"({payload.willpower_before}->{payload.willpower_after}, "
        f"{payload.soak_after} this turn): effective HF {payload.effective_hf}, "
        f"{_penalty(payload.action_penalty)}"
    )


@LINES.on(HorrorFactorShifted)
def _shifted(payload: HorrorFactorShifted) -> str:
    who = payload.character or "everyone"
    cause = payload.cause
    if payload.group and payload.character:
        who, cause = "everyone", f"{cause} by {payload.character}"
    given = "" if payload.delta is None or not payload.catalog else " (GM's delta)"
    told = f" (players read: {payload.told})" if payload.told else ""
    return f"HF {payload.applied:+d} for {who}: {cause}{given}{told}: {_track(payload.changes)}"


@LINES.on(WordingSet)
def _worded(payload: WordingSet) -> str:
    if payload.text is None:
        return f"Players read {payload.cause!r} in the catalog's words again"
    return f"Players read {payload.cause!r} as: {payload.text}"


@LINES.on(EnemyDropped)
def _dropped(payload: EnemyDropped) -> str:
    if not payload.changes:
        return f"{payload.character} drops enemy #{payload.number} (HF unchanged)"
    return f"{payload.character} drops the first enemy: HF {_track(payload.changes)}"


@LINES.on(EncounterEnded)
def _ended(payload: EncounterEnded) -> str:
    results = "; ".join(f"{r.character}: {r.note}" for r in payload.results)
    return f"Encounter {payload.title!r} ends after {payload.turns} turn(s): {results}"


@LINES.on(HorrorChecked)
def _checked(payload: HorrorChecked) -> str:
    category = f" [{payload.category}]" if payload.category else ""
    return (
        f"{payload.character} makes a Horror Check{category} {_pair(payload.dice, 'check')}: "
        f"{describe_terms(payload.terms, payload.total)} vs {payload.target}: "
        f"{_check_result(payload)}; {payload.note}"
    )


@LINES.on(Rested)
def _rested(payload: Rested) -> str:
    kind = "a major victory" if payload.victory else "rest"
    amount = "" if payload.points is None else f" (+{payload.points})"
    moved = [c for c in payload.changes if c.after != c.before]
    wp = ", ".join(f"{c.character} {c.before}->{c.after}/{c.max}" for c in moved)
    full = len(payload.changes) - len(moved)
    if not moved:
        names = ", ".join(c.character for c in payload.changes)
        return f"Willpower restored by {kind}{amount}: nobody needed it ({names} already full)"
    return f"Willpower restored by {kind}{amount}: {wp}" + (
        f" ({full} already full)" if full else ""
    )


@LINES.on(PeaceRecorded)
def _peace(payload: PeaceRecorded) -> str:
    flags = [
        f
        for f, on in (
            ("therapy", payload.therapy),
            ("PTSD", payload.ptsd),
            ("warlike mindset", payload.mindset),
        )
        if on
    ]
    if payload.override:
        flags.append(f"override: {payload.override}")
    extra = f" ({', '.join(flags)})" if flags else ""
    return (
        f"{payload.character}: {payload.months} month(s) of peace{extra}: "
        f"{hardness_label(payload.specialization)} "
        f"{payload.hardness_before}->{payload.hardness_after} "
        f"(peak {payload.peak}, not below {payload.floor})"
    )


@LINES.on(HardnessAwarded)
def _awarded(payload: HardnessAwarded) -> str:
    which = f" ({payload.specialization})" if payload.specialization else ""
    return (
        f"{payload.character} is awarded +{payload.levels} Hardness{which}: "
        f"{payload.hardness_before}->{payload.hardness_after} "
        f"(cap {payload.cap}): {payload.reason}"
    )
