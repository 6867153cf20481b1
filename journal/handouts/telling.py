"""How handouts tell events: player-safe sentences (no dice faces, no terms), the GM's
details (faces and terms of every ruling), and where a character stands.

Everything here returns plain data (str, int, bool, None, lists, dicts) for the templates;
nothing is escaped here: the templates escape (HTML autoescape, the Markdown filter).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from journal.events import Event, Recorded, describe_terms, recorded_terms
from journal.rules import Ruleset
from journal.rules.core import ClockAdvanced, ClockSet, EventVoided, NoteTaken
from journal.rules.fright_check.describe import effect_text
from journal.rules.fright_check.events import CombatEnded, CombatStarted, FrightChecked, TraitNamed
from journal.rules.horror_factor import tables
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
    TurnAdvanced,
    WillpowerSoaked,
)

ARROW = "→"

#: a Horror Check's result (the event's key) in words
VERDICTS = {"pass": "passed", "fail": "failed", "exceptional-failure": "exceptional failure"}


def check_verdict(result: str) -> str:
    """`exceptional-failure` as `exceptional failure` (any other key: dashes as spaces)."""
    return VERDICTS.get(result, result.replace("-", " "))


def game_date(game_time: str | None) -> str | None:
    """`2010-10-31T21:00` as `Sunday 31 October 2010, 21:00` (the raw text if unparsable)."""
    if not game_time:
        return None
    try:
        moment = datetime.strptime(game_time, "%Y-%m-%dT%H:%M")
    except ValueError:
        return game_time
    return f"{moment:%A} {moment.day} {moment:%B %Y, %H:%M}"


def faces_of(dice: Mapping[str, Mapping[str, Any]]) -> str:
    """Every die the ruling used: `initiative +5/-6`, `will 6,6,5; table 5,5,4`."""
    parts = []
    for purpose, rolled in dice.items():
        faces = list(rolled.get("faces", ()))
        if purpose in ("initiative", "check") and len(faces) == 2:
            text = f"+{faces[0]}/-{faces[1]}"
        else:
            text = ",".join(map(str, faces))
        parts.append(f"{purpose} {text}")
    return "; ".join(parts)


def _without_dice(value: Any) -> Any:
    """An effect with every nested die (`dice`, `faces`) taken out, for players."""
    if isinstance(value, Mapping):
        return {k: _without_dice(v) for k, v in value.items() if k not in ("dice", "faces")}
    if isinstance(value, list | tuple):
        return [_without_dice(v) for v in value]
    return value


def effect_line(effect: Mapping[str, Any], gm: bool) -> str:
    return effect_text(effect if gm else _without_dice(effect))


def _track(changes: Any) -> str:
    return ", ".join(f"{c['character']} {c['before']} {ARROW} {c['after']}" for c in changes)


def tell(payload: Event, ruleset: Ruleset | None) -> str | None:
    """A player-safe sentence for an event told on its own; None for events the handouts
    show elsewhere (encounters, turns, initiative, notes, sessions)."""
    match payload:
        case WillpowerSoaked():
            return (
                f"{payload.character} spends {payload.points} Willpower to hold steady "
                f"({payload.willpower_before} {ARROW} {payload.willpower_after}): "
                f"effective HF {payload.effective_hf} this turn"
            )
        case HorrorFactorShifted():
            who = payload.character or "everyone"
            return f"HF {payload.applied:+d} for {who}: {payload.cause} ({_track(payload.changes)})"
        case EnemyDropped():
            if not payload.changes:
                return f"{payload.character} drops enemy #{payload.number}"
            return f"{payload.character} drops the first enemy: HF {_track(payload.changes)}"
        case HorrorChecked():
            verdict = check_verdict(payload.result)
            return (
                f"{payload.character} faces a Horror Check against HF {payload.hf}: "
                f"{verdict}; {payload.note}"
            )
        case Rested():
            kind = "a major victory" if payload.victory else "rest"
            wp = ", ".join(
                f"{c['character']} {c['before']} {ARROW} {c['after']} of {c['max']}"
                for c in payload.changes
                if c["after"] != c["before"]
            )
            if not wp:
                return f"{kind.capitalize()}: everyone's Willpower was already full"
            return f"Willpower restored by {kind}: {wp}"
        case ClockSet(game_time=when) | ClockAdvanced(game_time=when):
            return f"Time passes: {game_date(when)}"
        case FrightChecked():
            return fright_sentence(payload, gm=False)
        case PeaceRecorded():
            return (
                f"{payload.character}: {payload.months} month(s) of peace, Hardness "
                f"{payload.hardness_before} {ARROW} {payload.hardness_after} "
                f"(never below {payload.floor}, half of the highest ever held)"
            )
        case HardnessAwarded():
            which = f" ({payload.specialization})" if payload.specialization else ""
            return (
                f"{payload.character} is awarded Hardness{which} {payload.hardness_before} "
                f"{ARROW} {payload.hardness_after}: {payload.reason}"
            )
        case TraitNamed():
            return ruleset.describe(payload) if ruleset else None
    return None


def fright_sentence(p: FrightChecked, gm: bool) -> str:
    head = f"{p.character}'s Fright Check against {p.threat}"
    if not p.made:
        return f"{head}: none needed ({p.character} is Unfazeable)"
    critical = "critical " if p.critical else ""
    if p.success:
        return f"{head}: {critical}success by {p.margin}"
    row = "40+" if p.row == 40 else str(p.row)
    effects = "; ".join(effect_line(e, gm) for e in p.effects)
    return f"{head}: {critical}failure by {p.failure_margin}, table row {row}: {effects}"


def gm_details(record: Recorded, ruleset: Ruleset | None, line: str) -> dict[str, Any]:
    """The GM's view of a ruling: its seq, full log line, dice faces and terms."""
    data = record.data
    dice = data.get("dice")
    total = data.get("total")
    if record.type == "EncounterStarted":
        total = data.get("hf")
    text = None
    pairs = recorded_terms(data)
    if pairs:
        text = describe_terms(pairs, total)
        if record.type == "WillpowerSoaked":
            text = "; ".join(f"penalty {label} = {value}" for label, value in pairs)
        if record.type == "HorrorChecked" and "target" in data:
            text += f" vs {data['target']}: {_check_terms(data)}"
    return {
        "seq": record.seq,
        "line": line,
        "dice": faces_of(dice) if isinstance(dice, Mapping) and dice else None,
        "terms": text,
    }


def _check_terms(data: Mapping[str, Any]) -> str:
    """A Horror Check's verdict for the GM; the exceptional-failure edge only on a failure."""
    result = str(data.get("result", ""))
    verdict = check_verdict(result)
    if result == "pass" or "exceptional_margin" not in data:
        return verdict
    edge = int(data["target"]) - int(data["exceptional_margin"])
    if result == "fail":
        return f"{verdict} (exceptional at {edge} or less)"
    return f"{verdict} ({edge} or less)"


def fright_details(p: FrightChecked) -> dict[str, Any]:
    """A Fright Check for the handout: result, row and effects; GM extras added by caller."""
    return {
        "character": p.character,
        "threat": p.threat,
        "kind": p.kind,
        "made": p.made,
        "success": p.success,
        "critical": p.critical,
        "margin": p.margin if p.success else p.failure_margin,
        "row": None if p.row is None else ("40+" if p.row == 40 else str(p.row)),
        "pending": [f"{x['kind']} ({x['points']:+d})" for x in p.pending],
    }


def fright_gm(p: FrightChecked) -> dict[str, Any]:
    return {
        "modifiers": [
            {"label": str(m["label"]), "value": int(m["value"]), "source": str(m.get("source", ""))}
            for m in p.modifiers
            if m["value"]
        ],
        "will": p.will,
        "modified_will": p.modified_will,
        "effective_will": p.effective_will,
        "roll": p.roll,
        "table": None
        if p.table_roll is None
        else f"{p.table_roll} + {p.failure_margin} = {p.table_total}",
    }


def standing(ruleset_name: str, name: str, status: Mapping[str, Any]) -> dict[str, Any]:
    """Where one character stands: the numbers and, for horror-factor, the level texts."""
    if ruleset_name == "horror-factor":
        return {
            "name": name,
            "hardness": status["hardness"],
            "hardness_cap": status["hardness_cap"],
            "hardness_text": tables.hardness_text(int(status["hardness"])),
            "brokenness": status["brokenness"],
            "brokenness_text": tables.brokenness_text(int(status["brokenness"])),
            "willpower": status["willpower"],
            "willpower_max": status["willpower_max"],
            "specializations": [
                {"category": k, "hardness": v} for k, v in status["specializations"].items()
            ],
            "training": status["training"],
            "reaction": status["reaction"],
        }
    return {
        "name": name,
        "will": status["will"],
        "ht": status["ht_now"],
        "iq": status["iq_now"],
        "ht_lost": status["ht_lost"],
        "iq_lost": status["iq_lost"],
        "quirks": list(status["quirks"]),
        "disadvantages": [_disadvantage(d) for d in status["disadvantages"]],
        "physical": [_disadvantage(d) for d in status["physical"]],
        "pending": [f"{p['kind']} ({p['points']:+d})" for p in status["pending"]],
        "points_lost": status["points_lost"],
        "checks": status["checks"],
        "traits": [k if v is True else f"{k} {v}" for k, v in status["traits"].items()],
    }


def _disadvantage(d: Mapping[str, Any]) -> str:
    scn = f", self-control {d['self_control']}" if d.get("self_control") else ""
    return f"{d['name']} ({d['points']:+d}{scn})"


SHOWN_ELSEWHERE = (
    EncounterStarted,
    EncounterEnded,
    TurnAdvanced,
    InitiativeRolled,
    NoteTaken,
    EventVoided,
    CombatStarted,
    CombatEnded,
)
