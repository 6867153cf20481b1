"""The journal's public Python API, the only door the CLI and the web pages use:

- `journal.api.database`: a `Database` (list, start and choose campaigns, upgrade and
  check the schema, the snapshot cache, import and export) and `campaign(slug)`, giving
- `journal.api.journal`: a `Journal`, one campaign: `run(command)`, then typed documents
  (status, log, explain, audit, verify, recap, arc, book) whose `to_json()` is exactly
  what the CLI prints with `--json` (`docs/CLI.md`);
- `journal.api.reports`: the documents of the database-level API;
- `journal.api.commands`: the core's commands; `journal.api.rulesets`: the installed
  rulesets.

    import journal
    from journal.api.commands import TakeNote

    with journal.open("journal.db", campaign="night") as night:
        night.run(TakeNote("The lights go out."))
        print(night.status().to_json())            # status --json

The README shows a whole script.
"""

from __future__ import annotations

from journal.api.database import (
    Database,
    create,
    failure_message,
    in_memory,
    open_database,
    open_journal,
    refusal,
    unfit_names,
)
from journal.api.journal import (
    CharacterEntry,
    CharacterList,
    CharacterView,
    Journal,
    LogDocument,
    LogEntry,
    NewCharacter,
    NoteEntry,
    Outcome,
    SessionEntry,
    status_document,
    status_text,
)
from journal.api.reports import (
    CampaignChosen,
    CampaignList,
    CampaignSummary,
    CheckReport,
    Finding,
    ImportReport,
    NewCampaign,
    Refusal,
    SnapshotEntry,
    SnapshotList,
    SnapshotsDropped,
    UpgradeReport,
)

__all__ = [
    "CampaignChosen",
    "CampaignList",
    "CampaignSummary",
    "CharacterEntry",
    "CharacterList",
    "CharacterView",
    "CheckReport",
    "Database",
    "Finding",
    "ImportReport",
    "Journal",
    "LogDocument",
    "LogEntry",
    "NewCampaign",
    "NewCharacter",
    "NoteEntry",
    "Outcome",
    "Refusal",
    "SessionEntry",
    "SnapshotEntry",
    "SnapshotList",
    "SnapshotsDropped",
    "UpgradeReport",
    "create",
    "failure_message",
    "in_memory",
    "open_database",
    "open_journal",
    "refusal",
    "status_document",
    "status_text",
    "unfit_names",
]
