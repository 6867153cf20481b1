"""Horror Factor events told in handouts: player-safe sentences (no dice, no terms)."""

from __future__ import annotations

from collections.abc import Iterable

from journal.plugin.rules import Terms
from journal.plugin.telling import ARROW, Sentences, describe_terms
from journal.rulesets.horror_factor.rules import catalog
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

#: a Horror Check's result (the event's key) in words
VERDICTS = {"pass": "passed", "fail": "failed", "exceptional-failure": "exceptional failure"}


def check_verdict(result: str) -> str:
    """`exceptional-failure` as `exceptional failure` (any other key: dashes as spaces)."""
    return VERDICTS.get(result, result.replace("-", " "))


def _track(changes: Iterable[TrackChange]) -> str:
    return ", ".join(f"{c.character} {c.before} {ARROW} {c.after}" for c in changes)


SENTENCES = Sentences("handout sentence")
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
    who, cause = payload.character or "everyone", cause_words(payload)
    if payload.group and payload.character:
        who, cause = "everyone", f"{cause} (by {payload.character})"
    return f"HF {payload.applied:+d} for {who}: {cause} ({_track(payload.changes)})"


def cause_words(payload: HorrorFactorShifted) -> str:
    """A shift's cause as players read it: the GM's words for it (`--as`), the campaign's
    wording of the catalog cause (`journal wording`), else the text's (`hurt`: "hit and
    hurt by an attack")."""
    if payload.told:
        return payload.told
    if payload.wording:
        return payload.wording
    entry = catalog.CAUSES.get(payload.cause) if payload.catalog else None
    return payload.cause if entry is None else entry.text


SENTENCES.on(WordingSet)(lambda payload, gm: None)  # the GM's housekeeping: no handout


def terms_words(terms: Terms) -> str:
    """An encounter's HF terms for a handout: `horde 6, outnumbered +1`, a preset's name in
    words (`powerful creature 5`)."""
    return describe_terms(tuple((label.replace("-", " "), value) for label, value in terms))


@SENTENCES.on(EnemyDropped)
def _dropped(payload: EnemyDropped, gm: bool) -> str:
    if not payload.changes:
        return f"{payload.character} drops enemy #{payload.number}"
    return f"{payload.character} drops the first enemy: HF {_track(payload.changes)}"


def check_outcome(payload: HorrorChecked) -> str:
    """What a Horror Check changed, in words (no total, no terms: the players' view)."""
    label = hardness_label(payload.specialization)
    changes = []
    if payload.brokenness_after != payload.brokenness_before:
        changes.append(f"brokenness {payload.brokenness_before} {ARROW} {payload.brokenness_after}")
    if payload.hardness_after != payload.hardness_before:
        changes.append(f"{label} {payload.hardness_before} {ARROW} {payload.hardness_after}")
    elif payload.result == "pass":
        changes.append(f"{label} stays {payload.hardness_after} (at the cap)")
    elif payload.result == "exceptional-failure":
        changes.append(f"{label} stays 0")
    elif payload.brokenness_after == payload.brokenness_before:
        changes.append(f"brokenness stays {payload.brokenness_after} (the most)")
    return ", ".join(changes)


@SENTENCES.on(HorrorChecked)
def _checked(payload: HorrorChecked, gm: bool) -> str:
    verdict = check_verdict(payload.result)
    about = f" about “{payload.encounter}”" if payload.encounter else ""
    return (
        f"{payload.character} faces a Horror Check{about} against HF {payload.hf}: "
        f"{verdict}; {payload.note if gm else check_outcome(payload)}"
    )


@SENTENCES.on(EncounterJoined)
def _joined(payload: EncounterJoined, gm: bool) -> str:
    if payload.rejoined:
        return f"{payload.character} is back in the fight (HF {payload.hf})"
    return f"{payload.character} joins the fight in turn {payload.turn} (HF {payload.hf})"


@SENTENCES.on(EncounterLeft)
def _left(payload: EncounterLeft, gm: bool) -> str:
    return f"{payload.character} is out of the fight: {payload.reason}"


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
        f"{payload.character}: {payload.months} month(s) of peace, "
        f"{hardness_label(payload.specialization)} "
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
