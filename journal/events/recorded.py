"""The event envelope as stored: `Recorded` (its place in the stream, payload, chain link)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

import msgspec

from journal.errors import UnreadableEvent
from journal.events.canonical import JSON, canonical_json, sorted_json
from journal.events.registry import Event, from_data, from_json

#: what a replay reads of an event (`Store.read_for_fold`, `projection.fold_rows`): seq,
#: type, schema, the payload's JSON text, recorded_at, game_time, session. No record is
#: made of it, and none of the chain's columns is read: a replay's hot path.
FoldRow = tuple[int, str, int, str | bytes, datetime, str | None, int | None]

#: what the text of `journal log` reads of an event (`Store.read_for_log`): seq, type,
#: schema, the payload's JSON text, session, writer. None of the chain's columns, no instant.
LogRow = tuple[int, str, int, str | bytes, int | None, str | None]


class Recorded:
    """An event as stored: its place in the campaign's stream, its payload and its chain link.

    A record read from the store keeps the payload's JSON text and decodes it once, when
    first asked: straight into the typed payload (the journal wrote and checked it), or
    into `data` for the readers that want the plain object.
    """

    __slots__ = (
        "_data",
        "_payload",
        "_salts",
        "_text",
        "campaign",
        "event_id",
        "game_time",
        "hash",
        "prev_hash",
        "recorded_at",
        "schema",
        "seq",
        "session",
        "type",
        "writer",
    )

    def __init__(
        self,
        campaign: str,
        seq: int,
        event_id: str,
        type: str,
        schema: int,
        data: Mapping[str, object] | None,
        recorded_at: datetime,
        game_time: str | None,
        session: int | None,
        prev_hash: str,
        hash: str,
        *,
        text: str | bytes | None = None,
        writer: str | None = None,
        salts: Mapping[str, str] | str | None = None,
    ) -> None:
        if data is None and text is None:
            raise TypeError("a record needs its data or its JSON text")
        self.campaign = campaign
        self.seq = seq
        self.event_id = event_id
        self.type = type
        self.schema = schema
        self.recorded_at = recorded_at
        self.game_time = game_time
        self.session = session
        self.prev_hash = prev_hash
        self.hash = hash
        #: who entered it (`--writer`, `JOURNAL_WRITER`, user@host); None before schema 0004
        self.writer = writer
        #: each payload field's salt (schema 0006, `journal.events.disclosure`): the hash
        #: covers their digests; None for the events older journals wrote (and seals)
        self._salts = salts
        self._data = data
        self._text = text
        self._payload: Event | None = None

    def __repr__(self) -> str:
        return f"Recorded({self.campaign!r}, {self.seq}, {self.type})"

    @property
    def data(self) -> Mapping[str, object]:
        """The payload as a plain JSON object."""
        if self._data is None:
            assert self._text is not None
            self._data = msgspec.json.decode(self._text)
        return self._data

    @property
    def salts(self) -> Mapping[str, str] | None:
        """Each payload field's salt (None: an event older journals wrote, unsalted)."""
        if isinstance(self._salts, str):
            self._salts = msgspec.json.decode(self._salts, type=dict[str, str])
        return self._salts

    @property
    def salts_text(self) -> str | None:
        """The salts as the store keeps them (canonical JSON), None when unsalted."""
        salts = self._salts
        if salts is None or isinstance(salts, str):
            return salts
        return canonical_json(salts)

    @property
    def text(self) -> str | bytes | None:
        """The payload's JSON text as stored (canonical when the journal sealed it), if known."""
        return self._text

    @property
    def payload(self) -> Event:
        """The typed payload, decoded once."""
        if self._payload is None:
            try:
                if self._text is not None and self._data is None:
                    self._payload = from_json(self.type, self.schema, self._text)
                else:
                    self._payload = from_data(self.type, self.schema, self.data)
            except (ValueError, TypeError) as exc:  # msgspec's DecodeError is a ValueError
                raise UnreadableEvent(self.seq, self.type, _first(exc), self.campaign) from None
        return self._payload

    def export(self) -> dict[str, JSON]:
        """The export line (JSON Lines) and `log --json` fields; `writer` when it is known
        and `salts` when the event has them (an event older journals wrote has neither,
        and its line reads as it did)."""
        line: dict[str, JSON] = {
            "campaign": self.campaign,
            "seq": self.seq,
            "event_id": self.event_id,
            "type": self.type,
            "schema": self.schema,
            "data": sorted_json(self.data),
            "recorded_at": format_instant(self.recorded_at),
            "game_time": self.game_time,
            "session": self.session,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }
        if self.writer is not None:
            line["writer"] = self.writer
        salts = self.salts
        if salts is not None:
            line["salts"] = dict(sorted(salts.items()))
        return line


def decoded(campaign: str, seq: int, kind: str, schema: int, text: str | bytes) -> Event:
    """The typed payload of a stored event read as its JSON text (a `LogRow`), as
    `Recorded.payload` decodes it: an event its rules cannot read raises UnreadableEvent."""
    try:
        return from_json(kind, schema, text)
    except (ValueError, TypeError) as exc:  # msgspec's DecodeError is a ValueError
        raise UnreadableEvent(seq, kind, _first(exc), campaign) from None


def format_instant(moment: datetime) -> str:
    """UTC wall-clock time as ISO 8601 with microseconds and a Z."""
    if moment.year < 1000 or moment.tzinfo is not None:  # strftime's year has no zeros
        return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    return moment.isoformat(timespec="microseconds") + "Z"


def _first(exc: Exception) -> str:
    """The first line of what the decoding said."""
    told = str(exc).strip()
    return told.splitlines()[0][:200] if told else type(exc).__name__
