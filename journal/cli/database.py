"""`journal db upgrade|check`: the schema, through Alembic; `journal db snapshots`: the
snapshot cache."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

import click

from journal.cli.common import emit_json, json_option, pass_settings
from journal.cli.main import Settings

if TYPE_CHECKING:
    from journal.store import Store


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
    store = settings.store()
    before, after, backup = store.upgrade()
    remade = store.repair_snapshots()
    triggers = store.reinstall_triggers() if before is not None else []
    if as_json:
        emit_json(
            {
                "from": before,
                "to": after,
                "backup": str(backup) if backup else None,
                "snapshots_table_made": remade,
                "triggers_reinstalled": triggers,
            }
        )
        return
    if remade:
        click.echo("The snapshots table (a cache) was missing or damaged: made it again.")
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
    in place, (SQLite) its file passes the integrity check, and it holds nothing to fix (a
    character whose name an older journal allowed and the journal now refuses, such as
    `GM`, a look-alike of another character's name or a name holding an invisible
    character, is listed with the command that fixes it: `character rename`).

    \b
    Example:
      journal db check && echo ready
    """
    from journal.store.schema import SCHEMA_HEAD

    store = settings.store()
    current = store.revision()
    damage = store.integrity_problems()
    triggers = store.trigger_problems() if current is not None else []
    sound = current == SCHEMA_HEAD and not damage and not triggers
    findings = _findings(store) if sound else []
    ok = sound and not findings
    if as_json:
        emit_json(
            {
                "current": current,
                "head": SCHEMA_HEAD,
                "ok": ok,
                "integrity": damage,
                "triggers": triggers,
                "findings": findings,
            }
        )
    elif sound:
        intact = "its file intact, " if damage is not None else ""
        click.echo(
            f"{store.describe()} is at schema {current} (current), {intact}its append-only "
            "triggers in place."
        )
        for finding in findings:
            click.echo(f"Finding: {finding['problem']}; fix: {finding['fix']}", err=True)
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


def _typable(name: str) -> str:
    """The name as a shell argument; one holding what does not show is written as bash's
    `$'...'` with escapes (`$'GM\\U0000200b'`), so that it can be read and pasted."""
    if name.isprintable():
        return shlex.quote(name)
    escaped = "".join(c if c.isprintable() and c not in "'\\" else f"\\U{ord(c):08x}" for c in name)
    return f"$'{escaped}'"


def _findings(store: Store) -> list[dict[str, str]]:
    from journal.api import unfit_names

    return [
        {
            "campaign": campaign,
            "character": name,
            "problem": f"campaign {campaign!r} has a character named {name!r}, {why}",
            "fix": f"journal --campaign {campaign} character rename {_typable(name)} NEWNAME",
        }
        for campaign, name, why in unfit_names(store)
    ]


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
