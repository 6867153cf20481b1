"""`journal recap`, `journal arc` and `journal book`: the handouts, in Markdown, HTML or
PDF (Jinja and WeasyPrint are imported inside the command bodies only, through
`journal.handouts.render`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
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
from journal.cli.progress import Bar
from journal.cli.settings import Settings, fail

TEMPLATES_HELP = (
    "Folder of your templates overriding the shipped ones (also JOURNAL_TEMPLATES); never "
    "taken from beside the database unless you name it. They run in Jinja's sandbox."
)


def templates_option(fn: F) -> F:
    """`--templates DIR` (or `JOURNAL_TEMPLATES`): the GM's own template folder."""
    return click.option(
        "--templates", metavar="DIR", envvar="JOURNAL_TEMPLATES", help=TEMPLATES_HELP
    )(fn)


PAPER_HELP = "The paper a PDF (or the printed book) is laid out for: A4 or US Letter."
#: an output file's suffix -> the format it implies
SUFFIXES = {".html": "html", ".htm": "html", ".pdf": "pdf", ".md": "md"}


def _format(fmt: str | None, output: str | None, default: str = "md") -> str:
    """--format, else the output file's suffix (.html/.htm, .pdf or .md), else `default`."""
    if fmt is not None:
        return fmt
    if output is not None:
        return SUFFIXES.get(Path(output).suffix.lower(), default)
    return default


paper_option = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help=PAPER_HELP,
)


def audience_option(help: str) -> Callable[[F], F]:
    """`--for players|gm|NAME`: who the handout is for."""
    return click.option(
        "--for",
        "audience",
        default="players",
        show_default=True,
        metavar="players|gm|NAME",
        shell_complete=complete("audience"),
        help=help,
    )


def refuse_pdf_at_terminal(output: str | None) -> None:
    """A PDF goes to `-o FILE` or down a pipe (`| lpr`), never onto a terminal's screen."""
    if output is None and sys.stdout.isatty():
        fail("a PDF is not for the terminal: give -o FILE (or pipe it, e.g. `| lpr`)")


def overrides(templates: str | None) -> Path | None:
    """The override folder named (`--templates`, `JOURNAL_TEMPLATES`), or None."""
    from journal.api.handouts import override_folder

    return override_folder(templates)


def said(folder: Path | None) -> None:
    """A handout rendered with templates other than the shipped ones always says so (a
    template that failed says so in its `Error:` line)."""
    if folder is not None:
        click.echo(f"Notice: templates from {folder}", err=True)


def deliver(text: str | bytes, output: str | None, what: str, *, private: bool) -> None:
    """Print the handout (a PDF's bytes as they are), or write it to `output` and say
    where (a new file the GM's copy is 0600, a players' handout 0644)."""
    if output is None:
        if isinstance(text, bytes):  # data, as `--json` is: past the terminal's filter
            from journal.cli.terminal import unwrapped

            stream = unwrapped(sys.stdout)
            stream.flush()
            stream.buffer.write(text)
            stream.buffer.flush()
        else:
            click.echo(text, nl=not text.endswith("\n"))
        return
    path = Path(output).expanduser()
    if isinstance(text, bytes):  # one branch each: mypy keeps a list of bytes apart
        write_output(path, [text], output, private=private)
    else:
        write_output(path, [text], output, private=private)
    click.echo(f"Wrote {what} to {path}", err=True)


@click.command()
@click.argument("session", type=int, required=False, shell_complete=complete("session"))
@click.option("--format", "fmt", metavar="md|html|pdf", help="Markdown (default), HTML or PDF.")
@audience_option(
    "Who reads it: the players (no GM-only notes, no dice), the GM (everything), "
    "or one character (their own handout)."
)
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of printing.")
@click.option(
    "--as-of",
    type=click.IntRange(min=1),
    metavar="SEQ",
    help="As the log stood after event SEQ (what each audience knew then).",
    shell_complete=complete("event"),
)
@paper_option
@templates_option
@json_option
@pass_settings
def recap(
    settings: Settings,
    session: int | None,
    fmt: str | None,
    audience: str,
    output: str | None,
    as_of: int | None,
    paper: str,
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
      journal recap 2 --format pdf --paper letter -o session-2.pdf
      journal recap 2 --for Mara --as-of 40
    """
    from journal.api.handouts import PRINTED, check_format

    journal = settings.journal()
    refuse_writing_over_the_journal(settings, output)
    if as_json:
        emit_json(journal.recap(session, audience, as_of))
        return
    chosen = check_format(_format(fmt, output), PRINTED)
    folder = overrides(templates)
    text: str | bytes
    if chosen == "pdf":
        refuse_pdf_at_terminal(output)
        with Bar("Printing the recap") as bar:
            text = journal.recap_pdf(session, audience, paper, folder, as_of, bar)
    else:
        text = journal.recap_text(session, audience, chosen, folder, as_of)
    said(folder)
    private = " ".join(audience.split()).casefold() == "gm"
    deliver(text, output, f"the recap ({audience}, {chosen})", private=private)


class InOwnTerms(click.Command):
    """A command whose help names what the campaign's ruleset keeps (`{follows}` in its
    help: the narrator's `arc_follows`; each ruleset's where no campaign can be told)."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from journal.api.handouts import narrator_of
        from journal.cli.settings import settings_of

        try:
            scope = settings_of(ctx).scope()
        except Exception:  # help needs no database
            from journal.api.rulesets import installed

            scope = installed()
        terms = [(r.name, narrator_of(r.name).arc_follows) for r in scope]
        follows = terms[0][1]
        if len(terms) > 1:
            each = "; ".join(f"{name}: {words}" for name, words in terms)
            follows = f"the numbers of the campaign's ruleset ({each})"
        shown = click.Command(self.name, help=(self.help or "").replace("{follows}", follows))
        shown.format_help_text(ctx, formatter)


@click.command(
    cls=InOwnTerms,
    short_help="NAME across the whole campaign: their numbers, milestones and sheet.",
)
@click.argument("name", shell_complete=complete("character"))
@click.option("--format", "fmt", metavar="md|html|pdf", help="Markdown (default), HTML or PDF.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of printing.")
@paper_option
@templates_option
@json_option
@pass_settings
def arc(
    settings: Settings,
    name: str,
    fmt: str | None,
    output: str | None,
    paper: str,
    templates: str | None,
    as_json: bool,
) -> None:
    """NAME across the whole campaign: {follows} over the sessions (charts in HTML, a
    table in Markdown), the milestones and the sheet now.

    \b
    Example:
      journal arc Linda
      journal arc Linda --format html -o linda-arc.html
      journal arc Linda -o linda-arc.pdf
    """
    from journal.api.handouts import PRINTED, check_format

    journal = settings.journal()
    refuse_writing_over_the_journal(settings, output)
    if as_json:
        emit_json(journal.arc(name))
        return
    chosen = check_format(_format(fmt, output), PRINTED)
    folder = overrides(templates)
    text: str | bytes
    if chosen == "pdf":
        refuse_pdf_at_terminal(output)
        with Bar("Printing the arc") as bar:
            text = journal.arc_pdf(name, paper, folder, bar)
    else:
        text = journal.arc_text(name, chosen, folder)
    said(folder)
    deliver(text, output, f"{name}'s arc ({chosen})", private=False)


@click.command()
@audience_option(
    "Whose book: the players' (every recap and arc, nothing GM-only), the GM's "
    "(everything, every ruling's dice and terms) or one character's (their own story)."
)
@click.option("--format", "fmt", metavar="pdf|html", help="PDF (default) or HTML.")
@paper_option
@click.option(
    "--as-of-session",
    type=click.IntRange(min=1),
    metavar="N",
    help="The book of the campaign so far: sessions 1 to N, as the log stood after N.",
)
@click.option(
    "-o", "--output", metavar="FILE", help="Write to FILE (a PDF needs one at a terminal)."
)
@templates_option
@json_option
@pass_settings
def book(
    settings: Settings,
    audience: str,
    fmt: str | None,
    paper: str,
    as_of_session: int | None,
    output: str | None,
    templates: str | None,
    as_json: bool,
) -> None:
    """The campaign as one book for one audience: a title page, the contents with page
    numbers, every session's recap in order, the arcs, the sheets as they stand and a last
    page with the receipt (the head event's seq and hash) and how to check it. The same
    log makes the same PDF, byte for byte.

    \b
    Example:
      journal book -o night-shift.pdf
      journal book --for gm --paper letter -o gm-book.pdf
      journal book --for Linda --as-of-session 3 -o linda-so-far.pdf
      journal book --format html -o book.html
    """
    from journal.api.handouts import check_format

    journal = settings.journal()
    refuse_writing_over_the_journal(settings, output)
    if as_json:
        emit_json(journal.book(audience, as_of_session))
        return
    chosen = check_format(_format(fmt, output, "pdf"), ("html", "pdf"))
    if chosen == "pdf":
        refuse_pdf_at_terminal(output)
    folder = overrides(templates)
    with Bar("Making the book") as bar:
        text = journal.book_text(audience, chosen, paper, as_of_session, folder, bar)
    said(folder)
    private = " ".join(audience.split()).casefold() == "gm"
    deliver(text, output, f"the book ({audience}, {chosen}, {paper})", private=private)
