"""`journal play`: the interactive table session (its prompt, the REPL, is `journal.cli.repl`,
imported only when a session starts, so `journal --help` never loads prompt_toolkit)."""

from __future__ import annotations

import sys

import click

from journal.cli.common import pass_settings
from journal.cli.settings import Settings, campaign_slugs, fail


@click.command()
@click.option(
    "--campaign",
    "slug",
    metavar="SLUG",
    help="The campaign to play (default: the one given to journal, or the only one).",
    shell_complete=lambda ctx, param, incomplete: campaign_slugs(ctx, incomplete),
)
@pass_settings
def play(settings: Settings, slug: str | None) -> None:
    """Play at the table: every command at one prompt, without `journal` and without
    --campaign, with the board in view (the fight's grid, or the roster), Tab to complete
    commands, options and names, and the dice asked for as the ruling needs them (Enter
    rolls them). `help` lists the commands; Ctrl-C clears the line; Ctrl-D or `quit`
    leaves with a summary of what the session recorded.

    \b
    Example:
      journal play
      journal play --campaign night
    """
    if settings.ask is not None:
        fail("you are already playing: type the command itself, e.g. `status`")
    if slug:
        settings.campaign = slug
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(
            "journal play needs a terminal; from a script, run each command as "
            "`journal COMMAND ...` instead"
        )
    from journal.cli.repl import PlayRepl, lobby
    from journal.errors import JournalError

    settings.play = True
    try:
        settings.journal()
    except JournalError as exc:
        if not lobby(settings, _in_play(str(exc)).rstrip(".") + "."):
            return
    PlayRepl(settings).run()


def _in_play(message: str) -> str:
    return message.replace("`journal ", "`").replace("journal campaign new", "campaign new")
