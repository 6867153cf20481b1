"""`journal` alone: a first run that teaches. With no campaign yet it says in a few lines what
to do next (the demo, a first campaign, `play`, `serve`); with one it shows where the table
stands, as `journal status` does, and what comes next. It reads and never writes: a
database that does not exist yet is not made."""

from __future__ import annotations

from pathlib import Path

import click

from journal.cli.settings import Settings

#: the default database, as `--db` and `JOURNAL_DB` leave it (journal.store.DEFAULT_DB)
DEFAULT_DB = "journal.db"

NEXT = (
    "Next: `journal play` to play at one prompt, `journal serve` for the players' pages,\n"
    "      `journal --help` for every command."
)


def welcome(settings: Settings) -> None:
    """What `journal` with no command prints."""
    target = settings.db or DEFAULT_DB
    if _nothing_there(target):
        click.echo(first_run(target))
        return
    listed = settings.database().campaigns()
    if not listed.campaigns:
        click.echo(first_run(target))
        return
    current = settings.campaign or listed.current
    if current is None:
        names = ", ".join(c.campaign for c in listed.campaigns)
        click.echo(f"{target} holds {len(listed.campaigns)} campaigns: {names}.")
        click.echo("Choose the one you play: `journal campaign use SLUG`.")
        return
    from journal.cli.rows import status_text

    settings.campaign = current
    journal = settings.journal()
    document = journal.status()
    heading = journal.status_heading(document)
    click.echo(status_text(heading, document, journal.status_rows(document)))
    click.echo()
    click.echo(NEXT)


def _nothing_there(target: str) -> bool:
    """A SQLite file not made yet (or made empty): nothing to open, nothing to show."""
    if "://" in target:
        return False
    path = Path(target)
    return not path.exists() or (path.is_file() and path.stat().st_size == 0)


def first_run(target: str) -> str:
    """The few lines a GM reads first: what the journal is and what to type next."""
    from journal.api.rulesets import installed

    names = ", ".join(r.name for r in installed())
    return "\n".join(
        [
            f"The horror campaign journal. There is no campaign in {target} yet.",
            "",
            "  journal demo          replay the rule text's zombie fight, to see it at work",
            "  journal campaign new night --ruleset RULESET",
            f"                        start your own campaign (RULESET: {names})",
            "  journal play          then play at one prompt, the board in view",
            "  journal serve         and show the players their pages, live",
            "",
            "`journal --help` lists every command.",
        ]
    )
