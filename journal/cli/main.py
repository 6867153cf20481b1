"""The `journal` command: its global options, and `main()`.

The root group itself (lazy subcommands, help, the error convention) is
`journal.cli.group`; a command's settings are `journal.cli.settings`. Start-up stays lean:
these import click only. Each command imports the API inside its body, so `journal --help`
never loads SQLAlchemy.
"""

from __future__ import annotations

import os
import sys

import click

from journal import __version__
from journal.cli.group import CORE, JournalGroup, ruleset_commands
from journal.cli.settings import Settings, campaign_slugs, fail, settings_of

#: what a ruleset's CLI part (and older plugins) import from here
__all__ = ["CORE", "Settings", "campaign_slugs", "cli", "fail", "main", "ruleset_commands"]


@click.group(
    cls=JournalGroup,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="journal")
@click.option(
    "--db",
    envvar="JOURNAL_DB",
    metavar="URL|PATH",
    help="Database: a file path (SQLite) or a SQLAlchemy URL. Default ./journal.db.",
)
@click.option(
    "--campaign",
    envvar="JOURNAL_CAMPAIGN",
    metavar="SLUG",
    help="Campaign slug (default: the current one, see `journal campaign use`).",
    shell_complete=lambda ctx, param, incomplete: campaign_slugs(ctx, incomplete),
)
@click.option(
    "--no-input",
    is_flag=True,
    envvar="JOURNAL_NO_INPUT",
    help="Never ask for dice at a terminal: roll what --dice did not enter.",
)
@click.option(
    "--writer",
    envvar="JOURNAL_WRITER",
    metavar="NAME",
    help="Who enters the events (default user@host): `undo` takes back your own.",
)
@click.option("--debug", is_flag=True, help="Show tracebacks of unexpected failures.")
@click.pass_context
def cli(
    ctx: click.Context,
    db: str | None,
    campaign: str | None,
    no_input: bool,
    writer: str | None,
    debug: bool,
) -> None:
    """A campaign journal for horror games: every occurrence an immutable event,
    every number explained and replayable.

    \b
    Try it:  journal demo
    Start:   journal campaign new night --ruleset RULESET     (the rulesets are below)
             journal character add NAME ...     (the sheet of the campaign's ruleset)
    Play:    journal session start    then the commands of the campaign's ruleset
    Read:    journal status    journal log    journal explain NAME

    The options below may also follow the command: journal audit --campaign SLUG.
    """
    settings = settings_of(ctx)
    if ctx.invoked_subcommand is None:  # `journal` alone: what to do next
        from journal.cli.welcome import welcome

        welcome(settings)


def main() -> None:
    if sys.platform == "win32":  # pragma: no cover
        os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    cli(prog_name="journal")
