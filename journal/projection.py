"""The one fold: the campaign's state as a fold of its events, skipping voided ones.

`steps` walks records in seq order and yields, for each, the state before, the event and
the state after; every reader that needs the story of a number (explain, recaps, arcs, the
audit) walks these steps, and `fold` is the same walk keeping only the last state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple, TypeVar

from msgspec.structs import replace

from journal.errors import UnreadableEvent
from journal.events.recorded import FoldRow, Recorded
from journal.events.registry import Event, from_data, from_json, to_data
from journal.rules import load
from journal.rules.core.events import CampaignCreated, RulingAmended
from journal.rules.core.evolve import CORE_EVENTS, evolve_core
from journal.rules.core.state import CampaignState, Meta
from journal.rules.ruleset import Ruleset

#: Decides what to fold in place of a recorded event (the audit folds its own decisions):
#: `(state before, record, the event as it stands) -> the payload to fold, or None`.
Substitute = Callable[[CampaignState, Recorded, Event], Event | None]


@dataclass(frozen=True)
class Corrections:
    """What later events did to earlier ones: the seqs voided, the rulings amended (a
    re-rule), and how far back each correction reaches (a snapshot folded past a target
    is stale once its correction is made)."""

    voided: frozenset[int] = frozenset()
    amended: Mapping[int, Event] = field(default_factory=dict)
    #: (seq of the correction, seq it corrects)
    reaches: tuple[tuple[int, int], ...] = ()
    #: voided seq -> the seq of the EventVoided that voided it
    voided_by: Mapping[int, int] = field(default_factory=dict)
    #: amended seq -> the seq of the RulingAmended that stands
    amended_by: Mapping[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, rows: Iterable[tuple[int, str, Mapping[str, object]]]) -> Corrections:
        """From the EventVoided and RulingAmended events (seq, type, data), in seq order;
        a voided amendment corrects nothing, the latest amendment of a ruling wins."""
        voided: dict[int, int] = {}
        amendments: list[tuple[int, int, Mapping[str, object]]] = []
        reaches = []
        for seq, kind, data in rows:
            target = data.get("seq")
            if not isinstance(target, int):
                continue
            reaches.append((seq, target))
            if kind == "EventVoided":
                voided[target] = seq
            else:
                amendments.append((seq, target, data))
        amended: dict[int, Event] = {}
        amended_by: dict[int, int] = {}
        for seq, target, data in amendments:
            if seq in voided:
                continue  # never read: a void takes back an amendment its rules cannot read
            try:
                found = from_data("RulingAmended", 1, data)
                if isinstance(found, RulingAmended):
                    amended[target], amended_by[target] = found.amended(), seq
            except (ValueError, TypeError) as exc:
                raise UnreadableEvent(seq, "RulingAmended", str(exc).split("\n")[0]) from None
        return cls(frozenset(voided), amended, tuple(reaches), voided, amended_by)

    @classmethod
    def voiding(cls, seqs: Iterable[int]) -> Corrections:
        return cls(frozenset(seqs))

    def with_void(self, made: int, target: int) -> Corrections:
        """These corrections and one more void (made at seq `made`)."""
        return Corrections(
            self.voided | {target},
            {k: v for k, v in self.amended.items() if k != target},
            (*self.reaches, (made, target)),
            {**self.voided_by, target: made},
            {k: v for k, v in self.amended_by.items() if k != target},
        )

    def reach_back(self, seq: int) -> bool:
        """Whether a correction made after `seq` changes an event at or before it."""
        return any(made > seq and target <= seq for made, target in self.reaches)


NONE = Corrections()


class Step(NamedTuple):
    """One event of the walk: the state before it and after it. A voided event (and one the
    audit's substitute refused) changes nothing: `payload` is None and `after` is `before`
    at the next seq."""

    record: Recorded
    payload: Event | None
    before: CampaignState
    after: CampaignState

    @property
    def voided(self) -> bool:
        return self.payload is None


def as_ruled(record: Recorded, ruling: Event) -> Recorded:
    """`record` with the ruling that stands in its place (a re-rule's or an amendment's):
    same seq and envelope, the amended payload. What explain, recaps and the log show."""
    found = Recorded(
        record.campaign,
        record.seq,
        record.event_id,
        ruling.type,
        ruling.schema,
        to_data(ruling),
        record.recorded_at,
        record.game_time,
        record.session,
        record.prev_hash,
        record.hash,
    )
    found._payload = ruling  # already decoded: never read from text again
    return found


def meta_of(record: Recorded) -> Meta:
    return Meta(record.seq, record.game_time, record.session, record.recorded_at)


def apply(
    state: CampaignState, payload: Event, meta: Meta, ruleset: Ruleset | None
) -> CampaignState:
    """Fold one (non-voided) event: the core part, then the ruleset's part (a ruleset's
    event, which the core does not fold, in one copy: a replay's hot path)."""
    if ruleset is not None and type(payload) not in CORE_EVENTS:
        return replace(state, rules=ruleset.evolve(state, payload, meta), seq=meta.seq)
    state = evolve_core(state, payload, meta)
    if isinstance(payload, CampaignCreated):
        ruleset = load(payload.ruleset)
        state = replace(state, rules=ruleset.initial())
    if ruleset is not None:
        return replace(state, rules=ruleset.evolve(state, payload, meta), seq=meta.seq)
    return replace(state, seq=meta.seq)


def envelope(state: CampaignState, payload: Event) -> tuple[str | None, int | None]:
    """The game time and session an event is stamped with: the clock and session as they
    stand once the event has happened (a SessionEnded still belongs to its session)."""
    after = evolve_core(state, payload, Meta(state.seq + 1))
    return after.clock, after.session if after.session is not None else state.session


def steps(
    records: Iterable[Recorded],
    corrections: Corrections = NONE,
    start: CampaignState | None = None,
    substitute: Substitute | None = None,
) -> Iterator[Step]:
    """Walk `records` (in seq order) from `start`, yielding each event's Step: a voided
    event folds nothing, an amended ruling folds as amended (and its step's record is the
    ruling as amended: `as_ruled`)."""
    state = start or CampaignState()
    ruleset = load(state.ruleset) if state.ruleset else None
    voided, amended = corrections.voided, corrections.amended
    for record in records:
        payload: Event | None = None
        if record.seq not in voided:
            payload = amended.get(record.seq)
            if payload is None:
                payload = record.payload
            else:
                record = as_ruled(record, payload)
            if substitute is not None:
                payload = substitute(state, record, payload)
        if payload is None:
            after = replace(state, seq=record.seq)
        else:
            after = apply(state, payload, meta_of(record), ruleset)
            if ruleset is None and after.ruleset:
                ruleset = load(after.ruleset)
        yield Step(record, payload, state, after)
        state = after


def same_but_seq(state: CampaignState, other: CampaignState) -> bool:
    """Whether two states differ by their seq alone (every other part the very same
    object, as a fold leaves what an event did not touch): a status, a function of the
    state but its seq, is then the same, and need not be read again."""
    return all(getattr(state, key) is getattr(other, key) for key in _BUT_SEQ)


#: every field of a campaign state but its seq
_BUT_SEQ = tuple(name for name in CampaignState.__struct_fields__ if name != "seq")


def names_walk(
    records: Iterable[Recorded], corrections: Corrections = NONE
) -> Iterator[tuple[Recorded, CampaignState, CampaignState]]:
    """Each record with the core's state before and after it, for who held which name at
    its seq (`narrate.concerned`): the light walk of `log`. Only the events that name
    characters anew (an addition, a rename) are folded; for every other record both states
    are the one before it (their `seq` is not the record's)."""
    state = CampaignState()
    voided, amended = corrections.voided, corrections.amended
    for record in records:
        before = state
        if record.type in _NAMING and record.seq not in voided:
            payload = amended.get(record.seq) or record.payload
            state = evolve_core(state, payload, meta_of(record))
        yield record, before, state


#: the events that change who holds a name
_NAMING = frozenset({"CharacterAdded", "CharacterRenamed"})


def fold(
    records: Iterable[Recorded],
    corrections: Corrections = NONE,
    start: CampaignState | None = None,
) -> CampaignState:
    """The state after `records`: the walk of `steps`, keeping only the last state."""
    rows = ((r.seq, r.type, r.schema, r, r.recorded_at, r.game_time, r.session) for r in records)
    return _fold(rows, _payload_of, corrections, start)


def fold_rows(
    rows: Iterable[FoldRow],
    corrections: Corrections = NONE,
    start: CampaignState | None = None,
) -> CampaignState:
    """`fold` of what `Store.read_for_fold` reads: each payload decoded from its text, no
    record made (a replay's hot path)."""
    return _fold(rows, from_json, corrections, start)


#: the part of a row a payload is read from: a record, or its JSON text
B = TypeVar("B")


def _payload_of(kind: str, schema: int, record: Recorded) -> Event:
    return record.payload


def _fold(
    rows: Iterable[tuple[int, str, int, B, datetime, str | None, int | None]],
    payload_of: Callable[[str, int, B], Event],
    corrections: Corrections,
    start: CampaignState | None,
) -> CampaignState:
    # the loop of `steps` without making a Step per event
    state = start or CampaignState()
    ruleset = load(state.ruleset) if state.ruleset else None
    voided, amended = corrections.voided, corrections.amended
    for seq, kind, schema, body, recorded_at, game_time, session in rows:
        if seq in voided:
            state = replace(state, seq=seq)
            continue
        payload = amended.get(seq)
        if payload is None:
            try:
                payload = payload_of(kind, schema, body)
            except (ValueError, TypeError) as exc:  # an event stored otherwise than read
                raise UnreadableEvent(seq, kind, str(exc).split("\n")[0]) from None
        state = apply(state, payload, Meta(seq, game_time, session, recorded_at), ruleset)
        if ruleset is None and state.ruleset:
            ruleset = load(state.ruleset)
    return state
