"""The data a character's arc shows: their numbers session by session (for the charts and
the Markdown table), their milestones and their current sheet. No Jinja here.

An arc is a player handout: it never shows a GM-only note, a die face or a term.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from journal.app import Journal
from journal.narrate import concerns
from journal.handouts.recap import Doc, Log, Step, walk
from journal.rules.core import CampaignState, CharacterAdded, SessionStarted
from journal.rules.fright_check.events import FrightChecked, TraitNamed
from journal.rules.horror_factor.events import (
    EncounterEnded,
    EnemyDropped,
    HardnessAwarded,
    HorrorChecked,
    InitiativeRolled,
    PeaceRecorded,
)
from journal.handouts.telling import ARROW, effect_line, game_date, standing


def _point(log: Log, state: CampaignState, name: str, named: list[int]) -> Doc | None:
    """The character's numbers in `state` (None before they joined). `named`: the seqs of
    the traits they acquired (TraitNamed), in order: their scars; a starting quirk or
    disadvantage on the sheet is not one."""
    if name not in state.characters:
        return None
    status = log.ruleset.status(state).get(name)
    if status is None:
        return None
    if log.final.ruleset == "horror-factor":
        return {
            "hardness": status["hardness"],
            "brokenness": status["brokenness"],
            "willpower": status["willpower"],
            "willpower_max": status["willpower_max"],
        }
    history = status["history"]
    return {
        "points_lost": status["points_lost"],
        "checks": status["checks"],
        "failed": sum(1 for c in history if c["made"] and not c["success"]),
        "scars": bisect_right(named, state.seq) + len(status["pending"]),
    }


def _points(log: Log, name: str) -> list[Doc]:
    """Start (the sheet the character joined with), then the end of each session, then now
    if anything about them happened since."""
    named = [
        s.record.seq
        for s in log.steps
        if isinstance(s.payload, TraitNamed) and s.payload.character == name
    ]

    def values(state: CampaignState) -> Doc:
        point = _point(log, state, name, named)
        return {"numbers": point, "present": point is not None}

    points: list[Doc] = []
    joined = next(
        (s for s in log.steps if isinstance(s.payload, CharacterAdded) and s.payload.name == name),
        None,
    )
    if joined is not None:
        session = joined.record.session
        first = min((steps[0].record.seq for steps in log.by_session.values()), default=None)
        title = "before the first session"
        if session is not None:
            title = f"joined in session {session}"
        elif first is not None and joined.record.seq > first:
            title = "joined between sessions"
        points.append({"label": "Start", "title": title, **values(joined.after)})
    last_seq = joined.record.seq if joined is not None else 0
    for number in range(1, log.final.sessions + 1):
        steps = log.session(number)
        if not steps:
            continue
        title = steps[0].payload.title if isinstance(steps[0].payload, SessionStarted) else ""
        last_seq = max(last_seq, steps[-1].record.seq)
        points.append({"label": f"S{number}", "title": title, **values(steps[-1].after)})
    later = any(s.record.seq > last_seq and name in _about(log, s) for s in log.steps)
    if later:
        label = "since the last session" if log.by_session else "outside any session"
        points.append({"label": "Now", "title": label, **values(log.final)})
    return points


def _about(log: Log, step: Step) -> tuple[str, ...]:
    return concerns(step.payload, log.ruleset)


def _milestones(log: Log, name: str) -> list[Doc]:
    found: list[Doc] = []
    froze = dropped = failed = False

    def add(step: Step, kind: str, label: str, text: str) -> None:
        found.append(
            {
                "kind": kind,
                "label": label,
                "session": step.record.session,
                "when": game_date(step.record.game_time),
                "text": text,
            }
        )

    for step in log.steps:
        p = step.payload
        rules = step.after.rules
        fight = getattr(getattr(rules, "encounter", None), "title", None)
        where = f" in “{fight}”" if fight else ""
        match p:
            case InitiativeRolled(character=who) if who == name and not p.can_act and not froze:
                froze = True
                add(
                    step,
                    "freeze",
                    "First freeze",
                    f"froze{where}, turn {p.turn} (initiative {p.total})",
                )
            case EnemyDropped(character=who) if who == name and not dropped:
                dropped = True
                add(step, "drop", "First enemy dropped", f"dropped an enemy{where}, turn {p.turn}")
            case EncounterEnded():
                for r in p.results:
                    if r["character"] != name:
                        continue
                    _hardness(
                        step,
                        add,
                        int(r["hardness_before"]),
                        int(r["hardness_after"]),
                        int(r["brokenness_before"]),
                        int(r["brokenness_after"]),
                        f"after “{p.title}”",
                    )
            case HorrorChecked(character=who) if who == name:
                _hardness(
                    step,
                    add,
                    p.hardness_before,
                    p.hardness_after,
                    p.brokenness_before,
                    p.brokenness_after,
                    f"Horror Check against HF {p.hf}",
                )
            case HardnessAwarded(character=who) if who == name:
                _hardness(
                    step, add, p.hardness_before, p.hardness_after, 0, 0, f"awarded: {p.reason}"
                )
            case PeaceRecorded(character=who) if who == name:
                change = (
                    f"Hardness {p.hardness_before} {ARROW} {p.hardness_after}"
                    if p.hardness_after != p.hardness_before
                    else f"kept Hardness {p.hardness_after}"
                )
                add(step, "peace", "Peace", f"{p.months} month(s) of peace: {change}")
            case FrightChecked(character=who) if who == name and p.made and not p.success:
                label = "First Fright Check failed" if not failed else "Fright Check failed"
                failed = True
                effects = "; ".join(effect_line(e, gm=False) for e in p.effects)
                row = "40+" if p.row == 40 else str(p.row)
                add(
                    step,
                    "scar" if p.pending else "fright",
                    label,
                    f"against {p.threat}: failed by {p.failure_margin}, row {row}: {effects}",
                )
            case TraitNamed(character=who) if who == name:
                text = (
                    f"{p.name} gets worse: self-control "
                    f"{p.previous_self_control} {ARROW} {p.self_control}"
                    if p.worsened
                    else f"acquires {p.name} ({p.points:+d})"
                )
                add(step, "scar", "Scar", text)
    return found


def _hardness(step: Step, add: Any, h0: int, h1: int, b0: int, b1: int, why: str) -> None:
    if h1 > h0:
        add(step, "hardened", "Hardened", f"Hardness {h0} {ARROW} {h1} ({why})")
    elif h1 < h0:
        add(step, "softened", "Hardness lost", f"Hardness {h0} {ARROW} {h1} ({why})")
    if b1 > b0:
        add(step, "broken", "Broken", f"brokenness {b0} {ARROW} {b1} ({why})")


def _charts(ruleset: str, points: list[Doc]) -> list[Doc]:
    labels = [p["label"] for p in points]

    def series(key: str, label: str, style: str) -> Doc:
        return {
            "label": label,
            "style": style,
            "values": [p["numbers"][key] if p["numbers"] else None for p in points],
        }

    if ruleset == "horror-factor":
        wp_max = max((p["numbers"]["willpower_max"] for p in points if p["numbers"]), default=10)
        return [
            {
                "title": "Hardness and brokenness",
                "y_label": "level",
                "y_max": 7,
                "x_labels": labels,
                "series": [
                    series("hardness", "Hardness", "a"),
                    series("brokenness", "Brokenness", "b"),
                ],
            },
            {
                "title": "Willpower at the end of each session",
                "y_label": "points",
                "y_max": wp_max,
                "x_labels": labels,
                "series": [
                    series("willpower", "Willpower", "c"),
                    series("willpower_max", "Maximum", "d"),
                ],
            },
        ]
    top = max((p["numbers"]["points_lost"] for p in points if p["numbers"]), default=0)
    checks = max(
        (max(p["numbers"]["checks"], p["numbers"]["scars"]) for p in points if p["numbers"]),
        default=0,
    )
    return [
        {
            "title": "Character points lost to fear",
            "y_label": "points",
            "y_max": max(5, top),
            "x_labels": labels,
            "series": [series("points_lost", "Points lost", "b")],
        },
        {
            "title": "Fright Checks and scars, counted",
            "y_label": "how many",
            "y_max": max(3, checks),
            "x_labels": labels,
            "series": [
                series("checks", "Checks made", "a"),
                series("failed", "Checks failed", "b"),
                series("scars", "Traits acquired", "c"),
            ],
        },
    ]


def arc_context(journal: Journal, name: str) -> Doc:
    log = walk(journal)
    state = log.final
    canonical = state.character(name)
    points = _points(log, canonical)
    status = log.ruleset.status(state)
    return {
        "campaign": {"title": state.title, "slug": state.slug, "ruleset": state.ruleset},
        "name": canonical,
        "sessions": state.sessions,
        "now": game_date(state.clock),
        "points": points,
        "charts": _charts(state.ruleset, points),
        "milestones": _milestones(log, canonical),
        "sheet": standing(state.ruleset, canonical, status[canonical]),
    }
