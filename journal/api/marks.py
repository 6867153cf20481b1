"""The marks a board's rows and cells carry (`BoardRow.mark`, `BoardCell.mark`), which a
page shows by symbol and words: a character who froze this turn, one who has yet to act on
it, one who acted."""

from __future__ import annotations

from journal.documents import ACTED, FROZEN, WAITING

__all__ = ["ACTED", "FROZEN", "WAITING"]
