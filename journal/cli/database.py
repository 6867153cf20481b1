"""`journal db upgrade|check`: the schema, through Alembic; `journal db snapshots`: the
snapshot cache."""

from __future__ import annotations

import click

from journal.cli.common import emit_json, json_option, pass_settings
from journal.cli.main import Settings


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
    """Upgrade the database to the current schema (a SQLite file is copied beside it first).

    \b
    Example:
      journal --db old-campaign.db db upgrade
    """
    store = settings.store()
    before, after, backup = store.upgrade()
    remade = store.repair_snapshots()
    if as_json:
        emit_json(
            {
                "from": before,
                "to": after,
                "backup": str(backup) if backup else None,
                "snapshots_table_made": remade,
            }
        )
        return
    if remade:
        click.echo("The snapshots table (a cache) was missing or damaged: made it again.")
    if before == after:
        click.echo(f"{store.describe()} is already at schema {after}.")
        return
    if backup:
        click.echo(f"Backup written to {backup}.")
    click.echo(f"{store.describe()} upgraded from schema {before or 'none'} to {after}.")


@db.command("check")
@json_option
@pass_settings
def db_check(settings: Settings, as_json: bool) -> None:
    """Exit 0 only when the database is at the current schema.

    \b
    Example:
      journal db check && echo ready
    """
    from journal.store.schema import SCHEMA_HEAD

    store = settings.store()
    current = store.revision()
    ok = current == SCHEMA_HEAD
    if as_json:
        emit_json({"current": current, "head": SCHEMA_HEAD, "ok": ok})
    elif ok:
        click.echo(f"{store.describe()} is at schema {current} (current).")
    else:
        click.echo(
            f"{store.describe()} is at schema {current or 'none'}, the journal needs "
            f"{SCHEMA_HEAD}: run `journal db upgrade`.",
            err=True,
        )
    if not ok:
        raise SystemExit(1)


@db.command("snapshots")
@click.option("--drop", is_flag=True, help="Delete them (the log is not touched).")
@click.option(
    "--campaign",
    "slug",
    metavar="SLUG",
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
    from journal.api import drop_snapshots, snapshots

    store = settings.store()
    campaign = slug or settings.campaign
    if drop:
        dropped = drop_snapshots(store, campaign)
        if as_json:
            emit_json({"campaign": campaign, "dropped": dropped})
        else:
            whose = f"campaign {campaign!r}" if campaign else store.describe()
            click.echo(
                f"Dropped {dropped} snapshot(s) of {whose}; the log is untouched, and "
                "commands keep new ones as they fold it."
            )
        return
    entries = snapshots(store, campaign)
    if as_json:
        emit_json([entry.to_json() for entry in entries])
        return
    if not entries:
        click.echo("No snapshots.")
        return
    from journal.text import table

    rows = [
        [
            e.campaign,
            e.seq,
            e.rules_version,
            e.status if e.problem is None else f"{e.status}: {e.problem}",
        ]
        for e in entries
    ]
    click.echo(table(rows, ["campaign", "seq", "rules version", "status"]))
