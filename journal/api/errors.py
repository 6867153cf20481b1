"""The errors the API raises, for scripts and the web pages: every refusal is a
`JournalError` (its message one sentence a GM can act on); `RuleError` a command its
rules refuse, `NotFound` a campaign,
character or seq that is not there, `StoreError` a database that cannot be read or
written, `UnreadableEvent` an event its rules cannot read (`void SEQ` sets it aside),
`RulesetUnavailable` a campaign whose ruleset cannot be loaded here (`journal rulesets`)."""

from __future__ import annotations

from journal.errors import (
    JournalError,
    NotFound,
    RuleError,
    RulesetUnavailable,
    StoreError,
    UnreadableEvent,
)

__all__ = [
    "JournalError",
    "NotFound",
    "RuleError",
    "RulesetUnavailable",
    "StoreError",
    "UnreadableEvent",
]
