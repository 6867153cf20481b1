"""An event about to be appended (`Draft`), and sealing it onto a campaign's chain: the
record it becomes at its seq, linked to the event before it by SHA-256 (`seal`)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple

from journal.events.canonical import canonical_bytes
from journal.events.chain import chain_hash
from journal.events.disclosure import new_salts
from journal.events.recorded import Recorded


class Draft(NamedTuple):
    """An event about to be appended: the payload and the envelope fields the caller knows
    (a named tuple: an import makes one per line)."""

    type: str
    schema: int
    data: Mapping[str, Any]
    game_time: str | None = None
    session: int | None = None
    event_id: str = ""
    recorded_at: datetime | None = None
    #: who entered it (None: not known, as in the events of older journals)
    writer: str | None = None
    #: each payload field's salt: True, fresh ones from the operating system (an event
    #: written now); False, none (an older journal's event, imported as it was hashed; a
    #: chain's seal); or the salts an exported event carried
    salts: Mapping[str, str] | bool = True


def utc_now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def naive_utc(moment: datetime) -> datetime:
    """A moment in UTC without its zone, as the events SQL table keeps it."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def seal(
    campaign: str,
    seq: int,
    prev_hash: str,
    draft: Draft,
    *,
    legacy: bool = False,
    canonical: bytes | None = None,
    instant: str | None = None,
) -> Recorded:
    """The record of a draft at `seq`, linked to `prev_hash` and bound to `campaign` (with
    `legacy`, hashed as an older journal did, without the campaign: only an import checking
    an older export asks for that). Its payload is encoded once, as the canonical JSON the
    hash covers and the store keeps: `verify` hashes that stored text as it is
    (`canonical`: that JSON of `draft.data`, when the caller made it already; `instant`:
    `draft.recorded_at` as the hash writes it, when the caller read it so). Its id, unless
    the draft brings one, and its salts (`Draft.salts`) come from the operating system's
    random source, never from its content."""
    event_id = draft.event_id or str(uuid.uuid4())
    recorded_at = naive_utc(draft.recorded_at or utc_now())
    data_json = canonical_bytes(draft.data) if canonical is None else canonical
    given = draft.salts
    salts: Mapping[str, str] | None
    if given is True:
        salts = new_salts(draft.data)
    elif given is False:
        salts = None
    else:
        salts = given
    link = chain_hash(
        prev_hash,
        campaign=None if legacy else campaign,
        seq=seq,
        event_id=event_id,
        type=draft.type,
        schema=draft.schema,
        data=data_json,
        recorded_at=recorded_at,
        game_time=draft.game_time,
        session=draft.session,
        writer=draft.writer,
        instant=instant,
        salts=salts,
    )
    return Recorded(
        campaign,
        seq,
        event_id,
        draft.type,
        draft.schema,
        draft.data,
        recorded_at,
        draft.game_time,
        draft.session,
        prev_hash,
        link,
        text=data_json,
        writer=draft.writer,
        salts=salts,
    )


def rechain(campaign: str, prev_hash: str, records: Sequence[Recorded]) -> list[Recorded]:
    """The records sealed again onto this database's chain, from `prev_hash`."""
    sealed = []
    for r in records:
        salts = r.salts
        draft = Draft(
            r.type,
            r.schema,
            r.data,
            r.game_time,
            r.session,
            r.event_id,
            r.recorded_at,
            r.writer,
            False if salts is None else salts,
        )
        sealed.append(seal(campaign, r.seq, prev_hash, draft))
        prev_hash = sealed[-1].hash
    return sealed
