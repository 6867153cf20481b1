"""The data a character's arc shows: their numbers session by session (for the charts and
the Markdown table), their milestones and their current sheet. No Jinja here; the
ruleset's narrator says which numbers, charts and milestones.

An arc is a player handout: it never shows a GM-only note, a die face or a term. The GM's
book (`journal book --for gm`) has each milestone's ruling with its dice and terms too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from journal.app import Campaign
from journal.documents import CharacterStatus, Fields
from journal.handouts.charts import WITHIN, nth_in
from journal.handouts.details import game_date, gm_details
from journal.handouts.documents import (
    ArcDocument,
    ArcMilestone,
    ArcPoint,
    ArcSample,
    Chart,
    campaign_heading,
)
from journal.handouts.hooks import Milestone, Who, narrator_of
from journal.handouts.log import Log, Stream, stream
from journal.projection import Step, same_but_seq
from journal.rules.concerns import concerned
from journal.rules.core.events import CharacterAdded, SessionStarted
from journal.rules.core.state import CampaignState
from journal.rules.ruleset import Ruleset
from journal.telling.lines import describe

Numbers = Callable[[CharacterStatus, int], Fields]


class _Walk:
    """One character's arc gathered from one walk of the steps, in seq order: the points
    (start, the end of each session, now) and the samples, keeping only what the arc
    shows (no step is kept)."""

    def __init__(self, who: Who, ruleset: Ruleset, numbers: Numbers) -> None:
        self.who = who
        self.ruleset = ruleset
        self.numbers = numbers
        #: the sheet they joined with, and where (the `Start` point)
        self.start: ArcPoint | None = None
        self.joined = 0
        #: each session's point (title, its last seq, the numbers at its end), by number
        self.ends: dict[int, tuple[str, int, Fields | None]] = {}
        #: the session being walked: its number, title and latest step
        self._open: tuple[int, str, Step] | None = None
        #: the latest event about them
        self.latest = 0
        self.samples: list[ArcSample] = []
        self._last: Fields | None = None
        self._label: str | None = None
        #: which change of its stretch the latest sample is (`S2.3`: the 3rd in session 2)
        self._nth = 0
        #: the state, name and status the latest sample read (`_status`)
        self._read: tuple[CampaignState, str, CharacterStatus | None] | None = None

    def values(self, state: CampaignState) -> Fields | None:
        """The numbers of the arc at `state` (None: not in the campaign then)."""
        held = state.names.get(self.who.ident)
        status = None if held is None else self.ruleset.status_of(state, held[-1][0])
        return None if status is None else self.numbers(status, state.seq)

    def see(self, step: Step) -> None:
        ident = self.who.ident
        assert step.payload is not None
        about = ident in concerned(step.payload, step.before, step.after, self.ruleset)
        if about:
            self.latest = step.record.seq
        session = step.record.session
        if step.record.seq == ident and isinstance(step.payload, CharacterAdded):
            self._joined(step)
        if session is not None:
            if self._open is not None and self._open[0] != session:
                self._close()
            title = self._open[1] if self._open is not None else self._title(session, step)
            self._open = (session, title, step)
        self._sample(step, about)

    def _joined(self, step: Step) -> None:
        session = step.record.session
        title = "before the first session"
        if session is not None:
            title = f"joined in session {session}"
        elif self.ends or self._open is not None:
            title = "joined between sessions"
        self.start = _point("Start", title, self.values(step.after))
        self.joined = step.record.seq

    def _title(self, session: int, step: Step) -> str:
        if session in self.ends:  # a session's steps resumed after another's
            return self.ends[session][0]
        return step.payload.title if isinstance(step.payload, SessionStarted) else ""

    def _close(self) -> None:
        assert self._open is not None
        number, title, step = self._open
        self.ends[number] = (title, step.record.seq, self.values(step.after))
        self._open = None

    def _sample(self, step: Step, about: bool) -> None:
        """The character's numbers at every event that moved one of them, for the charts
        (a soak's dip and the rest after it both show). Each sample is labelled with its
        session (`S2`) and, after its first change there, which change it is (`S2.3`);
        `Start` is the sheet they joined with."""
        held = step.after.names.get(self.who.ident)
        if held is None or (self._last is not None and not about):
            return
        status = self._status(step.after, held[-1][0])
        point = None if status is None else self.numbers(status, step.after.seq)
        if point is None or point == self._last:
            return
        session = step.record.session
        now = "Start" if self._last is None else (f"S{session}" if session else "between")
        self._nth = self._nth + 1 if now == self._label else 1
        self.samples.append({"label": nth_in(now, self._nth), "numbers": point, "present": True})
        self._last, self._label = point, now

    def _status(self, state: CampaignState, name: str) -> CharacterStatus | None:
        """The character's status at `state`, theirs alone (`Ruleset.status_of`); the one
        read last when `state` differs from the state it was read at by its seq alone
        (`same_but_seq`), so an event that moved nothing costs no status."""
        read = self._read
        if read is not None and read[1] == name and same_but_seq(state, read[0]):
            return read[2]
        status = self.ruleset.status_of(state, name)
        self._read = (state, name, status)
        return status

    def points(self, final: CampaignState) -> list[ArcPoint]:
        """Start (the sheet the character joined with), then the end of each session, then
        now if anything about them happened since; at each, under the name they had then."""
        if self._open is not None:
            self._close()
        points = [] if self.start is None else [self.start]
        last_seq = self.joined
        for number in range(1, final.sessions + 1):
            if number not in self.ends:
                continue
            title, seq, values = self.ends[number]
            last_seq = max(last_seq, seq)
            points.append(_point(f"S{number}", title, values))
        if self.latest > last_seq:
            label = "since the last session" if self.ends else "outside any session"
            points.append(_point("Now", label, self.values(final)))
        return points


def _point(label: str, title: str, numbers: Fields | None) -> ArcPoint:
    return {"label": label, "title": title, "numbers": numbers, "present": numbers is not None}


def _milestones(milestones: Iterable[Milestone], ruleset: Ruleset, gm: bool) -> list[ArcMilestone]:
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
        for found in milestones
    ]


def arc_context(campaign: Campaign, name: str) -> ArcDocument:
    return arc_of(stream(campaign), name)


def arc_of(log: Log | Stream, name: str, gm: bool = False) -> ArcDocument:
    """The arc of `name` in the campaign `log` holds or streams (with `gm`: the milestones'
    rulings, dice and terms, for the GM's book). The steps are walked once for the points,
    the samples and the narrator's milestones together (a narrator's `arc_numbers` that
    reads the steps walks a stream again)."""
    state = log.final
    ident = state.identity(name)
    who = Who(ident, state.name_of(ident))
    ruleset = log.ruleset
    narrator = narrator_of(ruleset.name)
    arc = _Walk(who, ruleset, narrator.arc_numbers(who, log.steps))

    def seen() -> Iterator[Step]:
        for step in log.steps:
            arc.see(step)
            yield step

    walked = seen()
    milestones = narrator.milestones(who, walked)
    for _ in walked:  # a narrator that stopped early: the rest of the walk
        pass
    status = ruleset.status(state)
    return {
        "campaign": campaign_heading(state),
        "name": who.name,
        "sessions": state.sessions,
        "now": game_date(state.clock),
        "points": arc.points(state),
        "charts": [_across_sessions(chart) for chart in narrator.charts(arc.samples)],
        "milestones": _milestones(milestones, ruleset, gm),
        "sheet": narrator.standing(who.name, status[who.name]),
    }


def _across_sessions(chart: Chart) -> Chart:
    """An arc's chart, its x axis the arc's samples (one at each change)."""
    drawn = chart.copy()
    drawn["x_title"] = "sessions, at each change"
    if any(WITHIN in label for label in chart["x_labels"]):
        drawn["x_title"] += f" (S1{WITHIN}2: the 2nd in session 1)"
    return drawn
