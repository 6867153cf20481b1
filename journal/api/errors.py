"""The errors the API raises, for scripts and the web pages: every refusal is a
`JournalError` (its message one sentence a GM can act on); `RuleError` a command its
rules refuse, `NotFound` a campaign,
character or seq that is not there, `StoreError` a database that cannot be read or
written, `UnreadableEvent` an event its rules cannot read (`void SEQ` sets it aside)."""

from __future__ import annotations

from journal.errors import JournalError, NotFound, RuleError, StoreError, UnreadableEvent

__all__ = ["JournalError", "NotFound", "RuleError", "StoreError", "UnreadableEvent"]
