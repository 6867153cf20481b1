"""The journal's public Python API: what a script, the command line and the web pages
(`journal serve`, the posts and exports) use to read and write a journal, and all they
use (`tests/architecture/test_layers.py` holds the web pages to it); a ruleset uses
`journal.plugin`. It hands out typed documents, never the store, the application
service or the folded state. Each name is imported from the module of the API that
holds it:

- `journal.api.database_level`: a `Database` (list, start and choose campaigns, upgrade
  and check the schema, the snapshot cache, import and export, and `watch` for another
  writer's events), `open_database`, `open_journal`, `create`, giving
- `journal.api.journal`: a `Journal`, one campaign: `run(command)`, then typed documents
  (status, log, explain, audit, verify, recap, arc, book, `overview`) whose `to_json()`
  is exactly what the CLI prints with `--json` (`docs/CLI.md`); `journal.api.log`: the
  log's documents;
- `journal.api.reports`: the documents of the database-level API;
- `journal.api.errors`: what it raises; `journal.api.files`: files written whole and
  private, this user's settings;
- `journal.api.marks`: the marks of a board's rows and cells; `journal.api.text`: how
  the documents read as text; `journal.api.html`: the pages' filters of the handouts;
- `journal.api.handouts`: the formats, templates and narrators of the handouts, and
  `Audience`, the one audience filter every handout and page goes through;
- `journal.api.commands`: the core's commands; `journal.api.rulesets`: the installed
  rulesets; `journal.api.dice`, `.proof`, `.secrets`, `.changes`: dice as entered,
  proofs for the players, secrets and reveals, another writer's events.

    import journal
    from journal.api.commands import TakeNote

    with journal.open("journal.db", campaign="night") as night:
        night.run(TakeNote("The lights go out."))
        print(night.status().to_json())            # status --json

Importing this package imports nothing more: each command loads only the modules it
uses. docs/scripting.md shows a whole script.
"""
