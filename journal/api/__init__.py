"""The journal's public Python API. The CLI reaches the library through it; the web pages
use it and, for now, a few names beside it (`tests/architecture/test_layers.py` lists
them); a ruleset uses `journal.plugin`. The API holds:

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

from typing import TYPE_CHECKING

from journal.lazy import lazy_names as _lazy_names

if TYPE_CHECKING:
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
    from journal.current import config_file, database_key
    from journal.documents import BoardGrid
    from journal.errors import JournalError, NotFound, StoreError, UnreadableEvent
    from journal.files import private_folder, read_private, write_private
    from journal.handouts.details import game_date
    from journal.handouts.hooks import narrator_of
    from journal.handouts.recap import Audience
    from journal.resources import shipped
    from journal.rules.command import Command

#: name -> the module that defines it: imported on first use, so that a command importing
#: one small part (`journal.api.text`) does not load the store and the rules with it
_HOMES = {
    "private_folder": "journal.files",
    "read_private": "journal.files",
    "write_private": "journal.files",
    "BoardGrid": "journal.documents",
    "JournalError": "journal.errors",
    "NotFound": "journal.errors",
    "StoreError": "journal.errors",
    "UnreadableEvent": "journal.errors",
    "config_file": "journal.current",
    "database_key": "journal.current",
    "Audience": "journal.handouts.recap",
    "game_date": "journal.handouts.details",
    "narrator_of": "journal.handouts.hooks",
    "shipped": "journal.resources",
    "Command": "journal.rules.command",
    "CampaignChosen": "journal.api.reports",
    "CampaignList": "journal.api.reports",
    "CampaignSummary": "journal.api.reports",
    "CharacterEntry": "journal.api.journal",
    "CharacterList": "journal.api.journal",
    "CharacterView": "journal.api.journal",
    "CheckReport": "journal.api.reports",
    "Database": "journal.api.database",
    "Finding": "journal.api.reports",
    "ImportReport": "journal.api.reports",
    "Journal": "journal.api.journal",
    "LogDocument": "journal.api.journal",
    "LogEntry": "journal.api.journal",
    "NewCampaign": "journal.api.reports",
    "NewCharacter": "journal.api.journal",
    "NoteEntry": "journal.api.journal",
    "Outcome": "journal.api.journal",
    "Refusal": "journal.api.reports",
    "SessionEntry": "journal.api.journal",
    "SnapshotEntry": "journal.api.reports",
    "SnapshotList": "journal.api.reports",
    "SnapshotsDropped": "journal.api.reports",
    "UpgradeReport": "journal.api.reports",
    "create": "journal.api.database",
    "failure_message": "journal.api.database",
    "in_memory": "journal.api.database",
    "open_database": "journal.api.database",
    "open_journal": "journal.api.database",
    "refusal": "journal.api.database",
    "status_document": "journal.api.journal",
    "unfit_names": "journal.api.database",
}


__getattr__ = _lazy_names(__name__, _HOMES, globals())


__all__ = [
    "Audience",
    "BoardGrid",
    "CampaignChosen",
    "CampaignList",
    "CampaignSummary",
    "CharacterEntry",
    "CharacterList",
    "CharacterView",
    "CheckReport",
    "Command",
    "Database",
    "Finding",
    "ImportReport",
    "Journal",
    "JournalError",
    "LogDocument",
    "LogEntry",
    "NewCampaign",
    "NewCharacter",
    "NotFound",
    "NoteEntry",
    "Outcome",
    "Refusal",
    "SessionEntry",
    "SnapshotEntry",
    "SnapshotList",
    "SnapshotsDropped",
    "StoreError",
    "UnreadableEvent",
    "UpgradeReport",
    "config_file",
    "create",
    "database_key",
    "failure_message",
    "game_date",
    "in_memory",
    "narrator_of",
    "open_database",
    "open_journal",
    "private_folder",
    "read_private",
    "refusal",
    "shipped",
    "status_document",
    "unfit_names",
    "write_private",
]
