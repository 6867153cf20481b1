"""`journal log`: the event log as documents (`log --json`, the pages' latest events) and
as the GM's text, both from one walk of the events (`walk`). The text reads only what its
lines show of each event (`Store.read_for_log`: no record made, none of the chain's
columns) and finds each event class's line once (`telling.lines.LineBook`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

import msgspec
from msgspec import Struct

from journal.documents import Document, JSONDict
from journal.errors import UnreadableEvent
from journal.events.canonical import JSON, sorted_json
from journal.events.recorded import Recorded, format_instant
from journal.events.registry import Event
from journal.projection import Corrections
from journal.rules.concerns import concerned
from journal.rules.core.evolve import evolve_core
from journal.rules.core.state import CampaignState, CharacterId, Meta
from journal.rules.ruleset import Ruleset
from journal.telling.lines import LineBook, Renames, with_new_names

__all__ = ["LogDocument", "LogEntry", "LogLine", "LogScope", "log_text", "walk"]


class LogEntry(Document):
    """One event of `log --json`: the export line's fields and whether it was voided. It
    keeps the payload as its JSON text, not the record's decoded payload: a log of a long
    campaign holds one small object per event, not a graph of them."""

    __slots__ = (
        "_data",
        "_recorded_at",
        "_text",
        "amended_by",
        "between",
        "campaign",
        "event_id",
        "game_time",
        "hash",
        "line",
        "prev_hash",
        "salts",
        "schema",
        "seq",
        "session",
        "type",
        "voided",
        "writer",
    )

    def __init__(
        self,
        record: Recorded,
        voided: bool,
        line: str = "",
        amended_by: int | None = None,
        between: int | None = None,
    ) -> None:
        self.campaign = record.campaign
        self.seq = record.seq
        self.event_id = record.event_id
        self.type = record.type
        self.schema = record.schema
        self._text = record.text
        self._data = record.data if record.text is None else None
        self._recorded_at = record.recorded_at
        self.game_time = record.game_time
        self.session = record.session
        self.prev_hash = record.prev_hash
        self.hash = record.hash
        #: who entered it (None: an event older journals wrote)
        self.writer = record.writer
        #: each field's salt, as the store keeps them (None: an event older journals wrote)
        self.salts = record.salts_text
        self.voided = voided
        #: the seq of the re-rule that amended this ruling (the fold reads it as amended)
        self.amended_by = amended_by
        #: the line `journal log` prints (not in the JSON)
        self.line = line
        #: `log --session N`: N, for an event logged between session N-1 and N (its
        #: `session` is null)
        self.between = between

    @property
    def data(self) -> JSON:
        """The payload, its keys sorted at every depth as an export has them."""
        data = self._data if self._text is None else msgspec.json.decode(self._text)
        return sorted_json(data)

    @property
    def recorded_at(self) -> str:
        return format_instant(self._recorded_at)

    def to_json(self) -> JSONDict:
        return {
            "campaign": self.campaign,
            "seq": self.seq,
            "event_id": self.event_id,
            "type": self.type,
            "schema": self.schema,
            "data": self.data,
            "recorded_at": self.recorded_at,
            "game_time": self.game_time,
            "session": self.session,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
            "writer": self.writer,
            "salts": None if self.salts is None else msgspec.json.decode(self.salts),
            "voided": self.voided,
            "amended_by": self.amended_by,
        }


class LogDocument(Document, Struct, frozen=True):
    """`log --json`: a JSON array of events in seq order."""

    entries: tuple[LogEntry, ...]
    #: with `--character`: who they are, by every name (`Tobias (was Tobais until #12)`)
    heading: str | None = None

    def to_json(self) -> list[JSON]:
        return [entry.to_json() for entry in self.entries]

    def text(self, writers: bool = False) -> str:
        """`journal log` (under its heading, when it follows one character); with
        `writers`, who entered each event (`-` when not known)."""
        return log_text(self.entries, self.heading, writers)


class LogLine(Struct, frozen=True, gc=False):
    """One line of `journal log`'s text (`Journal.log_text`): what `LogEntry` holds of an
    event for it, made in C (a log makes one per event)."""

    writer: str | None
    seq: int
    line: str
    voided: bool
    amended_by: int | None
    between: int | None


class _Shown(Protocol):
    """What a line of the log's text shows of an event (a `LogEntry`, a `LogLine`)."""

    @property
    def writer(self) -> str | None: ...
    @property
    def seq(self) -> int: ...
    @property
    def line(self) -> str: ...
    @property
    def voided(self) -> bool: ...
    @property
    def amended_by(self) -> int | None: ...
    @property
    def between(self) -> int | None: ...


def log_text(entries: Sequence[_Shown], heading: str | None, writers: bool) -> str:
    """`journal log` (under `heading`, when it follows one character); with `writers`, who
    entered each event (`-` when not known)."""
    if writers:
        width = max((len(e.writer or "-") for e in entries), default=1)
        lines = [f"#{e.seq:<4} {e.writer or '-':<{width}}  {e.line}{_mark(e)}" for e in entries]
    else:  # most events are unmarked: asked first, without a call
        lines = [
            f"#{e.seq:<4} {e.line}{_mark(e)}"
            if e.voided or e.between or e.amended_by is not None
            else f"#{e.seq:<4} {e.line}"
            for e in entries
        ]
    return "\n".join([f"{heading}:", *lines] if heading else lines)


def _mark(entry: _Shown) -> str:
    if entry.between:
        return f" [before session {entry.between}]" + (" [voided]" if entry.voided else "")
    if entry.voided:
        return " [voided]"
    if entry.amended_by is not None:
        return f" [amended by #{entry.amended_by}]"
    return ""


#: the part of a row a payload is read from (a record, or its JSON text), and what the
#: entry is made of besides the line (the record, or the writer)
B = TypeVar("B")
X = TypeVar("X")
T = TypeVar("T")

#: what a log keeps of the events (`Journal._log_scope`): the session (None: all), the seq
#: its session began after, the character (None: all), the renames (None: none to show)
LogScope = tuple[int | None, int, CharacterId | None, Renames | None]

#: the events that change who holds a name (`projection.names_walk`)
_NAMING = frozenset({"CharacterAdded", "CharacterRenamed"})


def walk(
    rows: Iterable[tuple[int, str, int, B, int | None, X]],
    payload_of: Callable[[int, str, int, B], Event],
    corrections: Corrections,
    ruleset: Ruleset,
    scope: LogScope,
    entry: Callable[[X, int, str, bool, int | None, int | None], T],
) -> list[T]:
    """The log's entries of `rows` (seq, type, schema, the payload's source, session, X):
    `entry(X, seq, line, voided, amended_by, between)` for each event `scope` keeps
    (session, the seq its session began after, the character, the renames). Who held which
    name at each seq is the light walk of `projection.names_walk`: only the events that name
    characters anew are folded. An event its rules cannot read says so in its line."""
    session, since, ident, renames = scope
    book = LineBook(ruleset)
    amended, amended_by, voided = corrections.amended, corrections.amended_by, corrections.voided
    state = CampaignState()
    found = []
    began = False  # the session asked for has begun: no more "between" events
    for seq, kind, schema, source, at, extra in rows:
        before = state
        if kind in _NAMING and seq not in voided:
            named = amended.get(seq) or payload_of(seq, kind, schema, source)
            state = evolve_core(state, named, Meta(seq))  # only its seq is read
        between = None
        if session is not None and at != session:
            if at is not None or seq <= since or began:
                continue
            between = session
        began = began or (session is not None and at == session)
        payload = None
        if ident is not None:
            payload = payload_of(seq, kind, schema, source)
            if ident not in concerned(payload, before, state, ruleset):
                continue
        names = None
        if renames is not None:
            if kind == "RulingAmended":
                payload = payload or payload_of(seq, kind, schema, source)
                names = renames.of_payload(payload, state)
            else:
                names = renames.held(state.ids)
        ruling = amended.get(seq)
        if ruling is not None:  # the ruling as amended stands in its place
            payload = ruling
        elif payload is None:
            try:
                payload = payload_of(seq, kind, schema, source)
            except UnreadableEvent as exc:  # voided, else nothing reads the campaign
                line = f"{kind}, which its rules cannot read ({exc.why})"
                found.append(entry(extra, seq, line, seq in voided, amended_by.get(seq), between))
                continue
        line = book.line(payload)
        if names:
            line = with_new_names(line, names)
        found.append(entry(extra, seq, line, seq in voided, amended_by.get(seq), between))
    return found
