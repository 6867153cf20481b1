"""Errors the journal reports to the GM as one `Error:` line (never a traceback)."""


class JournalError(Exception):
    """A refusal or failure with a message written for the GM: what is wrong, what to do."""

    exit_code = 1


class RuleError(JournalError):
    """The rules refuse a command (a decider's answer)."""


class NotFound(JournalError):
    """A campaign, character, session or event that does not exist."""


class ConcurrencyConflict(JournalError):
    """Another writer appended to the campaign first."""


class StoreError(JournalError):
    """The database cannot be used as it is (not a journal, out of date, unreachable)."""


class SnapshotsUnavailable(StoreError):
    """The snapshots table (a cache) is missing or not the journal's: commands fold the
    whole log, and `journal db upgrade` makes it again."""
