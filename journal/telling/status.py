"""The heading line of `journal status` and of the live board, neutral of any ruleset."""

from __future__ import annotations

from journal.documents import StatusDocument


def status_heading(document: StatusDocument) -> str:
    """`Night (night, RULESET) at event 12 - session 2, 1925-10-31T22:00`."""
    head = f"{document.title} ({document.campaign}, {document.ruleset}) at event {document.seq}"
    extras = []
    if document.session:
        extras.append(f"session {document.session}")
    if document.clock:
        extras.append(document.clock)
    if extras:
        head += " - " + ", ".join(extras)
    return head
