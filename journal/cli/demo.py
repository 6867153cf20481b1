"""`journal demo`: the rule text's zombie fight, imported and shown."""

from __future__ import annotations

import click

from journal.cli.common import pass_settings
from journal.cli.main import Settings

DEMO = "jackson-zombies"


@click.command()
@pass_settings
def demo(settings: Settings) -> None:
    """Import the worked example of the Horror Factor text (Freddie, Ariella and Linda
    against the Jackson zombie horde) into ./journal.db (or --db) and show it.

    \b
    Example:
      journal demo
      journal --db /tmp/demo.db demo
    """
    from journal.app import Journal
    from journal.cli.reading import render_status
    from journal.cli.views import status_document
    from journal.events import describe_terms
    from journal.narrate import describe
    from journal.resources import shipped
    from journal.transfer import import_file

    store = settings.store()
    with (shipped("campaigns") / DEMO / "log.jsonl").open(encoding="utf-8") as log:
        result = import_file(store, log, DEMO)
    journal = Journal.open(store, DEMO)
    click.echo(
        f"Imported the worked example into {store.describe()} "
        f"({result.added} new events of {result.read}).\n"
    )
    records = list(journal.records())
    drop = next(r for r in records if r.type == "EnemyDropped")
    click.echo(f"Turn 4, after Linda drops the first zombie (journal status --as-of {drop.seq}):")
    click.echo(render_status(status_document(journal.state(drop.seq))))
    click.echo("\nAfter the fight (journal status):")
    click.echo(render_status(status_document(journal.state())))
    second = next(
        r
        for r in records
        if r.type == "InitiativeRolled" and r.data["character"] == "Linda" and r.data["turn"] == 2
    )
    terms = tuple((str(label), int(value)) for label, value in second.data["terms"])
    click.echo(f"\nLinda's second-turn initiative (journal explain Linda {second.seq}):")
    click.echo(f"  #{second.seq} {describe(second, journal.ruleset)}")
    click.echo(f"  {describe_terms(terms, second.data['total'])}")
    click.echo(
        "  The rule text says 13 here: it writes 12 + 2 - 6 = 7 where the sum is 8, "
        "so by its own rule the total is 14."
    )
    click.echo("\nTry next: journal log    journal explain Ariella    journal audit")
