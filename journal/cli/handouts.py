"""`journal recap` and `journal arc`: the handouts, in Markdown or HTML (Jinja is imported
inside the command bodies only, through `journal.render`)."""

from __future__ import annotations

from pathlib import Path

import click

from journal.cli.common import (
    F,
    complete,
    emit_json,
    json_option,
    pass_settings,
    refuse_writing_over_the_journal,
    write_output,
)
from journal.cli.main import Settings

TEMPLATES_HELP = (
    "Folder of your templates overriding the shipped ones (also JOURNAL_TEMPLATES); never "
    "taken from beside the database unless you name it. They run in Jinja's sandbox."
)


def templates_option(fn: F) -> F:
    """`--templates DIR` (or `JOURNAL_TEMPLATES`): the GM's own template folder."""
    return click.option(
        "--templates", metavar="DIR", envvar="JOURNAL_TEMPLATES", help=TEMPLATES_HELP
    )(fn)


def _format(fmt: str | None, output: str | None) -> str:
    """--format, else the output file's suffix (.html/.htm or .md), else Markdown."""
    if fmt is not None:
        return fmt
    if output is not None and Path(output).suffix.lower() in (".html", ".htm"):
        return "html"
    return "md"


def overrides(templates: str | None) -> Path | None:
    """The override folder named (`--templates`, `JOURNAL_TEMPLATES`), or None."""
    from journal.handouts.render import override_folder

    return override_folder(templates)


def said(folder: Path | None) -> None:
    """A handout rendered with templates other than the shipped ones always says so (a
    template that failed says so in its `Error:` line)."""
    if folder is not None:
        click.echo(f"Notice: templates from {folder}", err=True)


def deliver(text: str, output: str | None, what: str, *, private: bool) -> None:
    """Print the handout, or write it to `output` and say where (a new file the GM's
    copy is 0600, a players' handout 0644)."""
    if output is None:
        click.echo(text, nl=not text.endswith("\n"))
        return
    path = Path(output).expanduser()
    write_output(path, [text], output, private=private)
    click.echo(f"Wrote {what} to {path}", err=True)


@click.command()
@click.argument("session", type=int, required=False, shell_complete=complete("session"))
@click.option("--format", "fmt", metavar="md|html", help="Markdown (default) or HTML.")
@click.option(
    "--for",
    "audience",
    default="players",
    show_default=True,
    metavar="players|gm|NAME",
    help="Who reads it: the players (no GM-only notes, no dice), the GM (everything), "
    "or one character (their own handout).",
)
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of printing.")
@templates_option
@json_option
@pass_settings
def recap(
    settings: Settings,
    session: int | None,
    fmt: str | None,
    audience: str,
    output: str | None,
    templates: str | None,
    as_json: bool,
) -> None:
    """The recap of SESSION (the last one when left out): the story, each encounter turn
    by turn, the outcomes and where everyone stands.

    \b
    Example:
      journal recap
      journal recap 2 --for gm --format html -o session-2-gm.html
      journal recap --for Linda -o linda.md
      journal recap 1 --json
    """
    from journal.handouts.render import check_format

    journal = settings.journal()
    refuse_writing_over_the_journal(settings, output)
    if as_json:
        emit_json(journal.recap(session, audience))
        return
    chosen = check_format(_format(fmt, output))
    folder = overrides(templates)
    text = journal.recap_text(session, audience, chosen, folder)
    said(folder)
    private = " ".join(audience.split()).casefold() == "gm"
    deliver(text, output, f"the recap ({audience}, {chosen})", private=private)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option("--format", "fmt", metavar="md|html", help="Markdown (default) or HTML.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of printing.")
@templates_option
@json_option
@pass_settings
def arc(
    settings: Settings,
    name: str,
    fmt: str | None,
    output: str | None,
    templates: str | None,
    as_json: bool,
) -> None:
    """NAME across the whole campaign: Hardness, brokenness and Willpower over the
    sessions (charts in HTML, a table in Markdown), the milestones and the sheet now.

    \b
    Example:
      journal arc Linda
      journal arc Linda --format html -o linda-arc.html
    """
    from journal.handouts.render import check_format

    journal = settings.journal()
    refuse_writing_over_the_journal(settings, output)
    if as_json:
        emit_json(journal.arc(name))
        return
    chosen = check_format(_format(fmt, output))
    folder = overrides(templates)
    text = journal.arc_text(name, chosen, folder)
    said(folder)
    deliver(text, output, f"{name}'s arc ({chosen})", private=False)
