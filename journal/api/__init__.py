"""The journal's public Python API: what a script, the command line and the web pages
(`journal serve`, the posts and exports) use to read and write a journal, and all they
use (`tests/architecture/test_layers.py` holds the web pages to it); a ruleset uses
`journal.plugin`. It hands out typed documents, never the store, the application
service or the folded state. It holds:

- `journal.api.database_level`: a `Database` (list, start and choose campaigns, upgrade
  and check the schema, the snapshot cache, import and export, and `watch` for another
  writer's events) and `campaign(slug)`, giving
- `journal.api.journal`: a `Journal`, one campaign: `run(command)`, then typed documents
  (status, log, explain, audit, verify, recap, arc, book, `overview`) whose `to_json()`
  is exactly what the CLI prints with `--json` (`docs/CLI.md`);
- `journal.api.reports`: the documents of the database-level API;
- `journal.api.marks`: the marks of a board's rows and cells; `journal.api.text`: how
  the documents read as text; `journal.api.html`: the pages' filters of the handouts;
- `journal.api.commands`: the core's commands; `journal.api.rulesets`: the installed
  rulesets;
- `Audience`, the one audience filter every handout and page goes through.

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
    from journal.api.database_level import (
        Database,
        create,
        failure_message,
        in_memory,
        open_database,
        open_journal,
        refusal,
    )
    from journal.api.journal import (
        CampaignOverview,
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
    from journal.errors import (
        JournalError,
        NotFound,
        RulesetUnavailable,
        StoreError,
        UnreadableEvent,
    )
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
    "CampaignOverview": "journal.api.journal",
    "JournalError": "journal.errors",
    "NotFound": "journal.errors",
    "StoreError": "journal.errors",
    "UnreadableEvent": "journal.errors",
    "RulesetUnavailable": "journal.errors",
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
    "Database": "journal.api.database_level",
    "Finding": "journal.api.reports",
    "ImportReport": "journal.api.reports",
    "Journal": "journal.api.journal",
    "LogDocument": "journal.api.log",
    "LogEntry": "journal.api.log",
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
    "create": "journal.api.database_level",
    "failure_message": "journal.api.database_level",
    "in_memory": "journal.api.database_level",
    "open_database": "journal.api.database_level",
    "open_journal": "journal.api.database_level",
    "refusal": "journal.api.database_level",
    "status_document": "journal.api.journal",
}


__getattr__ = _lazy_names(__name__, _HOMES, globals())


__all__ = [
    "Audience",
    "BoardGrid",
    "CampaignChosen",
    "CampaignList",
    "CampaignOverview",
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
    "RulesetUnavailable",
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
    "write_private",
]
