"""Threats as things, written once for every ruleset whose checks face named threats: the
`threat` group (its `add` the ruleset's own, with the modifiers a threat of its carries)
and `threat list`, which reads what the campaign remembers (`Journal.threats`)."""

from __future__ import annotations

import click

from journal.cli.common import emit_json, json_option, pass_settings
from journal.cli.settings import Settings

LIST_HELP = """The threats the campaign remembers: what players read for each, its kind, what
    later checks against it inherit, and how often it was faced.

    \b
    Example:
      journal threat list
      journal threat list --json
    """


def group(help: str) -> click.Group:
    """The `threat` group, with `threat list`; the ruleset adds its `threat add`."""
    found = click.Group("threat", help=help)
    found.add_command(listing)
    return found


@click.command("list", help=LIST_HELP)
@json_option
@pass_settings
def listing(settings: Settings, as_json: bool) -> None:
    from journal.api.text import aligned_text

    found = settings.journal().threats()
    if as_json:
        emit_json(found)
        return
    if not found.threats:
        click.echo("No threats yet: `journal threat add ID ...`, or a check's --threat ID")
        return
    rows = [
        [
            t.threat,
            t.name or "-",
            t.kind or "-",
            ", ".join(f"{label} {value:+d}" for label, value in t.terms) or "-",
            f"#{t.seq}",
            t.faced,
        ]
        for t in found.threats
    ]
    click.echo(aligned_text(rows, ["threat", "players read", "kind", "carries", "since", "faced"]))
