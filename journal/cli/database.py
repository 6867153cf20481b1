"""`journal db upgrade|check`: the schema, through Alembic."""

from __future__ import annotations

import click

from journal.cli.common import emit_json, json_option, pass_settings
from journal.cli.main import Settings


@click.group()
def db() -> None:
    """Bring a database to the current schema, or check that it is.

    \b
    Example:
      journal db check
      journal db upgrade
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
    if as_json:
        emit_json({"from": before, "to": after, "backup": str(backup) if backup else None})
        return
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
