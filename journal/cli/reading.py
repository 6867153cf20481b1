"""`journal status`, `log`, `explain`, `audit`, `verify`: the commands that only read."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from journal.cli.common import (
    as_of_options,
    complete,
    emit_json,
    json_option,
    key_values,
    pass_settings,
)
from journal.cli.settings import Settings

if TYPE_CHECKING:
    from journal.api.journal import SnapshotReport


@click.command()
@as_of_options
@json_option
@pass_settings
def status(settings: Settings, as_of: int | None, as_of_session: int | None, as_json: bool) -> None:
    """Where every character stands now (or as of an earlier event or session).

    \b
    Example:
      journal status
      journal status --as-of 12 --json
      journal status --as-of-session 2
    """
    journal = settings.journal()
    document = journal.status(as_of, as_of_session)
    if as_json:
        emit_json(document.to_json())
    else:
        from journal.cli.rows import status_text

        heading = journal.status_heading(document)
        click.echo(status_text(heading, document, journal.status_rows(document)))


@click.command()
@click.option(
    "--session",
    type=int,
    metavar="N",
    help="Only session N.",
    shell_complete=complete("session"),
)
@click.option(
    "--character",
    metavar="NAME",
    help="Only events about NAME.",
    shell_complete=complete("character"),
)
@click.option("--writers", is_flag=True, help="Show who entered each event.")
@as_of_options
@json_option
@pass_settings
def log(
    settings: Settings,
    session: int | None,
    character: str | None,
    writers: bool,
    as_of: int | None,
    as_of_session: int | None,
    as_json: bool,
) -> None:
    """The event log, oldest first; voided events are marked. --writers shows who entered
    each event (`--json` always has it as `writer`).

    \b
    Example:
      journal log --session 2
      journal log --character Linda --json
      journal log --writers
    """
    journal = settings.journal()
    if as_json:
        emit_json(journal.log(session, character, as_of, as_of_session).to_json())
        return
    text = journal.log_text(session, character, as_of, as_of_session, writers)
    if text:
        click.echo(text)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.argument("seq", type=click.IntRange(min=1), required=False, shell_complete=complete("event"))
@click.option(
    "--as-of-session",
    type=int,
    metavar="N",
    help="As it stood at the end of session N.",
    shell_complete=complete("session"),
)
@click.option(
    "--all",
    "every",
    is_flag=True,
    help="Every change of every number and every ruling (by default: where each number "
    "began and its latest 3 changes, and the latest 10 rulings).",
)
@json_option
@pass_settings
def explain(
    settings: Settings,
    name: str,
    seq: int | None,
    as_of_session: int | None,
    every: bool,
    as_json: bool,
) -> None:
    """Why NAME's numbers are what they are: each number's value, where it began (the
    sheet) and its latest changes, in short, and the latest rulings about NAME with their
    terms; how many more there were (--all lists every one, --json too). With SEQ: as of
    that event, every change, and that event's terms and dice in full.

    \b
    Example:
      journal explain Linda
      journal explain Linda --all
      journal explain Linda 16
      journal explain Mara --json
    """
    journal = settings.journal()
    complete = every or seq is not None
    explanation = journal.explain(name, seq, as_of_session, complete)
    if as_json:
        emit_json(explanation)
    else:
        click.echo(journal.explain_text(explanation))


def _receipt(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    from journal.api.journal import check_receipt

    if value is not None:
        try:
            check_receipt(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
    return value


@click.command()
@click.option(
    "--head",
    "receipt",
    metavar="RECEIPT",
    callback=_receipt,
    help="A receipt kept earlier: the head `session end` printed (`#SEQ` and 12+ hex digits "
    "of it), or an older receipt's event hash (`#SEQ HASH`, or 12+ hex digits "
    "of the hash): fails unless the events it covered are all still there.",
)
@json_option
@pass_settings
def verify(settings: Settings, receipt: str | None, as_json: bool) -> None:
    """Check the campaign's hash chain (each event links to the one before and hashes to
    its own), the append-only triggers, on SQLite the file's integrity, and the snapshots
    (a cache) against the log; print the head hash. Exits 1 on anything found, naming the
    first bad event and what to do.

    \b
    Example:
      journal verify
      journal verify --head "#312 3f2a9c41d0b7..."
    """
    report = settings.journal().verify(receipt)
    tree = report.tree if report.ok else None
    if as_json:
        found = report.to_json()
        if isinstance(found, dict) and tree is not None:
            found = {**found, "tree": {"head": tree.head, "problems": tree.problems}}
        emit_json(found)
    else:
        out, err = report.text()
        if out:
            click.echo(out)
        if err:
            click.echo(err, err=True)
    if tree is not None and not as_json:
        _tree_lines(tree.head, tree.problems)
    if report.snapshots is not None and not as_json:
        _snapshot_lines(report.snapshots)
    if not report.ok or (tree is not None and tree.problems):
        raise SystemExit(1)


def _tree_lines(head: str, problems: list[str]) -> None:
    for problem in problems:
        click.echo(f"BAD {problem}", err=True)
    if problems:
        click.echo(
            "The tree's stored nodes are a cache: `journal db snapshots --drop` removes "
            "them with the snapshots, and every proof is computed from the chain again.",
            err=True,
        )
    else:
        click.echo(f"Tree: {head} (every stored node recomputed from the chain).")


def _snapshot_lines(report: SnapshotReport) -> None:
    if report.problem:
        click.echo(f"BAD snapshots: {report.problem}", err=True)
        return
    for bad in report.bad:
        click.echo(
            f"BAD snapshot at #{bad.seq} (rules {bad.rules_version}): {bad.problem}", err=True
        )
    if report.bad:
        click.echo(
            "Snapshots are a cache: `journal db snapshots --drop` removes them, and the "
            "log folds the same without them.",
            err=True,
        )
    if report.checked or report.stale:
        stale = f"; {report.stale} of other rules code (never read)" if report.stale else ""
        folded = f", {report.refolded} folded again and equal" if report.checked else ""
        click.echo(f"Snapshots: {report.checked} match the events{folded}{stale}.")


@click.command()
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="K=V",
    help="What if: replay under another campaign option (nothing is written).",
)
@click.option(
    "--full",
    is_flag=True,
    help="Decide every ruling again from the first event, whatever the last clean audit checked.",
)
@json_option
@pass_settings
def audit(settings: Settings, options: tuple[str, ...], full: bool, as_json: bool) -> None:
    """Replay the campaign and decide every ruling again from its recorded inputs (dice,
    flags, names); list every recorded number the rules no longer give, and every state of
    the log that breaks an invariant of the rules. Exits 1 on any. A what-if (--option)
    lists the rulings whose outcome would differ and counts the wording-only ones apart.

    A clean audit leaves a checkpoint (in this user's cache, bound to the log and the
    rules code); the next audit decides again only what came after it, unless a void or
    an amendment since reaches back before it. --full trusts no checkpoint.

    \b
    Example:
      journal audit
      journal audit --full
      journal audit --option KEY=VALUE    (what if: nothing is written)
    """
    from journal.cli.progress import with_progress

    report = settings.journal().audit(
        key_values(options, "--option"),
        lambda records, total: with_progress(records, total, "Auditing"),
        full=full,
    )
    if report.resumed_from is not None:
        click.echo(
            f"(Went on from the clean audit through #{report.resumed_from}; "
            "`journal audit --full` decides every ruling again.)",
            err=True,
        )
    if as_json:
        emit_json(report.to_json())
    else:
        if report.options:
            what_if = ", ".join(f"{k}={v}" for k, v in report.options.items())
            click.echo(f"What if {what_if}:")
        click.echo(report.text())
    if not report.clean:
        raise SystemExit(1)
