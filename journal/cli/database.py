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
    """Upgrade the database to the current schema (a SQLite file is copied beside it first),
    and put back any append-only trigger that is not in place. From a schema before 0003,
    each campaign's hash chain is sealed with its name (a ChainSealed event).

    \b
    Example:
      journal --db old-campaign.db db upgrade
    """
    store = settings.store()
    before, after, backup = store.upgrade()
    triggers = store.reinstall_triggers() if before is not None else []
    if as_json:
        emit_json(
            {
                "from": before,
                "to": after,
                "backup": str(backup) if backup else None,
                "triggers_reinstalled": triggers,
            }
        )
        return
    if triggers:
        click.echo(f"Put back the append-only triggers: {', '.join(triggers)}.")
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
    """Exit 0 only when the database is at the current schema, its append-only triggers are
    in place and (SQLite) its file passes the integrity check.

    \b
    Example:
      journal db check && echo ready
    """
    from journal.store.schema import SCHEMA_HEAD

    store = settings.store()
    current = store.revision()
    damage = store.integrity_problems()
    triggers = store.trigger_problems() if current is not None else []
    ok = current == SCHEMA_HEAD and not damage and not triggers
    if as_json:
        emit_json(
            {
                "current": current,
                "head": SCHEMA_HEAD,
                "ok": ok,
                "integrity": damage,
                "triggers": triggers,
            }
        )
    elif ok:
        intact = "its file intact, " if damage is not None else ""
        click.echo(
            f"{store.describe()} is at schema {current} (current), {intact}its append-only "
            "triggers in place."
        )
    else:
        if current != SCHEMA_HEAD:
            click.echo(
                f"{store.describe()} is at schema {current or 'none'}, the journal needs "
                f"{SCHEMA_HEAD}: run `journal db upgrade`.",
                err=True,
            )
        if damage:
            click.echo(
                f"Error: {store.describe()} is damaged (SQLite's integrity check: "
                f"{damage[0]}{'; ...' if len(damage) > 1 else ''}): restore it from a backup; "
                f"`sqlite3 {store.describe()} .recover` may save what still reads",
                err=True,
            )
        if triggers:
            click.echo(
                f"Error: the append-only triggers are not in place ({'; '.join(triggers)}): "
                "run `journal db upgrade` to put them back",
                err=True,
            )
    if not ok:
        raise SystemExit(1)
