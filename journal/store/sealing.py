"""Binding the chain an older journal wrote to its campaign: the `ChainSealed` event.

Older journals (database schema before 0003) hashed each event without its campaign's
slug, so a campaign's events could be moved under another name unseen. Events are never
updated, so those hashes stay; the event appended after them, `ChainSealed`, is hashed with
the slug like every event since, and through its prev_hash it binds the whole chain before
it to the campaign. `journal db upgrade` (migration 0003) seals every such campaign, and
an import of an older export seals it at its end. `verify` accepts the slug-free scheme
only for a campaign's leading run of events, and only when an event hashed with the slug
follows it.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from journal.events.chain import is_legacy
from journal.events.recorded import Recorded
from journal.store.drafts import Draft, seal
from journal.store.rows import insert_row, recorded_from_row

if TYPE_CHECKING:
    from sqlalchemy import Connection

#: the event type (a core event: `journal.rules.core.events.ChainSealed`, a no-op for projections)
SEALED = "ChainSealed"
_NAMESPACE = uuid.UUID("0b6f3c1e-7d4a-4e0b-9a4f-2c8e5d1b7a63")


def seal_after(head: Recorded) -> Recorded | None:
    """The seal to append after `head`, the newest event of its campaign, when the chain
    ends in the slug-free scheme (None when it is bound to its campaign already). The same
    chain gets the same seal (its id derives from the campaign and the head's hash, its
    moment is the head's), so two copies of a database sealed apart still agree."""
    if not is_legacy(head):
        return None
    draft = Draft(
        SEALED,
        1,
        {"events": head.seq},
        event_id=str(uuid.uuid5(_NAMESPACE, f"{head.campaign}\n{head.hash}")),
        recorded_at=head.recorded_at,
        salts=False,  # derived, like its id: it holds nothing the chain before it does not
    )
    return seal(head.campaign, head.seq + 1, head.hash, draft)


def seal_legacy_chains(conn: Connection) -> list[Recorded]:
    """Seal every campaign of the database whose chain ends in the slug-free scheme, in the
    caller's transaction (Alembic's, migration 0003); returns the seals appended."""
    from journal.store.layout import RECORD
    from journal.store.statements import at_schema

    # the columns of schema 0003 (it runs there): not the `writer` of 0004
    statements = at_schema(conn.dialect.name, RECORD[: RECORD.index("writer")])
    slugs = [str(s) for (s,) in conn.exec_driver_sql(statements["campaigns"])]
    sealed = []
    for slug in sorted(slugs):
        row = conn.exec_driver_sql(statements["newest"], {"campaign": slug}).first()
        record = None if row is None else seal_after(recorded_from_row(slug, row))
        if record is not None:
            conn.exec_driver_sql(statements["insert_event"], insert_row(record))
            sealed.append(record)
    return sealed
