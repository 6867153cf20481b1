"""Errors the journal reports to the GM as one `Error:` line (never a traceback)."""

from __future__ import annotations


class JournalError(Exception):
    """A refusal or failure with a message written for the GM: what is wrong, what to do."""

    exit_code = 1


class RuleError(JournalError):
    """The rules refuse a command (a decider's answer)."""


class RulesetUnavailable(RuleError):
    """An installed ruleset that cannot be used here: its plugin's import fails (whatever it
    raised, a call of sys.exit included), a part of it does, or it was written for another
    plugin contract. Its campaigns say so; every other ruleset and campaign goes on."""


class NotFound(JournalError):
    """A campaign, character, session or event that does not exist."""


class ConcurrencyConflict(JournalError):
    """Another writer appended to the campaign first."""


class StoreError(JournalError):
    """The database cannot be used as it is (not a journal, out of date, unreachable)."""


class SnapshotsUnavailable(StoreError):
    """The snapshots SQL table (a cache) is missing or not the journal's: commands fold the
    whole log, and `journal db upgrade` makes it again."""


class UnreadableEvent(StoreError):
    """An event already stored that its rules cannot read (an older journal's bug, a row
    written by hand): the campaign says so, naming the event and the fix, and every other
    campaign of the database goes on."""

    #: the events a void cannot take back (`rules.core.decide.UNVOIDABLE`)
    UNVOIDABLE = frozenset({"CampaignCreated", "ChainSealed", "EventVoided"})

    def __init__(self, seq: int, kind: str, why: str, campaign: str | None = None) -> None:
        self.seq, self.kind, self.why, self.campaign = seq, kind, why, campaign
        super().__init__(self.message())

    def of(self, campaign: str) -> UnreadableEvent:
        """The same, naming its campaign."""
        return self if self.campaign else UnreadableEvent(self.seq, self.kind, self.why, campaign)

    @property
    def fix(self) -> str:
        """What the GM does about it, as a command to type."""
        scope = f"--campaign {self.campaign} " if self.campaign else ""
        if self.kind in self.UNVOIDABLE:
            return (
                f"export the campaign (`journal {scope}export -o FILE`), mend or remove line "
                f"{self.seq} (taking every line's hash and prev_hash off) and import it again "
                "as a new campaign"
            )
        return (
            f"void it, which takes it out of every reading "
            f'(`journal {scope}void {self.seq} --reason "unreadable"`)'
        )

    @property
    def problem(self) -> str:
        where = f" of campaign {self.campaign!r}" if self.campaign else ""
        return f"event #{self.seq} ({self.kind}){where} cannot be read by its rules ({self.why})"

    def message(self) -> str:
        return f"{self.problem}: {self.fix}; `journal db check` lists every such event"
