"""`journal rulesets`: the installed rulesets, and why one cannot be loaded."""

from __future__ import annotations

import click

from journal.cli.common import emit_json, json_option, pass_settings
from journal.cli.settings import Settings


@click.command()
@json_option
@pass_settings
def rulesets(settings: Settings, as_json: bool) -> None:
    """The installed rulesets (`campaign new --ruleset NAME`): what each plays, or, for one
    that cannot be loaded (a broken or outdated plugin), why, and its entry point. The
    others, and their campaigns, work all the same.

    \b
    Example:
      journal rulesets
      journal rulesets --json
    """
    from journal.api.rulesets import listed

    found = listed()
    if as_json:
        emit_json(found)
        return
    if not found.rulesets:
        click.echo("No ruleset is installed: reinstall the journal (pip install journal)")
        return
    width = max(len(row.name) for row in found.rulesets)
    for row in found.rulesets:
        said = row.summary if row.works else f"BROKEN: {row.broken}"  # what, where, why
        click.echo(f"{row.name:<{width}}  {said}")
