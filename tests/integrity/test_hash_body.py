"""The hash covers the canonical JSON of the event (sorted keys, the slug and the writer
only when hashed): `chain_hash` encodes it from a struct whose fields are in that order,
and must give the very hash the documented object gives, for every kind of event."""

from __future__ import annotations

import hashlib
from datetime import datetime

from hypothesis import given
from hypothesis import strategies as st

from journal.events.canonical import canonical_bytes
from journal.events.chain import chain_hash, hashed_body
from journal.events.recorded import Recorded, format_instant

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
payloads = st.dictionaries(texts, st.none() | st.booleans() | st.integers() | texts, max_size=4)


def _as_documented(prev: str, body: dict[str, object]) -> str:
    return hashlib.sha256(prev.encode() + canonical_bytes(body)).hexdigest()


@given(
    prev=st.sampled_from(["", "ab" * 32]),
    campaign=st.none() | st.sampled_from(["", "long", "the-night"]),
    seq=st.integers(1, 2**53),
    type_=texts,
    schema=st.integers(1, 9),
    data=payloads,
    moment=st.datetimes(),
    game_time=st.none() | st.just("1925-10-31T22:00"),
    session=st.none() | st.integers(1, 99),
    writer=st.none() | texts,
    given_text=st.booleans(),
)
def test_the_struct_body_hashes_as_the_canonical_object(
    prev: str,
    campaign: str | None,
    seq: int,
    type_: str,
    schema: int,
    data: dict[str, object],
    moment: datetime,
    game_time: str | None,
    session: int | None,
    writer: str | None,
    given_text: bool,
) -> None:
    event_id = "6f1d2a43-5b7e-4c39-9a55-1f0e2d7c8b90"
    body: dict[str, object] = {
        "seq": seq,
        "event_id": event_id,
        "type": type_,
        "schema": schema,
        "data": data,
        "recorded_at": format_instant(moment),
        "game_time": game_time,
        "session": session,
    }
    if campaign is not None:
        body["campaign"] = campaign
    if writer is not None:
        body["writer"] = writer
    hashed = chain_hash(
        prev,
        campaign=campaign,
        seq=seq,
        event_id=event_id,
        type=type_,
        schema=schema,
        data=canonical_bytes(data) if given_text else data,
        recorded_at=moment,
        game_time=game_time,
        session=session,
        writer=writer,
        instant=format_instant(moment) if given_text else None,
    )
    assert hashed == _as_documented(prev, body)


@given(
    prev=st.sampled_from(["", "ab" * 32]),
    legacy=st.booleans(),
    data=payloads,
    moment=st.datetimes(),
    writer=st.none() | texts,
    as_text=st.sampled_from(["none", "canonical", "otherwise"]),
)
def test_the_revealed_body_is_what_the_hash_covers(
    prev: str,
    legacy: bool,
    data: dict[str, object],
    moment: datetime,
    writer: str | None,
    as_text: str,
) -> None:
    """`hashed_body` (what `prove --reveal` discloses) gives the very bytes the chain hash
    covers, in either scheme, from the stored text or (a text written otherwise, none)
    the payload; an altered event gives none."""
    fields = {
        "seq": 7, "event_id": "6f1d2a43-5b7e-4c39-9a55-1f0e2d7c8b90", "type": "NoteTaken",
        "schema": 1, "data": data, "recorded_at": moment, "game_time": None, "session": 2,
        "writer": writer,
    }  # fmt: skip
    hashed = chain_hash(prev, campaign=None if legacy else "night", **fields)  # type: ignore[arg-type]
    text = {"none": None, "canonical": canonical_bytes(data).decode(), "otherwise": " {} "}
    record = Recorded(campaign="night", prev_hash=prev, hash=hashed, text=text[as_text], **fields)  # type: ignore[arg-type]
    body = hashed_body(record)
    assert body is not None and hashlib.sha256(prev.encode() + body).hexdigest() == hashed
    documented = {k: v for k, v in fields.items() if v is not None or k == "game_time"}
    documented = {**documented, "recorded_at": format_instant(moment)}
    if not legacy:
        documented["campaign"] = "night"
    assert body == canonical_bytes(documented)
    altered = Recorded(campaign="night", prev_hash=prev, hash="00" * 32, **fields)  # type: ignore[arg-type]
    assert hashed_body(altered) is None
