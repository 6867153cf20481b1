"""The hash chain: each event's hash binds it to the one before it and to its campaign."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import datetime

import msgspec

from journal.events.canonical import canonical_bytes
from journal.events.disclosure import committed
from journal.events.recorded import Recorded, format_instant

GENESIS_HASH = ""


class _Body(msgspec.Struct, kw_only=True, omit_defaults=True):
    """What a hash covers after the link before it: its fields in sorted order, as the
    canonical JSON of the same object has them (an import hashes one a line, and a struct
    encodes faster than a dict sorted on each encoding)."""

    campaign: str | None = None  # None: the legacy scheme, without the slug
    data: msgspec.Raw
    event_id: str
    game_time: str | None
    recorded_at: str
    schema: int
    seq: int
    session: int | None
    type: str
    writer: str | None = None  # None: not hashed, as in older journals


_BODY = msgspec.json.Encoder()


def chain_hash(
    prev_hash: str,
    *,
    campaign: str | None,
    seq: int,
    event_id: str,
    type: str,
    schema: int,
    data: Mapping[str, object] | bytes,
    recorded_at: datetime,
    game_time: str | None,
    session: int | None,
    writer: str | None = None,
    instant: str | None = None,
    salts: Mapping[str, str] | None = None,
) -> str:
    """hash = sha256(prev_hash + canonical JSON of the event, its campaign's slug included).

    `campaign=None` gives the legacy scheme of older journals (database schema before 0003:
    the slug not hashed), which `verify` accepts only for a campaign's leading run of
    events, bound to the campaign by the event after it (`ChainSealed`, hashed with it).
    `data` may be given as its canonical JSON already (what `seal` stores). The writer is
    hashed when the event names one (schema 0004 on), so older hashes stay valid. `instant`:
    `recorded_at` as `format_instant` writes it, when the caller has that text already.
    With `salts` (every event written from schema 0006 on), the payload's place holds the
    digests of its salted parts (`journal.events.disclosure.committed`), not its words."""
    body = _hashed_bytes(
        campaign=campaign,
        seq=seq,
        event_id=event_id,
        type=type,
        schema=schema,
        data=data,
        recorded_at=recorded_at,
        game_time=game_time,
        session=session,
        writer=writer,
        instant=instant,
        salts=salts,
    )
    return _link(prev_hash, body)


def _hashed_bytes(
    *,
    campaign: str | None,
    seq: int,
    event_id: str,
    type: str,
    schema: int,
    data: Mapping[str, object] | bytes,
    recorded_at: datetime,
    game_time: str | None,
    session: int | None,
    writer: str | None = None,
    instant: str | None = None,
    salts: Mapping[str, str] | None = None,
) -> bytes:
    """The bytes a chain hash covers after the hash before it (`chain_hash` says what)."""
    if salts is not None:
        data = committed(data, salts)
    body = _Body(
        campaign=campaign,
        data=msgspec.Raw(data if isinstance(data, bytes) else canonical_bytes(data)),
        event_id=event_id,
        game_time=game_time,
        recorded_at=format_instant(recorded_at) if instant is None else instant,
        schema=schema,
        seq=seq,
        session=session,
        type=type,
        writer=writer,
    )
    return _BODY.encode(body)


def _link(prev_hash: str, body: bytes) -> str:
    return hashlib.sha256(prev_hash.encode("utf-8") + body).hexdigest()


def _record_body(record: Recorded, data: Mapping[str, object] | bytes, legacy: bool) -> bytes:
    """The bytes the record's hash covers after `prev_hash`, its payload given as `data`
    (its canonical JSON, or the payload to encode so), in either scheme."""
    return _hashed_bytes(
        campaign=None if legacy else record.campaign,
        seq=record.seq,
        event_id=record.event_id,
        type=record.type,
        schema=record.schema,
        data=data,
        recorded_at=record.recorded_at,
        game_time=record.game_time,
        session=record.session,
        writer=record.writer,
        salts=record.salts,
    )


def hashed_body(record: Recorded) -> bytes | None:
    """The very bytes the record's hash covers after `prev_hash` (what a proof holds, so a
    player recomputes the hash: of a salted event, its parts' digests; of an older one, its
    words): None when neither its stored text nor its canonical payload gives its hash, in
    either scheme."""
    stored = _stored_bytes(record)
    for data in (stored, record.data) if stored is not None else (record.data,):
        for legacy in (False, True):
            try:
                body = _record_body(record, data, legacy)
            except ValueError:  # DisclosureError, or a stored text that is no JSON object
                continue
            if _link(record.prev_hash, body) == record.hash:
                return body
    return None


def rehash(record: Recorded, *, legacy: bool = False) -> str:
    """The hash the record's content gives: bound to its campaign, or (`legacy`) in the
    slug-free scheme of older journals."""
    return _hash_of(record, record.data, legacy)


def rehash_stored(record: Recorded, *, legacy: bool = False) -> str | None:
    """`rehash` of the payload as its stored JSON text, byte for byte, neither decoded nor
    encoded again: the hash `seal` made when that text is the canonical JSON (what the
    journal stores). None when the record has no stored text. A text that does not give
    the record's hash may still be the same payload written otherwise (PostgreSQL's JSONB,
    an older journal's key order): `rehash` decides then."""
    text = _stored_bytes(record)
    return None if text is None else _hash_of(record, text, legacy)


def _stored_bytes(record: Recorded) -> bytes | None:
    """The record's stored JSON text as bytes (None: none, or not UTF-8 encodable)."""
    text = record.text
    if text is None or isinstance(text, bytes):
        return text
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return None


def _hash_of(record: Recorded, data: Mapping[str, object] | bytes, legacy: bool) -> str:
    """The hash the record's content gives ("" when its salts do not fit its payload: no
    hash is "")."""
    try:
        return _link(record.prev_hash, _record_body(record, data, legacy))
    except ValueError:  # DisclosureError, or a stored text that is no JSON object
        return ""


def is_legacy(record: Recorded) -> bool:
    """Whether the record's hash is of the slug-free scheme of older journals (and not of
    the current one): such a chain is bound to its campaign by a `ChainSealed` after it."""
    return rehash(record) != record.hash and rehash(record, legacy=True) == record.hash
