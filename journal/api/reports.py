"""The documents of the database-level API (`journal.api.database_level`): what `campaign
new|use|list`, `db upgrade|check|snapshots` and `import` print with `--json`, and the
refusal a `--json` command prints on standard error. Each is a frozen dataclass whose
`to_json()` is exactly that JSON (`docs/CLI.md`); the fields left out of it are what the
text form says besides (where the database is, what could not be remembered).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from journal.documents import Document, JSONDict
from journal.events.canonical import JSON


@dataclass(frozen=True)
class CampaignSummary(Document):
    """One row of `campaign list --json`."""

    campaign: str
    ruleset: str
    title: str
    events: int
    created_at: str


@dataclass(frozen=True)
class CampaignList(Document):
    """`campaign list --json`: every campaign of the database, oldest first."""

    campaigns: tuple[CampaignSummary, ...]
    #: the campaign this user chose in this database (`campaign use`), if any
    remembered: str | None = None
    #: the file that remembers it, as a GM would type it
    remembered_in: str = ""

    @property
    def current(self) -> str | None:
        """The campaign a command uses without --campaign: the one chosen, else the only one."""
        known = [c.campaign for c in self.campaigns]
        if self.remembered in known:
            return self.remembered
        return known[0] if len(known) == 1 else None

    def to_json(self) -> list[JSON]:
        return [summary.to_json() for summary in self.campaigns]


@dataclass(frozen=True)
class NewCampaign(Document):
    """`campaign new --json`: the campaign as its first event started it, and where."""

    campaign: str
    ruleset: str
    title: str
    options: Mapping[str, JSON]
    seq: int
    db: str
    #: why it could not be remembered as the current campaign (None: it is)
    not_remembered: str | None = None

    def to_json(self) -> JSONDict:
        return {
            "campaign": self.campaign,
            "ruleset": self.ruleset,
            "title": self.title,
            "options": dict(self.options),
            "seq": self.seq,
            "db": self.db,
        }


@dataclass(frozen=True)
class CampaignChosen(Document):
    """`campaign use --json`: the campaign now current in this database, for this user."""

    campaign: str
    db: str


@dataclass(frozen=True)
class UpgradeReport(Document):
    """`db upgrade --json`: the schema before and after, the SQLite file's backup copy, and
    what was put back (the snapshots table, the append-only triggers)."""

    before: str | None
    after: str
    backup: str | None
    snapshots_table_made: bool
    triggers_reinstalled: tuple[str, ...]
    db: str

    @property
    def upgraded(self) -> bool:
        return self.before != self.after

    def to_json(self) -> JSONDict:
        return {
            "from": self.before,
            "to": self.after,
            "backup": self.backup,
            "snapshots_table_made": self.snapshots_table_made,
            "triggers_reinstalled": list(self.triggers_reinstalled),
        }


@dataclass(frozen=True)
class Finding(Document):
    """Something `db check` finds to fix in a sound database, and the command that fixes it
    (a character whose name an older journal allowed and the journal now refuses, an event
    its rules cannot read)."""

    campaign: str
    character: str
    problem: str
    fix: str
    #: the event to fix (its rules cannot read it; `character` is then empty)
    seq: int | None = None


@dataclass(frozen=True)
class CheckReport(Document):
    """`db check --json`: the schema, (SQLite) the file's integrity, the append-only
    triggers and, in a sound database, the findings; `ok` only when all is well."""

    current: str | None
    head: str
    #: SQLite's integrity check: what it finds wrong (None on a server)
    integrity: tuple[str, ...] | None
    triggers: tuple[str, ...]
    findings: tuple[Finding, ...]
    db: str
    #: what to know that is no fault (events an older journal's import gave ids derived
    #: from their content), campaign -> what it means: `ok` does not count them
    notices: tuple[tuple[str, str], ...] = ()

    @property
    def sound(self) -> bool:
        """At the current schema, the file intact and the triggers in place."""
        return self.current == self.head and not self.integrity and not self.triggers

    @property
    def ok(self) -> bool:
        return self.sound and not self.findings

    def to_json(self) -> JSONDict:
        return {
            "current": self.current,
            "head": self.head,
            "ok": self.ok,
            "integrity": None if self.integrity is None else list(self.integrity),
            "triggers": list(self.triggers),
            "findings": [finding.to_json() for finding in self.findings],
            "notices": [{"campaign": c, "notice": text} for c, text in self.notices],
        }


@dataclass(frozen=True)
class SnapshotEntry(Document):
    """One row of `db snapshots --json`: ok (bound to the events it folds, unedited,
    readable), stale (of other rules code: never read) or bad (`problem` says why)."""

    campaign: str
    seq: int
    rules_version: str
    status: str
    problem: str | None


@dataclass(frozen=True)
class SnapshotList(Document):
    """`db snapshots --json`: the snapshot cache of the database (or of one campaign)."""

    entries: tuple[SnapshotEntry, ...]

    def to_json(self) -> list[JSON]:
        return [entry.to_json() for entry in self.entries]


@dataclass(frozen=True)
class SnapshotsDropped(Document):
    """`db snapshots --drop --json`: how many snapshots were deleted, of which campaign
    (None: of every campaign)."""

    campaign: str | None
    dropped: int
    #: the database (not in the JSON)
    db: str = ""

    def to_json(self) -> JSONDict:
        return {"campaign": self.campaign, "dropped": self.dropped}


@dataclass(frozen=True)
class ImportReport(Document):
    """`import --json`: the campaign imported into, how many events the file held and how
    many were new, the seal appended after an older journal's chain, and (imported under
    another name) the first event hashed again."""

    campaign: str
    read: int
    added: int
    sealed: int | None
    rehashed_from: int | None
    #: the campaign the file's hashes were made for, and the database (not in the JSON)
    source: str = ""
    db: str = ""

    def to_json(self) -> JSONDict:
        return {
            "campaign": self.campaign,
            "read": self.read,
            "added": self.added,
            "sealed": self.sealed,
            "rehashed_from": self.rehashed_from,
        }


@dataclass(frozen=True)
class Refusal(Document):
    """A refused command, as `--json` prints it on standard error (passwords masked)."""

    error: str
    exit_code: int
