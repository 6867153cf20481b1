"""`journal demo`: the rule text's zombie fight, imported and shown."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from journal.cli.common import pass_settings, write_output
from journal.cli.settings import Settings, fail

if TYPE_CHECKING:
    from journal.api.journal import Journal

DEMO = "jackson-zombies"


@click.command()
@click.option(
    "--out",
    metavar="DIR",
    help="Where to write the handouts (default: handouts/ beside the database).",
)
@pass_settings
def demo(settings: Settings, out: str | None) -> None:
    """Import the worked example of the rule text (Freddie, Ariella and Linda against
    the Jackson zombie horde) into ./journal.db (or --db), show it, and write its
    handouts (the recap for the players and the GM, each character's arc; HTML and
    Markdown).

    \b
    Example:
      journal demo
      journal --db /tmp/demo.db demo --out /tmp/handouts
    """
    database = settings.database(create=True)
    yours = [c for c in database.campaign_slugs() if c != DEMO]
    if yours:
        fail(
            f"{database.describe()} already holds your campaign(s) {', '.join(yours)}: "
            "run the demo in another folder, or with --db demo.db"
        )
    result = database.import_example(DEMO)
    journal = database.campaign(DEMO)
    click.echo(
        f"Imported the worked example into {database.describe()} "
        f"({result.added} new events of {result.read}).\n"
    )
    from journal.cli.rulesets import commands_of

    part = commands_of(journal.ruleset.name)
    tour = None if part is None else part.tour(journal)
    if tour is not None:
        click.echo(tour)
    folder = _handouts_folder(out, database.sqlite_path)
    click.echo(f"\nHandouts in {folder}:")
    for path in write_handouts(journal, folder):
        click.echo(f"  {path}")
    click.echo("\nTry next: journal log    journal explain Ariella    journal audit")


def _handouts_folder(out: str | None, database: Path | None) -> Path:
    if out is not None:
        return Path(out).expanduser()
    return (database.resolve().parent if database else Path.cwd()) / "handouts"


def write_handouts(journal: Journal, folder: Path) -> list[Path]:
    """The last session's recap (players, GM) and every character's arc, in HTML and
    Markdown; returns the files written."""

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create {folder}: {exc.strerror or exc}")
    written = []
    state = journal.overview()
    for fmt in ("html", "md"):
        for audience in ("players", "gm"):
            path = folder / f"recap-session-{state.sessions}-{audience}.{fmt}"
            text = journal.recap_text(None, audience, fmt)
            write_output(path, [text], str(path), private=audience == "gm")
            written.append(path)
        for name in state.characters:
            path = folder / f"arc-{name.lower()}.{fmt}"
            write_output(path, [journal.arc_text(name, fmt)], str(path), private=False)
            written.append(path)
    return written
