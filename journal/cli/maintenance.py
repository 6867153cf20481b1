"""`journal db upgrade|check`: the schema, through Alembic; `journal db snapshots`: the
snapshot cache."""

from __future__ import annotations

import click

from journal.cli.common import emit_json, json_option, pass_settings
from journal.cli.settings import Settings, complete_slug


@click.group()
def db() -> None:
    """Bring a database to the current schema, or check that it is; list or drop the
    snapshot cache.

    \b
    Example:
      journal db check
      journal db upgrade
      journal db snapshots --drop
    """


@db.command("upgrade")
@json_option
@pass_settings
def db_upgrade(settings: Settings, as_json: bool) -> None:
    """Upgrade the database to the current schema (a SQLite file is copied beside it first),
    and put back any append-only trigger that is not in place. From a schema before 0003,
    each campaign's hash chain is sealed with its name (a ChainSealed event).

    \b
    Example:
      journal --db old-campaign.db db upgrade
    """
    report = settings.database().upgrade()
    if as_json:
        emit_json(report)
        return
    if report.snapshots_table_made:
        click.echo("The snapshots SQL table (a cache) was missing or damaged: made it again.")
    if report.triggers_reinstalled:
        click.echo(f"Put back the append-only triggers: {', '.join(report.triggers_reinstalled)}.")
    if not report.upgraded:
        click.echo(f"{report.db} is already at schema {report.after}.")
        return
    if report.backup:
        click.echo(f"Backup written to {report.backup}.")
    click.echo(f"{report.db} upgraded from schema {report.before or 'none'} to {report.after}.")


@db.command("check")
@json_option
@pass_settings
def db_check(settings: Settings, as_json: bool) -> None:
    """Exit 0 only when the database is at the current schema, its append-only triggers are
    in place, (SQLite) its file passes the integrity check, and it holds nothing to fix (a
    character whose name an older journal allowed and the journal now refuses, such as
    `GM`, a look-alike of another character's name or a name holding an invisible
    character, is listed with the command that fixes it: `character rename`).

    \b
    Example:
      journal db check && echo ready
    """
    report = settings.database().check()
    if as_json:
        emit_json(report)
    elif report.sound:
        intact = "its file intact, " if report.integrity is not None else ""
        click.echo(
            f"{report.db} is at schema {report.current} (current), {intact}its append-only "
            "triggers in place."
        )
        for finding in report.findings:
            click.echo(f"Finding: {finding.problem}; fix: {finding.fix}", err=True)
        for campaign, notice in report.notices:
            click.echo(f"Notice: campaign {campaign!r}: {notice}.", err=True)
    else:
        if report.current != report.head:
            click.echo(
                f"{report.db} is at schema {report.current or 'none'}, the journal needs "
                f"{report.head}: run `journal db upgrade`.",
                err=True,
            )
        damage = report.integrity
        if damage:
            click.echo(
                f"Error: {report.db} is damaged (SQLite's integrity check: "
                f"{damage[0]}{'; ...' if len(damage) > 1 else ''}): restore it from a backup; "
                f"`sqlite3 {report.db} .recover` may save what still reads",
                err=True,
            )
        if report.triggers:
            click.echo(
                f"Error: the append-only triggers are not in place ({'; '.join(report.triggers)}): "
                "run `journal db upgrade` to put them back",
                err=True,
            )
    if not report.ok:
        raise SystemExit(1)


@db.command("snapshots")
@click.option("--drop", is_flag=True, help="Delete them (the log is not touched).")
@click.option(
    "--campaign",
    "slug",
    metavar="SLUG",
    shell_complete=complete_slug,
    help="Only this campaign's (default: the global --campaign, else every campaign's).",
)
@json_option
@pass_settings
def db_snapshots(settings: Settings, drop: bool, slug: str | None, as_json: bool) -> None:
    """List the snapshots (a cache of folded states) and whether each can be used: ok
    (bound to the events it folds and unedited), stale (other rules code: never read) or
    bad (a command discards it and folds the log). `--drop` deletes them: commands fold
    the log and keep new ones. `journal verify` also compares each with the log.

    \b
    Example:
      journal db snapshots
      journal db snapshots --drop --campaign night
    """
    database = settings.database()
    campaign = slug or settings.campaign
    if drop:
        dropped = database.drop_snapshots(campaign)
        if as_json:
            emit_json(dropped)
        else:
            whose = f"campaign {campaign!r}" if campaign else dropped.db
            click.echo(
                f"Dropped {dropped.dropped} snapshot(s) of {whose}; the log is untouched, and "
                "commands keep new ones as they fold it."
            )
        return
    listed = database.snapshots(campaign)
    if as_json:
        emit_json(listed)
        return
    if not listed.entries:
        click.echo("No snapshots.")
        return
    from journal.api.text import aligned_text

    rows = [
        [
            e.campaign,
            e.seq,
            e.rules_version,
            e.status if e.problem is None else f"{e.status}: {e.problem}",
        ]
        for e in listed.entries
    ]
    click.echo(aligned_text(rows, ["campaign", "seq", "rules version", "status"]))
