"""The campaign read once for a handout: its steps (from the one fold), by session, and
the events voided since, with why."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from journal.app import Campaign
from journal.events.recorded import Recorded
from journal.handouts.documents import VoidedEntry
from journal.projection import Corrections, Step, fold, steps
from journal.rules import load
from journal.rules.core.state import CampaignState
from journal.rules.ruleset import Ruleset
from journal.telling.lines import describe


@dataclass
class Log:
    """The campaign read once: its folded steps and the events voided since."""

    steps: list[Step] = field(default_factory=list)
    voided: list[VoidedEntry] = field(default_factory=list)
    #: with a session asked for: the events logged between the session before it and it
    between: list[Step] = field(default_factory=list)
    final: CampaignState = field(default_factory=CampaignState)
    by_session: dict[int, list[Step]] = field(default_factory=dict)
    #: the voids and amendments the walk read (which event amended a ruling)
    corrections: Corrections = field(default_factory=Corrections)
    #: an event of the campaign by seq (a secret revealed in this session, noted earlier)
    event: Callable[[int], Recorded | None] = lambda seq: None

    @property
    def ruleset(self) -> Ruleset:
        return load(self.final.ruleset)

    def session(self, number: int) -> list[Step]:
        return self.by_session.get(number, [])

    def keep(self, step: Step) -> None:
        self.steps.append(step)
        if step.record.session is not None:
            self.by_session.setdefault(step.record.session, []).append(step)


@dataclass
class Stream:
    """The whole campaign as a stream of its steps, for a handout of the whole campaign in
    flat memory (an arc): each iteration reads and folds the log again from its first event
    and keeps nothing; the voided events are left out, as `Log.steps` leaves them. Every
    read is bounded by one seq, `final`'s."""

    campaign: Campaign
    final: CampaignState
    corrections: Corrections

    @property
    def ruleset(self) -> Ruleset:
        return load(self.final.ruleset)

    @property
    def steps(self) -> Iterable[Step]:
        return self

    def __iter__(self) -> Iterator[Step]:
        records = self.campaign.store.read(self.campaign.campaign, upto=self.final.seq)
        for step in steps(records, self.corrections):
            if not step.voided:
                yield step


def stream(campaign: Campaign, final: CampaignState | None = None) -> Stream:
    """The campaign's steps as a stream, as it stands (or as `final`, an earlier state,
    stood)."""
    if final is None:
        final = campaign.state(campaign.head())
    return Stream(campaign, final, campaign.corrections(final.seq))


def walk(campaign: Campaign, only: int | None = None, final: CampaignState | None = None) -> Log:
    """The campaign folded once, every event kept as a Step; with `only`, just that
    session's events are kept and the fold starts from the newest usable snapshot before
    it (so a recap of one session does not describe or keep the rest of the campaign).

    Every read is bounded by one seq (the head when this starts)."""
    head = final.seq if final is not None else campaign.head()
    corrections = campaign.corrections(head)
    log = Log(corrections=corrections, event=campaign.event)
    if only is None:
        log.final = _collect(log, campaign.records(head), corrections)
    else:
        before = (campaign.session_end(only - 1) if only > 1 else 0) or 0
        base = CampaignState()
        if before:
            # a cached read (folds from a snapshot, keeps one); voids made after `before`
            # that reach back into it make it unusable, then fold from the start
            base = campaign.state(as_of=before)
            if corrections.reach_back(before):
                base = fold(campaign.records(before), corrections)
        end = campaign.session_end(only) or before
        records = campaign.records(min(end, head), after=base.seq)
        state = _collect(log, records, corrections, base, only)
        log.final = final if final is not None else state
    reasons = _void_reasons(campaign, corrections, {int(v["seq"]) for v in log.voided})
    for entry in log.voided:
        entry["reason"] = reasons.get(int(entry["seq"]), "")
    return log


def around(campaign: Campaign, seq: int, final: CampaignState) -> Log:
    """The steps a view of event `seq` is told from, as the record stands at `final`: those
    of its session from its start (for an event of no session, those since the session
    before it ended) up to `seq` itself, folded from the newest usable snapshot before
    them. A proof reads this, not the campaign: flat in the log's length."""
    corrections = campaign.corrections(final.seq)
    log = Log(corrections=corrections, event=campaign.event, final=final)
    start = _start_of_part(campaign, seq)
    base = CampaignState()
    if start > 1:
        base = campaign.state(as_of=start - 1)
        if corrections.reach_back(start - 1):  # a later void reaches behind the snapshot
            base = fold(campaign.records(start - 1), corrections)
    for step in steps(campaign.records(seq, after=base.seq), corrections, base):
        if step.voided:
            log.voided.append(
                {"seq": step.record.seq, "session": step.record.session, "line": "", "reason": ""}
            )
        else:
            log.keep(step)
    return log


def _start_of_part(campaign: Campaign, seq: int) -> int:
    """The first event of the part of the log `seq` is told in: its session's start, or
    (of no session) the event after the last session's end; read backwards, so a proof
    reads one session, not the log."""
    session: int | None = None
    for record in campaign.store.read_backwards(campaign.campaign, upto=seq):
        if record.seq == seq:
            session = record.session
            if session is not None and record.type == "SessionStarted":
                return seq
            continue
        if session is None and record.session is not None:
            return record.seq + 1
        if session is not None and record.type == "SessionStarted" and record.session == session:
            return record.seq
    return 1


def _collect(
    log: Log,
    records: Iterable[Recorded],
    corrections: Corrections,
    start: CampaignState | None = None,
    only: int | None = None,
) -> CampaignState:
    """Walk `records`, keeping each event of session `only` (every event when None); the
    voided ones are listed, not kept. Returns the state at the end of the walk."""
    state = start or CampaignState()
    for step in steps(records, corrections, state):
        state = step.after
        if only is not None and step.record.session is None and not step.voided:
            if not log.by_session.get(only):
                log.between.append(step)  # since the last session, before this one began
            continue
        if only is not None and step.record.session != only:
            continue
        if step.voided:
            ruleset = load(step.before.ruleset) if step.before.ruleset else None
            log.voided.append(
                {
                    "seq": step.record.seq,
                    "session": step.record.session,
                    "line": describe(step.record, ruleset),
                    "reason": "",
                }
            )
        else:
            log.keep(step)
    return state


def _void_reasons(campaign: Campaign, corrections: Corrections, wanted: set[int]) -> dict[int, str]:
    """Why each of the `wanted` seqs was voided (read from their EventVoided records)."""
    reasons: dict[int, str] = {}
    for target in wanted:
        record = campaign.event(corrections.voided_by[target])
        if record is not None:
            reasons[target] = str(record.data.get("reason", ""))
    return reasons
