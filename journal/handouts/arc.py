"""The data a character's arc shows: their numbers session by session (for the charts and
the Markdown table), their milestones and their current sheet. No Jinja here; the
ruleset's narrator says which numbers, charts and milestones.

An arc is a player handout: it never shows a GM-only note, a die face or a term. The GM's
book (`journal book --for gm`) has each milestone's ruling with its dice and terms too.
"""

from __future__ import annotations

from collections.abc import Callable

from journal.app import Campaign
from journal.documents import CharacterStatus, Fields
from journal.handouts.documents import (
    ArcDocument,
    ArcMilestone,
    ArcPoint,
    ArcSample,
    Chart,
)
from journal.handouts.hooks import Narrator, Who
from journal.handouts.log import Log, walk
from journal.handouts.recap import narrator_of
from journal.handouts.telling import game_date, gm_details
from journal.rules.core import CampaignState, CharacterAdded, SessionStarted
from journal.rules.narrate import concerned, describe

Numbers = Callable[[CharacterStatus, int], Fields]


def _points(log: Log, who: Who, numbers: Numbers) -> list[ArcPoint]:
    """Start (the sheet the character joined with), then the end of each session, then now
    if anything about them happened since; at each, under the name they had then."""

    def at(label: str, title: str, state: CampaignState) -> ArcPoint:
        held = state.names.get(who.ident)
        status = None if held is None else log.ruleset.status(state).get(held[-1][0])
        point = None if status is None else numbers(status, state.seq)
        return {"label": label, "title": title, "numbers": point, "present": point is not None}

    points: list[ArcPoint] = []
    joined = next(
        (
            s
            for s in log.steps
            if isinstance(s.payload, CharacterAdded) and s.record.seq == who.ident
        ),
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
        points.append(at("Start", title, joined.after))
    last_seq = joined.record.seq if joined is not None else 0
    for number in range(1, log.final.sessions + 1):
        steps = log.session(number)
        if not steps:
            continue
        title = steps[0].payload.title if isinstance(steps[0].payload, SessionStarted) else ""
        last_seq = max(last_seq, steps[-1].record.seq)
        points.append(at(f"S{number}", title, steps[-1].after))
    ruleset = log.ruleset
    later = any(
        s.record.seq > last_seq
        and s.payload is not None
        and who.ident in concerned(s.payload, s.before, s.after, ruleset)
        for s in log.steps
    )
    if later:
        label = "since the last session" if log.by_session else "outside any session"
        points.append(at("Now", label, log.final))
    return points


def _samples(log: Log, who: Who, numbers: Numbers) -> list[ArcSample]:
    """The character's numbers at every event that moved one of them, for the charts (a
    soak's dip and the rest after it both show). Each sample is labelled with its session
    where that session begins (`S2`), blank inside it; `Start` is the sheet they joined
    with."""
    ruleset = log.ruleset
    samples: list[ArcSample] = []
    last: Fields | None = None
    label = None
    for step in log.steps:
        held = step.after.names.get(who.ident)
        if step.payload is None or held is None:
            continue
        if last is not None and who.ident not in concerned(
            step.payload, step.before, step.after, ruleset
        ):
            continue
        status = ruleset.status(step.after).get(held[-1][0])
        point = None if status is None else numbers(status, step.after.seq)
        if point is None or point == last:
            continue
        session = step.record.session
        now = "Start" if last is None else (f"S{session}" if session else "between")
        samples.append({"label": now if now != label else "", "numbers": point, "present": True})
        last, label = point, now
    return samples


def _milestones(narrator: Narrator, log: Log, who: Who, gm: bool) -> list[ArcMilestone]:
    ruleset = log.ruleset
    return [
        {
            "kind": found.kind,
            "label": found.label,
            "session": found.step.record.session,
            "when": game_date(found.step.record.game_time),
            "text": found.text,
            "gm": gm_details(found.step.record, ruleset, describe(found.step.record, ruleset))
            if gm
            else None,
        }
        for found in narrator.milestones(who, log.steps)
    ]


def arc_context(campaign: Campaign, name: str) -> ArcDocument:
    return arc_of(walk(campaign), name)


def arc_of(log: Log, name: str, gm: bool = False) -> ArcDocument:
    """The arc of `name` in the campaign `log` holds (with `gm`: the milestones' rulings,
    dice and terms, for the GM's book)."""
    state = log.final
    ident = state.identity(name)
    who = Who(ident, state.name_of(ident))
    narrator = narrator_of(log.ruleset)
    numbers = narrator.arc_numbers(who, log.steps)
    points = _points(log, who, numbers)
    status = log.ruleset.status(state)
    return {
        "campaign": {"title": state.title, "slug": state.slug, "ruleset": state.ruleset},
        "name": who.name,
        "sessions": state.sessions,
        "now": game_date(state.clock),
        "points": points,
        "charts": [_across_sessions(c) for c in narrator.charts(_samples(log, who, numbers))],
        "milestones": _milestones(narrator, log, who, gm),
        "sheet": narrator.standing(who.name, status[who.name]),
    }


def _across_sessions(chart: Chart) -> Chart:
    """An arc's chart, its x axis the arc's samples (one at each change)."""
    drawn = chart.copy()
    drawn["x_title"] = "sessions, at each change"
    return drawn
